// Configuration of a CLI run: options from flags, then the config file
// (config/file.ts), deployments from flags, the environment or the file, and
// keys from the environment only; each value checked (integers, ranges, URLs)
// before anything is sent. A key is never accepted on the command line, where
// it would land in shell history and process listings, nor in the file.
import { parseArgs } from 'node:util';
import type { ApiName } from '@tallyport/spec-model/query';
import { parseApiSelection } from './api-selection.js';
import type { KeyTransport } from '../../transport/template.js';
import { CHECK_NAMES, CHECKS } from '../../registry/index.js';
import { ConfigError } from './error.js';
import { loadConfigFile } from './file.js';
import { didYouMean } from './nearest.js';
import { configKey as configKeyOf, OPTIONS, PARSE_OPTIONS, synopsis } from './options.js';
import { isLoopbackHost } from '../../transport/loopback.js';
import { Redactor } from '../../report/redactor.js';
import { addOwnText } from '../../report/own-text.js';
import type { RunOptions } from '../../run/contract.js';
import { API_NAMES, specModels } from '../../spec/models.js';
import { DEFAULT_LEDGER } from '../../run/writes/ledger.js';
import { DEFAULT_BASELINE_FILE } from '../../baseline/overlay-write.js';
import { EMBEDDED_MOCKS, type EmbeddedMock } from '../../report/result.js';
import { present } from '../../text/present.js';

export { ConfigError };

export type ProgressMode = 'auto' | 'live' | 'lines' | 'off';

export interface CliConfig {
  /** `baseline` runs as `run` does, then writes what it observed where the spec is silent (`baselineFile`). */
  command: 'run' | 'cleanup' | 'baseline';
  help: boolean;
  version: boolean;
  listChecks: boolean;
  reportSchema: boolean;
  configSchema: boolean;
  run: RunOptions;
  /** Report destinations; "-" is stdout. */
  junitFile?: string;
  jsonFile?: string;
  harFile?: string;
  ledgerFile: string;
  /** The baseline file written by `baseline` and `--update-baseline` (a run reads it as `run.baseline`). */
  baselineFile?: string;
  verbose: boolean;
  progress: ProgressMode;
  /** The config file read, if any. */
  configFile?: string;
  /** `--overlaid-spec API`: print that API's spec with the baseline applied, and nothing else. */
  overlaidSpec?: ApiName;
}

const optionLines = OPTIONS.flatMap((option) => {
  const name = synopsis(option);
  const [first, ...rest] = option.help;
  const pad = ' '.repeat(36);
  return [
    name.length < 34 ? `  ${name.padEnd(34)}${first}` : `  ${name}\n${pad}${first}`,
    ...rest.map((line) => `${pad}${line}`),
  ];
});

export const HELP = `Usage: tallyport-contract [options]
       tallyport-contract baseline [-o FILE] [options]   (a run that writes what it observed as a baseline)
       tallyport-contract cleanup [--ledger FILE] [--config FILE]
       tallyport-contract judge FILE.har [options]   (judge --help: recorded traffic, nothing sent)

Checks Analytics and Marketplace deployments against the Tallyport specs.
An API whose base URL is not set is checked against an embedded mock: Prism's,
which answers with the spec examples (the checks that need a deployment's data
are skipped), or with --mock stateful the stateful mock, judged as a deployment.

Environment (keys are read only from here, never from flags or the config file):
  ANALYTICS_BASE_URL, ANALYTICS_API_KEY
  MARKETPLACE_BASE_URL, MARKETPLACE_API_KEY
  MARKETPLACE_PURCHASE_CODE   a known valid purchase code (optional)
  MARKETPLACE_EMPTY_API_KEY   a valid key that has no items (optional)
  NO_COLOR, FORCE_COLOR       no colour even on a terminal; colour even without one
  GITHUB_ACTIONS              when "true": failures and warnings as annotations, and a
                              summary appended to GITHUB_STEP_SUMMARY

Options (every one but --config and the printing ones can be set in the config file,
named in camelCase: maxRequests; flags win over the file):
${optionLines.join('\n')}

Results go to stdout (to stderr when a report is written to stdout);
progress and diagnostics to stderr.

Exit codes: 0 conforms; 1 violations found; 2 configuration or connectivity
problem, or a run that could not check what it was asked to (request cap
reached, everything skipped, interrupted). A report that cannot be written is
said on stderr and does not change the exit code.

Baseline: runs as a run does, then writes what the deployment does where the specs
are silent (statuses, error bodies, where the key is read, envelopes, id types,
search and text order) to FILE (default ${DEFAULT_BASELINE_FILE}), an OpenAPI
Overlay to commit; a run given --baseline FILE then fails where it drifts.

Cleanup: deletes the websites recorded in the ledger that still show their
run's domain, and reports those it could not delete; with no ledger there is
nothing to clean (exit 0).`;
// Option and variable names are the tester's own words: a piece of a key that is one of them is no leak.
addOwnText(HELP);

const MIB = 1024 * 1024;

export function listChecksText(): string {
  const width = Math.max(...CHECK_NAMES.map((name) => name.length));
  return CHECKS.map((check) => `${check.name.padEnd(width)}  ${check.description}`).join('\n');
}

function integer(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value.trim()) || Number(value) < min || Number(value) > max)
    throw new ConfigError(`${flag} must be a whole number from ${min} to ${max}, got "${value}"`);
  return Number(value);
}

function seconds(value: string | undefined, flag: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number <= 0 || number > max)
    throw new ConfigError(`${flag} must be a number of seconds above 0 and at most ${max}, got "${value}"`);
  return Math.round(number * 1000);
}

const KEY_TRANSPORTS = ['spec', 'query', 'form'] as const;

function keyTransportOf(value: string | undefined): KeyTransport | undefined {
  if (value === undefined) return undefined;
  if ((KEY_TRANSPORTS as readonly string[]).includes(value)) return value as KeyTransport;
  const header = /^header:([A-Za-z0-9!#$%&'*+.^_`|~-]+)$/.exec(value)?.[1];
  if (header) return { header };
  throw new ConfigError(
    `--marketplace-key-in must be one of ${KEY_TRANSPORTS.join(', ')} or header:NAME (a header name), got "${value}"`,
  );
}

/** The API path prefix of the spec's operations (`/api/v1` or `/api`). */
function apiPrefix(api: ApiName): string {
  const paths = specModels[api].operations.map((operation) => operation.path.split('/').filter(Boolean));
  const common: string[] = [];
  for (let index = 0; paths.every((path) => path.length > index + 1 && path[index] === paths[0]![index]); index++)
    common.push(paths[0]![index]!);
  return `/${common.join('/')}`;
}

/** Where a base URL came from, as the messages name it. */
interface UrlSource {
  value: string;
  /** "ANALYTICS_BASE_URL", "--analytics-url", "analyticsUrl in tallyport.config.json". */
  name: string;
}

function target(source: UrlSource | undefined, env: NodeJS.ProcessEnv, api: ApiName) {
  const prefix = api.toUpperCase();
  const baseUrl = source?.value.trim();
  if (!source || !baseUrl) return undefined;
  const { name } = source;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError(`${name} is not an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} is not an http(s) URL`);
  if (url.username || url.password) throw new ConfigError(`${name} must not carry credentials; set ${prefix}_API_KEY`);
  if (url.search || url.hash) throw new ConfigError(`${name} must not carry a query or a fragment`);
  const path = url.pathname.replace(/\/+$/, '');
  const operationsStart = apiPrefix(api);
  const first = `/${operationsStart.split('/')[1]}`;
  if (path.endsWith(operationsStart) || path.endsWith(first))
    throw new ConfigError(
      `${name} ends in ${path.endsWith(operationsStart) ? operationsStart : first}, but operation paths ` +
        `already start with ${operationsStart}: use ${url.origin}${path.slice(0, path.lastIndexOf(first))}`,
    );
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    throw new ConfigError(`${name} uses plain http to ${url.hostname}: the key would travel unencrypted; use https`);
  const apiKey = env[`${prefix}_API_KEY`];
  if (!apiKey) throw new ConfigError(`${name} is set but ${prefix}_API_KEY is not`);
  return { baseUrl: `${url.origin}${path}`, apiKey };
}

type FlagValues = Record<string, string | boolean | undefined>;

/** parseArgs, with its errors said without repeating a value that could be a key. */
function parseFlags(args: string[]): { values: FlagValues; positionals: string[] } {
  try {
    return parseArgs({ args, options: PARSE_OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const code = (error as { code?: string }).code;
    const flag = /'(--?[a-z][a-z-]*)/i.exec(message)?.[1];
    const known = OPTIONS.find((option) => `--${option.flag}` === flag || `-${option.short}` === flag);
    if (known && code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
      if (known.type === 'boolean') throw new ConfigError(`--${known.flag} takes no value`);
      throw new ConfigError(
        `--${known.flag} needs a value (${known.value}); to give one starting with "-", write --${known.flag}=VALUE`,
      );
    }
    // parseArgs quotes the offending argument; it could be a key, so only the flag name is kept.
    const flags = OPTIONS.map((option) => `--${option.flag}`);
    const nearestFlag = flag?.startsWith('--') ? didYouMean(flag, flags) : '';
    throw new ConfigError(
      `unknown or malformed option${flag ? ` ${flag}` : ''}${nearestFlag} ` +
        '(keys are read only from the environment; see --help)',
    );
  }
}

/** An argument that is not an option, named when it cannot be a key (a URL without credentials, or a word). */
function unexpected(argument: string): ConfigError {
  if (/^https?:\/\//i.test(argument)) {
    const shown = new Redactor().url(argument);
    return new ConfigError(
      `unexpected argument ${shown}: base URLs come from ANALYTICS_BASE_URL or --analytics-url, ` +
        'MARKETPLACE_BASE_URL or --marketplace-url',
    );
  }
  if (/^[a-z][a-z-]{0,23}$/.test(argument))
    return new ConfigError(
      `unexpected argument "${argument}": the commands are baseline, cleanup and judge (see --help)`,
    );
  return new ConfigError('unexpected argument (not shown, in case it is a key): options start with -- (see --help)');
}

const stringOf = (value: string | boolean | undefined): string | undefined =>
  typeof value === 'string' ? value : undefined;

const PROGRESS_MODES: readonly ProgressMode[] = ['auto', 'live', 'lines', 'off'];

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): CliConfig {
  // `pnpm contract -- --flag` passes the `--` on; it separates nothing here.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let command: CliConfig['command'] = 'run';
  if (args[0] === 'cleanup' || args[0] === 'baseline') {
    command = args[0];
    args.shift();
  }
  const flags = parseFlags(args);
  if (flags.positionals.length > 0) throw unexpected(flags.positionals[0]!);
  for (const [name, value] of Object.entries(flags.values))
    if (typeof value === 'string' && value.trim() === '') throw new ConfigError(`--${name} needs a value`);
  // The flags that only print (help, a schema, the overlaid spec): those the config file cannot set, but --config.
  const printing = OPTIONS.some((option) => !option.config && option.flag !== 'config' && flags.values[option.flag]);
  const file = printing ? { options: {} } : loadConfigFile(stringOf(flags.values.config), env, cwd);
  // Flags win over the config file.
  const values: FlagValues = { ...file.options, ...flags.values };
  const text = (flag: string) => stringOf(values[flag]);
  const from = (flag: string) => (flag in flags.values ? `--${flag}` : `${configKeyOf(flag)} in ${file.file}`);

  let apis: ApiName[];
  try {
    apis = parseApiSelection(text('api'));
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const only =
    text('only')
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean) ?? [];
  const unknown = only.filter((name) => !CHECK_NAMES.includes(name));
  if (unknown.length > 0)
    throw new ConfigError(
      `unknown check(s) in --only: ${unknown.join(', ')}${didYouMean(unknown[0]!, CHECK_NAMES)} ` +
        `(known: ${CHECK_NAMES.join(', ')})`,
    );
  const websiteId = text('website-id');
  if (websiteId !== undefined && !/^[A-Za-z0-9_-]+$/.test(websiteId))
    throw new ConfigError('--website-id must be an id (letters, digits, - or _)');
  const itemId = text('item-id');
  if (itemId !== undefined && !/^\d+$/.test(itemId)) throw new ConfigError('--item-id must be a whole number');
  const mock = text('mock');
  if (mock !== undefined && !(EMBEDDED_MOCKS as readonly string[]).includes(mock))
    throw new ConfigError(
      `${from('mock')} must be one of ${EMBEDDED_MOCKS.join(', ')}${didYouMean(mock, EMBEDDED_MOCKS)}`,
    );
  const progress = (text('progress') ?? 'auto') as ProgressMode;
  if (!PROGRESS_MODES.includes(progress))
    throw new ConfigError(`--progress must be one of ${PROGRESS_MODES.join(', ')}`);

  // A base URL from its flag, else the environment, else the config file.
  const urlOf = (api: ApiName): UrlSource | undefined => {
    const flag = `${api}-url`;
    const variable = `${api.toUpperCase()}_BASE_URL`;
    if (typeof flags.values[flag] === 'string') return { value: flags.values[flag] as string, name: `--${flag}` };
    if (env[variable]?.trim()) return { value: env[variable]!, name: variable };
    const fromFile = stringOf(file.options[flag]);
    return fromFile ? { value: fromFile, name: `${configKeyOf(flag)} in ${file.file}` } : undefined;
  };
  const analytics =
    apis.includes('analytics') || command === 'cleanup' ? target(urlOf('analytics'), env, 'analytics') : undefined;
  const marketplaceTarget =
    apis.includes('marketplace') && command !== 'cleanup'
      ? target(urlOf('marketplace'), env, 'marketplace')
      : undefined;
  const keyTransport = keyTransportOf(text('marketplace-key-in'));
  const marketplace = marketplaceTarget
    ? {
        ...marketplaceTarget,
        ...(keyTransport ? { keyTransport } : {}),
        ...(env.MARKETPLACE_PURCHASE_CODE ? { purchaseCode: env.MARKETPLACE_PURCHASE_CODE } : {}),
        ...(env.MARKETPLACE_EMPTY_API_KEY ? { emptyApiKey: env.MARKETPLACE_EMPTY_API_KEY } : {}),
      }
    : undefined;
  const maxRequests = integer(text('max-requests'), from('max-requests'), 1, 1_000_000);
  const perSecond = integer(text('max-requests-per-second'), from('max-requests-per-second'), 0, 10_000);
  const concurrency = integer(text('concurrency'), from('concurrency'), 1, 64);
  const timeoutMs = seconds(text('timeout'), from('timeout'), 3600);
  const maxResponseBytes = integer(text('max-response-bytes'), from('max-response-bytes'), 1024, 1024 * MIB);
  const maxDurationMs = seconds(text('max-duration'), from('max-duration'), 24 * 3600);
  const examples = integer(text('examples'), from('examples'), 0, 1000);
  const seed = integer(text('seed'), from('seed'), 0, 2_147_483_647);
  const depth = integer(text('depth'), from('depth'), 2, 3);
  const sequences = integer(text('sequences'), from('sequences'), 0, 50);
  const limits = present({ maxRequests, maxRequestsPerSecond: perSecond, concurrency, timeoutMs, maxResponseBytes });
  const reports = (['junit', 'json', 'har'] as const).filter((flag) => text(flag) === '-');
  if (reports.length > 1)
    throw new ConfigError(
      `only one report can go to stdout, and ${reports.map((flag) => `--${flag}`).join(' and ')} ask for it`,
    );
  const ledgerFile = text('ledger') ?? DEFAULT_LEDGER;
  const updateBaseline = values['update-baseline'] === true;
  const overlaidSpec = text('overlaid-spec');
  if (overlaidSpec !== undefined && !API_NAMES.includes(overlaidSpec as ApiName))
    throw new ConfigError(`--overlaid-spec must be one of ${API_NAMES.join(', ')}`);
  if (overlaidSpec !== undefined && !text('baseline'))
    throw new ConfigError('--overlaid-spec needs the baseline to apply: --baseline FILE');
  if (updateBaseline && command === 'baseline')
    throw new ConfigError('--update-baseline is for a run: `baseline` always writes the file');
  if (updateBaseline && !text('baseline'))
    throw new ConfigError('--update-baseline needs the baseline to rewrite: --baseline FILE (or baseline in the file)');
  // A run reads the baseline it is given; `baseline` and --update-baseline write one.
  const writesBaseline = command === 'baseline' || updateBaseline;
  const baselineFile = text('baseline') ?? (command === 'baseline' ? DEFAULT_BASELINE_FILE : undefined);
  return {
    command,
    help: flags.values.help === true,
    version: flags.values.version === true,
    listChecks: flags.values['list-checks'] === true,
    reportSchema: flags.values['report-schema'] === true,
    configSchema: flags.values['config-schema'] === true,
    ...present({ junitFile: text('junit'), jsonFile: text('json'), harFile: text('har') }),
    ledgerFile,
    ...(writesBaseline && baselineFile ? { baselineFile } : {}),
    verbose: values.verbose === true,
    progress,
    ...present({ configFile: file.file, overlaidSpec: overlaidSpec as ApiName | undefined }),
    run: {
      apis,
      ...present({ analytics, marketplace, mock: mock as EmbeddedMock | undefined }),
      allowWrites: values['allow-writes'] === true,
      strict: values.strict === true,
      ...present({ websiteId, itemId }),
      only,
      limits,
      ledgerFile,
      ...(baselineFile && !writesBaseline ? { baseline: baselineFile } : {}),
      ...present({ examples, seed, depth, sequences, maxDurationMs }),
    },
  };
}
