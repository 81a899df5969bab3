// One fault often fails many cases alike (an inverted sort fails every sort
// case). Reports show failures and warnings grouped by API, check, operation
// and kind, with a count and the first few cases; `--verbose` shows them all.
import type { CaseResult } from '../checks/judging/types.js';
import { basisLabel } from '../spec/basis.js';
import { terminalSafe } from '../text/terminal-safe.js';
import type { CheckResult, RunResult } from './result.js';
import type { ApiName } from '../spec/models.js';

export type Verdict = Extract<CaseResult, { status: 'fail' | 'warn' }>;

export interface VerdictGroup {
  api: ApiName;
  check: string;
  operationId: string;
  kind: Verdict['kind'];
  status: Verdict['status'];
  cases: Verdict[];
}

/** Cases a group shows unless `--verbose`. */
export const SHOWN_PER_GROUP = 3;

/** The failures (or warnings) of a run, grouped, in the order the run reported them. */
export function verdictGroups(result: RunResult, status: Verdict['status']): VerdictGroup[] {
  const groups = new Map<string, VerdictGroup>();
  for (const api of result.apis)
    for (const check of api.checks)
      for (const entry of check.cases) {
        if (entry.status !== status) continue;
        const key = JSON.stringify([api.api, check.check, entry.operationId, entry.kind]);
        const group = groups.get(key);
        if (group) group.cases.push(entry);
        else
          groups.set(key, {
            api: api.api,
            check: check.check,
            operationId: entry.operationId,
            kind: entry.kind,
            status,
            cases: [entry],
          });
      }
  return [...groups.values()];
}

/** What came back: `actual` is the check's explanation (`reason`), a line break, and the answer. */
export function answerOf(entry: Verdict): string | undefined {
  if (entry.actual.startsWith(`${entry.reason}\n`)) return entry.actual.slice(entry.reason.length + 1);
  return entry.actual === entry.reason ? undefined : entry.actual;
}

/**
 * A case as plain text, its details indented by `indent`: what the spec says, what came back, and the requests to
 * replay, under `heading` where one is given (or the answer and its curl), each line terminal-safe.
 */
export function verdictText(entry: Verdict, indent: string, heading?: string): string {
  const lines = [
    entry.title,
    `${indent}${basisLabel(entry.basis)}: ${entry.expected}`,
    `${indent}got:  ${entry.reason}`,
  ];
  const answer = answerOf(entry);
  if (heading) lines.push(`${indent}${heading}`);
  if (entry.steps.length > 1 || heading)
    entry.steps.forEach((step, index) => {
      lines.push(
        `${indent}${index + 1}. ${step.title}`,
        `${indent}   got:  ${step.got}`,
        `${indent}   curl: ${step.curl}`,
      );
    });
  else {
    if (answer) lines.push(`${indent}      ${answer}`);
    if (entry.curl) lines.push(`${indent}curl: ${entry.curl}`);
  }
  return lines.map((line) => terminalSafe(line)).join('\n');
}

export function countByStatus(checks: readonly CheckResult[]): Record<CaseResult['status'], number> {
  const counts = { pass: 0, fail: 0, warn: 0, skip: 0, interrupted: 0 };
  for (const check of checks) counts[check.status]++;
  return counts;
}

/** The headings of the failures and of the warnings, as every report shows them. */
const SECTION_HEADINGS: ReadonlyArray<[Verdict['status'], string]> = [
  ['fail', 'Failures: the source documentation decides these'],
  ['warn', 'Warnings: conventions that did not hold (they fail the run with --strict)'],
];

/** The failures, then the warnings, of a run, grouped under their heading; a status without a case is left out. */
export function verdictSections(result: RunResult) {
  return SECTION_HEADINGS.map(([status, heading]) => ({
    status,
    heading,
    groups: verdictGroups(result, status),
  })).filter((section) => section.groups.length > 0);
}
