import { describe, expect, test } from 'vitest';
import { isRetryableStatus, shouldRetry } from '../src/index.js';

describe('which failures are retried', () => {
  test.each([408, 429, 500, 502, 503, 504])('%i is passing', (status) => {
    expect(isRetryableStatus(status)).toBe(true);
    expect(shouldRetry({ status, idempotent: true, attempt: 1, maxRetries: 2 })).toBe(true);
  });

  test.each([400, 401, 403, 404, 409, 422, 501, 505, 507, 599, 200, 0, Number.NaN])('%d is not', (status) => {
    expect(shouldRetry({ status, idempotent: true, attempt: 1, maxRetries: 2 })).toBe(false);
  });

  test('no answer at all (connection error, timeout) is retried', () => {
    expect(shouldRetry({ status: undefined, idempotent: true, attempt: 1, maxRetries: 1 })).toBe(true);
  });

  test('a request that is not idempotent is never retried, 429 and 503 included', () => {
    for (const status of [undefined, 429, 503]) {
      expect(shouldRetry({ status, idempotent: false, attempt: 1, maxRetries: 5 })).toBe(false);
    }
  });

  test('maxRetries retries follow the first attempt, no more', () => {
    const attempts = [1, 2, 3, 4].map((attempt) =>
      shouldRetry({ status: 503, idempotent: true, attempt, maxRetries: 2 }),
    );
    expect(attempts).toEqual([true, true, false, false]);
    expect(shouldRetry({ status: 503, idempotent: true, attempt: 1, maxRetries: 0 })).toBe(false);
  });
});
