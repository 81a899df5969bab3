// The one place where requests leave the process: the key is attached here,
// every attempt gets a fresh timeout signal, idempotent requests are retried,
// and every failure becomes a class from errors.ts with redacted details.
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
  UnexpectedResponseError,
  UnprocessableEntityError,
} from './errors.js';
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

export interface HttpConfig {
  fetch: typeof fetch;
  timeout: number;
  maxRetries: number;
  retry: RetryOptions;
  log: Log;
  redactor: Redactor;
  /** Attaches the credential to an outgoing request (mutates the parts). */
  authorize(parts: OutgoingParts): void;
  /** Recognises an API-specific error body (the marketplace's `status: "错误"`). */
  classifyErrorBody?(body: unknown, details: APIErrorDetails): APIError | undefined;
}

export interface PerRequestOptions {
  /** Abort this request (each request gets its own signal; nothing is shared). */
  signal?: AbortSignal;
  /** Milliseconds for this request, per attempt. */
  timeout?: number;
  /** Retries for this request (idempotent requests only). */
  maxRetries?: number;
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

function looksLikeHtml(contentType: string, text: string): boolean {
  return contentType.includes('html') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);
}

function serverMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['message', 'msg', 'error', 'detail', 'title']) {
      if (typeof b[key] === 'string') return b[key] as string;
    }
  }
  return undefined;
}

function fieldErrors(body: unknown): Record<string, string[]> {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  const out: Record<string, string[]> = {};
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [field, messages] of Object.entries(errors)) {
      out[field] = (Array.isArray(messages) ? messages : [messages]).map(String);
    }
  }
  return out;
}

export function createHttp(config: HttpConfig) {
  const { redactor, log } = config;

  function parseBody(text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  function toError(response: Response, text: string, method: string, url: string): APIError {
    const contentType = response.headers.get('content-type') ?? '';
    const html = looksLikeHtml(contentType, text);
    const body = html ? undefined : redactor.value(parseBody(text));
    const details: APIErrorDetails = {
      status: response.status,
      method,
      url,
      body,
      headers: redactor.headers(response.headers),
    };
    const known = config.classifyErrorBody?.(body, details);
    if (known) return known;
    const where = `${response.status} from ${method} ${url}`;
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location');
      const target = location ? ` to ${redactor.url(new URL(location, url).href)}` : '';
      return new UnexpectedResponseError(
        `Expected JSON but the server redirected (${where}${target}), ` +
          `as a login page or a wrong address does. ${CHECK_SETUP}`,
        details,
      );
    }
    const said = html ? 'the server answered with an HTML page' : serverMessage(body);
    const message = `${where}${said ? `: ${redactor.truncate(said, 300)}` : ''}${html ? `. ${CHECK_SETUP}` : ''}`;
    if (response.status === 422) return new UnprocessableEntityError(message, details, fieldErrors(body));
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

  /** Sends one logical request (with its retries) and returns the parsed answer, or throws. */
  async function execute(parts: OutgoingParts, options: SendOptions = {}): Promise<Outcome> {
    // Both specs take form-encoded bodies only, and the clients serialise every
    // body that way (openapi-fetch would otherwise label it JSON).
    if (parts.body !== undefined) parts.headers['content-type'] = 'application/x-www-form-urlencoded';
    config.authorize(parts);
    const { method, url: href, headers, body } = parts;
    let safeUrl: string | undefined;
    const url = () => (safeUrl ??= redactor.url(href));
    const idempotent = options.idempotent ?? IDEMPOTENT_METHODS.has(method);
    const maxRetries = idempotent ? Math.max(0, options.maxRetries ?? config.maxRetries) : 0;
    const timeout = options.timeout ?? config.timeout;
    const userSignal = options.signal;
    const aborted = () => new APIUserAbortError(`${method} ${url()} was aborted by the caller.`);

    for (let attempt = 0; ; attempt++) {
      if (userSignal?.aborted) throw aborted();
      if (log.enabled('debug')) {
        log('debug', `request ${method} ${url()}`, {
          attempt,
          headers: redactor.headers(headers),
          ...(body !== undefined ? { body: redactor.formBody(body) } : {}),
        });
      }
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
        const text = await response.text();
        if (log.enabled('debug'))
          log('debug', `response ${response.status} ${method} ${url()}`, {
            headers: redactor.headers(response.headers),
          });
        if (isSuccessStatus(response.status)) return toSuccess(response, text, method, url);
        failure = toError(response, text, method, url());
      } catch (error) {
        if (error instanceof APIError) throw error;
        if (userSignal?.aborted) throw aborted();
        const cause =
          error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : 'unknown error';
        failure = timedOut
          ? new APIConnectionTimeoutError(`${method} ${url()} timed out after ${timeout} ms.`, method, url())
          : new APIConnectionError(
              `Could not reach ${method} ${url()}: ${redactor.text(String(cause))}.`,
              method,
              url(),
            );
      } finally {
        clearTimeout(timer);
        userSignal?.removeEventListener('abort', onUserAbort);
      }
      const retryable =
        failure instanceof APIConnectionError || (failure.status !== undefined && RETRYABLE_STATUS(failure.status));
      if (!retryable || attempt >= maxRetries) throw failure;
      const delay = retryDelay(attempt, response?.headers, config.retry);
      if (delay === undefined) throw failure;
      log(
        'info',
        `retrying ${method} ${url()} in ${Math.round(delay)} ms (attempt ${attempt + 2} of ${maxRetries + 1})`,
        { reason: failure.message },
      );
      try {
        await sleep(delay, userSignal);
      } catch {
        throw aborted();
      }
    }
  }

  /** The fetch given to openapi-fetch for path-level calls: same pipeline, answer rebuilt as a Response. */
  async function send(request: Request, options: SendOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const outcome = await execute(
      {
        method: request.method,
        url: request.url,
        headers,
        body: request.body ? await request.text() : undefined,
        operation: options.operation,
      },
      { signal: request.signal, ...options },
    );
    if (outcome.payload === undefined) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(outcome.payload), {
      status: outcome.status,
      headers: { 'content-type': 'application/json' },
    });
  }

  return { execute, send };
}

export type Http = ReturnType<typeof createHttp>;
