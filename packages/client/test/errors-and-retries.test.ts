import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnexpectedResponseError,
  UnprocessableEntityError,
  createAnalyticsClient,
  createMarketplaceClient,
} from '../src/index.js';
import type { AnalyticsClientOptions } from '../src/index.js';
import { CANARY_KEY, fastRetry } from './helpers/canary.js';
import { startRecordingServer, useRecordingServer } from './helpers/recording-server.js';
import { retryWaits, until } from './helpers/test-clock.js';

const server = useRecordingServer();
afterEach(() => {
  vi.useRealTimers();
});

const client = (options: Partial<AnalyticsClientOptions> = {}) =>
  createAnalyticsClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off', retry: fastRetry, ...options });
const failure = (run: () => Promise<unknown>) =>
  run().then(
    () => undefined,
    (e: unknown) => e,
  );

describe('HTTP errors map to classes', () => {
  const cases: [number, new (...args: never[]) => APIError][] = [
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
    [418, APIError],
  ];
  for (const [status, Class] of cases) {
    test(`${status} becomes ${Class.name}`, async () => {
      server.reply({ status, body: { message: `server says ${status}` } });
      const error = await failure(() => client({ maxRetries: 0 }).websites.get(1));
      expect(error).toBeInstanceOf(Class);
      expect(error).toMatchObject({ status, method: 'GET', body: { message: `server says ${status}` } });
      expect((error as Error).message).toContain(`server says ${status}`);
      expect((error as Error).message).toContain(`/api/v1/websites/1`);
    });
  }

  test('422 carries the field messages of a Laravel-style body', async () => {
    server.reply({
      status: 422,
      body: { message: 'The given data was invalid.', errors: { per_page: ['The selected per page is invalid.'] } },
    });
    const error = await failure(() => client().websites.list());
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).fields).toEqual({ per_page: ['The selected per page is invalid.'] });
  });

  test('an HTML page where JSON was expected says to check the base URL and key', async () => {
    server.reply({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html><title>Sign in</title>',
    });
    const error = await failure(() => client().websites.list());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/HTML page.*Check `baseUrl`.*API key/);
  });

  test('a redirect to a login page is not followed and says to check the base URL and key', async () => {
    server.reply({ status: 302, headers: { location: '/login' }, body: '' });
    const error = await failure(() => client().websites.list());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('/login');
    expect((error as Error).message).toContain('Check `baseUrl`');
    expect(server.requests).toHaveLength(1);
  });

  test('a 404 HTML page adds the base URL hint', async () => {
    server.reply({
      status: 404,
      headers: { 'content-type': 'text/html' },
      body: '<html><body>Not Found</body></html>',
    });
    const error = await failure(() => client().websites.get(1));
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as Error).message).toContain('Check `baseUrl`');
  });

  test('a dropped connection is an APIConnectionError after the retries', async () => {
    // A server of its own, so no kept-alive connection is reused: Bun's and Deno's fetch send a request once more by
    // themselves when a reused connection drops before answering, a request that is not the client's attempt.
    const fresh = await startRecordingServer();
    try {
      fresh.reply({ destroy: true });
      const error = await failure(() => client({ baseUrl: fresh.url, maxRetries: 1 }).websites.get(1));
      expect(error).toBeInstanceOf(APIConnectionError);
      expect((error as APIConnectionError).attempts).toBe(2);
      expect(fresh.requests).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });

  test('nothing listening is an APIConnectionError', async () => {
    const gone = await startRecordingServer();
    const url = gone.url;
    await gone.close();
    const error = await failure(() =>
      createAnalyticsClient({ baseUrl: url, apiKey: CANARY_KEY, maxRetries: 0 }).websites.list(),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
  });
});

describe('retries', () => {
  test('a GET is retried on 503 and succeeds', async () => {
    server.reply({ status: 503, body: {} }, { status: 503, body: {} }, { body: { data: { id: 1 } } });
    expect(await client({ maxRetries: 2 }).websites.get(1)).toEqual({ id: 1 });
    expect(server.requests).toHaveLength(3);
  });

  test('408 and 429 are retried', async () => {
    server.reply({ status: 408, body: {} }, { status: 429, body: {} }, { body: [] });
    expect(await client({ maxRetries: 2 }).websites.list()).toEqual([]);
    expect(server.requests).toHaveLength(3);
  });

  test('retries stop at maxRetries', async () => {
    server.reply({ status: 500, body: { message: 'boom' } });
    const error = await failure(() => client({ maxRetries: 2 }).websites.list());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
  });

  test('a 4xx other than 408 and 429 is not retried', async () => {
    server.reply({ status: 404, body: {} });
    await failure(() => client({ maxRetries: 3 }).websites.get(1));
    expect(server.requests).toHaveLength(1);
  });

  test('create is never retried', async () => {
    server.reply({ status: 503, body: {} });
    const error = await failure(() => client({ maxRetries: 3 }).websites.create({ domain: 'a.example' }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });

  test('update and delete are retried (idempotent)', async () => {
    server.reply({ status: 502, body: {} }, { body: { id: 1 } });
    await client().websites.update(1, { email: 1 });
    expect(server.requests.map((r) => r.method)).toEqual(['PUT', 'PUT']);
    expect(server.requests[1]?.body).toBe('email=1');
    server.requests.length = 0;
    server.reply({ status: 502, body: {} }, { body: {} });
    await client().websites.delete(1);
    expect(server.requests.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
  });

  test('the marketplace purchase validation is retried: it only reads', async () => {
    server.reply({ status: 503, body: {} }, { body: { status: '成功', data: { purchase: { purchase_code: 'c' } } } });
    const market = createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY, retry: fastRetry });
    expect(await market.purchases.validate('c')).toEqual({ purchase_code: 'c' });
    expect(server.requests).toHaveLength(2);
    expect(new URLSearchParams(server.requests[1]?.body).get('api_key')).toBe(CANARY_KEY);
  });

  test('Retry-After in seconds is honoured', async () => {
    server.reply({ status: 429, headers: { 'retry-after': '1' }, body: {} }, { body: [] });
    const { logger, waits } = retryWaits();
    await client({ logger, logLevel: 'info', retry: { ...fastRetry, maxRetryAfterMs: 5_000 } }).websites.list();
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([1000]);
  });

  test('Retry-After as an HTTP date is honoured', async () => {
    // The date is read against the same stopped clock it was written with (a whole second, as HTTP dates are), so
    // the wait is the two seconds asked for, however long the answer took to arrive.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
    server.reply(
      () => ({ status: 503, headers: { 'retry-after': new Date(Date.now() + 2_000).toUTCString() }, body: {} }),
      { body: [] },
    );
    const { logger, waits } = retryWaits();
    await client({ logger, logLevel: 'info', retry: { ...fastRetry, maxRetryAfterMs: 5_000 } }).websites.list();
    expect(server.requests).toHaveLength(2);
    expect(waits).toEqual([2_000]);
  });

  test('without Retry-After the backoff grows and stays under its cap', async () => {
    server.reply({ status: 500, body: {} });
    const { logger, waits } = retryWaits();
    await failure(() =>
      client({ logger, logLevel: 'info', maxRetries: 4, retry: { initialDelayMs: 4, maxDelayMs: 20 } }).websites.list(),
    );
    expect(waits).toHaveLength(4);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(20);
    expect(waits[3]).toBeGreaterThanOrEqual(15);
  });

  test('a Retry-After beyond the cap is not waited for: the error is thrown with it', async () => {
    server.reply({ status: 429, headers: { 'retry-after': '3600' }, body: { message: 'slow down' } });
    const error = await failure(() => client().websites.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts and abort', () => {
  test('a request that never answers times out with APIConnectionTimeoutError', async () => {
    server.reply({ hang: true });
    const error = await failure(() => client({ timeout: 100, maxRetries: 0 }).websites.list());
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('timed out after 100 ms');
  });

  test('a timed-out GET is retried with a fresh signal and can then succeed', async () => {
    // The first attempt's time runs out only once the server holds it; the second's never does, however long the
    // server takes to answer it.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.reply({ hang: true }, { body: [] });
    const { logger, waits } = retryWaits();
    const pending = client({ timeout: 1_000, maxRetries: 1, logger, logLevel: 'info' }).websites.list();
    await until(() => server.requests.length === 1);
    await vi.advanceTimersByTimeAsync(1_000);
    await until(() => waits.length === 1);
    await vi.advanceTimersByTimeAsync(fastRetry.maxDelayMs);
    expect(await pending).toEqual([]);
    expect(server.requests).toHaveLength(2);
  });

  test('a per-request timeout overrides the client default', async () => {
    server.reply({ hang: true });
    const error = await failure(() => client({ timeout: 60_000 }).websites.list({}, { timeout: 80, maxRetries: 0 }));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });

  test('the caller aborting mid-request gives APIUserAbortError and no retry', async () => {
    server.reply({ hang: true });
    const controller = new AbortController();
    const pending = failure(() => client({ maxRetries: 3 }).websites.list({}, { signal: controller.signal }));
    // Mid-request: the server holds it.
    await until(() => server.requests.length === 1);
    controller.abort();
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  test('an already aborted signal sends nothing', async () => {
    const error = await failure(() => client().websites.list({}, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(0);
  });

  test('aborting during the backoff wait stops the retries', async () => {
    server.reply({ status: 503, body: {} });
    const controller = new AbortController();
    const { logger, waits } = retryWaits();
    const retry = { initialDelayMs: 5_000, maxDelayMs: 5_000 };
    const pending = failure(() =>
      client({ retry, logger, logLevel: 'info' }).websites.list({}, { signal: controller.signal }),
    );
    // The client has said it waits to retry.
    await until(() => waits.length === 1);
    controller.abort();
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    expect(server.requests).toHaveLength(1);
  });

  test('one aborted request leaves the next one on the same client untouched', async () => {
    const c = client();
    await failure(() => c.websites.list({}, { signal: AbortSignal.abort() }));
    server.reply({ body: [] });
    expect(await c.websites.list()).toEqual([]);
  });
});
