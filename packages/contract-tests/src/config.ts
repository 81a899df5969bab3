// Configuration of a CLI run: deployments and keys from the environment only,
// everything else from flags, each checked (integers, ranges) before anything
// is sent. A key is never accepted on the command line, where it would land
// in shell history and process listings.
import { parseArgs } from 'node:util';
import type { ApiName } from '@tallyport/spec-model/query';
import { parseApiSelection } from './api-selection.js';
import { CHECKS, CHECK_NAMES } from './checks/index.js';
import type { KeyTransport } from './cases/template.js';
import type { RunOptions } from './runner.js';
import { DEFAULT_LIMITS, DEFAULT_MAX_DURATION_MS } from './runner.js';
import { specModels } from './specs.js';
import { DEFAULT_LEDGER } from './writes/ledger.js';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface CliConfig {
  command: 'run' | 'cleanup';
  help: boolean;
  listChecks: boolean;
  reportSchema: boolean;
  run: RunOptions;
  junitFile?: string;
  jsonFile?: string;
  harFile?: string;
  ledgerFile: string;
}

const MIB = 1024 * 1024;

export const HELP = `Usage: tallyport-contract [options]
       tallyport-contract cleanup [--ledger FILE]

Checks Analytics and Marketplace deployments against the Tallyport specs.
An API whose base URL is not set is checked against its embedded Prism mock.

Environment (keys are read only from here, never from flags):
  ANALYTICS_BASE_URL, ANALYTICS_API_KEY
  MARKETPLACE_BASE_URL, MARKETPLACE_API_KEY
  MARKETPLACE_PURCHASE_CODE   a known valid purchase code (optional)
  MARKETPLACE_EMPTY_API_KEY   a valid key that has no items (optional)
  NO_COLOR                    no colour even on a terminal

Options:
  --api analytics|marketplace|all   APIs to check (default all)
  --allow-writes                    create, update and delete websites of this run only
                                    (domain tallyport-contract-<run>-*.example.com);
                                    always on for the mock
  --strict                          conventions that do not hold fail the run too (default: warnings)
  --ledger FILE                     where creates are recorded (default ${DEFAULT_LEDGER})
  --website-id ID                   website to read (never written)
  --item-id ID                      item to read
  --only CHECK[,CHECK]              run only these checks
  --examples N                      drawn examples per operation, valid and invalid (default 0)
  --seed N                          seed of the drawn examples (printed and stored in reports)
  --junit FILE | --json FILE        write a JUnit XML or JSON report
  --har FILE                        write every exchange, redacted, as a HAR 1.2 file
  --max-requests N                  cap on requests per API (default ${DEFAULT_LIMITS.maxRequests})
  --max-requests-per-second N       default ${DEFAULT_LIMITS.maxRequestsPerSecond}; 0 for no limit
  --concurrency N                   requests in flight, 1-64 (default ${DEFAULT_LIMITS.concurrency})
  --timeout SECONDS                 per request (default ${DEFAULT_LIMITS.timeoutMs / 1000})
  --max-response-bytes N            largest answer read, decompressed
                                    (default ${DEFAULT_LIMITS.maxResponseBytes / MIB} MiB)
  --max-duration SECONDS            the whole run, cleanup excepted (default ${DEFAULT_MAX_DURATION_MS / 1000})
  --marketplace-key-in WHERE        where api_key travels, which the source documentation does not
                                    show: spec (query for GET, form body for POST; default),
                                    query, form, or header:NAME
  --list-checks                     print the checks and what each judges
  --report-schema                   print the JSON Schema of the --json report
  --help                            this text

Exit codes: 0 conforms; 1 violations found; 2 configuration or connectivity
problem, or a run that could not check what it was asked to (request cap
reached, everything skipped, interrupted).

Cleanup: deletes the websites recorded in the ledger that still show their
run's domain, and reports those it could not delete.`;

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

function target(env: NodeJS.ProcessEnv, api: ApiName): { baseUrl: string; apiKey: string } | undefined {
  const prefix = api.toUpperCase();
  const baseUrl = env[`${prefix}_BASE_URL`]?.trim();
  if (!baseUrl) return undefined;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError(`${prefix}_BASE_URL is not an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${prefix}_BASE_URL is not an http(s) URL`);
  if (url.username || url.password)
    throw new ConfigError(`${prefix}_BASE_URL must not carry credentials; set ${prefix}_API_KEY`);
  if (url.search || url.hash) throw new ConfigError(`${prefix}_BASE_URL must not carry a query or a fragment`);
  const path = url.pathname.replace(/\/+$/, '');
  const operationsStart = apiPrefix(api);
  const first = `/${operationsStart.split('/')[1]}`;
  if (path.endsWith(operationsStart) || path.endsWith(first))
    throw new ConfigError(
      `${prefix}_BASE_URL ends in ${path.endsWith(operationsStart) ? operationsStart : first}, but operation paths ` +
        `already start with ${operationsStart}: use ${url.origin}${path.slice(0, path.lastIndexOf(first))}`,
    );
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || url.hostname.startsWith('127.');
  if (url.protocol === 'http:' && !loopback)
    throw new ConfigError(
      `${prefix}_BASE_URL uses plain http to ${url.hostname}: the key would travel unencrypted; use https`,
    );
  const apiKey = env[`${prefix}_API_KEY`];
  if (!apiKey) throw new ConfigError(`${prefix}_BASE_URL is set but ${prefix}_API_KEY is not`);
  return { baseUrl: `${url.origin}${path}`, apiKey };
}

const OPTIONS = {
  api: { type: 'string', default: 'all' },
  'allow-writes': { type: 'boolean', default: false },
  strict: { type: 'boolean', default: false },
  ledger: { type: 'string' },
  'website-id': { type: 'string' },
  'item-id': { type: 'string' },
  only: { type: 'string' },
  examples: { type: 'string' },
  seed: { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  har: { type: 'string' },
  'max-requests-per-second': { type: 'string' },
  'max-requests': { type: 'string' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  'max-response-bytes': { type: 'string' },
  'max-duration': { type: 'string' },
  'marketplace-key-in': { type: 'string' },
  'list-checks': { type: 'boolean', default: false },
  'report-schema': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): CliConfig {
  // `pnpm contract -- --flag` passes the `--` on; it separates nothing here.
  const args = argv[0] === '--' ? argv.slice(1) : [...argv];
  let command: CliConfig['command'] = 'run';
  if (args[0] === 'cleanup') {
    command = 'cleanup';
    args.shift();
  }
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }));
  } catch (error) {
    // parseArgs quotes the offending argument; it could be a key, so only the flag name is kept.
    const flag = error instanceof Error ? /'(--?[a-z-]+)/i.exec(error.message)?.[1] : undefined;
    throw new ConfigError(
      `unknown or malformed option${flag ? ` ${flag}` : ''} (keys are read only from the environment; see --help)`,
    );
  }
  for (const [name, value] of Object.entries(values))
    if (typeof value === 'string' && value.trim() === '') throw new ConfigError(`--${name} needs a value`);
  let apis: ApiName[];
  try {
    apis = parseApiSelection(values.api);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const only =
    values.only
      ?.split(',')
      .map((name) => name.trim())
      .filter(Boolean) ?? [];
  const unknown = only.filter((name) => !CHECK_NAMES.includes(name));
  if (unknown.length > 0)
    throw new ConfigError(`unknown check(s) in --only: ${unknown.join(', ')} (known: ${CHECK_NAMES.join(', ')})`);
  const websiteId = values['website-id'];
  if (websiteId !== undefined && !/^[A-Za-z0-9_-]+$/.test(websiteId))
    throw new ConfigError('--website-id must be an id (letters, digits, - or _)');
  const itemId = values['item-id'];
  if (itemId !== undefined && !/^\d+$/.test(itemId)) throw new ConfigError('--item-id must be a whole number');

  const analytics = apis.includes('analytics') || command === 'cleanup' ? target(env, 'analytics') : undefined;
  const marketplaceTarget = apis.includes('marketplace') && command === 'run' ? target(env, 'marketplace') : undefined;
  const keyTransport = keyTransportOf(values['marketplace-key-in']);
  const marketplace = marketplaceTarget
    ? {
        ...marketplaceTarget,
        ...(keyTransport ? { keyTransport } : {}),
        ...(env.MARKETPLACE_PURCHASE_CODE ? { purchaseCode: env.MARKETPLACE_PURCHASE_CODE } : {}),
        ...(env.MARKETPLACE_EMPTY_API_KEY ? { emptyApiKey: env.MARKETPLACE_EMPTY_API_KEY } : {}),
      }
    : undefined;
  const maxRequests = integer(values['max-requests'], '--max-requests', 1, 1_000_000);
  const perSecond = integer(values['max-requests-per-second'], '--max-requests-per-second', 0, 10_000);
  const concurrency = integer(values.concurrency, '--concurrency', 1, 64);
  const timeoutMs = seconds(values.timeout, '--timeout', 3600);
  const maxResponseBytes = integer(values['max-response-bytes'], '--max-response-bytes', 1024, 1024 * MIB);
  const maxDurationMs = seconds(values['max-duration'], '--max-duration', 24 * 3600);
  const examples = integer(values.examples, '--examples', 0, 1000);
  const seed = integer(values.seed, '--seed', 0, 2_147_483_647);
  const limits = {
    ...(maxRequests !== undefined ? { maxRequests } : {}),
    ...(perSecond !== undefined ? { maxRequestsPerSecond: perSecond } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}),
  };
  const ledgerFile = values.ledger ?? DEFAULT_LEDGER;
  return {
    command,
    help: values.help,
    listChecks: values['list-checks'],
    reportSchema: values['report-schema'],
    ...(values.junit ? { junitFile: values.junit } : {}),
    ...(values.json ? { jsonFile: values.json } : {}),
    ...(values.har ? { harFile: values.har } : {}),
    ledgerFile,
    run: {
      apis,
      ...(analytics ? { analytics } : {}),
      ...(marketplace ? { marketplace } : {}),
      allowWrites: values['allow-writes'],
      strict: values.strict,
      ...(websiteId ? { websiteId } : {}),
      ...(itemId ? { itemId } : {}),
      only,
      limits,
      ledgerFile,
      ...(examples !== undefined ? { examples } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(maxDurationMs !== undefined ? { maxDurationMs } : {}),
    },
  };
}
