// Options shared by both clients, and the wiring they have in common: the
// options checked, the key read and held in this closure only, the redactor
// built around it, and the request pipeline set up.
import { Redactor } from '@tallyport/redaction';
import type { ClassifyErrorBody } from './answer-errors.js';
import { TallyportError, ValidationError } from './errors.js';
import { assertServerEnvironment, checkBaseUrl } from './environment.js';
import { createHttp, type Http, type OutgoingParts } from './http.js';
import { createLog, type Log, type LogLevel, type Logger } from './logger.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  checkFunction,
  checkKnownKeys,
  checkRequestOptions,
  checkRetryOptions,
  refuse,
} from './option-checks.js';
import type { RetryOptions } from './retry.js';

export interface ClientOptions {
  /** Base address of the deployment, without the `/api` path. Defaults to the `*_BASE_URL` environment variable. */
  baseUrl?: string;
  /** The API key. Defaults to the `*_API_KEY` environment variable. Never logged or put in errors. */
  apiKey?: string;
  /** Milliseconds per attempt before APIConnectionTimeoutError (1 to 2^31 - 1). Default 60 000. */
  timeout?: number;
  /** Retries of idempotent requests on connection errors, 408, 429, 500, 502, 503 and 504 (0 to 100). Default 2. */
  maxRetries?: number;
  /**
   * Largest body, decompressed, the client reads from one answer (checked while it
   * streams in); a larger one throws ResponseTooLargeError. Default 16 MiB.
   */
  maxResponseBytes?: number;
  /** Backoff tuning. */
  retry?: RetryOptions;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof fetch;
  /** Where log lines go (default: console). Every URL, header and body is redacted first. */
  logger?: Logger;
  /** Default 'warn'. 'debug' logs every request and response (redacted). */
  logLevel?: LogLevel;
  /** Extra headers on every request. */
  defaultHeaders?: Record<string, string>;
  /** Allow running where the key would ship to end users (a browser). Default false. */
  dangerouslyAllowBrowser?: boolean;
  /** Allow sending the key over plain http to a non-loopback host. Default false. */
  allowInsecureHttp?: boolean;
}

const SHARED_OPTIONS = [
  'baseUrl',
  'apiKey',
  'timeout',
  'maxRetries',
  'maxResponseBytes',
  'retry',
  'fetch',
  'logger',
  'logLevel',
  'defaultHeaders',
  'dangerouslyAllowBrowser',
  'allowInsecureHttp',
];

const LEVELS = ['error', 'warn', 'info', 'debug'];

/** Refuses unknown options and values a timer, a loop or a reader would take silently. */
function checkClientOptions(where: string, options: ClientOptions, ownOptions: readonly string[]) {
  if (options === null || typeof options !== 'object') refuse(where, 'options', options, 'an options object');
  checkKnownKeys(where, options, [...SHARED_OPTIONS, ...ownOptions]);
  checkRequestOptions(where, options as Record<string, unknown>);
  checkRetryOptions(where, options.retry);
  checkFunction(where, 'fetch', options.fetch);
  if (options.logLevel !== undefined && !['off', ...LEVELS].includes(options.logLevel)) {
    refuse(where, 'logLevel', options.logLevel, `one of 'off', '${LEVELS.join("', '")}'`);
  }
  const logger = options.logger as unknown as Record<string, unknown> | undefined;
  if (logger !== undefined && !LEVELS.every((level) => typeof logger?.[level] === 'function')) {
    refuse(where, 'logger', logger, 'an object with error, warn, info and debug methods');
  }
  const headers = options.defaultHeaders as unknown;
  if (
    headers !== undefined &&
    (headers === null ||
      typeof headers !== 'object' ||
      !Object.values(headers).every((v) => typeof v === 'string' || v === undefined))
  ) {
    refuse(where, 'defaultHeaders', headers, 'a record of header names to strings');
  }
}

const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

/** Values of secret-named query or form parameters a request carries itself (a purchase code). */
function carriedSecrets(redactor: Redactor, parts: OutgoingParts): string[] {
  const found: string[] = [];
  const collect = (params: URLSearchParams) => {
    for (const [name, value] of params) if (value && redactor.isSecretName(name)) found.push(value);
  };
  const query = parts.url.indexOf('?');
  if (query >= 0) collect(new URLSearchParams(parts.url.slice(query)));
  if (parts.body) collect(new URLSearchParams(parts.body));
  return found;
}

export interface Wiring {
  baseUrl: string;
  log: Log;
  http: Http;
}

export function wireClient(
  api: 'ANALYTICS' | 'MARKETPLACE',
  options: ClientOptions,
  authorize: (parts: OutgoingParts, apiKey: string) => void,
  extra: { classifyErrorBody?: ClassifyErrorBody; secretNames?: string[]; ownOptions: readonly string[] },
): Wiring {
  const where = api === 'ANALYTICS' ? 'createAnalyticsClient' : 'createMarketplaceClient';
  checkClientOptions(where, options, extra.ownOptions);
  assertServerEnvironment(options.dangerouslyAllowBrowser);
  const apiKey = options.apiKey ?? env(`${api}_API_KEY`);
  if (typeof apiKey !== 'string' || apiKey.length === 0) {
    // The value is never shown: a key given in the wrong shape is still a key.
    throw new ValidationError(
      `Missing option \`apiKey\` for ${where}: pass the API key as a non-empty string, or set ${api}_API_KEY.`,
      where,
      'apiKey',
      undefined,
      undefined,
    );
  }
  const base = checkBaseUrl(where, options.baseUrl ?? env(`${api}_BASE_URL`), options.allowInsecureHttp);
  const secretNames = extra.secretNames ?? [];
  const redactor = new Redactor({ secretNames }).add(apiKey);
  const log = createLog(options.logger, options.logLevel);
  if (options.dangerouslyAllowBrowser) {
    log('warn', 'dangerouslyAllowBrowser is on: the API key is readable by anyone who loads this code.');
  }
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') {
    throw new TallyportError('No fetch implementation found: pass `fetch` (Node 20+ has one built in).');
  }
  const http = createHttp({
    fetch: fetchImpl,
    timeout: options.timeout ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    retry: options.retry ?? {},
    log,
    redactorFor(parts) {
      const carried = carriedSecrets(redactor, parts).filter((value) => value !== apiKey);
      if (carried.length === 0) return redactor;
      const own = new Redactor({ secretNames }).add(apiKey);
      for (const value of carried) own.add(value);
      return own;
    },
    authorize: (parts) => authorize(parts, apiKey),
    ...(extra.classifyErrorBody ? { classifyErrorBody: extra.classifyErrorBody } : {}),
  });
  return { baseUrl: base.href.replace(/\/+$/, ''), log, http };
}
