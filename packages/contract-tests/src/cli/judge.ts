// `tallyport-contract judge FILE.har` (`-` for stdin): the checks on recorded
// traffic, from the command line. Its options are the few of a run that mean
// something without sending (which APIs and deployments, which checks,
// --strict, the reports), and the bounds of reading a file; keys come only
// from the environment, as for a run. Its output is a run's: a line per
// check, the summary, what the file held beside, the JSON and JUnit reports,
// GitHub annotations and job summary, and the same exit codes.
import { parseArgs } from 'node:util';
import { type ApiSelectionError, parseApiSelection } from './config/api-selection.js';
import { CHECK_NAMES } from '../registry/index.js';
import { secretRedactor } from '../report/redactor.js';
import { consoleLines, type Lines } from '../report/lines.js';
import { reportsOf, writeReports } from '../report/report-files.js';
import { terminalSafe } from '../text/terminal-safe.js';
import { checkLine, shouldColour, summaryText, targetLine } from '../report/console.js';
import { github } from '../report/github-annotations.js';
import type { ApiName } from '../spec/models.js';
import { embeddedMockOf } from '../report/result.js';
import { commandName } from './invocation.js';
import { keysFrom } from '../recorded/credentials.js';
import { HarFileError } from '../recorded/har-stream.js';
import { DEFAULT_JUDGE_LIMITS, type JudgeOptions, type JudgeResult, judgeHar } from '../recorded/judge.js';

export const JUDGE_HELP = `Usage: tallyport-contract judge FILE.har [options]
       tallyport-contract judge - [options] < FILE.har

Judges traffic already recorded (HAR 1.2: browser devtools, Playwright's
recordHar, a proxy export) with the checks of a run. Nothing is sent. Each
entry is mapped to an operation of either spec by method and path; the rest
of its URL before the operation's path is the deployment, and each deployment
is judged apart. Entries that match no operation are counted and listed;
malformed ones are reported by their index in log.entries and skipped.

Environment (optional; keys are read only from here):
  ANALYTICS_API_KEY, MARKETPLACE_API_KEY  the valid keys: a request with another
                              key is judged as one with a wrong key; without them a
                              key's presence is all that counts
  MARKETPLACE_EMPTY_API_KEY   a valid key that has no items
  MARKETPLACE_PURCHASE_CODE   a valid purchase code
  NO_COLOR, FORCE_COLOR, GITHUB_ACTIONS   as for a run

Options:
  --api analytics|marketplace|all   APIs to judge (default all)
  --analytics-url URL         judge only the exchanges with this analytics deployment
  --marketplace-url URL       judge only the exchanges with this marketplace deployment
  --marketplace-key-in header:NAME  a header the marketplace api_key travels in
                              (the query, the body and the usual headers are always read)
  --keys-not-recorded         the file holds no keys (a server of the front end adds
                              them): a request without one counts as made with the
                              valid key
  --only CHECK[,CHECK]        judge with these checks only
  --baseline FILE             a baseline overlay (tallyport-contract baseline): the traffic
                              fails where a point it pins no longer holds (drift)
  --strict                    conventions that do not hold fail too
  --junit FILE, --json FILE   reports, as a run writes them (- for stdout)
  --verbose                   every failed and skipped case
  --window N                  exchanges of one deployment judged together
                              (default ${DEFAULT_JUDGE_LIMITS.windowEntries}; a window goes on, up to twice that,
                              until 50 exchanges pass without a write)
  --max-entries N             most entries read (default ${DEFAULT_JUDGE_LIMITS.maxEntries})
  --max-file-bytes N          largest file read (default ${DEFAULT_JUDGE_LIMITS.maxBytes}, 1 GiB)
  --max-response-bytes N      largest body judged (default ${DEFAULT_JUDGE_LIMITS.maxBodyChars}, 8 MiB)
  -h, --help                  this text

Exit codes: 0 conforms; 1 violations found; 2 the file cannot be read (not a HAR,
past a bound), nothing in it matched an operation, or what was asked could not be
checked (every check skipped).`;

const OPTIONS = {
  api: { type: 'string' },
  'analytics-url': { type: 'string' },
  'marketplace-url': { type: 'string' },
  'marketplace-key-in': { type: 'string' },
  'keys-not-recorded': { type: 'boolean' },
  only: { type: 'string' },
  baseline: { type: 'string' },
  strict: { type: 'boolean' },
  junit: { type: 'string' },
  json: { type: 'string' },
  verbose: { type: 'boolean' },
  window: { type: 'string' },
  'max-entries': { type: 'string' },
  'max-file-bytes': { type: 'string' },
  'max-response-bytes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

class JudgeUsageError extends Error {
  override name = 'JudgeUsageError';
}

export interface JudgeCommand {
  file?: string;
  help: boolean;
  options: JudgeOptions;
  junitFile?: string;
  jsonFile?: string;
  verbose: boolean;
}

function whole(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max)
    throw new JudgeUsageError(`--${flag} must be a whole number from ${min} to ${max}`);
  return number;
}

function deployment(value: string | undefined, flag: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    throw new JudgeUsageError(`--${flag} is not an http(s) URL`);
  }
}

/** Reads the judge's arguments (after the word `judge`); keys from `env`. */
export function parseJudgeArgs(args: string[], env: NodeJS.ProcessEnv): JudgeCommand {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true; strict: true }>>;
  try {
    parsed = parseArgs({ args, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs quotes the argument; it could be a key, so only a flag name is repeated.
    const flag = /'(--?[a-z][a-z-]*)/i.exec((error as Error).message)?.[1];
    throw new JudgeUsageError(`unknown or malformed option${flag ? ` ${flag}` : ''} (see judge --help)`);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true, options: {}, verbose: false };
  if (positionals.length !== 1) throw new JudgeUsageError('judge needs one file: FILE.har, or - for stdin');
  // One API named: it must be in the file. All (the default): whatever the file holds.
  let apis: ApiName[] | undefined;
  try {
    apis = values.api === undefined || values.api === 'all' ? undefined : parseApiSelection(values.api);
  } catch (error) {
    throw new JudgeUsageError((error as ApiSelectionError).message);
  }
  const only = (values.only ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = only.filter((name) => !CHECK_NAMES.includes(name));
  if (unknown.length > 0) throw new JudgeUsageError(`unknown check(s) in --only: ${unknown.join(', ')}`);
  const keyIn = values['marketplace-key-in'];
  const keyHeader = keyIn === undefined ? undefined : /^header:([A-Za-z0-9!#$%&'*+.^_`|~-]+)$/.exec(keyIn)?.[1];
  if (keyIn !== undefined && !keyHeader) throw new JudgeUsageError('--marketplace-key-in must be header:NAME');
  if ([values.junit, values.json].filter((file) => file === '-').length > 1)
    throw new JudgeUsageError('only one report can go to stdout');
  const servers = {
    ...(values['analytics-url'] ? { analytics: deployment(values['analytics-url'], 'analytics-url') } : {}),
    ...(values['marketplace-url'] ? { marketplace: deployment(values['marketplace-url'], 'marketplace-url') } : {}),
  };
  const limits = {
    windowEntries: whole(values.window, 'window', 10, 1_000_000),
    maxEntries: whole(values['max-entries'], 'max-entries', 1, 100_000_000),
    maxBytes: whole(values['max-file-bytes'], 'max-file-bytes', 1024, 64 * 1024 ** 3),
    maxBodyChars: whole(values['max-response-bytes'], 'max-response-bytes', 1024, 1024 ** 3),
  };
  return {
    file: positionals[0]!,
    help: false,
    verbose: values.verbose === true,
    ...(values.junit ? { junitFile: values.junit } : {}),
    ...(values.json ? { jsonFile: values.json } : {}),
    options: {
      ...(apis ? { apis } : {}),
      only,
      ...(values.baseline ? { baseline: values.baseline } : {}),
      strict: values.strict === true,
      keys: keysFrom(env),
      servers,
      ...(keyHeader ? { keyHeader } : {}),
      ...(values['keys-not-recorded'] ? { keysNotRecorded: true } : {}),
      limits: Object.fromEntries(Object.entries(limits).filter(([, value]) => value !== undefined)),
    },
  };
}

/** What the file held beside the verdicts: entries judged, matching nothing, unreadable. */
export function fileLines(result: JudgeResult): string[] {
  const { recorded } = result;
  const lines = [
    `${recorded.file}: ${recorded.entries} ${recorded.entries === 1 ? 'entry' : 'entries'}, ` +
      `${recorded.judged} judged, ${recorded.unmatched.count} matching no operation, ` +
      `${recorded.malformed.count} malformed`,
  ];
  for (const line of recorded.unmatched.first) lines.push(`  not an operation: ${terminalSafe(line)}`);
  for (const line of recorded.malformed.first) lines.push(`  malformed: ${terminalSafe(line)}`);
  return lines;
}

async function judge(command: JudgeCommand, env: NodeJS.ProcessEnv, lines: Lines): Promise<number> {
  const interrupt = new AbortController();
  const stop = () => interrupt.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const toStdout = [command.junitFile, command.jsonFile].includes('-');
  const style = {
    colour: shouldColour(toStdout ? process.stderr : process.stdout, env),
    verbose: command.verbose,
    command: commandName(env),
  };
  lines.diagnostic(`tallyport-contract judge: ${command.file} against the Tallyport specs (nothing is sent)`);
  let result: JudgeResult;
  try {
    result = await judgeHar(command.file!, { ...command.options, signal: interrupt.signal });
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  for (const api of result.apis) {
    lines.diagnostic(`${targetLine(api.api, api.target, embeddedMockOf(api))} (recorded)`);
    // A check of a large file lists only the first verdicts of each kind; its reason then counts them all.
    for (const check of api.checks)
      lines.result(`${checkLine(check, style)}${check.status === 'pass' && check.reason ? `  ${check.reason}` : ''}`);
  }
  for (const line of fileLines(result)) lines.result(line);
  lines.result(summaryText(result, style));
  const redactor = secretRedactor(command.options.keys ?? {});
  await writeReports(reportsOf(command, result, redactor), lines.report, lines.diagnostic);
  await github(result, env, command.verbose, lines, redactor);
  return result.exitCode;
}

/** Runs `tallyport-contract judge` with its arguments; sets the exit code. */
export async function runJudgeCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const keys = keysFrom(env);
  const redactor = secretRedactor(keys);
  let command: JudgeCommand | undefined;
  try {
    command = parseJudgeArgs(args, env);
  } catch (error) {
    process.stderr.write(`tallyport-contract judge: ${redactor.text((error as Error).message)}\n`);
    process.exitCode = 2;
    return;
  }
  const toStdout = [command.junitFile, command.jsonFile].includes('-');
  const lines = consoleLines({ stdout: process.stdout, stderr: process.stderr, redactor, reportOnStdout: toStdout });
  if (command.help) {
    lines.result(JUDGE_HELP);
    return;
  }
  try {
    process.exitCode = await judge(command, env, lines);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const kind = error instanceof HarFileError ? '' : 'problem: ';
    lines.diagnostic(`tallyport-contract judge: ${kind}${terminalSafe(message)}`);
    process.exitCode = 2;
  }
}
