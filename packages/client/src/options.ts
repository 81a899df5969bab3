// Options shared by both clients, and the wiring they have in common.
import { TallyportError } from './errors.js';
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
  /** Milliseconds per attempt before a request fails with APIConnectionTimeoutError. Default 60 000. */
  timeout?: number;
  /** Retries of idempotent requests on connection errors, 408, 429 and 5xx. Default 2. */
  maxRetries?: number;
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
  extra: Pick<HttpConfig, 'classifyErrorBody'> & { sensitiveNames?: string[] } = {},
): Wiring {
  assertServerEnvironment(options.dangerouslyAllowBrowser);
  const apiKey = options.apiKey ?? env(`${api}_API_KEY`);
  if (typeof apiKey !== 'string' || apiKey.length === 0) {
    throw new TallyportError(`\`apiKey\` is required: pass it as an option or set ${api}_API_KEY.`);
  }
  if (options.timeout !== undefined && !(options.timeout > 0 && Number.isFinite(options.timeout))) {
    throw new TallyportError(`\`timeout\` must be a positive number of milliseconds, got ${String(options.timeout)}.`);
  }
  if (options.maxRetries !== undefined && !(Number.isInteger(options.maxRetries) && options.maxRetries >= 0)) {
    throw new TallyportError(`\`maxRetries\` must be a whole number >= 0, got ${String(options.maxRetries)}.`);
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
    retry: options.retry ?? {},
    log,
    redactor,
    authorize: (parts) => authorize(parts, apiKey),
    ...(extra.classifyErrorBody ? { classifyErrorBody: extra.classifyErrorBody } : {}),
  });
  return { baseUrl: base.href.replace(/\/+$/, ''), redactor, log, http };
}
