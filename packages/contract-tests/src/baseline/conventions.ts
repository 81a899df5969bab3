// The conventions that held, pinned and held to. Where the source is silent,
// a check that finds a convention broken (a JSON body served as text/html, a
// page size outside the enum accepted) warns and passes the run. A baseline
// pins, per operation, the checks that judged it without a warning; a run
// held to it turns such a check's warning on that operation into a failure,
// since this deployment followed the convention when the baseline was taken.
// Only warnings that rest on answers every run gets alike are turned: one
// that rests on the run's writes or seeded draws (a search index slow to
// show a new record) may come and go with the timing, and stays a warning.
import type { Answer } from '../answers/answer.js';
import type { CaseResult, CheckDefinition } from '../checks/judging/types.js';
import { isStateCheck } from '../state/invariants/frame.js';
import { steady } from '../observations/evidence.js';
import type { ConventionsPoint } from '../observations/points.js';
import type { PinVerdict } from './pins.js';
import type { Pin } from './types.js';

/** One check's verdicts on one API, before they are summarised. */
export interface JudgedCheck {
  check: string;
  cases: CaseResult[];
  /** Whether the check may be pinned as a convention that held (see `pinnable`). */
  pinnable?: boolean;
}

/**
 * Checks that judge how records relate (a listed record and its read, a link and its target, one key's items and
 * another's, a write and what shows after it, the whole state): whether they judge an operation at all rests on
 * the data the deployment holds and on the run's writes, which vary from run to run (a live deployment judged
 * `getItem` with them in one baseline and not in the next), so a baseline taken twice would differ. They are not
 * pinned; their warnings stay warnings.
 */
const RELATION_CHECKS: ReadonlySet<string> = new Set(['read_matches_list', 'linked_records_agree', 'key_scope']);

/** Whether a check's passes on an operation come alike in every run, so that it may be pinned. */
export const pinnable = (check: CheckDefinition): boolean => !RELATION_CHECKS.has(check.name) && !isStateCheck(check);

/** The operation a verdict is about: named by a failure or warning, or the first word of its title. */
export function operationOf(entry: CaseResult, operations: ReadonlySet<string>): string | undefined {
  if ('operationId' in entry) return entry.operationId;
  const first = /^[A-Za-z]\w*/.exec(entry.title)?.[0];
  return first && operations.has(first) ? first : undefined;
}

/** A warning on answers every run gets alike: no write of the run's, no seeded draw. */
function steadyWarning(entry: CaseResult, answers: ReadonlyMap<number, Answer>): boolean {
  if (entry.status !== 'warn') return false;
  return entry.exchangeIds.every((id) => {
    const answer = answers.get(id);
    return !!answer && steady(answer) && answer.case?.family !== 'write';
  });
}

/**
 * Per operation, the checks that judged it with a pass and no steady warning (the drift check aside). A warning on
 * an answer that said nothing (a gateway's 503 to whichever request came at the wrong moment) or on the run's
 * writes comes and goes with the timing: it neither keeps a check from being pinned nor is held to it.
 */
export function conventionPoints(
  judged: readonly JudgedCheck[],
  operationIds: readonly string[],
  answers: readonly Answer[],
): ConventionsPoint[] {
  const operations = new Set(operationIds);
  const byId = new Map(answers.map((answer) => [answer.exchange.id, answer]));
  return operationIds.flatMap((operationId) => {
    const checks = judged
      .filter(({ check, pinnable }) => check !== 'baseline_drift' && pinnable !== false)
      .filter(({ cases }) => {
        const own = cases.filter((entry) => operationOf(entry, operations) === operationId);
        return own.some((entry) => entry.status === 'pass') && !own.some((entry) => steadyWarning(entry, byId));
      })
      .map(({ check }) => check)
      .sort();
    return checks.length > 0 ? [{ point: 'conventions' as const, operationId, checks, evidence: [] }] : [];
  });
}

/**
 * Turns each steady warning of a check a `conventions` pin lists for the warning's operation into a failure that
 * names the baseline's line; returns a verdict per such pin (drifted, held, or not observed).
 */
export function holdConventions(
  judged: JudgedCheck[],
  pins: readonly Pin[],
  file: string,
  answers: readonly Answer[],
  operationIds: readonly string[],
): PinVerdict[] {
  const operations = new Set(operationIds);
  const byId = new Map(answers.map((answer) => [answer.exchange.id, answer]));
  return pins.flatMap((pin): PinVerdict[] => {
    if (pin.point !== 'conventions') return [];
    const turned: CaseResult[] = [];
    let observed = false;
    for (const entry of judged.filter(({ check }) => pin.checks.includes(check)))
      entry.cases = entry.cases.map((verdict) => {
        if (operationOf(verdict, operations) !== pin.operationId) return verdict;
        observed ||= verdict.status === 'pass' || verdict.status === 'warn';
        if (verdict.status !== 'warn' || !steadyWarning(verdict, byId)) return verdict;
        const failed: CaseResult = {
          ...verdict,
          status: 'fail',
          severity: 'error',
          basis: 'baseline',
          expected: `${verdict.expected} (a convention this deployment followed: ${file} pins it at line ${pin.line})`,
        };
        turned.push(failed);
        return failed;
      });
    if (turned.length === 0) return [{ pin, status: observed ? 'held' : 'unobserved', answers: [] }];
    const warned = turned.flatMap((verdict) => (verdict.status === 'fail' ? verdict.exchangeIds : []));
    return [
      {
        pin,
        status: 'drifted',
        answers: warned.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])),
        seen: [...new Set(turned.map((verdict) => ('reason' in verdict ? verdict.reason : '')))].slice(0, 3).join('; '),
      },
    ];
  });
}
