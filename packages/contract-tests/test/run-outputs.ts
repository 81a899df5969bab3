// Everything a run prints and writes, as cli-run.ts prints and writes it, in
// memory: the console (check lines, the summary and the GitHub annotations,
// through the same lines, redacted as they are printed), the JSON, JUnit and
// HAR reports (through writeReports, redacted as a whole) and the job summary.
// The tests that judge the output path read these texts.
import type { Redactor } from '../src/report/redactor.js';
import type { Exchange } from '../src/transport/transport.js';
import { consoleLines } from '../src/report/lines.js';
import { writeReports } from '../src/report/report-files.js';
import { checkLine, headerLine, summaryText, targetLine } from '../src/report/console.js';
import { caseDurations } from '../src/report/durations.js';
import { githubAnnotations } from '../src/report/github-annotations.js';
import { harReport } from '../src/report/har.js';
import { jsonReport } from '../src/report/json.js';
import { junitReport } from '../src/report/junit.js';
import { stepSummary } from '../src/report/step-summary.js';
import { embeddedMockOf, type RunResult } from '../src/report/result.js';
import type { ApiName } from '../src/spec/models.js';

export interface RunOutputs {
  console: string;
  json: string;
  junit: string;
  har: string;
  summary: string;
}

export const OUTPUT_NAMES = ['console', 'json', 'junit', 'har', 'summary'] as const;

export async function runOutputs(
  result: RunResult,
  exchanges: ReadonlyMap<ApiName, readonly Exchange[]>,
  redactor: Redactor,
  colour = true,
): Promise<RunOutputs> {
  let printed = '';
  const sink = { write: (text: string) => (printed += text) };
  const lines = consoleLines({ stdout: sink, stderr: sink, redactor, reportOnStdout: false });
  const style = { colour, verbose: true };
  lines.diagnostic(headerLine());
  for (const api of result.apis) {
    lines.diagnostic(targetLine(api.api, api.target, embeddedMockOf(api)));
    for (const check of api.checks) lines.result(checkLine(check, style));
  }
  lines.result(summaryText(result, style));
  for (const line of githubAnnotations(result)) lines.result(line);
  const written: Record<string, string> = {};
  const render: Record<'json' | 'junit' | 'har', () => string> = {
    junit: () => junitReport(redactor.value(result), caseDurations(exchanges)),
    json: () => jsonReport(result, { toolVersion: '0.0.0', redactor }),
    har: () => harReport([...exchanges.values()].flat(), '0.0.0', redactor),
  };
  for (const [name, report] of Object.entries(render)) {
    const problems = await writeReports(
      [{ name, destination: '-', render: report }],
      (text) => (written[name] = text),
      () => undefined,
      redactor,
    );
    if (problems.length > 0) throw new Error(problems.join('\n'));
  }
  const summary = redactor.text(stepSummary(redactor.value(result), { verbose: true }));
  return { console: printed, json: written.json!, junit: written.junit!, har: written.har!, summary };
}

/**
 * The requests a run's HAR says were sent: an entry holds a request's last attempt, and counts the attempts it took
 * (`_tallyport.attempts`) when the run sent it again (a connection closed before any answer, a 502, 503 or 504).
 */
export function attemptsIn(har: { log: { entries: Array<{ _tallyport?: { attempts?: number } }> } }): number {
  return har.log.entries.reduce((sum, entry) => sum + (entry._tallyport?.attempts ?? 1), 0);
}
