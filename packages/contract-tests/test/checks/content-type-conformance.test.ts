// content_type_conformance on recorded exchanges. No response media type is shown by the source documentation, so
// this check has no failing verdict by design: every departure is a convention, a warning.
import { describe, expect, it } from 'vitest';
import { contentTypeConformance } from '../../src/checks/content-type-conformance.js';
import { recordedRun, statuses, verdictOf } from './recorded.js';

const websites = { data: [{ id: 42, domain: 'shop.lunaria.cn' }] };

describe('content_type_conformance', () => {
  it('warns on a JSON body served as HTML, and on one without a Content-Type', () => {
    const results = contentTypeConformance.judge(
      recordedRun([
        { operationId: 'listWebsites', status: 200, body: websites, contentType: 'text/html; charset=UTF-8' },
        {
          operationId: 'getWebsite',
          values: { id: '42' },
          status: 200,
          body: { data: websites.data[0] },
          contentType: '',
        },
      ]),
    );
    expect(statuses(results)).toEqual(['warn', 'warn']);
    const html = verdictOf(results, 'warn');
    expect(html).toMatchObject({ kind: 'wrong-content-type', basis: 'convention', severity: 'warning' });
    expect(html.expected).toContain('application/json');
    expect(html.actual).toContain('text/html');
  });

  it('passes the declared type with parameters, a structured +json type, and bodies that say nothing', () => {
    const results = contentTypeConformance.judge(
      recordedRun([
        { operationId: 'listWebsites', status: 200, body: websites, contentType: 'Application/JSON; charset=utf-8' },
        {
          operationId: 'getWebsite',
          values: { id: '999999' },
          status: 404,
          body: { title: 'Not Found', status: 404 },
          contentType: 'application/problem+json',
        },
        { operationId: 'deleteWebsite', values: { id: '42' }, status: 204, body: '', contentType: 'text/html' },
        { operationId: 'listWebsites', status: 503, body: '<html>busy</html>', contentType: 'text/html' },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('skips a request never answered', () => {
    const results = contentTypeConformance.judge(recordedRun([{ operationId: 'listWebsites' }]));
    expect(results).toMatchObject([{ status: 'skip', reason: expect.stringContaining('connection refused') }]);
  });
});
