// Human output: a line per check as it finishes, then a summary that does not
// repeat them: per API what was sent, what was skipped and why, then failures
// and warnings grouped by check, operation and kind, each case with what the
// spec says, what came back and how to reproduce it (every request, writes
// first, when the verdict rests on several), then the observations where the
// spec is silent; and once, how many checks the embedded Prism mock's examples
// left unjudged, with the command that runs them on the stateful mock. Every
// text from a deployment is shown inert (terminalSafe).
import type { CaseStatus } from '../checks/judging/types.js';
import { terminalSafe as safe } from '../text/terminal-safe.js';
import { plural } from '../text/plural.js';
import { MOCK_REASON } from '../checks/judging/related.js';
import { type CheckResult, type EmbeddedMock, embeddedMockOf, type RunResult } from './result.js';
import { writableKind } from '@tallyport/spec-model/query';
import { type ApiName, specModels } from '../spec/models.js';
import {
  countByStatus,
  SHOWN_PER_GROUP,
  type Verdict,
  type VerdictGroup,
  verdictSections,
  verdictText,
} from './groups.js';

export interface ConsoleStyle {
  colour: boolean;
  /** List every case of a group of failures, and every skipped case (`--verbose`). */
  verbose?: boolean;
  /** The command that started the run, as its user types it (`pnpm contract`); default `tallyport-contract`. */
  command?: string;
}

/**
 * Colour on a terminal, unless NO_COLOR is set or TERM is dumb; FORCE_COLOR (any value but 0 or false) turns it
 * on anywhere (CI logs render it), and FORCE_COLOR=0 turns it off, before NO_COLOR is read.
 */
export function shouldColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.trim().toLowerCase());
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

const STATUSES = ['pass', 'fail', 'warn', 'skip', 'interrupted'] as const;

export function checkLine(result: CheckResult, style: ConsoleStyle): string {
  const mark = MARK[result.status];
  const counts = STATUSES.map(
    (status) => [status, result.cases.filter((entry) => entry.status === status).length] as const,
  )
    .filter(([, count]) => count > 0)
    .map(([status, count]) => `${count} ${status}`)
    .join(', ');
  const reason =
    (result.status === 'skip' || result.status === 'interrupted') && result.reason ? `  ${safe(result.reason)}` : '';
  const head = paint(style, mark.colour, `${mark.symbol} ${mark.word}`);
  const tail = paint(style, 'dim', counts);
  return `${head}  ${result.api.padEnd(11)} ${result.check.padEnd(29)} ${tail}${reason}`;
}

export function headerLine(): string {
  return 'tallyport-contract: checking deployments against the Tallyport specs';
}

const MOCK_NAMES: Record<EmbeddedMock, string> = { prism: 'embedded Prism mock', stateful: 'embedded stateful mock' };

/** ` (embedded Prism mock)` after a target that is one of the embedded mocks; nothing after a deployment. */
const mockLabel = (mock: EmbeddedMock | undefined): string => (mock ? ` (${MOCK_NAMES[mock]})` : '');

export function targetLine(api: ApiName, target: string, mock: EmbeddedMock | undefined): string {
  return `${api} → ${safe(target)}${mockLabel(mock)}`;
}

/** The lines of one API in the summary: counts, skips grouped by reason, notes and leftovers. */
function apiLines(api: RunResult['apis'][number], style: ConsoleStyle): string[] {
  const lines = [`  ${api.api} · ${safe(api.target)}${mockLabel(embeddedMockOf(api))}`];
  if (api.configError) lines.push(`    ${paint(style, 'red', 'configuration problem:')} ${safe(api.configError)}`);
  const counts = countByStatus(api.checks);
  const shown = STATUSES.filter((status) => counts[status] > 0).map((status) => `${counts[status]} ${status}`);
  const dropped = Object.entries(api.cases.dropped).map(([family, count]) => `${count} ${family}`);
  lines.push(
    `    ${plural(api.checks.length, 'check')}${shown.length ? `: ${shown.join(', ')}` : ''} · ` +
      `${plural(api.cases.sent, 'request')}${dropped.length ? `; not sent: ${dropped.join(', ')}` : ''}` +
      `${api.cases.interrupted ? `; ${api.cases.interrupted} interrupted` : ''}`,
  );
  // Skipped checks by reason, then skipped cases of the other checks by reason: one line each.
  const skippedChecks = new Map<string, string[]>();
  for (const check of api.checks.filter((candidate) => candidate.status === 'skip'))
    skippedChecks.set(check.reason ?? '', [...(skippedChecks.get(check.reason ?? '') ?? []), check.check]);
  for (const [reason, names] of skippedChecks)
    lines.push(`    ${paint(style, 'dim', `skipped ${names.join(', ')}: ${safe(reason)}`)}`);
  const skippedCases = new Map<string, string[]>();
  for (const check of api.checks.filter((candidate) => candidate.status !== 'skip'))
    for (const entry of check.cases)
      if (entry.status === 'skip')
        skippedCases.set(entry.reason, [...(skippedCases.get(entry.reason) ?? []), `${check.check} › ${entry.title}`]);
  for (const [reason, titles] of skippedCases) {
    const listed = style.verbose || titles.length <= SHOWN_PER_GROUP ? titles : titles.slice(0, SHOWN_PER_GROUP);
    const more = listed.length < titles.length ? '; …' : '';
    const text = `skipped ${plural(titles.length, 'case')} (${listed.join('; ')}${more}): ${reason}`;
    lines.push(`    ${paint(style, 'dim', safe(text))}`);
  }
  const planned = (api.coverage ?? []).filter((entry) => entry.possible > 0 || entry.generated > 0);
  if (planned.length > 0) {
    const strength = planned[0]!.strength === 2 ? 'pairs' : `${planned[0]!.strength}-value combinations`;
    const parts = planned.map((entry) => {
      const generated = entry.generated ? ` (+${entry.generated} generated)` : '';
      return `${entry.operationId} ${entry.covered}/${entry.possible}${generated}`;
    });
    lines.push(`    ${paint(style, 'dim', `${strength} covered: ${parts.join(', ')}`)}`);
  }
  const notes = style.verbose ? api.notes : api.notes.slice(0, 8);
  for (const note of notes) lines.push(`    ${paint(style, 'dim', safe(note))}`);
  if (notes.length < api.notes.length)
    lines.push(`    ${paint(style, 'dim', `… and ${api.notes.length - notes.length} more notes (--verbose)`)}`);
  if (api.leftovers.length > 0) {
    const left = api.leftovers.map((entry) => safe(entry)).join(', ');
    const kind = writableKind(specModels[api.api])?.name ?? 'record';
    lines.push(`    ${paint(style, 'red', `could not delete ${kind} records this run created:`)} ${left}`);
  }
  return lines;
}

/** One case of a group: its title, what the spec says, what came back, and the requests to replay. */
function verdictLines(entry: Verdict): string[] {
  const { sequence } = entry;
  const shrunk = sequence?.shrunkFrom ? `, shrunk from ${sequence.shrunkFrom} commands` : '';
  const heading = sequence
    ? `the command sequence that shows it (${sequence.id}: ${plural(sequence.commands, 'command')}${shrunk}), as sent:`
    : entry.steps.length > 1
      ? 'requests, in the order to replay them (writes first):'
      : undefined;
  const [title, ...details] = verdictText(entry, '        ', heading).split('\n');
  return [`      ${title}`, ...details, ...(sequence ? [`        ${safe(sequence.replay)}`] : [])];
}

/** A group of failures or warnings, as the summary shows it (also a failing test's message, `./vitest`). */
export function groupLines(group: VerdictGroup, style: ConsoleStyle): string[] {
  const mark = MARK[group.status];
  const count = group.cases.length;
  const shown = style.verbose ? group.cases : group.cases.slice(0, SHOWN_PER_GROUP);
  const head =
    `  ${paint(style, mark.colour, mark.symbol)} [${group.api}] ${group.check} › ${safe(group.operationId)}: ` +
    `${group.kind} (${plural(count, 'case')}${shown.length < count ? `, ${shown.length} shown` : ''})`;
  const lines = [head, ...shown.flatMap(verdictLines)];
  if (shown.length < count) {
    const rest = group.cases.slice(shown.length).map((entry) => entry.title);
    const names = rest.slice(0, SHOWN_PER_GROUP).join('; ') + (rest.length > SHOWN_PER_GROUP ? '; …' : '');
    lines.push(`      ${paint(style, 'dim', `… ${rest.length} more (${safe(names)}); --verbose lists them all`)}`);
  }
  return lines;
}

export function summaryText(result: RunResult, style: ConsoleStyle): string {
  const lines: string[] = ['', paint(style, 'bold', `Summary of run ${result.runId}`)];
  for (const api of result.apis) lines.push(...apiLines(api, style));

  for (const { heading, groups } of verdictSections(result)) {
    const cases = groups.reduce((sum, group) => sum + group.cases.length, 0);
    lines.push('', paint(style, 'bold', `${heading} (${plural(cases, 'case')} in ${plural(groups.length, 'group')})`));
    for (const group of groups) lines.push(...groupLines(group, style));
  }

  const observed = result.apis.filter((api) => api.observations.length > 0);
  if (observed.length > 0) {
    lines.push('', paint(style, 'bold', 'Observed where the spec says "not shown" (reported, never failed)'));
    for (const api of observed) for (const line of api.observations) lines.push(`  ${api.api}: ${safe(line)}`);
  }

  lines.push(...driftLines(result, style));

  for (const reason of result.incomplete) lines.push('', paint(style, 'red', `not fully checked: ${safe(reason)}`));
  lines.push(...statefulHint(result, style));
  const counts = countByStatus(result.apis.flatMap((api) => api.checks));
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
    `${counts.pass} passed, ${counts.fail} failed, ${counts.warn} warned, ${counts.skip} skipped` +
      `${counts.interrupted ? `, ${counts.interrupted} interrupted` : ''} · ` +
      (result.recorded
        ? `${result.recorded.judged} recorded exchanges · ${(result.durationMs / 1000).toFixed(1)} s · `
        : `${result.requestCount} requests · ${(result.durationMs / 1000).toFixed(1)} s · seed ${result.seed} · `) +
      `${result.strict ? 'strict · ' : ''}${verdict} (exit ${result.exitCode})`,
  );
  return lines.join('\n');
}

/** The checks skipped, whole, because the embedded Prism mock answers with its examples, whatever is sent. */
const skippedOnPrism = (result: RunResult): CheckResult[] =>
  result.apis
    .flatMap((api) => api.checks)
    .filter(
      (check) =>
        check.status === 'skip' && check.cases.some((entry) => entry.status === 'skip' && entry.reason === MOCK_REASON),
    );

/** Once per run: how many checks Prism's examples left unjudged, and the command that runs them (stateful mock). */
function statefulHint(result: RunResult, style: ConsoleStyle): string[] {
  const skipped = skippedOnPrism(result).length;
  if (skipped === 0) return [];
  const command = `${style.command ?? 'tallyport-contract'} --mock stateful`;
  return [
    '',
    `${plural(skipped, 'check')} skipped as ${MOCK_REASON}; ${paint(style, 'bold', command)} runs them on the ` +
      'stateful mock, writes included',
  ];
}

/** What a run given a baseline found: per API what held, each drift with its line, and what is new. */
export function driftLines(result: RunResult, style: ConsoleStyle): string[] {
  const given = result.apis.filter((api) => api.drift);
  if (given.length === 0) return [];
  const lines = [
    '',
    paint(style, 'bold', `Baseline ${safe(given[0]!.drift!.file)} (drift fails the run; new is reported)`),
  ];
  for (const { api, drift } of given) {
    const { pins, held, unobserved } = drift!;
    lines.push(
      `  ${api}: ${plural(pins, 'point')} pinned: ${held} held, ${drift!.drifted.length} drifted, ` +
        `${unobserved} not observed${drift!.new.length > 0 ? `; ${drift!.new.length} new` : ''}`,
    );
    for (const entry of drift!.drifted)
      lines.push(
        `    ${paint(style, 'red', 'drifted')} ${safe(entry.subject)} (line ${entry.line}): ` +
          `pinned ${safe(entry.pinned)}, now ${safe(entry.seen)}`,
      );
    for (const entry of drift!.new)
      lines.push(`    ${paint(style, 'yellow', 'new')} ${safe(entry.subject)}: ${safe(entry.seen)}`);
  }
  return lines;
}
