// negative_data_rejection on recorded exchanges: what a deployment may do with a value the spec does not allow.
import { describe, expect, it } from 'vitest';
import { negativeDataRejection } from '../../src/checks/negative-data-rejection.js';
import { recordedRun, statuses } from './recorded.js';

const RANGE = { name: 'city', from: '2026-10-01', to: '2026-10-31' };
const rows = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => ({ value: `City ${from + index}`, count: 1000 - index }));
const websites = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: index + 1, domain: `site-${index + 1}.example` }));
const negative = (varied: string, rule: string, ruleBasis: 'specified' | 'convention' = 'specified') => ({
  family: 'negative' as const,
  expect: 'refusal' as const,
  varied,
  rule,
  ruleBasis,
});

describe('negative_data_rejection', () => {
  it('fails a success payload for a required parameter with no default left out', () => {
    const { from, name } = RANGE;
    const results = negativeDataRejection.judge(
      recordedRun([
        {
          operationId: 'getStats',
          values: { id: '1', name, from },
          status: 200,
          body: { data: rows(3) },
          case: negative('to', 'a required parameter missing'),
        },
      ]),
    );
    expect(statuses(results)).toEqual(['fail']);
    expect(results[0]).toMatchObject({ basis: 'specified', kind: 'accepted-invalid' });
    expect((results[0] as { expected: string }).expected).toContain('End date of the range');
  });

  it('fails a required value outside its enum or stated format that is served', () => {
    const results = negativeDataRejection.judge(
      recordedRun([
        {
          operationId: 'getStats',
          values: { id: '1', ...RANGE, name: 'tallyport-not-allowed' },
          status: 200,
          body: { data: [] },
          case: negative('name', 'a value outside the enum'),
        },
        {
          operationId: 'getStats',
          values: { id: '1', ...RANGE, from: '01/10/2026' },
          status: 200,
          body: { data: rows(2) },
          case: negative('from', 'not in the Y-m-d format'),
        },
      ]),
    );
    expect(statuses(results)).toEqual(['fail', 'fail']);
  });

  it('warns where only a reading of the format is broken (an impossible day in the Y-m-d layout)', () => {
    const results = negativeDataRejection.judge(
      recordedRun([
        {
          operationId: 'getStats',
          values: { id: '1', ...RANGE, from: '2026-02-30' },
          status: 200,
          body: { data: rows(2) },
          case: negative('from', 'an impossible date (February 30)', 'convention'),
        },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'warn', basis: 'convention' });
  });

  it('fails a page size outside the enum that is honoured, naming the larger page that proves it', () => {
    const results = negativeDataRejection.judge(
      recordedRun([
        { operationId: 'listWebsites', values: { per_page: '100' }, status: 200, body: { data: websites(60) } },
        {
          operationId: 'listWebsites',
          values: { per_page: '37' },
          status: 200,
          body: { data: websites(37) },
          case: { ...negative('per_page', 'an integer outside the enum (10, 25, 50, 100)'), family: 'derived' },
        },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'fail', kind: 'invalid-applied', basis: 'specified' });
    expect((results[0] as { steps: unknown[] }).steps).toHaveLength(2);
  });

  it('warns when an optional value outside the enum falls back to the default', () => {
    const results = negativeDataRejection.judge(
      recordedRun([
        { operationId: 'listWebsites', values: { per_page: '100' }, status: 200, body: { data: websites(60) } },
        {
          operationId: 'listWebsites',
          values: { per_page: '37' },
          status: 200,
          body: { data: websites(10) },
          case: { ...negative('per_page', 'an integer outside the enum (10, 25, 50, 100)'), family: 'derived' },
        },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'warn', kind: 'accepted-invalid', basis: 'convention' });
  });

  it('passes a refusal in any form, and skips a status that says nothing', () => {
    const results = negativeDataRejection.judge(
      recordedRun([
        {
          operationId: 'getStats',
          values: { id: '1', ...RANGE, to: '' },
          status: 400,
          body: '<html><body>Bad Request</body></html>',
          contentType: 'text/html',
          case: negative('to', 'blank (a required parameter sent empty)'),
        },
        {
          operationId: 'getStats',
          values: { id: '1', ...RANGE, name: 'weather' },
          status: 200,
          body: { error: 'unknown statistic' },
          case: negative('name', 'a value outside the enum'),
        },
        {
          operationId: 'getStats',
          values: { id: '1', ...RANGE, name: 'weather' },
          status: 503,
          body: 'busy',
          contentType: 'text/plain',
          case: negative('name', 'a value outside the enum'),
        },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'skip']);
  });

  it('fails a marketplace success for a required parameter left out', () => {
    const results = negativeDataRejection.judge(
      recordedRun([
        {
          api: 'marketplace',
          operationId: 'getItem',
          values: {},
          status: 200,
          body: { status: '成功', item: { id: 7001, name: 'First' } },
          case: negative('item_id', 'a required parameter missing'),
        },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'fail', basis: 'specified' });
  });
});
