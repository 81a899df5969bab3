// list_matches_state on built traffic: every page of a list together holds
// what the state holds, at every page size, statistics rows too.
import { describe, expect, it } from 'vitest';
import { listMatchesState } from '../../src/state/invariants/list-matches-state.js';
import { recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, paged, remove, site, sites, walk } from './traffic.js';

const all = sites(23, 1);

describe('list_matches_state', () => {
  it('fails a row lost between two pages once every record is known, naming it', () => {
    const lost = all.filter((row) => row.id !== 13);
    const run = recordedRun([...walk([all]), ...walk(paged(lost, 10), { per_page: '10' })]);
    const failure = verdictOf(listMatchesState.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'row-missing', basis: 'specified' });
    expect(failure.reason).toContain('id 13 not on any of the 3 pages');
  });

  it('fails a row shown twice across pages', () => {
    const pages = paged(all, 10);
    pages[1] = [pages[0]!.at(-1)!, ...pages[1]!.slice(1)];
    const failure = verdictOf(listMatchesState.judge(recordedRun(walk(pages, { per_page: '10' }))), 'fail');
    expect(failure).toMatchObject({ kind: 'listed-twice', basis: 'specified' });
    expect(failure.reason).toContain('id 14 shown twice');
  });

  it('fails a deleted record still listed, but not while a fresher walk of the same query settles it', () => {
    const made = site(24);
    const before = [create(made), ...walk([[made, ...all]])];
    const stale = walk([[made, ...all]]);
    const fresh = walk([all]);
    const lagging = listMatchesState.judge(recordedRun([...before, remove(24), ...stale]));
    expect(verdictOf(lagging, 'fail')).toMatchObject({ kind: 'still-listed' });
    const settled = listMatchesState.judge(recordedRun([...before, remove(24), ...stale, ...fresh]));
    expect(statuses(settled)).not.toContain('fail');
  });

  it('fails walks at two page sizes that disagree in order, where the order is by a unique key', () => {
    const swapped = [...all];
    [swapped[10], swapped[11]] = [swapped[11]!, swapped[10]!];
    const run = recordedRun([...walk([all]), ...walk(paged(swapped, 10).slice(0, 2), { per_page: '10' })]);
    expect(verdictOf(listMatchesState.judge(run), 'fail')).toMatchObject({ kind: 'sizes-disagree' });
  });

  it('passes every page of a list that holds what the state holds, in any page size', () => {
    const run = recordedRun([...walk([all]), ...walk(paged(all, 10), { per_page: '10' })]);
    expect(statuses(listMatchesState.judge(run))).not.toContain('fail');
    expect(statuses(listMatchesState.judge(run))).toContain('pass');
  });

  it('fails a statistic value shown twice across its pages, and a range whose rows differ by page size', () => {
    const stats = { id: '3', name: 'city', from: '2024-01-01', to: '2024-01-31' };
    const rows = Array.from({ length: 12 }, (_, index) => ({ value: `city-${index}`, count: 100 - index }));
    const pages = paged(rows, 10);
    pages[1] = [rows[9]!, ...pages[1]!];
    const twice = walk(pages, { ...stats, per_page: '10' }, { operationId: 'getStats' });
    expect(verdictOf(listMatchesState.judge(recordedRun(twice)), 'fail')).toMatchObject({ kind: 'listed-twice' });
    const whole = walk([rows], { ...stats, per_page: '100' }, { operationId: 'getStats' });
    const short = walk([rows.slice(0, 11)], { ...stats, per_page: '50' }, { operationId: 'getStats' });
    expect(verdictOf(listMatchesState.judge(recordedRun([...whole, ...short])), 'fail')).toMatchObject({
      kind: 'sizes-disagree',
    });
  });

  it('skips on the embedded mock', () => {
    expect(statuses(listMatchesState.judge(recordedRun(walk([all]), { mock: true })))).toEqual(['skip']);
  });
});
