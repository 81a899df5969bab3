// filter_effect on recorded exchanges: whatever its semantics, a search finds the row whose field is the whole
// text, returns only rows the unfiltered list holds, unchanged, and takes effect. All of it is specified, so this
// check has no warning by design.
import { describe, expect, it } from 'vitest';
import { filterEffect } from '../../src/checks/filter-effect.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const SHOP = { id: 42, domain: 'shop.lunaria.cn', privacy: 1 };
const BLOG = { id: 17, domain: 'blog.lunaria.cn', privacy: 2 };
const NEWS = { id: 9, domain: 'news.example.org', privacy: 0 };
const unfiltered: Recorded = { operationId: 'listWebsites', status: 200, body: { data: [SHOP, BLOG, NEWS] } };
const searched = (search: string, rows: unknown[], values: Record<string, string> = {}): Recorded => ({
  operationId: 'listWebsites',
  values: { search, ...values },
  status: 200,
  body: { data: rows },
  case: { family: 'derived' },
});

describe('filter_effect', () => {
  it('fails a search that returns a row the complete unfiltered list does not hold, naming that list', () => {
    const run = recordedRun([unfiltered, searched('lunaria', [SHOP, { id: 99, domain: 'ghost.lunaria.cn' }])]);
    const failure = verdictOf(filterEffect.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'filter-changed-rows', basis: 'specified' });
    expect(failure.actual).toContain('the row 99 is not in the complete unfiltered answer');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('fails a search that shows a documented field of a row otherwise than the unfiltered list', () => {
    const run = recordedRun([unfiltered, searched('shop', [{ ...SHOP, privacy: 0 }])]);
    const failure = verdictOf(filterEffect.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'filter-changed-rows', basis: 'specified' });
    expect(failure.actual).toContain('shows privacy 0 (1 unfiltered)');
  });

  it('fails a search for a whole domain the list showed that does not find it', () => {
    const results = filterEffect.judge(recordedRun([unfiltered, searched('shop.lunaria.cn', [])]));
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'filter-ignored', basis: 'specified' });
    expect(verdictOf(results, 'fail').expected).toContain('"shop.lunaria.cn" is found');
  });

  it('fails a search answered with the unfiltered rows, some unrelated to the text, naming both answers', () => {
    const run = recordedRun([unfiltered, searched('blog', [SHOP, BLOG, NEWS])]);
    const failure = verdictOf(filterEffect.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'filter-ignored', basis: 'specified' });
    expect(failure.actual).toContain('the unfiltered rows');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('passes a search by substring, by whole word or with nothing found, and statistic rows searched by value', () => {
    const stats = { id: '42', name: 'browser', from: '2026-10-01', to: '2026-10-31' };
    const results = filterEffect.judge(
      recordedRun([
        unfiltered,
        searched('lunaria', [SHOP, BLOG]),
        searched('SHOP', [SHOP], { search_by: 'domain' }),
        searched('nothing-like-it', []),
        {
          operationId: 'getStats',
          values: { ...stats, search: 'chrome' },
          status: 200,
          body: [{ value: 'Chrome', count: 3 }],
        },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass', 'pass']);
    // The unfiltered rows are a right answer when every one of them holds the text (here as part of a word).
    const ours = { ...unfiltered, body: { data: [SHOP, BLOG] } };
    expect(statuses(filterEffect.judge(recordedRun([ours, searched('lunar', [SHOP, BLOG])])))).toEqual(['pass']);
  });

  it('skips rows that do not show the searched field, and a run without a search', () => {
    expect(filterEffect.judge(recordedRun([unfiltered, searched('shop', [{ id: 42 }])]))).toMatchObject([
      { status: 'skip', reason: 'rows do not show domain' },
    ]);
    expect(filterEffect.judge(recordedRun([unfiltered]))).toMatchObject([
      { status: 'skip', reason: 'no search answer to judge' },
    ]);
  });
});
