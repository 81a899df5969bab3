// new_records_alike on built traffic: a created record is found by a search
// for its own text as older ones are, and placed by the date it was created.
import { describe, expect, it } from 'vitest';
import { newRecordsAlike } from '../../src/state/invariants/new-records-alike.js';
import { recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, search, site, sites, update, walk } from './traffic.js';

const all = sites(5, 1);
const made = site(6, { domain: 'made.example.com' });

describe('new_records_alike', () => {
  it('fails a created record a search for its own domain does not find, as it finds an older one', () => {
    const run = recordedRun([
      ...walk([all]),
      ...search(all[0]!.domain, [all[0]!]),
      create(made),
      ...search(made.domain, []),
    ]);
    const failure = verdictOf(newRecordsAlike.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'not-found-by-search', basis: 'specified' });
  });

  it('only warns where no older record was searched for, and passes a created record found', () => {
    const unknown = recordedRun([...walk([all]), create(made), ...search(made.domain, [])]);
    expect(verdictOf(newRecordsAlike.judge(unknown), 'warn')).toMatchObject({ basis: 'convention' });
    const found = recordedRun([...walk([all]), create(made), ...search(made.domain, [made])]);
    expect(statuses(newRecordsAlike.judge(found))).toContain('pass');
  });

  it('fails an order by date created that an update changes, where the creates were seconds apart', () => {
    const older = site(6, { domain: 'older.example.com' });
    const newer = site(7, { domain: 'newer.example.com' });
    const traffic = [
      ...walk([all]).map((entry) => ({ ...entry, startedAt: 1_000 })),
      create(older, {}, { startedAt: 10_000 }),
      create(newer, {}, { startedAt: 12_000 }),
      update(6, { email: '1' }, { ...older, email: 1 }),
    ];
    const moved = recordedRun([...traffic, ...walk([[{ ...older, email: 1 }, newer, ...all]])]);
    const failure = verdictOf(newRecordsAlike.judge(moved), 'fail');
    expect(failure).toMatchObject({ kind: 'misplaced', basis: 'specified' });
    expect(failure.reason).toContain('id 6 (created by the run) comes before id 7 (created by the run)');
    const kept = recordedRun([...traffic, ...walk([[newer, { ...older, email: 1 }, ...all]])]);
    expect(statuses(newRecordsAlike.judge(kept))).not.toContain('fail');
  });

  it('does not judge the order of records created within the same second', () => {
    const a = site(6, { domain: 'a.example.com' });
    const b = site(7, { domain: 'b.example.com' });
    const run = recordedRun([
      create(a, {}, { startedAt: 10_000 }),
      create(b, {}, { startedAt: 10_400 }),
      ...walk([[a, b, ...all]]),
    ]);
    expect(statuses(newRecordsAlike.judge(run))).not.toContain('fail');
  });
});
