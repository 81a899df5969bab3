// The kinds of check that several rules are, whole: one that reads each
// answer on its own (its status, its media type, its shape), and one that
// judges what a parameter of some role (a page size, a sort key) does to
// each answer that accepted it. A rule of either kind gives its name, what
// it says and how it judges one answer; the rest is the kind's.
import type { CaseFamily } from '../../cases/types.js';
import type { ParameterRole } from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import { anyParameterWithRole } from './applies.js';
import { eachAnswered } from './evidence.js';
import { judgeAccepted } from './related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './types.js';

/**
 * Every family that can show the shape of an answer. Derived cases ask the same operations again with values from
 * the rows: every shape they could show is asked for by the other families, so `--only` a shape check does not send
 * them (a full run judges them all the same).
 */
export const EVERY_SHAPE: readonly CaseFamily[] = [
  'baseline',
  'coverage',
  'negative',
  'auth',
  'documented',
  'example',
  'write',
];

/** The families that send a parameter's values: alone, taken from rows, and with the other parameters. */
export const VARYING_PARAMETERS: readonly CaseFamily[] = ['baseline', 'coverage', 'derived', 'combination'];

/** A check of every answer on its own: each that came is judged, one that did not is skipped. */
export const answerCheck = (
  name: string,
  description: string,
  judge: (answer: Answer) => CaseResult,
): CheckDefinition => ({ name, description, needs: EVERY_SHAPE, judge: (run) => eachAnswered(run, judge) });

/**
 * A check of what a parameter with `role` does, on each accepted answer to a request that follows the spec; it
 * applies where some operation takes such a parameter, and skips with `nothingToJudge` where no answer is one.
 */
export const roleCheck = (
  name: string,
  description: string,
  role: ParameterRole,
  nothingToJudge: string,
  judge: (run: RecordedRun, answer: Answer) => CaseResult | CaseResult[] | undefined,
): CheckDefinition => ({
  name,
  description,
  needs: VARYING_PARAMETERS,
  appliesTo: anyParameterWithRole(role),
  judge: (run) => judgeAccepted(run, name, nothingToJudge, (answer) => judge(run, answer)),
});
