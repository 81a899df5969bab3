// The one HTTP policy of the repository, bundled into the client and the
// contract tester: what the server's headers advise, how long to back off,
// which failures to retry, and how to read a body without trusting its size.
export { backoffMs, type BackoffOptions, checkedBackoffMs } from './backoff.js';
export { BodyTooLarge, HEAD_BYTES, readCapped, readCappedText } from './capped-body.js';
export { type HeaderSource, headerValue } from './headers.js';
export { unsafePathSegment } from './path-segment.js';
export { adviceWaitMs, type RateLimitAdvice, rateLimitAdvice, resetMs } from './rate-limit.js';
export { retryAfterFetchHeadersMs, retryAfterHeaderMs, retryAfterMs } from './retry-after.js';
export {
  isRetryableStatus,
  type JudgingRetryQuestion,
  type RetryQuestion,
  shouldRetry,
  shouldRetryJudging,
} from './retry-rule.js';
export { sleep } from './sleep.js';
export { isSuccessStatus, saysNothing, UNAVAILABLE_STATUSES } from './status.js';
