// write_isolated on built traffic: a write changes only what it sends, on
// its own record and on every other one, in the list and by id.
import { describe, expect, it } from 'vitest';
import { writeIsolated } from '../../src/state/invariants/write-isolated.js';
import { recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, read, remove, site, sites, update, walk } from './traffic.js';

const all = sites(12, 1);
const mine = site(13, { domain: 'mine.example.com' });
const start = [...walk([all]), create(mine), ...walk([[mine, ...all]])];

describe('write_isolated', () => {
  it('fails another record that shows what an update of the run sent (a mirror of the write)', () => {
    const leaked = all.map((row) => (row.id === 12 ? { ...row, email: 1 } : row));
    const run = recordedRun([
      ...start,
      update(13, { email: '1' }, { ...mine, email: 1 }),
      ...walk([[{ ...mine, email: 1 }, ...leaked]]),
    ]);
    const failure = verdictOf(writeIsolated.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'record-changed', basis: 'specified' });
    expect(failure.reason).toBe('email 0 → 1');
    expect(failure.expected).toContain('id 12 reads as before: update of id 13');
  });

  it('warns on another change after a write that may be another client’s, until a replay shows it again', () => {
    const changed = all.map((row) => (row.id === 12 ? { ...row, privacy: 0 } : row));
    const s1 = { id: '1', command: 1 };
    const traffic = [
      ...start,
      update(13, { email: '1' }, { ...mine, email: 1 }, s1),
      ...walk([[{ ...mine, email: 1 }, ...changed]], undefined, { sequence: s1 }),
    ];
    expect(verdictOf(writeIsolated.judge(recordedRun(traffic)), 'warn')).toMatchObject({ kind: 'record-changed' });
    // The replay (1~1) updates a record of its own, and another record changes again: the run shows it twice.
    const replay = { id: '1~1', command: 1 };
    const again = changed.map((row) => (row.id === 11 ? { ...row, privacy: 0 } : row));
    const theirs = site(14, { domain: 'replay.example.com' });
    const replayed = [
      create(theirs, {}, { sequence: { id: '1~1', command: 0 } }),
      ...walk([[theirs, { ...mine, email: 1 }, ...changed]]),
      update(14, { email: '1' }, { ...theirs, email: 1 }, replay),
      ...walk([[{ ...theirs, email: 1 }, { ...mine, email: 1 }, ...again]], undefined, { sequence: replay }),
    ];
    const failure = verdictOf(writeIsolated.judge(recordedRun([...traffic, ...replayed])), 'fail');
    expect(failure.sequence).toMatchObject({ id: '1~1', commands: 2 });
  });

  it('fails an update that changes a field of its own record it did not send', () => {
    const run = recordedRun([
      ...start,
      update(13, { email: '1' }, { ...mine, email: 1 }),
      read(13, { ...mine, email: 1, exclude_bots: 0 }),
    ]);
    const failure = verdictOf(writeIsolated.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'write-leaked', basis: 'specified' });
    expect(failure.reason).toBe('exclude_bots 1 → 0');
  });

  it('warns on a record gone after a delete of another one, and passes records that read as before', () => {
    const gone = recordedRun([...start, remove(13), read(12, undefined)]);
    expect(verdictOf(writeIsolated.judge(gone), 'warn')).toMatchObject({ kind: 'record-vanished' });
    const fine = recordedRun([
      ...start,
      update(13, { email: '1' }, { ...mine, email: 1 }),
      ...walk([[{ ...mine, email: 1 }, ...all]]),
    ]);
    expect(new Set(statuses(writeIsolated.judge(fine)))).toEqual(new Set(['pass']));
  });
});
