// The one place where requests leave the process: the key is attached here,
// every attempt gets a fresh timeout signal, bodies are read under a size
// limit, idempotent requests are retried (the shared HTTP policy decides
// which and when), and every failure becomes a class from errors.ts with
// redacted details. Log lines carry redacted copies only, in both directions.
import { isSuccessStatus, readCapped, shouldRetry, sleep } from '@tallyport/http-policy';
import type { Redactor } from '@tallyport/redaction';
import {
  type AnswerFacts,
  CHECK_SETUP,
  type ClassifyErrorBody,
  answerError,
  detailsOf,
  looksLikeHtml,
  redactedJson,
  toError,
} from './answer-errors.js';
import { innermostMessage, redactedCause } from './cause.js';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  ResponseTooLargeError,
} from './errors.js';
import type { Log } from './logger.js';
import { DEFAULT_MAX_RESPONSE_BYTES } from './option-checks.js';
import { type RetryOptions, retryDelay } from './retry.js';

export interface OutgoingParts {
  method: string;
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | undefined;
  operation: string | undefined;
  /** The values of the secret-named parameters the request carries itself (a purchase code). */
  carried: string[];
}

/** A successful answer, parsed. Internal: `url` still holds the key where the transport puts it there. */
export interface Outcome extends AnswerFacts {
  /** Parsed JSON, or undefined for an empty answer. */
  payload: unknown;
}

/** An answer of any status with its body read once (for rawClient, which never throws on a status). */
export interface RawAnswer {
  response: Response;
  text: string;
}

/** The settings a request falls back on: the client's options, checked (defaults apply where they say nothing). */
export interface HttpSettings {
  timeout?: number;
  maxRetries?: number;
  maxResponseBytes?: number;
  retry?: RetryOptions;
}

export interface HttpConfig {
  fetch: typeof fetch;
  log: Log;
  /** The redactor of one request: the key, and the secrets the request itself carries (a purchase code). */
  redactorFor(carried: string[]): Redactor;
  /** Attaches the credential to an outgoing request (mutates the parts). */
  authorize(parts: OutgoingParts): void;
  /** Recognises an API-specific error body (the marketplace's `status: "错误"`); `body` is not redacted. */
  classifyErrorBody?: ClassifyErrorBody;
}

export interface PerRequestOptions {
  /** Abort this request (each request gets its own signal; nothing is shared). */
  signal?: AbortSignal;
  /** Milliseconds for this request, per attempt. */
  timeout?: number;
  /** Retries for this request (idempotent requests only). */
  maxRetries?: number;
  /** Largest body (decompressed) this request accepts, in bytes. */
  maxResponseBytes?: number;
}

export interface SendOptions extends PerRequestOptions {
  idempotent?: boolean;
}

/** The methods whose requests may be repeated: sending one twice has the effect of sending it once. */
const IDEMPOTENT = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

/** How much of a body a trace log line shows (characters). */
const LOGGED_BODY = 1000;

/** A body for a log line: JSON redacted by value (secret-named fields too), any text redacted, then cut. */
function loggedBody(redactor: Redactor, text: string): string {
  let shown = text;
  try {
    shown = redactedJson(redactor, JSON.parse(text));
  } catch {}
  return redactor.truncate(shown, LOGGED_BODY);
}

export function createHttp(settings: HttpSettings, config: HttpConfig) {
  const { log } = config;

  function parseSuccess(answer: Outcome, text: string): Outcome {
    if (text === '' || answer.status === 204) return answer;
    try {
      // A byte order mark, or a PHP default `text/html` label, is no reason to refuse good JSON.
      answer.payload = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
      return answer;
    } catch {}
    const contentType = answer.headers.get('content-type') ?? '';
    const kind = looksLikeHtml(contentType, text) ? 'an HTML page' : `${contentType || 'content'} that is not JSON`;
    throw answerError(detailsOf(answer), `${kind}. ${CHECK_SETUP}`);
  }

  /**
   * One logical request with its retries. With `raw` (for rawClient), the last
   * answer comes back whatever its status; otherwise a non-2XX throws.
   */
  async function run(parts: OutgoingParts, options: SendOptions, raw: boolean): Promise<Outcome | RawAnswer> {
    // Both specs take form-encoded bodies only, and the clients serialise every
    // body that way (openapi-fetch would otherwise label it JSON).
    if (parts.body !== undefined) parts.headers['content-type'] = 'application/x-www-form-urlencoded';
    const redactor = config.redactorFor(parts.carried);
    config.authorize(parts);
    const { method, url: href, headers, body } = parts;
    // Redacted only when a message or a log line needs it: most requests need neither.
    let shown: string | undefined;
    const url = () => (shown ??= redactor.url(href));
    const target = () => `${method} ${url()}`;
    const idempotent = options.idempotent ?? IDEMPOTENT.includes(method);
    const maxRetries = options.maxRetries ?? settings.maxRetries ?? 2;
    const timeout = options.timeout ?? settings.timeout ?? 60_000;
    const limit = options.maxResponseBytes ?? settings.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    const userSignal = options.signal;
    const attempts = idempotent ? maxRetries + 1 : 1;
    const started = Date.now();
    const stopIfAborted = () => {
      if (userSignal?.aborted) throw new APIUserAbortError(`${target()} was aborted.`);
    };

    for (let attempt = 1; ; attempt++) {
      stopIfAborted();
      const counter = `attempt ${attempt} of ${attempts}`;
      const retryable = (status?: number) => shouldRetry({ status, idempotent, attempt, maxRetries });
      log.trace?.(`request ${target()} (${counter})`, {
        headers: { ...redactor.headers(headers) },
        ...(body !== undefined ? { body: redactor.truncate(redactor.formBody(body), LOGGED_BODY) } : {}),
      });
      const attemptStarted = Date.now();
      const took = () => `${counter}, ${Date.now() - attemptStarted} ms`;
      // A fresh signal per attempt: a timeout or abort never leaks into another request.
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeout);
      const onUserAbort = () => controller.abort();
      userSignal?.addEventListener('abort', onUserAbort, { once: true });
      let failure: APIError | APIConnectionError;
      let response: Response | undefined;
      try {
        response = await config.fetch(href, { method, headers, body, signal: controller.signal, redirect: 'manual' });
        const { status } = response;
        const answer = { status, headers: response.headers, method, url: href, redactor } as Outcome;
        // Read the body under the same timer: a stalled body times out too.
        const [text, exceeded] = await readCapped(response, limit);
        if (log.trace) {
          log.trace(`response ${status} ${target()} (${took()})`, {
            headers: { ...redactor.headers(response.headers) },
            body: loggedBody(redactor, text),
          });
        } else log.debug?.(`${target()} → ${status} (${took()})`);
        const success = isSuccessStatus(status);
        if (exceeded && (success || raw)) {
          const problem = `the body passed \`maxResponseBytes\` (${limit} bytes).`;
          throw answerError(detailsOf(answer), problem, ResponseTooLargeError, { maxResponseBytes: limit });
        }
        if (raw && (success || !retryable(status))) return { response, text };
        if (success) return parseSuccess(answer, text);
        failure = toError(answer, text, exceeded, config.classifyErrorBody);
      } catch (error) {
        if (error instanceof APIError) throw error;
        stopIfAborted();
        const elapsed = Date.now() - started;
        const what = timedOut
          ? `${target()} timed out after ${timeout} ms`
          : `Could not reach ${target()}: ${redactor.truncate(innermostMessage(error), 300)}`;
        log.debug?.(`${target()} → no answer (${took()})`);
        failure = new (timedOut ? APIConnectionTimeoutError : APIConnectionError)(
          `${what} (${counter}, ${(elapsed / 1000).toFixed(1)} s in all).`,
          method,
          url(),
          { cause: redactedCause(error, redactor) },
          attempt,
          elapsed,
        );
        response = undefined;
      } finally {
        clearTimeout(timer);
        userSignal?.removeEventListener('abort', onUserAbort);
      }
      if (!retryable((failure as APIError).status)) throw failure;
      const delay = retryDelay(attempt, response?.headers, settings.retry ?? {});
      if (delay === undefined) throw failure;
      log.info?.(`retrying ${target()} in ${Math.round(delay)} ms (attempt ${attempt + 1} of ${attempts})`, {
        reason: failure.message,
      });
      await sleep(delay, userSignal);
      stopIfAborted();
    }
  }

  return {
    /** Sends one logical request (with its retries) and returns the parsed answer, or throws. */
    execute: (parts: OutgoingParts, options: SendOptions = {}) => run(parts, options, false) as Promise<Outcome>,
    /** The same pipeline, returning the last answer whatever its status. */
    answer: (parts: OutgoingParts, options: SendOptions) => run(parts, options, true) as Promise<RawAnswer>,
  };
}

export type Http = ReturnType<typeof createHttp>;
