// default_equivalence on recorded exchanges. The source documentation states every default it judges, so this
// check has no warning by design: a default that answers otherwise fails.
import { describe, expect, it } from 'vitest';
import { defaultEquivalence } from '../../src/checks/default-equivalence.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const newest = [
  { id: 3, domain: 'c.lunaria.cn' },
  { id: 2, domain: 'b.lunaria.cn' },
  { id: 1, domain: 'a.lunaria.cn' },
];
const sortSent = (rows: unknown[]): Recorded => ({
  operationId: 'listWebsites',
  values: { sort: 'desc' },
  status: 200,
  body: { data: rows },
  case: { varied: 'sort' },
});
const STATS = { id: '42', name: 'page', from: '2026-10-01', to: '2026-10-31', search: 'pricing' };

describe('default_equivalence', () => {
  it('fails a list that answers otherwise without sort than with sort=desc, naming both answers', () => {
    const run = recordedRun([
      { operationId: 'listWebsites', status: 200, body: { data: [...newest].reverse() } },
      sortSent(newest),
    ]);
    const failure = verdictOf(defaultEquivalence.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'default-differs', basis: 'specified', operationId: 'listWebsites' });
    expect(failure.expected).toContain('sort=desc');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('passes the same rows with and without the default, rows that tie on the sort key in any order', () => {
    const tied = [
      { id: 2, domain: 'b.lunaria.cn' },
      { id: 2, domain: 'a.lunaria.cn' },
    ];
    const results = defaultEquivalence.judge(
      recordedRun([{ operationId: 'listWebsites', status: 200, body: [...tied].reverse() }, sortSent(tied)]),
    );
    expect(statuses(results)).toEqual(['pass']);
  });

  it('skips the documented default that lies outside the allowed values (a quirk): observed only', () => {
    const quirk = defaultEquivalence.judge(
      recordedRun([
        { operationId: 'getStats', values: STATS, status: 200, body: { data: [{ value: '/pricing', count: 9 }] } },
        {
          operationId: 'getStats',
          values: { ...STATS, search_by: 'url' },
          status: 200,
          body: { data: [] },
          case: { family: 'derived', varied: 'search_by' },
        },
      ]),
    );
    expect(quirk).toMatchObject([{ status: 'skip', reason: expect.stringContaining('quirk') }]);
  });

  it('skips a default sent with nothing to compare it with, and every verdict on the mock', () => {
    expect(defaultEquivalence.judge(recordedRun([sortSent(newest)]))).toMatchObject([
      { status: 'skip', reason: 'no answer without the parameter to compare' },
    ]);
    const onMock = recordedRun([{ operationId: 'listWebsites', status: 200, body: { data: newest } }, sortSent([])], {
      mock: true,
    });
    expect(statuses(defaultEquivalence.judge(onMock))).toEqual(['skip']);
  });
});
