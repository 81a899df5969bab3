// What both clients have in common: their shared options, checked; the key,
// read once and held in this closure only; the redactor built around it; the
// request pipeline, registered for rawClient; and `call`, which sends one
// operation the way the resource methods do.
import { Redactor } from '@tallyport/redaction';
import type { ClassifyErrorBody } from './answer-errors.js';
import { assertServerEnvironment, checkBaseUrl } from './environment.js';
import { formBody } from './form.js';
import { createHttp, type Outcome, type OutgoingParts, type SendOptions } from './http.js';
import { LOG_LEVELS, LOGGER_METHODS, createLog, type LogLevel, type Logger } from './logger.js';
import { LIMIT_RULES, RETRY_RULES, type Rules, checkOptions, optionError, refuse } from './option-checks.js';
import { type Operations, bindRaw } from './raw.js';
import { type ResponseValidator, checkResponse } from './response-check.js';
import type { RetryOptions } from './retry.js';
import { buildUrl, lowerCaseHeaders } from './url.js';
import type { OperationFacts } from './validation.js';

export interface ClientOptions {
  /** Base address of the deployment, without the `/api` path. Defaults to the `*_BASE_URL` environment variable. */
  baseUrl?: string;
  /** The API key. Defaults to the `*_API_KEY` environment variable. Never logged or put in errors. */
  apiKey?: string;
  /** Milliseconds per attempt before APIConnectionTimeoutError (1 to 2^31 - 1). Default 60 000. */
  timeout?: number;
  /** Retries of idempotent requests on no answer, 408, 429, 500, 502, 503 and 504 (0 to 100). Default 2. */
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
  /** Default 'warn'. 'debug' logs a line per attempt; 'trace' adds its headers and bodies (redacted). */
  logLevel?: LogLevel;
  /** Extra headers on every request. */
  defaultHeaders?: Record<string, string>;
  /** Check every successful payload against the spec (see `@tallyport/client/response-validation`). */
  validateResponses?: ResponseValidator;
  /** Allow running where the key would ship to end users (a browser). Default false. */
  dangerouslyAllowBrowser?: boolean;
  /** Allow sending the key over plain http to a non-loopback host. Default false. */
  allowInsecureHttp?: boolean;
}

const isFunction = (value: unknown) => typeof value === 'function';

/**
 * The options both clients take (a client adds its own); the key, the address and the guards are checked where
 * they are read.
 */
const CLIENT_RULES: Rules = {
  baseUrl: 0,
  apiKey: 0,
  ...LIMIT_RULES,
  retry: RETRY_RULES,
  fetch: [isFunction, 'a function'],
  logger: [
    (v) => LOGGER_METHODS.every((method) => typeof (v as Record<string, unknown> | null)?.[method] === 'function'),
    `an object with ${LOGGER_METHODS.join(', ')} methods`,
  ],
  logLevel: [(v) => LOG_LEVELS.includes(v as LogLevel), `one of ${LOG_LEVELS.join(', ')}`],
  defaultHeaders: [
    (v) => !!v && typeof v === 'object' && Object.values(v).every((h) => typeof h === 'string' || h === undefined),
    'an object of strings',
  ],
  validateResponses: [isFunction, 'a function'],
  dangerouslyAllowBrowser: 0,
  allowInsecureHttp: 0,
};

const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];

type Query = Readonly<Record<string, unknown>>;

/** An operation as the generated facts describe it: enough to build its request. */
type Operation = OperationFacts & { readonly method: string; readonly path: string };

export interface CallInit {
  path?: Query;
  query?: Query;
  body?: unknown;
}

export function wireClient(
  /** The API's name as the factory says it (`Analytics`); its environment variables are named in capitals. */
  api: 'Analytics' | 'Marketplace',
  options: ClientOptions,
  authorize: (parts: OutgoingParts, apiKey: string) => void,
  extra: {
    classifyErrorBody?: ClassifyErrorBody;
    secretNames?: string[];
    /** Options of this client alone, checked like the shared ones. */
    ownOptions: Rules;
    /** The path every operation starts with (`/api/v1`): a `baseUrl` ending in it is refused. */
    pathPrefix: string;
  },
) {
  const where = `create${api}Client`;
  const prefix = api.toUpperCase();
  // Unknown options, NaN, Infinity and out-of-range values are refused: timers and loops would take them silently.
  checkOptions(where, options, { ...CLIENT_RULES, ...extra.ownOptions });
  assertServerEnvironment(where, options.dangerouslyAllowBrowser);
  const apiKey = options.apiKey ?? env(`${prefix}_API_KEY`);
  if (typeof apiKey !== 'string' || apiKey.length === 0) {
    // The value is never shown: a key given in the wrong shape is still a key.
    throw optionError(
      where,
      'apiKey',
      `Missing option \`apiKey\` for ${where}: pass the key, or set ${prefix}_API_KEY.`,
    );
  }
  const baseUrl = checkBaseUrl(
    where,
    options.baseUrl ?? env(`${prefix}_BASE_URL`),
    options.allowInsecureHttp,
    extra.pathPrefix,
  );
  const secretNames = extra.secretNames ?? [];
  const redactor = new Redactor({ secretNames }).add(apiKey);
  const log = createLog(options.logger, options.logLevel);
  if (options.dangerouslyAllowBrowser) log.warn?.('dangerouslyAllowBrowser: every visitor could read the key.');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  if (typeof fetchImpl !== 'function') refuse(where, 'fetch', fetchImpl, 'a function (there is no global fetch)');
  const http = createHttp(options, {
    fetch: fetchImpl,
    log,
    redactorFor(carried) {
      const own = carried.filter((value) => value !== apiKey);
      // A request that carries secrets of its own gets a redactor of its own: the client's stays the key's.
      return own.length ? own.reduce((r, value) => r.add(value), new Redactor({ secretNames }).add(apiKey)) : redactor;
    },
    authorize: (parts) => authorize(parts, apiKey),
    classifyErrorBody: extra.classifyErrorBody,
  });
  const headers = lowerCaseHeaders({ ...options.defaultHeaders, accept: 'application/json' });

  /**
   * Sends one operation. Resource methods reuse openapi-fetch's URL and
   * parameter serialisation but skip its Request objects: the same bytes on
   * the wire, less work per call.
   */
  async function call(
    operationId: string,
    op: Operation,
    init: CallInit,
    sendOptions: SendOptions = {},
  ): Promise<Outcome> {
    const outcome = await http.execute(
      {
        method: op.method,
        url: buildUrl(baseUrl, op.path, init),
        headers: { ...headers },
        body: init.body === undefined ? undefined : formBody(init.body),
        operation: operationId,
        // Its parameters are checked values by name: those with a secret's name are what it carries.
        carried: Object.values(init).flatMap((params: Query) =>
          Object.keys(params)
            .filter((name) => params[name] != null && redactor.isSecretName(name))
            .map((name) => String(params[name])),
        ),
      },
      sendOptions,
    );
    checkResponse(options.validateResponses, operationId, outcome.payload);
    return outcome;
  }

  return {
    call,
    /** Registers the client for rawClient, with its operations (a path-level call is sent as the operation it is). */
    bind: <T extends object>(client: T, operations: Operations): T =>
      bindRaw(client, { baseUrl, headers, http, operations, redactor }),
  };
}
