// A check or an observation that throws on what a deployment answered is a
// fault of the tester, never a verdict on the deployment. The run goes on,
// every report is written, the check is a skip that says why, and the run
// counts as not fully checked (exit 2, or 1 when another check found a
// violation). Every JSON answer is meant to become a verdict on that answer:
// this is the last guard, and the audit test keeps it from being needed.
import { skip } from '../checks/judging/evidence.js';
import type { CaseResult, CheckDefinition, RecordedRun } from '../checks/judging/types.js';

const why = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The check's verdicts; if it throws, a skip saying so, and the line `incomplete` gets. */
export function judgeGuarded(check: CheckDefinition, run: RecordedRun, incomplete: string[]): CaseResult[] {
  try {
    return check.judge(run);
  } catch (error) {
    const reason = `${check.name} could not judge the answers (${why(error)}): a fault of tallyport-contract`;
    incomplete.push(`${run.api}: ${reason}`);
    return [skip(check.name, reason)];
  }
}

/** The observations; if reading them throws, none, and the line `incomplete` gets. */
export function observeGuarded<T>(observe: () => T[], api: string, incomplete: string[]): T[] {
  try {
    return observe();
  } catch (error) {
    incomplete.push(`${api}: the observations could not be read (${why(error)}): a fault of tallyport-contract`);
    return [];
  }
}
