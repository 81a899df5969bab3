// default_equivalence on recorded exchanges. The source documentation states every default it judges, so this
// check has no warning by design: a default that answers or stores otherwise fails.
import { describe, expect, it } from 'vitest';
import { defaultEquivalence } from '../../src/checks/default-equivalence.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const LABEL = 'tallyport-contract-run-defaults.example.com';
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
const created: Recorded = {
  operationId: 'createWebsite',
  values: { domain: LABEL },
  status: 201,
  body: { data: { id: 501, domain: LABEL } },
  case: { family: 'write', step: 'create', record: LABEL },
};
const verified = (fields: Record<string, unknown>): Recorded => ({
  operationId: 'getWebsite',
  values: { id: '501' },
  status: 200,
  body: { data: { id: 501, domain: LABEL, ...fields } },
  case: { family: 'write', step: 'verify', record: LABEL },
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

  it('fails a create that stores another value than the documented default, the create replayed first', () => {
    const run = recordedRun([created, verified({ privacy: 0, email: 0, exclude_bots: 1 })]);
    const results = defaultEquivalence.judge(run);
    expect(statuses(results)).toEqual(['fail', 'pass', 'pass']);
    const failure = verdictOf(results, 'fail');
    expect(failure).toMatchObject({ kind: 'default-differs', basis: 'specified', operationId: 'getWebsite' });
    expect(failure.title).toContain('privacy left out is stored as 1');
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

  it('passes the defaults a create left out, and does not judge a field it sent', () => {
    const sentPrivacy = { ...created, values: { domain: LABEL, privacy: '2' } };
    const results = defaultEquivalence.judge(
      recordedRun([sentPrivacy, verified({ privacy: 2, email: 0, exclude_bots: '1' })]),
    );
    expect(results.map((result) => [result.status, result.title.split(': ')[1]])).toEqual([
      ['pass', 'email left out is stored as 0'],
      ['pass', 'exclude_bots left out is stored as 1'],
    ]);
  });

  it('skips a stored value in another representation, a field the read does not show, and the documented quirk', () => {
    const stored = defaultEquivalence.judge(recordedRun([created, verified({ privacy: 'private', email: false })]));
    expect(stored).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('another representation ("private")') },
      { status: 'pass' },
      { status: 'skip', reason: expect.stringContaining('does not show exclude_bots') },
    ]);
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
