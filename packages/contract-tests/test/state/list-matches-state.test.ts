// list_matches_state on built traffic: every page of a list together holds
// what the state holds, at every page size, statistics rows too.
import { describe, expect, it } from 'vitest';
import { listMatchesState } from '../../src/state/invariants/list-matches-state.js';
import { recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, paged, read, remove, search, site, sites, update, walk } from './traffic.js';

const all = sites(23, 1);

describe('list_matches_state', () => {
  it('fails a row lost between two pages once every record is known, naming it', () => {
    const lost = all.filter((row) => row.id !== 13);
    // The run reads a record the list lost: it is still there.
    const run = recordedRun([...walk([all]), ...walk(paged(lost, 10), { per_page: '10' }), read(13, all[10]!)]);
    const failure = verdictOf(listMatchesState.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'row-missing', basis: 'specified' });
    expect(failure.reason).toContain('id 13 not on any of the 3 pages');
    // Without a view of it afterwards, it may have been deleted by another client: not judged.
    const unseen = recordedRun([...walk([all]), ...walk(paged(lost, 10), { per_page: '10' })]);
    expect(statuses(listMatchesState.judge(unseen))).not.toContain('fail');
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

  it('fails a created record that a search for its own domain does not find, and passes one found', () => {
    const made = site(24, { domain: 'made.example.com' });
    const missed = recordedRun([...walk([all]), create(made), ...search(made.domain, [])]);
    expect(verdictOf(listMatchesState.judge(missed), 'fail')).toMatchObject({
      kind: 'not-found-by-search',
      basis: 'specified',
    });
    const found = recordedRun([...walk([all]), create(made), ...search(made.domain, [made])]);
    expect(statuses(listMatchesState.judge(found))).not.toContain('fail');
  });

  it('fails a search that lists a deleted record', () => {
    const made = site(24, { domain: 'made.example.com' });
    const run = recordedRun([...walk([all]), create(made), remove(24), ...search('made', [made])]);
    expect(verdictOf(listMatchesState.judge(run), 'fail')).toMatchObject({ kind: 'still-listed' });
  });

  it('fails a later page out of order on its own, judged with the pages before it', () => {
    const byDomain = [...all].sort((a, b) => a.domain.localeCompare(b.domain));
    const pages = paged(byDomain, 10);
    pages[1] = [pages[1]![1]!, pages[1]![0]!, ...pages[1]!.slice(2)];
    const values = { sort_by: 'domain', sort: 'asc', per_page: '10' };
    const failure = verdictOf(listMatchesState.judge(recordedRun(walk(pages, values))), 'fail');
    expect(failure).toMatchObject({ kind: 'misordered' });
    expect(failure.reason).toContain('page 2 of 3 is out of order on its own');
  });

  it('holds a walk to the collation earlier answers of the same key followed', () => {
    const names = ['b.example', 'C.example', 'a.example'].map((domain, index) => site(30 + index, { domain }));
    // Byte order (capitals first) then a case-insensitive order of the same records: no one collation does both.
    const byte = walk([[names[1]!, names[2]!, names[0]!]], { sort_by: 'domain', sort: 'asc', per_page: '100' });
    const folded = walk([[names[2]!, names[0]!, names[1]!]], { sort_by: 'domain', sort: 'asc', per_page: '100' });
    expect(statuses(listMatchesState.judge(recordedRun(byte)))).not.toContain('fail');
    expect(verdictOf(listMatchesState.judge(recordedRun([...byte, ...folded])), 'fail')).toMatchObject({
      kind: 'misordered',
    });
  });

  it('fails an order by date created that an update changes, where the creates were seconds apart', () => {
    const older = site(24, { domain: 'older.example.com' });
    const newer = site(25, { domain: 'newer.example.com' });
    const traffic = [
      ...walk([all]).map((entry) => ({ ...entry, startedAt: 1_000 })),
      create(older, {}, { startedAt: 10_000 }),
      create(newer, {}, { startedAt: 12_000 }),
      update(24, { email: '1' }, { ...older, email: 1 }),
    ];
    const moved = recordedRun([...traffic, ...walk([[{ ...older, email: 1 }, newer, ...all]])]);
    const failure = verdictOf(listMatchesState.judge(moved), 'fail');
    expect(failure).toMatchObject({ kind: 'misplaced', basis: 'specified' });
    expect(failure.reason).toContain('id 24 (created by the run) comes before id 25 (created by the run)');
    const kept = recordedRun([...traffic, ...walk([[newer, { ...older, email: 1 }, ...all]])]);
    expect(statuses(listMatchesState.judge(kept))).not.toContain('fail');
  });

  it('does not judge the order of records created within the same second', () => {
    const a = site(24, { domain: 'a.example.com' });
    const b = site(25, { domain: 'b.example.com' });
    const run = recordedRun([
      create(a, {}, { startedAt: 10_000 }),
      create(b, {}, { startedAt: 10_400 }),
      ...walk([[a, b, ...all]]),
    ]);
    expect(statuses(listMatchesState.judge(run))).not.toContain('fail');
  });

  it('settles a walk another client disturbed (a record of its own created between the pages) by a clean look', () => {
    const foreign = site(40, { domain: 'other-client.example.org' });
    const pages = paged(all, 10);
    // The foreign record created after page 1 pushes the last row of page 1 onto page 2.
    const shifted = [pages[0]!, [pages[0]!.at(-1)!, ...pages[1]!.slice(0, 9)], [pages[1]!.at(-1)!, ...pages[2]!]];
    const clean = paged([foreign, ...all], 10);
    const looks = [...walk(shifted, { per_page: '10' }), ...walk(clean, { per_page: '10' })];
    const run = recordedRun([...walk([all]), ...looks, ...walk([[foreign, ...all]])]);
    expect(statuses(listMatchesState.judge(run))).not.toContain('fail');
    // On an account nobody else writes to, the same walk with no clean look after it fails.
    const alone = recordedRun([...walk([all]), ...walk(shifted, { per_page: '10' })]);
    expect(verdictOf(listMatchesState.judge(alone), 'fail')).toMatchObject({ kind: 'listed-twice' });
  });

  it('fails pages each in order that break the order at their boundary', () => {
    const byDomain = [...all].sort((a, b) => a.domain.localeCompare(b.domain));
    const pages = paged(byDomain, 10);
    [pages[0], pages[1]] = [pages[1]!, pages[0]!];
    const run = recordedRun(walk(pages, { per_page: '10', sort_by: 'domain', sort: 'asc' }));
    const failure = verdictOf(listMatchesState.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'misordered', basis: 'specified' });
    expect(failure.reason).toMatch(/^page 1 ends with .* and page 2 starts with/);
  });

  it('leaves the order of ids under the creation-order key to sort_order (that ids follow it is a convention)', () => {
    const pages = paged(all, 10);
    [pages[0], pages[1]] = [pages[1]!, pages[0]!];
    const run = recordedRun(walk(pages, { per_page: '10', sort_by: 'id', sort: 'desc' }));
    expect(listMatchesState.judge(run).filter((result) => result.title.includes('ordered by'))).toEqual([]);
  });

  it('skips on the embedded mock', () => {
    expect(statuses(listMatchesState.judge(recordedRun(walk([all]), { mock: true })))).toEqual(['skip']);
  });
});
