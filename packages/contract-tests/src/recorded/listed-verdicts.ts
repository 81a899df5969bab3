// The verdicts of a recorded file, bounded: a file may hold a million
// exchanges, and every check gives a verdict on most of them. Each check keeps
// the first verdicts of each status (10,000 by default: all of them for a
// file of the size a run makes) and counts the rest, so memory and reports do
// not grow with the file; the check's reason then gives the whole counts.
import type { CaseResult, CaseStatus, CheckDefinition } from '../registry/index.js';
import { summarise } from '../run/contract.js';
import type { CheckResult } from '../report/result.js';
import type { ApiName } from '../spec/models.js';

export const LISTED_PER_STATUS = 10_000;

export class ListedVerdicts {
  private readonly listed = new Map<string, CaseResult[]>();
  private readonly totals = new Map<string, Record<CaseStatus, number>>();

  constructor(private readonly limit = LISTED_PER_STATUS) {}

  add(check: string, verdicts: readonly CaseResult[]): void {
    const listed = this.listed.get(check) ?? [];
    const totals = this.totals.get(check) ?? { pass: 0, fail: 0, warn: 0, skip: 0, interrupted: 0 };
    this.listed.set(check, listed);
    this.totals.set(check, totals);
    for (const verdict of verdicts) if (totals[verdict.status]++ < this.limit) listed.push(verdict);
  }

  /** Whether some verdicts of a check are counted only. */
  cut(check: string): boolean {
    const totals = this.totals.get(check);
    return !!totals && Object.values(totals).some((count) => count > this.limit);
  }

  /** A check's result, as a run summarises one, its reason counting every verdict when some are not listed. */
  result(api: ApiName, check: CheckDefinition, strict: boolean): CheckResult {
    const result = summarise(api, check, this.listed.get(check.name) ?? [], { strict });
    const totals = this.totals.get(check.name);
    if (!totals || !this.cut(check.name)) return result;
    const all = Object.values(totals).reduce((sum, count) => sum + count, 0);
    const failed = totals.fail + (strict ? totals.warn : 0);
    const listedNote = `the first ${this.limit} of each kind listed`;
    if (result.status === 'fail') return { ...result, reason: `${failed} of ${all} cases failed (${listedNote})` };
    if (result.status === 'warn')
      return { ...result, reason: `${totals.warn} of ${all} cases broke a convention (${listedNote})` };
    return { ...result, reason: `${totals.pass} of ${all} cases passed (${listedNote})` };
  }
}
