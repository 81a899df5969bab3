// page_size_honoured on recorded exchanges: a page holds at most its size, and not fewer while other answers to the
// same query show more rows; a total the payload states is read only as a convention.
import { describe, expect, it } from 'vitest';
import { pageSizeHonoured } from '../../src/checks/page-size-honoured.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const websites = (count: number, from = 1) =>
  Array.from({ length: count }, (_, index) => ({ id: from + index, domain: `site-${from + index}.lunaria.cn` }));
const page = (values: Record<string, string>, body: unknown): Recorded => ({
  operationId: 'listWebsites',
  values,
  status: 200,
  body,
});

describe('page_size_honoured', () => {
  it('fails a page longer than its size, the documented default included', () => {
    const results = pageSizeHonoured.judge(
      recordedRun([page({ per_page: '25' }, { data: websites(26) }), page({}, websites(11))]),
    );
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(results[0]).toMatchObject({ kind: 'page-too-long', basis: 'specified' });
    expect(verdictOf(results, 'fail').actual).toContain('26 rows');
    expect((results[1] as { expected: string }).expected).toContain('at most 10 rows');
  });

  it('fails a short page when a larger page of the same request shows more, naming the larger page', () => {
    const run = recordedRun([
      page({ per_page: '10' }, { data: websites(4) }),
      page({ per_page: '25' }, { data: websites(12) }),
    ]);
    const failure = verdictOf(pageSizeHonoured.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'page-too-short', basis: 'specified' });
    expect(failure.expected).toContain('10 rows: a larger page of the same request shows 12');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('fails a short page when the same query in two orders shows more different rows than it holds', () => {
    const run = recordedRun([
      page({ per_page: '25', sort: 'asc' }, { data: websites(6, 1) }),
      page({ per_page: '25', sort: 'desc' }, { data: websites(6, 5).reverse() }),
    ]);
    const results = pageSizeHonoured.judge(run);
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(verdictOf(results, 'fail').expected).toContain('show 10 different rows');
    expect(stepIndexes(run, verdictOf(results, 'fail'))).toEqual([0, 1]);
  });

  it('warns on a page shorter than both its size and the total its payload states', () => {
    const results = pageSizeHonoured.judge(
      recordedRun([page({ per_page: '10' }, { data: websites(3), meta: { total: 8, per_page: 10 } })]),
    );
    expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'page-too-short', basis: 'convention' });
    expect(verdictOf(results, 'warn').expected).toContain('if the stated total (8) counts the rows');
  });

  it('passes a full page, and a short one that nothing shows to be short', () => {
    const results = pageSizeHonoured.judge(
      recordedRun([
        page({ per_page: '10' }, { data: websites(10) }),
        page({ search: 'site-1' }, { data: websites(2), meta: { total: 2 } }),
        {
          operationId: 'getStats',
          values: { id: '42', name: 'browser', from: '2026-10-01', to: '2026-10-31', per_page: '25' },
          status: 200,
          body: [{ value: 'Chrome', count: '1520' }],
        },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass']);
  });

  it('counts a record edited between two answers once, by its id', () => {
    const edited = websites(4).map((row) => (row.id === 2 ? { ...row, domain: 'renamed.lunaria.cn' } : row));
    const results = pageSizeHonoured.judge(
      recordedRun([page({ sort: 'asc' }, { data: websites(4) }), page({ sort: 'desc' }, { data: edited.reverse() })]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass']);
  });

  it('skips an empty page, a run with no page to judge, and the mock', () => {
    expect(pageSizeHonoured.judge(recordedRun([page({ per_page: '50' }, { data: [] })]))).toMatchObject([
      { status: 'skip', reason: 'no rows to judge' },
    ]);
    expect(
      pageSizeHonoured.judge(recordedRun([{ operationId: 'getWebsite', values: { id: '1' }, status: 200, body: {} }])),
    ).toMatchObject([{ status: 'skip', reason: 'no answer with a page size to judge' }]);
    expect(statuses(pageSizeHonoured.judge(recordedRun([page({}, websites(11))], { mock: true })))).toEqual(['skip']);
  });
});
