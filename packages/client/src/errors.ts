// The whole error hierarchy of the client. Every error message is built from
// already-redacted parts, and no error keeps a reference to the request, its
// headers or the key, so printing, logging or serialising an error is safe.
// Each class names itself with a literal (`name`), which no build step can
// rename, so `util.inspect` and stacks read the same under ESM and CommonJS.
import type { marketplaceOperations } from './generated/marketplace.js';

export class TallyportError extends Error {
  override name = 'TallyportError';

  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, message: this.message };
    for (const [k, v] of Object.entries(this)) if (k !== 'cause') out[k] = v;
    return out;
  }
}

/** An input or an option was refused before any request left the process. */
export class ValidationError extends TallyportError {
  override name = 'ValidationError';
  constructor(
    message: string,
    /** The operation (`websites.list`) or the factory (`createAnalyticsClient`) that refused it. */
    readonly operation: string,
    /** The parameter or option refused (`per_page`, `retry.maxDelayMs`). */
    readonly parameter: string | undefined,
    readonly value: unknown,
    readonly allowed: readonly unknown[] | undefined,
  ) {
    super(message);
  }
}

/** A successful response did not match the spec (only with response validation on). */
export class ResponseValidationError extends TallyportError {
  override name = 'ResponseValidationError';
  constructor(
    message: string,
    readonly operation: string,
    /** At most 50 problems, then a count of the rest. */
    readonly problems: readonly string[],
  ) {
    super(message);
  }
}

/**
 * `listAll` or `stats.iterate` stopped rather than hand back part of a list:
 * it could not tell whether more pages follow, the deployment did not turn
 * the page, or `maxPages` was reached. `option` names what to set.
 */
export class PaginationError extends TallyportError {
  override name = 'PaginationError';
  constructor(
    message: string,
    readonly operation: string,
    /** The client option that decides this (`pageParameter`, `nextPage` or `maxPages`). */
    readonly option: string,
    /** Pages read before stopping; their items were already handed out. */
    readonly pagesRead: number,
  ) {
    super(message);
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

  constructor(message: string, details: APIErrorDetails) {
    super(message);
    Object.assign(this, details);
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
  constructor(
    message: string,
    details: APIErrorDetails,
    readonly fields: Record<string, string[]>,
  ) {
    super(message, details);
  }
}

export class RateLimitError extends APIError {
  override name = 'RateLimitError';
  constructor(
    message: string,
    details: APIErrorDetails,
    /** Milliseconds the server asked to wait (`Retry-After`, or the rate-limit reset when none remains). */
    readonly retryAfterMs: number | undefined,
  ) {
    super(message, details);
  }
}

export class InternalServerError extends APIError {
  override name = 'InternalServerError';
}

/**
 * The stable code of a marketplace error: one per message the spec lists
 * (`x-tallyport-error-messages`), and `unknown` for any other message.
 */
export type MarketplaceErrorCode =
  | (typeof marketplaceOperations)[keyof typeof marketplaceOperations]['errorMessages'][number]['code']
  | 'unknown';

/** The marketplace answered `status: "错误"`, whatever the HTTP status code. */
export class MarketplaceAPIError extends APIError {
  override name = 'MarketplaceAPIError';
  constructor(
    message: string,
    details: APIErrorDetails,
    /** The server's `msg` (redacted, cut after 1,000 characters). */
    readonly msg: string,
    /** A stable code for the known messages of the spec, `unknown` otherwise. */
    readonly code: MarketplaceErrorCode,
  ) {
    super(message, details);
  }
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
  constructor(
    message: string,
    details: APIErrorDetails,
    /** The limit that was exceeded, in bytes. */
    readonly maxResponseBytes: number,
  ) {
    super(message, details);
  }
}

/**
 * A successful answer left out a field the client needs to make the next
 * call (a website or item without its `id`). The spec cannot promise the
 * field where the source documentation does not show the record, so the
 * client checks it at run time.
 */
export class MissingFieldError extends TallyportError {
  override name = 'MissingFieldError';
  constructor(
    message: string,
    readonly operation: string,
    /** The record kind (`website`, `item`). */
    readonly record: string,
    /** The missing field (`id`). */
    readonly field: string,
    /** Position of the record in a list answer, when it is one. */
    readonly index: number | undefined,
  ) {
    super(message);
  }
}

/** No answer: the connection failed. `cause` holds the underlying error, redacted. */
export class APIConnectionError extends TallyportError {
  override name = 'APIConnectionError';
  constructor(
    message: string,
    readonly method: string,
    readonly url: string,
    options: { cause?: unknown },
    /** Attempts made, retries included. */
    readonly attempts: number,
    /** Milliseconds from the first attempt to this error, backoff waits included. */
    readonly elapsedMs: number,
  ) {
    super(message, options);
  }
}

export class APIConnectionTimeoutError extends APIConnectionError {
  override name = 'APIConnectionTimeoutError';
}

/** The caller's `signal` aborted the request. */
export class APIUserAbortError extends TallyportError {
  override name = 'APIUserAbortError';
}
