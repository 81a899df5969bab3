import { describe, expect, it, test, vi } from 'vitest';
import {
  isRetryableStatus,
  isSuccessStatus,
  saysNothing,
  shouldRetry,
  shouldRetryJudging,
  sleep,
  UNAVAILABLE_STATUSES,
  unsafePathSegment,
} from '../src/index.js';

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

describe('the tester retries only what says nothing of the request', () => {
  const question = (status: number | undefined, idempotent: boolean, attempt = 1) => ({
    status,
    idempotent,
    attempt,
    maxRetries: 2,
  });

  it('sends a 429 again whatever it asked, more times than other failures', () => {
    expect(shouldRetryJudging(question(429, false, 1))).toBe(true);
    expect(shouldRetryJudging(question(429, false, 8))).toBe(true);
    expect(shouldRetryJudging(question(429, false, 9))).toBe(false);
  });

  it("sends a gateway's 502, 503 or 504 again only for a request that may arrive twice", () => {
    for (const status of [502, 503, 504]) {
      expect(shouldRetryJudging(question(status, true))).toBe(true);
      expect(shouldRetryJudging(question(status, false))).toBe(false);
      expect(shouldRetryJudging(question(status, true, 3))).toBe(false);
    }
  });

  it("never hides a server's own 500, a 408 or a missing answer behind a second try", () => {
    for (const status of [500, 408, undefined]) expect(shouldRetryJudging(question(status, true))).toBe(false);
  });

  it('sends again a request that may arrive twice when its connection closed before any answer', () => {
    expect(shouldRetryJudging({ ...question(undefined, true), closedBeforeAnswer: true })).toBe(true);
    expect(shouldRetryJudging({ ...question(undefined, false), closedBeforeAnswer: true })).toBe(false);
    expect(shouldRetryJudging({ ...question(undefined, true, 3), closedBeforeAnswer: true })).toBe(false);
    // A status came: whatever closed the connection after it, the status is the answer.
    expect(shouldRetryJudging({ ...question(500, true), closedBeforeAnswer: true })).toBe(false);
  });
});

describe('what a status says by itself', () => {
  it('tells a 2XX, the answers of a throttle or a gateway, and the statuses that say nothing', () => {
    expect([199, 200, 204, 299, 300].map(isSuccessStatus)).toEqual([false, true, true, true, false]);
    expect([...UNAVAILABLE_STATUSES].sort()).toEqual([429, 502, 503, 504]);
    expect([200, 302, 404, 429, 500, 503].map(saysNothing)).toEqual([false, true, false, true, true, true]);
  });
});

describe('sleep', () => {
  it('ends at once when the signal aborts', async () => {
    // The clock is the test's: the sleep can only end by the abort, however slow the machine is.
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const waiting = sleep(10_000, controller.signal);
      expect(vi.getTimerCount()).toBe(1);
      controller.abort();
      await waiting;
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends when its time is up, not before', async () => {
    vi.useFakeTimers();
    try {
      let ended = false;
      const waiting = sleep(10_000).then(() => {
        ended = true;
      });
      await vi.advanceTimersByTimeAsync(9_999);
      expect(ended).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
      expect(ended).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a value as one path segment', () => {
  it('refuses what a URL or a server reads as another path, and nothing else', () => {
    for (const value of ['', ' ', '.', '..', 'a/b', 'a\\b', 'a\nb', 'x'.repeat(201)])
      expect(unsafePathSegment(value), JSON.stringify(value)).toBeDefined();
    for (const value of ['42', 'web_HmCy', '1304488550472777893', 'ñandú', 'a.b', '...'])
      expect(unsafePathSegment(value), value).toBeUndefined();
  });
});
