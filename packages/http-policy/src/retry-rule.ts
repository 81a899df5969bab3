// Which failures are worth another attempt. Only idempotent requests are ever
// repeated: a create that timed out may have happened. Among statuses, only
// those that say the failure is passing are retried:
// - 408, 429 and 503 always (the server asked to come back; RFC 9110);
// - 502 and 504 too: a gateway found its upstream unreachable or slow, which
//   says nothing of the request itself, and repeating an idempotent request is
//   safe by definition;
// - 500 as well, since many servers answer a passing overload with a bare 500;
// - never 501, 505 or the other 5xx, which describe a lasting state, nor any
//   other 4xx, which would fail the same way again.

/** Whether a status says the failure is passing. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status === 500 || status === 502 || status === 503 || status === 504;
}

export interface RetryQuestion {
  /** The status of the failed answer; undefined when no answer came (connection error, timeout). */
  status: number | undefined;
  /** Whether repeating the request is safe (GET, PUT, DELETE, or a read sent as POST). */
  idempotent: boolean;
  /** The attempt that just failed, counting from 1. */
  attempt: number;
  /** How many retries are allowed after the first attempt. */
  maxRetries: number;
}

/** Whether to make another attempt after this one failed. */
export function shouldRetry({ status, idempotent, attempt, maxRetries }: RetryQuestion): boolean {
  return idempotent && attempt <= maxRetries && (status === undefined || isRetryableStatus(status));
}
