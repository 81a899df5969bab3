// Human output: a line per check as it finishes, then a summary with every
// failure's spec, answer and curl, and the observations where the spec is
// silent. Colour only on a TTY, never with NO_COLOR.
import type { CaseStatus } from '../checks/types.js';
import type { CheckResult, RunResult } from '../runner.js';
import type { ApiName } from '../specs.js';

export interface ConsoleStyle {
  colour: boolean;
}

export function shouldColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return !!stream.isTTY && env.NO_COLOR === undefined && env.TERM !== 'dumb';
}

const CODES = { green: 32, red: 31, yellow: 33, dim: 2, bold: 1 } as const;

function paint(style: ConsoleStyle, code: keyof typeof CODES, text: string): string {
  return style.colour ? `\u001b[${CODES[code]}m${text}\u001b[0m` : text;
}

const MARK: Record<CaseStatus, { symbol: string; word: string; colour: keyof typeof CODES }> = {
  pass: { symbol: '✓', word: 'pass', colour: 'green' },
  fail: { symbol: '✗', word: 'FAIL', colour: 'red' },
  warn: { symbol: '!', word: 'warn', colour: 'yellow' },
  skip: { symbol: '-', word: 'skip', colour: 'yellow' },
  interrupted: { symbol: '…', word: 'cut', colour: 'yellow' },
};

export function checkLine(result: CheckResult, style: ConsoleStyle): string {
  const mark = MARK[result.status];
  const counts = (['pass', 'fail', 'warn', 'skip', 'interrupted'] as const)
    .map((status) => [status, result.cases.filter((entry) => entry.status === status).length] as const)
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const reason =
    (result.status === 'skip' || result.status === 'interrupted') && result.reason ? `  ${result.reason}` : '';
  const head = paint(style, mark.colour, `${mark.symbol} ${mark.word}`);
  const tail = paint(style, 'dim', counts);
  return `${head}  ${result.api.padEnd(11)} ${result.check.padEnd(29)} ${tail}${reason}`;
}

export function headerLine(): string {
  return 'tallyport-contract: checking deployments against the Tallyport specs';
}

export function targetLine(api: ApiName, target: string, mock: boolean): string {
  return `${api} → ${target}${mock ? ' (embedded Prism mock)' : ''}`;
}

export function summaryText(result: RunResult, style: ConsoleStyle): string {
  const lines: string[] = ['', paint(style, 'bold', `Summary of run ${result.runId}`)];
  for (const api of result.apis) {
    lines.push(`  ${api.api} · ${api.target}${api.mock ? ' (embedded Prism mock)' : ''}`);
    if (api.configError) lines.push(`    ${paint(style, 'red', 'configuration problem:')} ${api.configError}`);
    for (const check of api.checks) {
      const mark = MARK[check.status];
      const reason = check.reason ? ` · ${check.reason}` : '';
      lines.push(`    ${paint(style, mark.colour, mark.word.padEnd(4))}  ${check.check}${reason}`);
      if (check.status !== 'skip') {
        // Skipped cases grouped by reason, so a mock run stays readable.
        const byReason = new Map<string, string[]>();
        for (const entry of check.cases.filter((candidate) => candidate.status === 'skip')) {
          byReason.set(entry.reason ?? '', [...(byReason.get(entry.reason ?? '') ?? []), entry.title]);
        }
        for (const [reason, titles] of byReason) {
          const shown = titles.length > 3 ? `${titles.slice(0, 3).join('; ')}; …` : titles.join('; ');
          lines.push(`          ${paint(style, 'dim', `skipped ${titles.length} (${shown}): ${reason}`)}`);
        }
      }
    }
    const dropped = Object.entries(api.cases.dropped).map(([family, count]) => `${count} ${family}`);
    lines.push(
      `    ${paint(
        style,
        'dim',
        `${api.cases.sent} requests${dropped.length ? `; not sent: ${dropped.join(', ')}` : ''}` +
          `${api.cases.interrupted ? `; ${api.cases.interrupted} interrupted` : ''}`,
      )}`,
    );
    for (const note of api.notes.slice(0, 8)) lines.push(`    ${paint(style, 'dim', note)}`);
    if (api.notes.length > 8) lines.push(`    ${paint(style, 'dim', `… and ${api.notes.length - 8} more notes`)}`);
    if (api.leftovers.length > 0)
      lines.push(
        `    ${paint(style, 'red', 'could not delete websites this run created:')} ${api.leftovers.join(', ')}`,
      );
  }

  const verdicts = (status: 'fail' | 'warn') =>
    result.apis.flatMap((api) =>
      api.checks.flatMap((check) =>
        check.cases.flatMap((entry) => (entry.status === status ? [{ check, entry }] : [])),
      ),
    );
  for (const [status, heading, symbol, colour] of [
    ['fail', 'Failures: the source documentation decides these', '✗', 'red'],
    ['warn', 'Warnings: conventions that did not hold (they fail the run with --strict)', '!', 'yellow'],
  ] as const) {
    const found = verdicts(status);
    if (found.length === 0) continue;
    lines.push('', paint(style, 'bold', `${heading} (${found.length})`));
    for (const { check, entry } of found) {
      lines.push(`  ${paint(style, colour, symbol)} [${check.api}] ${check.check} › ${entry.title}`);
      lines.push(`      ${entry.basis === 'specified' ? 'spec:' : 'conv:'} ${entry.expected}`);
      lines.push(...entry.actual.split('\n').map((line, index) => `      ${index === 0 ? 'got:  ' : '      '}${line}`));
      if (entry.curl) lines.push(`      curl: ${entry.curl}`);
    }
  }

  const observed = result.apis.filter((api) => api.observations.length > 0);
  if (observed.length > 0) {
    lines.push('', paint(style, 'bold', 'Observed where the spec says "not shown" (reported, never failed)'));
    for (const api of observed) for (const line of api.observations) lines.push(`  ${api.api}: ${line}`);
  }

  for (const reason of result.incomplete) lines.push('', paint(style, 'red', `not fully checked: ${reason}`));
  const all = result.apis.flatMap((api) => api.checks);
  const count = (status: CaseStatus) => all.filter((check) => check.status === status).length;
  const verdict =
    result.exitCode === 0
      ? paint(style, 'green', 'conforms')
      : result.exitCode === 1
        ? paint(style, 'red', 'violations found')
        : paint(
            style,
            'red',
            result.interrupted
              ? 'interrupted'
              : result.incomplete.length > 0
                ? 'could not check everything'
                : 'configuration or connectivity problem',
          );
  lines.push(
    '',
    `${count('pass')} passed, ${count('fail')} failed, ${count('warn')} warned, ${count('skip')} skipped` +
      `${count('interrupted') ? `, ${count('interrupted')} interrupted` : ''} · ` +
      `${result.requestCount} requests · ${(result.durationMs / 1000).toFixed(1)} s · seed ${result.seed} · ` +
      `${verdict} (exit ${result.exitCode})`,
  );
  return lines.join('\n');
}
