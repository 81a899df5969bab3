// content_type_conformance on recorded exchanges. No response media type is shown by the source documentation, so
// this check has no failing verdict by design: every departure is a convention, a warning.
import { describe, expect, it } from 'vitest';
import { contentTypeConformance } from '../../src/checks/content-type-conformance.js';
import { type Recorded, recordedRun, statuses, verdictOf } from './recorded.js';

const SHOP = { id: 42, domain: 'shop.lunaria.cn' };
/** An answer with a body, as a deployment labelled it. */
const labelled = (operationId: string, status: number, body: unknown, contentType: string): Recorded => ({
  operationId,
  values: operationId === 'listWebsites' ? {} : { id: String(SHOP.id) },
  status,
  body,
  contentType,
});

describe('content_type_conformance', () => {
  it('warns on a JSON body served as HTML, and on one without a Content-Type', () => {
    const results = contentTypeConformance.judge(
      recordedRun([
        labelled('listWebsites', 200, { data: [SHOP] }, 'text/html; charset=UTF-8'),
        labelled('getWebsite', 200, { data: SHOP }, ''),
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
        labelled('listWebsites', 200, [SHOP], 'Application/JSON; charset=utf-8'),
        labelled('getWebsite', 404, { title: 'Not Found', status: 404 }, 'application/problem+json'),
        labelled('deleteWebsite', 204, '', 'text/html'),
        labelled('listWebsites', 503, '<html>busy</html>', 'text/html'),
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('skips a request never answered', () => {
    const results = contentTypeConformance.judge(recordedRun([{ operationId: 'listWebsites' }]));
    expect(results).toMatchObject([{ status: 'skip', reason: expect.stringContaining('connection refused') }]);
  });
});
