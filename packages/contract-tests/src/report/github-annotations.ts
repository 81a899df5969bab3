// GitHub Actions annotations: when GITHUB_ACTIONS is set, each group of
// failures prints as `::error`, each group of warnings as `::warning`, and
// configuration problems and incomplete runs as `::error`, so they show on
// the run's page and the pull request. Values are escaped as the workflow
// command rules ask (%, CR and LF in the message; also : and , in
// properties) after deployment text is made inert, so a deployment cannot end
// an annotation early or start a command of its own.
import { appendFile } from 'node:fs/promises';
import { basisLabel } from '../spec/basis.js';
import { terminalSafe as safe } from '../text/terminal-safe.js';
import { plural } from '../text/plural.js';
import type { RunResult } from './result.js';
import { answerOf, type VerdictGroup, verdictGroups } from './groups.js';
import type { Lines } from './lines.js';
import type { Redactor } from './redactor.js';
import { stepSummary } from './step-summary.js';

const data = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text: string): string => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

const command = (kind: 'error' | 'warning', title: string, message: string): string =>
  `::${kind} title=${property(safe(title))}::${data(message)}`;

function groupAnnotation(group: VerdictGroup): string {
  const first = group.cases[0]!;
  const count = group.cases.length;
  const title = `[${group.api}] ${group.check} › ${group.operationId}: ${group.kind} (${plural(count, 'case')})`;
  const answer = answerOf(first);
  const lines = [
    safe(first.title),
    `${first.basis === 'convention' ? 'convention' : basisLabel(first.basis)}: ${safe(first.expected)}`,
    `got: ${safe(first.reason)}${answer ? ` · ${safe(answer)}` : ''}`,
    ...first.steps.map((step, index) => `${first.steps.length > 1 ? `${index + 1}. ` : ''}curl: ${safe(step.curl)}`),
    ...(count > 1 ? [`and ${count - 1} more like it (see the job summary or the reports)`] : []),
  ];
  return command(group.status === 'fail' ? 'error' : 'warning', title, lines.join('\n'));
}

/** The annotation lines of a run, errors first. */
export function githubAnnotations(result: RunResult): string[] {
  const lines: string[] = [];
  for (const api of result.apis)
    if (api.configError)
      lines.push(command('error', `tallyport-contract: ${api.api} configuration`, safe(api.configError)));
  for (const group of verdictGroups(result, 'fail')) lines.push(groupAnnotation(group));
  for (const reason of result.incomplete)
    lines.push(command('error', 'tallyport-contract: not fully checked', safe(reason)));
  for (const group of verdictGroups(result, 'warn')) lines.push(groupAnnotation(group));
  // Drift fails baseline_drift (an error above); what the baseline does not pin is a notice, never a failure.
  for (const api of result.apis)
    if (api.drift && api.drift.new.length > 0)
      lines.push(
        `::notice title=${property(`[${api.api}] not in ${safe(api.drift.file)}`)}::${data(
          api.drift.new.map((entry) => safe(`new: ${entry.subject}: ${entry.seen}`)).join('\n'),
        )}`,
      );
  return lines;
}

/** In GitHub Actions: an annotation per group of failures or warnings, and the job summary. */
export async function github(
  result: RunResult,
  env: NodeJS.ProcessEnv,
  verbose: boolean,
  lines: Lines,
  redactor: Redactor,
): Promise<void> {
  if (env.GITHUB_ACTIONS !== 'true') return;
  for (const line of githubAnnotations(result)) lines.result(line);
  const file = env.GITHUB_STEP_SUMMARY;
  if (!file) return;
  try {
    await appendFile(file, redactor.text(stepSummary(redactor.value(result), { verbose })));
  } catch (error) {
    lines.diagnostic(`tallyport-contract: could not append the job summary: ${(error as Error).message}`);
  }
}
