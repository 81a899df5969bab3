// How a verdict on a command sequence's requests names its sequence: the one
// that showed it, cut at the command that showed it (what came after cannot
// matter), whichever view showed it and whichever judge gave it.
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/registry/index.js';
import { storedAsSent } from '../../src/state/invariants/stored-as-sent.js';
import type { CaseResult } from '../../src/registry/index.js';
import { type Recorded, recordedRun, verdictOf } from '../checks/recorded.js';
import { create, read, site, update } from './traffic.js';

const made = site(6, { domain: 'made.example.com' });
const at = (command: number) => ({ id: '3', command });
/** Reads of another record at commands `from` to `to` of sequence 3: the rest of a sequence, beside the point. */
const elsewhere = (from: number, to: number): Recorded[] =>
  Array.from({ length: to - from + 1 }, (_, index) => read(2, site(2), at(from + index)));
const notAServerError = CHECKS.find((check) => check.name === 'not_a_server_error')!;
type Failed = Extract<CaseResult, { status: 'fail' | 'warn' }>;
const failuresOf = (results: CaseResult[]) => results.filter((result): result is Failed => result.status === 'fail');

describe('a verdict on a sequence', () => {
  it("names the sequence of the write a later read outside it showed wrong (the cleanup's read), cut there", () => {
    const run = recordedRun([
      create({ ...made, exclude_params: 'a,b' }, { exclude_params: 'a,b' }, { sequence: at(0) }),
      read(6, { ...made, exclude_params: 'a,b' }, at(0)),
      ...elsewhere(1, 4),
      { ...read(6, { ...made, exclude_params: 'a' }), case: { family: 'write', step: 'cleanup-verify' } },
    ]);
    const failure = verdictOf(storedAsSent.judge(run), 'fail');
    expect(failure.kind).toBe('part-missing');
    expect(failure.sequence).toMatchObject({ id: '3', commands: 1, shrunkFrom: 5 });
    expect(failure.sequence?.replay).toContain('--only stored_as_sent (sequence 3)');
  });

  it('keeps the whole sequence when its last command showed the divergence', () => {
    const run = recordedRun([
      ...elsewhere(0, 2),
      create({ ...made, exclude_params: 'a,b' }, { exclude_params: 'a,b' }, { sequence: at(3) }),
      read(6, { ...made, exclude_params: 'a' }, at(3)),
    ]);
    const failure = verdictOf(storedAsSent.judge(run), 'fail');
    expect(failure.sequence).toMatchObject({ id: '3', commands: 4 });
    expect(failure.sequence?.shrunkFrom).toBeUndefined();
  });

  it("gives a check's failure on a sequence's write its sequence, and leaves its other verdicts as they were", () => {
    const run = recordedRun([
      create(made, {}, { sequence: at(0) }),
      read(6, made, at(0)),
      { ...update(6, { exclude_params: 'x'.repeat(300) }, {}, at(1)), status: 500, body: { message: 'Server Error' } },
      ...elsewhere(2, 6),
      { operationId: 'getWebsite', values: { id: '7' }, status: 500, body: {}, case: { family: 'baseline' } },
    ]);
    const failures = failuresOf(notAServerError.judge(run));
    expect(failures).toHaveLength(2);
    const [plain, bySequence] = [failures.find((one) => !one.sequence), failures.find((one) => one.sequence)];
    expect(plain?.title).toContain('getWebsite');
    expect(bySequence?.sequence).toMatchObject({ id: '3', commands: 2, shrunkFrom: 7 });
    expect(bySequence?.sequence?.replay).toContain('--only not_a_server_error');
  });

  it('folds a replay that showed the divergence again into its original, with the replay as the evidence', () => {
    const replay = (command: number) => ({ id: '3~1', command });
    const run = recordedRun([
      ...elsewhere(0, 2),
      create({ ...made, exclude_params: 'a,b' }, { exclude_params: 'a,b' }, { sequence: at(3) }),
      read(6, { ...made, exclude_params: 'a' }, at(3)),
      create({ ...site(8), exclude_params: 'a,b' }, { exclude_params: 'a,b' }, { sequence: replay(3) }),
      read(8, { ...site(8), exclude_params: 'a' }, replay(3)),
    ]);
    const failures = failuresOf(storedAsSent.judge(run));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.sequence).toMatchObject({ id: '3~1', commands: 1, shrunkFrom: 4 });
  });
});
