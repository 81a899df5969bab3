// The whole error hierarchy of the client. Every error message is built from
// already-redacted parts, and no error keeps a reference to the request, its
// headers or the key, so printing, logging or serialising an error is safe.
// Each class names itself with a literal (`name`), which no build step can
// rename, so `util.inspect` and stacks read the same under ESM and CommonJS.
import type { marketplaceErrorCodes } from './generated/marketplace.js';

export class TallyportError extends Error {
  override name = 'TallyportError';

  /** Every error's own fields come as one object, so a subclass declares them and sets none itself. */
  constructor(message?: string, fields?: object, options?: ErrorOptions) {
    super(message, options);
    Object.assign(this, fields);
  }

  toJSON(): Record<string, unknown> {
    const { cause, ...fields } = this as Record<string, unknown>;
    return { name: this.name, message: this.message, ...fields };
  }
}

/** An input or an option was refused before any request left the process. */
export class ValidationError extends TallyportError {
  override name = 'ValidationError';
  /** The operation (`websites.list`) or the factory (`createAnalyticsClient`) that refused it. */
  declare readonly operation: string;
  /** The parameter or option refused (`per_page`, `retry.maxDelayMs`). */
  declare readonly parameter: string | undefined;
  declare readonly value: unknown;
  declare readonly allowed: readonly unknown[] | undefined;
  constructor(
    message: string,
    operation: string,
    parameter: string | undefined,
    value: unknown,
    allowed: readonly unknown[] | undefined,
  ) {
    super(message, { operation, parameter, value, allowed });
  }
}

/** A successful response did not match the spec (only with response validation on). */
export class ResponseValidationError extends TallyportError {
  override name = 'ResponseValidationError';
  declare readonly operation: string;
  /** At most 50 problems, then a count of the rest. */
  declare readonly problems: readonly string[];
  constructor(message: string, operation: string, problems: readonly string[]) {
    super(message, { operation, problems });
  }
}

/**
 * `listAll` or `stats.iterate` stopped rather than hand back part of a list:
 * it could not tell whether more pages follow, the deployment did not turn
 * the page, or `maxPages` was reached. `option` names what to set.
 */
export class PaginationError extends TallyportError {
  override name = 'PaginationError';
  declare readonly operation: string;
  /** The client option that decides this (`pageParameter`, `nextPage` or `maxPages`). */
  declare readonly option: string;
  /** Pages read before stopping; their items were already handed out. */
  declare readonly pagesRead: number;
  constructor(message: string, operation: string, option: string, pagesRead: number) {
    super(message, { operation, option, pagesRead });
  }
}

export interface APIErrorDetails {
  status: number | undefined;
  method: string;
  /** The request URL with every secret redacted. */
  url: string;
  /** The answer's body, redacted; a body over 4 kB is kept as its first 4,096 characters. */
  body: unknown;
  headers: Record<string, string>;
}

/** The server answered, and the answer is a failure (or a payload the client cannot read). */
export class APIError extends TallyportError {
  override name = 'APIError';
  declare readonly status: number | undefined;
  declare readonly method: string;
  declare readonly url: string;
  declare readonly body: unknown;
  declare readonly headers: Record<string, string>;

  /** `fields`: what a subclass adds to the details (`retryAfterMs`, `fields`, `msg` and `code`). */
  constructor(message: string, details: APIErrorDetails, fields?: object) {
    super(message, { ...details, ...fields });
  }
}

export class BadRequestError extends APIError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends APIError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  override name = 'NotFoundError';
}
export class ConflictError extends APIError {
  override name = 'ConflictError';
}

/**
 * 422: the server refused a parameter; `fields` holds its per-field messages
 * when the body has them (a map without a prototype, so a field named
 * `__proto__` is just a field).
 */
export class UnprocessableEntityError extends APIError {
  override name = 'UnprocessableEntityError';
  declare readonly fields: Record<string, string[]>;
}

export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  /** Milliseconds the server asked to wait (`Retry-After`, or the rate-limit reset when none remains). */
  declare readonly retryAfterMs: number | undefined;
}

export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/**
 * The stable code of a marketplace error: one per message the spec lists
 * (`x-tallyport-error-messages`), and `unknown` for any other message.
 */
export type MarketplaceErrorCode = (typeof marketplaceErrorCodes)[keyof typeof marketplaceErrorCodes] | 'unknown';

/** The marketplace answered `status: "错误"`, whatever the HTTP status code. */
export class MarketplaceAPIError extends APIError {
  override name = 'MarketplaceAPIError';
  /** The server's `msg` (redacted, cut after 1,000 characters). */
  declare readonly msg: string;
  /** A stable code for the known messages of the spec, `unknown` otherwise. */
  declare readonly code: MarketplaceErrorCode;
}

/**
 * An HTML page, a login redirect, non-JSON where JSON was expected, or a
 * payload in which the client cannot find what it asked for.
 */
export class UnexpectedResponseError extends APIError {
  override name = 'UnexpectedResponseError';
}

/** The answer's body (decompressed) grew past `maxResponseBytes`; reading stopped there. */
export class ResponseTooLargeError extends APIError {
  override name = 'ResponseTooLargeError';
  /** The limit that was exceeded, in bytes. */
  declare readonly maxResponseBytes: number;
}

/**
 * A successful answer left out a field the client needs to make the next
 * call (a website or item without its `id`). The spec cannot promise the
 * field where the source documentation does not show the record, so the
 * client checks it at run time.
 */
export class MissingFieldError extends TallyportError {
  override name = 'MissingFieldError';
  declare readonly operation: string;
  /** The record kind (`website`, `item`). */
  declare readonly record: string;
  /** The missing field (`id`). */
  declare readonly field: string;
  /** Position of the record in a list answer, when it is one. */
  declare readonly index: number | undefined;
  constructor(message: string, operation: string, record: string, field: string, index: number | undefined) {
    super(message, { operation, record, field, index });
  }
}

/** No answer: the connection failed. `cause` holds the underlying error, redacted. */
export class APIConnectionError extends TallyportError {
  override name = 'APIConnectionError';
  declare readonly method: string;
  declare readonly url: string;
  /** Attempts made, retries included. */
  declare readonly attempts: number;
  /** Milliseconds from the first attempt to this error, backoff waits included. */
  declare readonly elapsedMs: number;
  constructor(
    message: string,
    method: string,
    url: string,
    options: { cause?: unknown },
    attempts: number,
    elapsedMs: number,
  ) {
    super(message, { method, url, attempts, elapsedMs }, options);
  }
}

export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
}

/** The caller's `signal` aborted the request. */
export class APIUserAbortError extends TallyportError {
  override name = 'APIUserAbortError';
}
