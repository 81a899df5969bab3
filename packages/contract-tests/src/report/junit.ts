// JUnit XML for CI: one testsuite per API, one testcase per check and
// operation (a passing run stays small), each with the time during which the
// requests it judged were under way. A failing testcase lists every failed case with the same spec,
// answer, steps and curls as the console; a testcase whose cases only broke
// conventions passes, its warnings in system-out. Deployment text is shown
// inert (terminal-safe) and every character is valid XML 1.0.
import type { CaseResult } from '../checks/judging/types.js';
import { terminalSafe } from '../text/terminal-safe.js';
import type { CheckResult, RunResult } from './result.js';
import { type ApiName, specModels } from '../spec/models.js';
import { type CaseDurations, groupTime, recordedDurations } from './durations.js';
import { type Verdict, verdictText } from './groups.js';
import { xmlAttribute, xmlText } from './xml.js';
import { operationOf } from '../baseline/conventions.js';

const safe = terminalSafe;

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

interface Testcase {
  xml: string;
  failed: boolean;
  skipped: boolean;
  ms: number;
}

function testcase(
  api: ApiName,
  check: CheckResult,
  operation: string | undefined,
  cases: CaseResult[],
  durations: CaseDurations,
): Testcase {
  const ms = groupTime(cases.map((entry) => durations.of(api, check.check, entry)));
  const name = operation ? `${check.check} › ${operation}` : check.check;
  const open = `    <testcase classname="${api}.${check.check}" name="${xmlAttribute(name)}" time="${seconds(ms)}"`;
  const failed = cases.filter((entry): entry is Verdict => entry.status === 'fail');
  const warned = cases.filter((entry): entry is Verdict => entry.status === 'warn');
  const passed = cases.filter((entry) => entry.status === 'pass').length;
  const done = (xml: string, failed = false, skipped = false): Testcase => ({ xml, failed, skipped, ms });
  if (failed.length > 0) {
    const kinds = [...new Set(failed.map((entry) => entry.kind))].join(', ');
    const message = `${failed.length} of ${cases.length} cases failed (${kinds})`;
    const body = failed.map((entry) => verdictText(entry, '  ')).join('\n\n');
    const failure = `<failure message="${xmlAttribute(message)}" type="${xmlAttribute(failed[0]!.kind)}">`;
    return done(`${open}>\n      ${failure}${xmlText(body)}</failure>\n    </testcase>`, true);
  }
  if (passed === 0 && warned.length === 0) {
    const reasons = [...new Set(cases.map((entry) => ('reason' in entry ? entry.reason : '')))].filter(Boolean);
    const message = safe(reasons.join('; ') || check.reason || 'nothing to check');
    return done(`${open}><skipped message="${xmlAttribute(message)}"/></testcase>`, false, true);
  }
  if (warned.length === 0) return done(`${open}/>`);
  // JUnit has no warnings: conventions that did not hold pass, with their evidence beside them.
  const heading = `${warned.length} warning(s), conventions that did not hold (they fail the run with --strict):`;
  const out = xmlText(`${heading}\n\n${warned.map((entry) => verdictText(entry, '  ')).join('\n\n')}`);
  return done(`${open}>\n      <system-out>${out}</system-out>\n    </testcase>`);
}

/** The JUnit XML of a run; `durations` gives each case's time (from the exchanges, when the caller has them). */
export function junitReport(result: RunResult, durations: CaseDurations = recordedDurations): string {
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  for (const api of result.apis) {
    const cases: string[] = [];
    const counts = { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 };
    if (api.configError) {
      counts.tests++;
      counts.errors++;
      cases.push(
        `    <testcase classname="${api.api}" name="configuration" time="0.000">` +
          `<error message="${xmlAttribute(safe(api.configError))}"/></testcase>`,
      );
    }
    const operations = new Set(specModels[api.api].operations.map((operation) => operation.id));
    for (const check of api.checks) {
      const byOperation = new Map<string | undefined, CaseResult[]>();
      for (const entry of check.cases) {
        const operation = operationOf(entry, operations);
        byOperation.set(operation, [...(byOperation.get(operation) ?? []), entry]);
      }
      if (byOperation.size === 0) byOperation.set(undefined, []);
      for (const [operation, entries] of byOperation) {
        const one = testcase(api.api, check, operation, entries, durations);
        counts.tests++;
        if (one.failed) counts.failures++;
        if (one.skipped) counts.skipped++;
        counts.ms += one.ms;
        cases.push(one.xml);
      }
    }
    for (const key of ['tests', 'failures', 'errors', 'skipped'] as const) totals[key] += counts[key];
    const out = [
      ...api.observations.map((line) => `observed: ${line}`),
      ...(api.drift?.drifted ?? []).map(
        (entry) =>
          `drifted from ${api.drift!.file}:${entry.line}: ${entry.subject}: ${entry.pinned}, now ${entry.seen}`,
      ),
      ...(api.drift?.new ?? []).map((entry) => `new (not in ${api.drift!.file}): ${entry.subject}: ${entry.seen}`),
      ...api.notes.map((line) => `note: ${line}`),
    ];
    const systemOut =
      out.length > 0 ? `\n    <system-out>${xmlText(out.map((line) => safe(line)).join('\n'))}</system-out>` : '';
    // The suite's time is the API's wall time.
    const time = seconds(durations.span(api.api) ?? counts.ms);
    suites.push(
      `  <testsuite name="${api.api}" tests="${counts.tests}" failures="${counts.failures}" ` +
        `errors="${counts.errors}" skipped="${counts.skipped}" time="${time}" ` +
        `timestamp="${xmlAttribute(result.startedAt)}" hostname="${xmlAttribute(safe(api.target))}">\n` +
        `${cases.join('\n')}${systemOut}\n  </testsuite>`,
    );
  }
  const attributes =
    `tests="${totals.tests}" failures="${totals.failures}" errors="${totals.errors}" skipped="${totals.skipped}" ` +
    `time="${seconds(result.durationMs)}"`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="tallyport-contract" ${attributes}>\n${suites.join('\n')}\n</testsuites>\n`
  );
}
