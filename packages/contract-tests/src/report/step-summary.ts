// The Markdown summary GitHub Actions shows on a job's page (appended to the
// file GITHUB_STEP_SUMMARY names): the verdict, a table per API, and the
// failures and warnings by group, each case in a code block. Deployment text
// appears only inside code blocks (with a fence longer than any backtick run
// in it) or escaped, so it can neither render as a link or an image (a
// tracking pixel) nor break the page.
import { terminalSafe as safe } from '../text/terminal-safe.js';
import { plural } from '../text/plural.js';
import type { RunResult } from './result.js';
import { countByStatus, SHOWN_PER_GROUP, verdictSections, verdictText } from './groups.js';

/** Text safe in a Markdown table cell or paragraph: no markup, no HTML, no line break. */
export const markdownText = (text: string): string =>
  safe(text)
    .replace(/[\\`*_{}[\]()#+\-.!|~<>&"]/g, (char) => (char === '<' ? '&lt;' : char === '&' ? '&amp;' : `\\${char}`))
    .replace(/\n/g, ' ');

function codeBlock(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

export function stepSummary(result: RunResult, options: { verbose?: boolean } = {}): string {
  const verdict =
    result.exitCode === 0 ? 'conforms' : result.exitCode === 1 ? 'violations found' : 'could not check everything';
  const icon = result.exitCode === 0 ? '✅' : result.exitCode === 1 ? '❌' : '⚠️';
  const lines = [
    `## ${icon} tallyport-contract: ${verdict} (exit ${result.exitCode})`,
    '',
    `Run ${markdownText(result.runId)}, ${result.requestCount} requests in ${(result.durationMs / 1000).toFixed(1)} s` +
      `${result.strict ? ', --strict' : ''}.`,
    '',
    '| API | deployment | pass | fail | warn | skip | requests |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const api of result.apis) {
    const counts = countByStatus(api.checks);
    const where = `${markdownText(api.target)}${api.mock ? ' (embedded mock)' : ''}`;
    const cells = [api.api, where, counts.pass, counts.fail, counts.warn, counts.skip, api.cases.sent];
    lines.push(`| ${cells.join(' | ')} |`);
  }
  for (const api of result.apis)
    if (api.configError) lines.push('', `**${api.api}: configuration problem.** ${markdownText(api.configError)}`);
  for (const reason of result.incomplete) lines.push('', `**Not fully checked:** ${markdownText(reason)}`);
  for (const { status, heading, groups } of verdictSections(result)) {
    lines.push('', `### ${heading}`);
    for (const group of groups) {
      const shown = options.verbose ? group.cases : group.cases.slice(0, SHOWN_PER_GROUP);
      const count = group.cases.length;
      lines.push(
        '',
        '<details>',
        `<summary>${status === 'fail' ? '❌' : '⚠️'} ${group.api} · ${group.check} › ` +
          `${markdownText(group.operationId)}: ${group.kind} (${plural(count, 'case')})</summary>`,
        '',
        codeBlock(shown.map((entry) => verdictText(entry, '')).join('\n\n')),
        ...(shown.length < count ? ['', `…and ${count - shown.length} more (the reports list them all).`] : []),
        '',
        '</details>',
      );
    }
  }
  return `${lines.join('\n')}\n`;
}
