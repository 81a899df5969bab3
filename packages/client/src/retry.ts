// When and how long to wait before another attempt. Only idempotent
// requests are ever retried: a create that timed out may have happened.

export interface RetryOptions {
  /** First backoff delay, doubled per attempt. Default 500 ms. */
  initialDelayMs?: number;
  /** Longest computed backoff. Default 8 s. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown. Default 60 s. */
  maxRetryAfterMs?: number;
}

export const RETRYABLE_STATUS = (status: number): boolean => status === 408 || status === 429 || status >= 500;

export const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

// An HTTP date (RFC 9110 IMF-fixdate, or the obsolete RFC 850 and asctime
// forms) starts with a day name; anything else that is not a plain number of
// seconds, such as `-5`, is ignored rather than read by Date.parse as a year.
const HTTP_DATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? /i;
const SECONDS = /^\d+(\.\d+)?$/;

/** Milliseconds from `Retry-After` (seconds or an HTTP date) or `retry-after-ms`, if present and sane. */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms');
  if (ms !== null && SECONDS.test(ms.trim())) return Number(ms.trim());
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (SECONDS.test(trimmed)) return Number(trimmed) * 1000;
  if (!HTTP_DATE.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** Exponential backoff with jitter: between 75% and 100% of min(initial * 2^attempt, max). */
export function backoffDelay(attempt: number, options: RetryOptions = {}, random = Math.random): number {
  const initial = options.initialDelayMs ?? 500;
  const max = options.maxDelayMs ?? 8000;
  const base = Math.min(initial * 2 ** attempt, max);
  return base * (1 - random() * 0.25);
}

/**
 * The wait before the next attempt, or `undefined` when the server asked for
 * a longer wait than the cap allows (retrying sooner would be refused anyway).
 */
export function retryDelay(
  attempt: number,
  headers: Headers | undefined,
  options: RetryOptions = {},
): number | undefined {
  const asked = headers ? parseRetryAfter(headers) : undefined;
  if (asked === undefined) return backoffDelay(attempt, options);
  return asked <= (options.maxRetryAfterMs ?? 60_000) ? asked : undefined;
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
