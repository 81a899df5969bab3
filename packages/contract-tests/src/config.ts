// Configuration of a CLI run: deployments and keys from the environment only,
// everything else from flags. A key is never accepted on the command line,
// where it would land in shell history and process listings.
import { parseArgs } from 'node:util';
import { CHECK_NAMES } from './checks/index.js';
import type { RunOptions } from './runner.js';
import { DEFAULT_LIMITS } from './runner.js';
import type { ApiName } from '@tallyport/spec-model/query';
import { parseApiSelection } from './api-selection.js';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface CliConfig {
  help: boolean;
  listChecks: boolean;
  run: RunOptions;
  junitFile?: string;
  jsonFile?: string;
}

export const HELP = `Usage: tallyport-contract [options]

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
  --allow-writes                    create, update and delete websites of this run
                                    (domain tallyport-contract-<run>-*.example.com);
                                    always on for the mock
  --website-id ID                   website to read (never written)
  --item-id ID                      item to read
  --only CHECK[,CHECK]              run only these checks
  --junit FILE                      write a JUnit XML report
  --json FILE                       write a JSON report
  --max-requests-per-second N       default ${DEFAULT_LIMITS.maxRequestsPerSecond}
  --max-requests N                  cap on requests per API (default ${DEFAULT_LIMITS.maxRequests})
  --concurrency N                   requests in flight (default ${DEFAULT_LIMITS.concurrency})
  --timeout SECONDS                 per request (default ${DEFAULT_LIMITS.timeoutMs / 1000})
  --list-checks                     print the check names
  --help                            this text

Exit codes: 0 conforms, 1 violations found, 2 configuration or connectivity problem.

Checks: ${CHECK_NAMES.join(', ')}`;

function positive(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0)
    throw new ConfigError(`${flag} must be a positive number, got "${value}"`);
  return number;
}

function target(
  env: NodeJS.ProcessEnv,
  prefix: 'ANALYTICS' | 'MARKETPLACE',
): { baseUrl: string; apiKey: string } | undefined {
  const baseUrl = env[`${prefix}_BASE_URL`]?.trim();
  if (!baseUrl) return undefined;
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    if (url.username || url.password)
      throw new ConfigError(`${prefix}_BASE_URL must not carry credentials; set ${prefix}_API_KEY`);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`${prefix}_BASE_URL is not an http(s) URL`);
  }
  const apiKey = env[`${prefix}_API_KEY`];
  if (!apiKey) throw new ConfigError(`${prefix}_BASE_URL is set but ${prefix}_API_KEY is not`);
  return { baseUrl, apiKey };
}

const OPTIONS = {
  api: { type: 'string', default: 'all' },
  'allow-writes': { type: 'boolean', default: false },
  'website-id': { type: 'string' },
  'item-id': { type: 'string' },
  only: { type: 'string' },
  junit: { type: 'string' },
  json: { type: 'string' },
  'max-requests-per-second': { type: 'string' },
  'max-requests': { type: 'string' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  'list-checks': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

export function parseConfig(argv: string[], env: NodeJS.ProcessEnv): CliConfig {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({
      args: argv,
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // parseArgs quotes the offending argument; it could be a key, so only the flag name is kept.
    const flag = error instanceof Error ? /'(--?[a-z-]+)/i.exec(error.message)?.[1] : undefined;
    throw new ConfigError(
      `unknown or malformed option${flag ? ` ${flag}` : ''} (keys are read only from the environment; see --help)`,
    );
  }
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

  const analytics = apis.includes('analytics') ? target(env, 'ANALYTICS') : undefined;
  const marketplaceTarget = apis.includes('marketplace') ? target(env, 'MARKETPLACE') : undefined;
  const marketplace = marketplaceTarget
    ? {
        ...marketplaceTarget,
        ...(env.MARKETPLACE_PURCHASE_CODE ? { purchaseCode: env.MARKETPLACE_PURCHASE_CODE } : {}),
        ...(env.MARKETPLACE_EMPTY_API_KEY ? { emptyApiKey: env.MARKETPLACE_EMPTY_API_KEY } : {}),
      }
    : undefined;
  const timeout = positive(values.timeout, '--timeout');
  const limits = {
    ...(positive(values['max-requests-per-second'], '--max-requests-per-second') !== undefined
      ? { maxRequestsPerSecond: positive(values['max-requests-per-second'], '--max-requests-per-second')! }
      : {}),
    ...(positive(values['max-requests'], '--max-requests') !== undefined
      ? { maxRequests: Math.floor(positive(values['max-requests'], '--max-requests')!) }
      : {}),
    ...(positive(values.concurrency, '--concurrency') !== undefined
      ? { concurrency: Math.floor(positive(values.concurrency, '--concurrency')!) }
      : {}),
    ...(timeout !== undefined ? { timeoutMs: Math.round(timeout * 1000) } : {}),
  };
  return {
    help: values.help,
    listChecks: values['list-checks'],
    ...(values.junit ? { junitFile: values.junit } : {}),
    ...(values.json ? { jsonFile: values.json } : {}),
    run: {
      apis,
      ...(analytics ? { analytics } : {}),
      ...(marketplace ? { marketplace } : {}),
      allowWrites: values['allow-writes'],
      ...(websiteId ? { websiteId } : {}),
      ...(itemId ? { itemId } : {}),
      only,
      limits,
    },
  };
}
