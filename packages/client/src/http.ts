// The one place where requests leave the process: the key is attached here,
// every attempt gets a fresh timeout signal, bodies are read under a size
// limit, idempotent requests are retried, and every failure becomes a class
// from errors.ts with redacted details.
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  type APIErrorDetails,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ResponseTooLargeError,
  UnexpectedResponseError,
  UnprocessableEntityError,
} from './errors.js';
import { readBody } from './body.js';
import { innermostMessage, redactedCause } from './cause.js';
import type { Log } from './logger.js';
import type { Redactor } from '@tallyport/redaction';
import { isSuccessStatus } from '@tallyport/spec-model/query';
import {
  IDEMPOTENT_METHODS,
  RETRYABLE_STATUS,
  type RetryOptions,
  parseRetryAfter,
  retryDelay,
  sleep,
} from './retry.js';

export interface OutgoingParts {
  method: string;
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | undefined;
  operation: string | undefined;
}

export interface Outcome {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined for an empty answer. */
  payload: unknown;
}

/** An answer of any status, its body read (for `raw`, which never throws on a status). */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export interface HttpConfig {
  fetch: typeof fetch;
  timeout: number;
  maxRetries: number;
  maxResponseBytes: number;
  retry: RetryOptions;
  log: Log;
  redactor: Redactor;
  /** Attaches the credential to an outgoing request (mutates the parts). */
  authorize(parts: OutgoingParts): void;
  /** Recognises an API-specific error body (the marketplace's `status: "错误"`); `body` is not redacted. */
  classifyErrorBody?(body: unknown, details: APIErrorDetails): APIError | undefined;
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
  operation?: string;
  idempotent?: boolean;
}

const ERROR_BY_STATUS: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
};

const CHECK_SETUP = 'Check `baseUrl` (the deployment address, without the /api path) and the API key.';

/** How much of an error body an error keeps (characters). */
export const ERROR_BODY_KEPT = 4096;
/** How much of a body a debug log line shows (characters). */
export const LOGGED_BODY = 1000;
const FIELD_LIMIT = 100;
const MESSAGES_PER_FIELD = 20;

function looksLikeHtml(contentType: string, text: string): boolean {
  return contentType.includes('html') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'msg', 'error', 'detail', 'title']) {
      if (Object.hasOwn(b, key) && typeof b[key] === 'string') return b[key] as string;
    }
  }
  return undefined;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A value of an answer as JSON text, redacted. The redacted copy is cut at a
 * nesting depth, so a hostile answer nested a million levels deep cannot make
 * JSON.stringify overflow the stack.
 */
export function redactedJson(redactor: Redactor, value: unknown): string {
  return JSON.stringify(redactor.value(value)) ?? String(value);
}

export function createHttp(config: HttpConfig) {
  const { redactor, log } = config;

  function parseBody(text: string): { json: boolean; value: unknown } {
    try {
      return { json: true, value: JSON.parse(text) };
    } catch {
      return { json: false, value: text };
    }
  }

  /** Per-field messages of a Laravel-style `errors`, redacted, bounded, in a map without a prototype. */
  function fieldErrors(body: unknown): Record<string, string[]> {
    const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
    const out: Record<string, string[]> = Object.create(null);
    if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
      for (const [field, messages] of Object.entries(errors).slice(0, FIELD_LIMIT)) {
        out[redactor.truncate(field, 200)] = (Array.isArray(messages) ? messages : [messages])
          .slice(0, MESSAGES_PER_FIELD)
          .map((m) => redactor.truncate(typeof m === 'string' ? m : redactedJson(redactor, m), 300));
      }
    }
    return out;
  }

  function redirectTarget(location: string | null, base: string): string {
    if (!location) return '';
    try {
      return ` to ${redactor.url(new URL(location, base).href)}`;
    } catch {
      return ` to a malformed Location (${redactor.truncate(JSON.stringify(location), 200)})`;
    }
  }

  function toError(response: Response, text: string, exceeded: boolean, method: string, url: string): APIError {
    const contentType = response.headers.get('content-type') ?? '';
    const html = looksLikeHtml(contentType, text);
    const parsed = html || exceeded ? { json: false, value: text } : parseBody(text);
    // The whole body is read (within maxResponseBytes) to classify it; an error keeps a few kB of it.
    let kept: unknown;
    if (html || text === '') kept = undefined;
    else if (parsed.json && text.length <= ERROR_BODY_KEPT) kept = redactor.value(parsed.value);
    else kept = redactor.truncate(text, ERROR_BODY_KEPT);
    const details: APIErrorDetails = {
      status: response.status,
      method,
      url,
      body: kept,
      headers: redactor.headers(response.headers),
    };
    const known = parsed.json ? config.classifyErrorBody?.(parsed.value, details) : undefined;
    if (known) return known;
    const where = `${response.status} from ${method} ${url}`;
    if (response.status >= 300 && response.status < 400) {
      return new UnexpectedResponseError(
        `Expected JSON but the server redirected (${where}${redirectTarget(response.headers.get('location'), url)}), ` +
          `as a login page or a wrong address does. ${CHECK_SETUP}`,
        details,
      );
    }
    const said = html ? 'the server answered with an HTML page' : serverMessage(parsed.value);
    const message = `${where}${said ? `: ${redactor.truncate(said, 300)}` : ''}${html ? `. ${CHECK_SETUP}` : ''}`;
    if (response.status === 422) return new UnprocessableEntityError(message, details, fieldErrors(parsed.value));
    if (response.status === 429) return new RateLimitError(message, details, parseRetryAfter(response.headers));
    if (response.status >= 500) return new InternalServerError(message, details);
    const Class = ERROR_BY_STATUS[response.status] ?? APIError;
    return new Class(message, details);
  }

  function toSuccess(response: Response, text: string, method: string, url: () => string): Outcome {
    if (text === '' || response.status === 204)
      return { status: response.status, headers: response.headers, payload: undefined };
    const contentType = response.headers.get('content-type') ?? '';
    const html = looksLikeHtml(contentType, text);
    if (!html) {
      try {
        return { status: response.status, headers: response.headers, payload: JSON.parse(text) };
      } catch {
        // reported below
      }
    }
    const kind = html
      ? 'an HTML page (often a login page or a web server default page)'
      : `non-JSON content (${contentType || 'no content type'})`;
    throw new UnexpectedResponseError(`Expected JSON from ${method} ${url()} but got ${kind}. ${CHECK_SETUP}`, {
      status: response.status,
      method,
      url: url(),
      body: undefined,
      headers: redactor.headers(response.headers),
    });
  }

  /**
   * One logical request with its retries. `answer` mode returns the last
   * answer whatever its status (for `raw`); otherwise a non-2XX throws.
   */
  async function run(
    parts: OutgoingParts,
    options: SendOptions,
    mode: 'outcome' | 'answer',
  ): Promise<Outcome | Answer> {
    // Both specs take form-encoded bodies only, and the clients serialise every
    // body that way (openapi-fetch would otherwise label it JSON).
    if (parts.body !== undefined) parts.headers['content-type'] = 'application/x-www-form-urlencoded';
    config.authorize(parts);
    const { method, url: href, headers, body } = parts;
    let safeUrl: string | undefined;
    const url = () => (safeUrl ??= redactor.url(href));
    const idempotent = options.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const maxRetries = idempotent ? (options.maxRetries ?? config.maxRetries) : 0;
    const timeout = options.timeout ?? config.timeout;
    const limit = options.maxResponseBytes ?? config.maxResponseBytes;
    const userSignal = options.signal;
    const attempts = maxRetries + 1;
    const started = Date.now();
    const aborted = () => new APIUserAbortError(`${method} ${url()} was aborted by the caller.`);

    for (let attempt = 1; ; attempt++) {
      if (userSignal?.aborted) throw aborted();
      const counter = `attempt ${attempt} of ${attempts}`;
      if (log.enabled('debug')) {
        log('debug', `request ${method} ${url()} (${counter})`, {
          headers: redactor.headers(headers),
          ...(body !== undefined ? { body: redactor.truncate(redactor.formBody(body), LOGGED_BODY) } : {}),
        });
      }
      const attemptStarted = Date.now();
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
        // Read the body under the same timer: a stalled body times out too.
        const read = await readBody(response, limit);
        const { status } = response;
        if (log.enabled('debug')) {
          log('debug', `response ${status} ${method} ${url()} (${counter}, ${Date.now() - attemptStarted} ms)`, {
            headers: redactor.headers(response.headers),
            body: redactor.truncate(read.text, LOGGED_BODY),
          });
        }
        const success = isSuccessStatus(status);
        if (read.exceeded && (success || mode === 'answer')) {
          throw new ResponseTooLargeError(
            `The answer to ${method} ${url()} (${status}) is larger than maxResponseBytes (${limit} bytes, ` +
              'decompressed); reading stopped there. Raise `maxResponseBytes` if such answers are expected.',
            { status, method, url: url(), body: undefined, headers: redactor.headers(response.headers) },
            limit,
          );
        }
        if (mode === 'answer') {
          const answer: Answer = { status, headers: response.headers, text: read.text };
          if (success || !RETRYABLE_STATUS(status) || attempt > maxRetries) return answer;
          failure = toError(response, read.text, read.exceeded, method, url());
        } else {
          if (success) return toSuccess(response, read.text, method, url);
          failure = toError(response, read.text, read.exceeded, method, url());
        }
      } catch (error) {
        if (error instanceof APIError) throw error;
        if (userSignal?.aborted) throw aborted();
        const elapsed = Date.now() - started;
        const tally = `${counter}, ${seconds(elapsed)} in all`;
        const cause = redactedCause(error, redactor);
        failure = timedOut
          ? new APIConnectionTimeoutError(
              `${method} ${url()} timed out after ${timeout} ms (${tally}).`,
              method,
              url(),
              { cause },
              attempt,
              elapsed,
            )
          : new APIConnectionError(
              `Could not reach ${method} ${url()}: ${redactor.truncate(innermostMessage(error), 300)} (${tally}).`,
              method,
              url(),
              { cause },
              attempt,
              elapsed,
            );
        response = undefined;
      } finally {
        clearTimeout(timer);
        userSignal?.removeEventListener('abort', onUserAbort);
      }
      const retryable =
        failure instanceof APIConnectionError || (failure.status !== undefined && RETRYABLE_STATUS(failure.status));
      if (!retryable || attempt > maxRetries) throw failure;
      const delay = retryDelay(attempt - 1, response?.headers, config.retry);
      if (delay === undefined) throw failure;
      log('info', `retrying ${method} ${url()} in ${Math.round(delay)} ms (attempt ${attempt + 1} of ${attempts})`, {
        reason: failure.message,
      });
      try {
        await sleep(delay, userSignal);
      } catch {
        throw aborted();
      }
    }
  }

  /** Sends one logical request (with its retries) and returns the parsed answer, or throws. */
  function execute(parts: OutgoingParts, options: SendOptions = {}): Promise<Outcome> {
    return run(parts, options, 'outcome') as Promise<Outcome>;
  }

  /**
   * The fetch given to openapi-fetch for path-level calls: same pipeline, and
   * the answer of any status rebuilt as a Response from the body text read once.
   */
  async function send(request: Request, options: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = (await run(
      {
        method: request.method,
        url: request.url,
        headers,
        body: request.body ? await request.text() : undefined,
        operation: options.operation,
      },
      { signal: request.signal, ...options },
      'answer',
    )) as Answer;
    const out = new Headers(answer.headers);
    // The body is handed on decoded, so its transfer headers no longer apply.
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) out.delete(name);
    const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
    return new Response(empty ? null : answer.text, { status: answer.status, headers: out });
  }

  return { execute, send };
}

export type Http = ReturnType<typeof createHttp>;
