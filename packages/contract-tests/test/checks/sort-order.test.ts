// sort_order on recorded exchanges: rows follow the sort key and direction under some common collation; where the
// spec marks a key's order as a convention (sort_by=id stands for the date created), a break warns.
import { describe, expect, it } from 'vitest';
import { sortOrder } from '../../src/checks/sort-order.js';
import { type Recorded, recordedRun, statuses, verdictOf } from './recorded.js';

const listed = (values: Record<string, string>, rows: unknown[]): Recorded => ({
  operationId: 'listWebsites',
  values,
  status: 200,
  body: { data: rows },
});
const domains = (...names: string[]) => names.map((domain, index) => ({ id: index + 1, domain }));
const STATS = { id: '42', name: 'browser', from: '2026-10-01', to: '2026-10-31' };
const browsers = (rows: unknown[]): Recorded => ({ operationId: 'getStats', values: STATS, status: 200, body: rows });

describe('sort_order', () => {
  it('fails domains out of order in every collation', () => {
    const results = sortOrder.judge(
      recordedRun([
        listed({ sort_by: 'domain', sort: 'asc' }, domains('b.lunaria.cn', 'a.lunaria.cn', 'c.lunaria.cn')),
      ]),
    );
    const failure = verdictOf(results, 'fail');
    expect(failure).toMatchObject({ kind: 'misordered', basis: 'specified' });
    expect(failure.title).toContain('ordered by domain asc');
    expect(failure.actual).toContain('"b.lunaria.cn" comes before "a.lunaria.cn"');
  });

  it('fails statistic rows out of the documented default order (count, descending)', () => {
    const results = sortOrder.judge(
      recordedRun([
        browsers([
          { value: 'Firefox', count: 204 },
          { value: 'Chrome', count: 1520 },
          { value: 'Safari', count: 731 },
        ]),
      ]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'misordered', basis: 'specified' });
    expect(verdictOf(results, 'fail').title).toContain('ordered by count desc');
  });

  // Counts sent as numbers compare as numbers: no collation puts 731 after 1520.
  it('fails counts ordered as text rather than as numbers', () => {
    const results = sortOrder.judge(
      recordedRun([
        browsers([
          { value: 'Safari', count: 731 },
          { value: 'Chrome', count: 1520 },
        ]),
      ]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'misordered', basis: 'specified' });
  });

  it('warns when ids do not follow the date created they stand for (a convention)', () => {
    const results = sortOrder.judge(
      recordedRun([
        listed({ sort_by: 'id', sort: 'asc' }, [
          { id: 3, domain: 'c.lunaria.cn' },
          { id: 1, domain: 'a.lunaria.cn' },
          { id: 2, domain: 'b.lunaria.cn' },
        ]),
      ]),
    );
    expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'misordered', basis: 'convention' });
    expect(verdictOf(results, 'warn').expected).toContain('the date they were created');
  });

  it('passes any common collation, numbers as numeric strings, and nulls at either end', () => {
    const results = sortOrder.judge(
      recordedRun([
        listed({ sort_by: 'domain', sort: 'asc' }, domains('Alpha.cn', 'beta.cn', 'Gamma.cn')),
        listed({ sort_by: 'domain', sort: 'desc' }, domains('site-10.cn', 'site-9.cn', 'site-1.cn')),
        listed({}, [
          { id: '10', domain: 'x.cn' },
          { id: '9', domain: 'y.cn' },
          { id: null, domain: 'z.cn' },
        ]),
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass']);
  });

  it('skips a list of one row, rows that do not show the key, and a run without a sorted list', () => {
    const results = sortOrder.judge(
      recordedRun([
        listed({ sort_by: 'domain' }, domains('a.cn')),
        listed({ sort_by: 'domain' }, [{ id: 2 }, { id: 1 }]),
      ]),
    );
    expect(results).toMatchObject([
      { status: 'skip', reason: 'fewer than two rows' },
      { status: 'skip', reason: 'rows do not show domain' },
    ]);
    expect(
      sortOrder.judge(recordedRun([{ operationId: 'getWebsite', values: { id: '1' }, status: 404 }])),
    ).toMatchObject([{ status: 'skip', reason: 'no sorted answer to judge' }]);
  });
});
