// Options shared by both clients, and the wiring they have in common.
import { TallyportError } from './errors.js';
import {
  DEFAULT_MAX_RESPONSE_BYTES,
  checkFunction,
  checkKnownKeys,
  checkOneOf,
  checkRequestOptions,
  checkRetryOptions,
  refuse,
} from './option-checks.js';
import { assertServerEnvironment, checkBaseUrl } from './environment.js';
import { createHttp, type HttpConfig, type OutgoingParts } from './http.js';
import { createLog, type LogLevel, type Logger } from './logger.js';
import { Redactor } from '@tallyport/redaction';
import type { RetryOptions } from './retry.js';

export interface ClientOptions {
  /** Base address of the deployment, without the `/api` path. Defaults to the `*_BASE_URL` environment variable. */
  baseUrl?: string;
  /** The API key. Defaults to the `*_API_KEY` environment variable. Never logged or put in errors. */
  apiKey?: string;
  /** Milliseconds per attempt before APIConnectionTimeoutError (1 to 2^31 - 1). Default 60 000. */
  timeout?: number;
  /** Retries of idempotent requests on connection errors, 408, 429 and 5xx (0 to 100). Default 2. */
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
] as const;

/** Refuses unknown options and values a timer, a loop or a reader would take silently. */
function checkClientOptions(where: string, options: ClientOptions, extra: { ownOptions: readonly string[] }) {
  if (options === null || typeof options !== 'object') {
    throw new TallyportError(`${where} expects an options object.`);
  }
  checkKnownKeys(where, options, [...SHARED_OPTIONS, ...extra.ownOptions]);
  checkRequestOptions(where, options as Record<string, unknown>);
  checkRetryOptions(where, options.retry);
  checkFunction(where, 'fetch', options.fetch);
  checkOneOf(where, 'logLevel', options.logLevel, ['off', 'error', 'warn', 'info', 'debug']);
  const logger = options.logger as unknown as Record<string, unknown> | undefined;
  if (logger !== undefined && !['error', 'warn', 'info', 'debug'].every((l) => typeof logger?.[l] === 'function')) {
    refuse(where, 'logger', logger, 'an object with error, warn, info and debug methods');
  }
  const headers = options.defaultHeaders as unknown;
  if (headers !== undefined) {
    const ok =
      headers !== null &&
      typeof headers === 'object' &&
      Object.values(headers).every((v) => typeof v === 'string' || v === undefined);
    if (!ok) refuse(where, 'defaultHeaders', headers, 'a record of header names to strings');
  }
}

function env(name: string): string | undefined {
  const p = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  return p?.env?.[name];
}

export interface Wiring {
  baseUrl: string;
  redactor: Redactor;
  log: ReturnType<typeof createLog>;
  http: ReturnType<typeof createHttp>;
}

export function wireClient(
  api: 'ANALYTICS' | 'MARKETPLACE',
  options: ClientOptions,
  authorize: (parts: OutgoingParts, apiKey: string) => void,
  extra: Pick<HttpConfig, 'classifyErrorBody'> & { sensitiveNames?: string[]; ownOptions: readonly string[] },
): Wiring {
  checkClientOptions(api === 'ANALYTICS' ? 'createAnalyticsClient' : 'createMarketplaceClient', options, extra);
  assertServerEnvironment(options.dangerouslyAllowBrowser);
  const apiKey = options.apiKey ?? env(`${api}_API_KEY`);
  if (typeof apiKey !== 'string' || apiKey.length === 0) {
    throw new TallyportError(`\`apiKey\` is required: pass it as an option or set ${api}_API_KEY.`);
  }
  const base = checkBaseUrl(options.baseUrl ?? env(`${api}_BASE_URL`), options.allowInsecureHttp);
  const redactor = new Redactor({ secretNames: extra.sensitiveNames ?? [] }).add(apiKey);
  const log = createLog(options.logger, options.logLevel);
  if (options.dangerouslyAllowBrowser)
    log('warn', 'dangerouslyAllowBrowser is on: the API key is readable by anyone who loads this code.');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function')
    throw new TallyportError('No fetch implementation found: pass `fetch` (Node 20+ has one built in).');
  const http = createHttp({
    fetch: fetchImpl,
    timeout: options.timeout ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    retry: options.retry ?? {},
    log,
    redactor,
    authorize: (parts) => authorize(parts, apiKey),
    ...(extra.classifyErrorBody ? { classifyErrorBody: extra.classifyErrorBody } : {}),
  });
  return { baseUrl: base.href.replace(/\/+$/, ''), redactor, log, http };
}
