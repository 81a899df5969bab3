// How long to wait before another attempt: what the server asked for
// (`retry-after-ms` or `Retry-After`), else an exponential backoff with
// jitter. The rules themselves live in the shared HTTP policy, so the client
// and the contract tester read headers alike.
import { checkedBackoffMs, retryAfterFetchHeadersMs } from '@tallyport/http-policy';

export interface RetryOptions {
  /** First backoff delay, doubled per attempt. Default 500 ms. */
  initialDelayMs?: number;
  /** Longest computed backoff. Default 8 s. */
  maxDelayMs?: number;
  /** A wait the server asks for that is longer than this is not waited for: the error is thrown. Default 60 s. */
  maxRetryAfterMs?: number;
}

/**
 * The wait before retry number `retry` (from 1), or `undefined` when the
 * server asked for a longer wait than the cap allows (retrying sooner would be
 * refused anyway). The backoff is 75-100 % of min(initial × 2^(retry − 1), max).
 */
export function retryDelay(retry: number, headers: Headers | undefined, options: RetryOptions): number | undefined {
  const asked = headers && retryAfterFetchHeadersMs(headers);
  if (asked === undefined) {
    return checkedBackoffMs(retry, options.initialDelayMs ?? 500, options.maxDelayMs ?? 8000, 0.25);
  }
  return asked <= (options.maxRetryAfterMs ?? 60_000) ? asked : undefined;
}
