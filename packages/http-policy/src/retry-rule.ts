// Which failures are worth another attempt, for the client and for the
// contract tester. Only idempotent requests are repeated after a failure: a
// create that timed out may have happened. The client retries every status
// that says the failure is passing:
// - 408, 429 and 503 always (the server asked to come back; RFC 9110);
// - 502 and 504 too: a gateway found its upstream unreachable or slow, which
//   says nothing of the request itself, and repeating an idempotent request is
//   safe by definition;
// - 500 as well, since many servers answer a passing overload with a bare 500;
// - never 501, 505 or the other 5xx, which describe a lasting state, nor any
//   other 4xx, which would fail the same way again.

/** Whether a status says the failure is passing. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 500 || UNAVAILABLE_STATUSES.has(status);
}

import { UNAVAILABLE_STATUSES } from './status.js';

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

export interface JudgingRetryQuestion extends RetryQuestion {
  /** Whether the connection closed before any answer (a reset, not a timeout): see shouldRetryJudging. */
  closedBeforeAnswer?: boolean;
}

/**
 * Whether the contract tester makes another attempt. It judges what a deployment answers, so it repeats only what
 * says nothing of the request: a 429 (not served, whatever it asked: sent again once its pause is over, a few
 * times more than other failures), and a gateway's 502, 503 or 504 or a connection closed before any answer to a
 * request that may arrive twice. The latter is how a kept-alive connection ends that the server closed as the
 * request went out; RFC 9112, 9.3.1 lets a client send an idempotent request again on a new connection. A server's
 * own 500 is judged, never hidden by a second try, and so is a request that timed out.
 */
export function shouldRetryJudging(question: JudgingRetryQuestion): boolean {
  const { status, idempotent, attempt, maxRetries, closedBeforeAnswer } = question;
  if (status === 429) return attempt <= maxRetries * 4;
  const saysNothing = status === undefined ? closedBeforeAnswer === true : UNAVAILABLE_STATUSES.has(status);
  return idempotent && attempt <= maxRetries && saysNothing;
}
