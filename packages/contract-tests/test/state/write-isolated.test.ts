// write_isolated on built traffic: a write changes only what it sends, on
// its own record and on every other one, in the list and by id.
import { describe, expect, it } from 'vitest';
import { writeIsolated } from '../../src/state/invariants/write-isolated.js';
import { recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, read, site, sites, update, walk } from './traffic.js';

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

  it('leaves a record the run did not write that changes otherwise than a write sent to its client', () => {
    const changed = all.map((row) => (row.id === 12 ? { ...row, privacy: 0 } : row));
    const traffic = [
      ...start,
      update(13, { email: '1' }, { ...mine, email: 1 }),
      ...walk([[{ ...mine, email: 1 }, ...changed]]),
    ];
    expect(statuses(writeIsolated.judge(recordedRun(traffic)))).not.toContain('fail');
    expect(statuses(writeIsolated.judge(recordedRun(traffic)))).not.toContain('warn');
  });

  it("fails a change of the run's own record that no write of it sent, after a write of another record", () => {
    const other = site(14, { domain: 'other.example.com' });
    const run = recordedRun([
      ...start,
      create(other),
      ...walk([[other, mine, ...all]]),
      update(14, { email: '1' }, { ...other, email: 1 }),
      ...walk([[{ ...other, email: 1 }, { ...mine, exclude_bots: 0 }, ...all]]),
    ]);
    const failure = verdictOf(writeIsolated.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'record-changed', basis: 'specified' });
    expect(failure.reason).toBe('exclude_bots 1 → 0');
  });

  it('fails a create that answers the id of a record the state holds', () => {
    const run = recordedRun([...start, create({ ...site(12), domain: 'new.example.com' })]);
    expect(verdictOf(writeIsolated.judge(run), 'fail')).toMatchObject({ kind: 'foreign-record' });
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

  it('passes records that read as before after a write', () => {
    const fine = recordedRun([
      ...start,
      update(13, { email: '1' }, { ...mine, email: 1 }),
      ...walk([[{ ...mine, email: 1 }, ...all]]),
    ]);
    expect(new Set(statuses(writeIsolated.judge(fine)))).toEqual(new Set(['pass']));
  });
});
