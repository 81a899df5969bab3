import { inspect } from 'node:util';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  MarketplaceAPIError,
  ResponseValidationError,
  UnexpectedResponseError,
  UnprocessableEntityError,
  ValidationError,
  createAnalyticsClient,
  createMarketplaceClient,
  rawClient,
} from '../src/index.js';
import type { Logger } from '../src/index.js';
import { analyticsResponseValidator, marketplaceResponseValidator } from '../src/response-validation.js';
import { CANARY_KEY, fastRetry } from './helpers/canary.js';
import { startRecordingServer, useRecordingServer } from './helpers/recording-server.js';
import { retryWaits, until } from './helpers/test-clock.js';

const server = useRecordingServer();
afterEach(() => {
  vi.useRealTimers();
});
const analytics = (options: Record<string, unknown> = {}) =>
  createAnalyticsClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off', retry: fastRetry, ...options });
const market = (options: Record<string, unknown> = {}) =>
  createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off', retry: fastRetry, ...options });
const failure = (run: () => Promise<unknown>) =>
  run().then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
const everyRendering = (e: unknown) => {
  const error = e as Error;
  return [error.message, String(error), JSON.stringify(error), inspect(error, { depth: 10, showHidden: true })].join();
};

function logLines(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const record = (message: string, ...data: unknown[]) =>
    lines.push([message, ...data.map((d) => inspect(d, { depth: 5 }))].join(' '));
  return { logger: { error: record, warn: record, info: record, debug: record }, lines };
}

describe('retries read the answer carefully', () => {
  test('Retry-After: -5 is ignored, so the normal backoff applies', async () => {
    server.reply({ status: 503, headers: { 'retry-after': '-5' }, body: {} }, { body: { data: { id: 1 } } });
    const { logger, lines } = logLines();
    const client = analytics({ logger, logLevel: 'info', retry: { initialDelayMs: 40, maxDelayMs: 40 } });
    await client.websites.get(1);
    const waits = lines
      .map((l) => /in (\d+) ms/.exec(l)?.[1])
      .filter(Boolean)
      .map(Number);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(30);
  });

  test('a 302 with a malformed Location is an UnexpectedResponseError, sent once', async () => {
    server.reply({ status: 302, headers: { location: 'http://[::1' }, body: '' });
    const error = await failure(() => analytics({ maxRetries: 3 }).websites.list());
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('malformed Location');
    expect(server.requests).toHaveLength(1);
  });

  test('a connection error keeps its cause, redacted, and says how many attempts it took', async () => {
    const gone = await startRecordingServer();
    const url = gone.url;
    await gone.close();
    const error = await failure(() =>
      createAnalyticsClient({ baseUrl: url, apiKey: CANARY_KEY, maxRetries: 1, retry: fastRetry }).websites.list({
        search: CANARY_KEY,
      }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    const e = error as APIConnectionError;
    expect(e.cause).toBeInstanceOf(Error);
    // Node and Bun name the error code; Deno's fetch says it in words.
    expect(inspect(e.cause, { depth: 5 })).toMatch(/ECONNREFUSED|Connection refused/);
    expect(e.attempts).toBe(2);
    expect(e.message).toMatch(/attempt 2 of 2, \d+\.\d s in all/);
    expect(everyRendering(error)).not.toContain(CANARY_KEY);
  });

  test('a timeout after retries reports the attempts and the total time, not only the per-attempt limit', async () => {
    // On the test's clock: each attempt's time runs out once the server holds it, each backoff once announced.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    server.reply({ hang: true });
    const { logger, waits } = retryWaits();
    const pending = failure(() => analytics({ timeout: 60, maxRetries: 2, logger, logLevel: 'info' }).websites.get(1));
    let passed = 0;
    const pass = (ms: number) => {
      passed += ms;
      return vi.advanceTimersByTimeAsync(ms);
    };
    for (let attempt = 1; attempt <= 3; attempt++) {
      await until(() => server.requests.length === attempt);
      await pass(60);
      if (attempt === 3) break;
      await until(() => waits.length === attempt);
      await pass(fastRetry.maxDelayMs);
    }
    const error = await pending;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    const e = error as APIConnectionTimeoutError;
    expect(e.attempts).toBe(3);
    // Three timeouts and two backoffs (each at most fastRetry's cap, which the clock was moved by) passed.
    expect(e.elapsedMs).toBeGreaterThanOrEqual(180);
    expect(e.elapsedMs).toBeLessThanOrEqual(passed);
    expect(e.message).toMatch(/timed out after 60 ms \(attempt 3 of 3, \d+\.\d s in all\)/);
    expect(server.requests).toHaveLength(3);
  });
});

describe('hostile bodies do not reach prototypes, stacks or messages', () => {
  test('a 422 with errors.__proto__ keeps it as a field of a map without a prototype', async () => {
    server.reply({
      status: 422,
      body: '{"message":"invalid","errors":{"__proto__":{"polluted":["yes"]},"per_page":["bad"]}}',
      headers: { 'content-type': 'application/json' },
    });
    const error = (await failure(() => analytics().websites.list())) as UnprocessableEntityError;
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(Object.getPrototypeOf(error.fields)).toBeNull();
    expect(Object.keys(error.fields)).toEqual(['__proto__', 'per_page']);
    expect(error.fields.per_page).toEqual(['bad']);
    expect((error.fields as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('a payload with very many problems gives ResponseValidationError with a capped list', async () => {
    const rows = Array.from({ length: 200_000 }, () => ({ id: [], privacy: 9, email: 'x' }));
    server.reply({ body: rows });
    const error = await failure(() =>
      analytics({ validateResponses: analyticsResponseValidator, maxResponseBytes: 64 * 1024 * 1024 }).websites.list(),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
    const { problems } = error as ResponseValidationError;
    expect(problems.length).toBeLessThanOrEqual(51);
    expect(problems[0]).toMatch(/^\$\[0\]\./);
    expect(problems.at(-1)).toMatch(/more$/);
  });

  test('marketplace items with many problems are capped too', () => {
    const items = Array.from({ length: 100_000 }, () => ({ id: 'x', media: { preview_audio: 1 } }));
    const problems = marketplaceResponseValidator('listItems', { status: '成功', items }) as string[];
    expect(problems.length).toBeGreaterThan(10);
    expect(problems.length).toBeLessThanOrEqual(51);
  });
});

describe('the key never appears, whatever the answer echoes', () => {
  const key = 'k"ey\\with/quotes+and=42';
  const forms = [key, JSON.stringify(key).slice(1, -1), btoa(key), encodeURIComponent(key)];
  const echoes = [key, `{"echo":${JSON.stringify(key)}}`, btoa(key), `prefix ${btoa(key)} suffix`];

  for (const [i, echo] of echoes.entries()) {
    test(`an unknown status echoing the key (form ${i + 1}) is redacted everywhere`, async () => {
      server.reply({ body: { status: echo, data: { note: echo } } });
      const error = await failure(() =>
        createMarketplaceClient({ baseUrl: server.url, apiKey: key, logLevel: 'off' }).account.details(),
      );
      expect(error).toBeInstanceOf(UnexpectedResponseError);
      const shown = everyRendering(error);
      for (const form of forms) expect(shown).not.toContain(form);
      expect(shown).toContain('[REDACTED]');
    });
  }

  test('a one-letter key is masked where it stands and leaves the messages readable', async () => {
    server.reply({ body: { status: '错误', msg: '无效请求' } });
    const a = createMarketplaceClient({ baseUrl: server.url, apiKey: 'a', logLevel: 'off' });
    const error = (await failure(() => a.account.details())) as MarketplaceAPIError;
    expect(error.message).toBe(
      `200 from GET ${server.url}/api/account/details?api_key=[REDACTED]: 无效请求 [invalid_request]`,
    );
    server.reply({ body: { status: 'a' } });
    const unknown = (await failure(() => a.items.list())) as Error;
    expect(unknown.message).toBe(
      `200 from GET ${server.url}/api/items/all?api_key=[REDACTED]: expected status "成功" or "错误", ` +
        'got "[REDACTED]". Check `baseUrl` (without /api) and the API key.',
    );
    const one = createAnalyticsClient({ baseUrl: server.url, apiKey: '1', logLevel: 'off', maxRetries: 0 });
    server.reply({ status: 404, body: { message: 'no website 1' } });
    const missing = (await failure(() => one.websites.get(1))) as Error;
    expect(missing.message).toBe(`404 from GET ${server.url}/api/v1/websites/1: no website [REDACTED]`);
  });
});

describe('a 错误 body gives the same detail at 200 as at 4xx', () => {
  test('URL with its (redacted) query, the answer headers and the body', async () => {
    const seen: MarketplaceAPIError[] = [];
    for (const status of [200, 404]) {
      server.reply({ status, headers: { 'x-request-id': 'r-1' }, body: { status: '错误', msg: '未找到任何商品' } });
      seen.push((await failure(() => market({ maxRetries: 0 }).items.get(9))) as MarketplaceAPIError);
    }
    const [at200, at404] = seen;
    for (const error of seen) {
      expect(error).toBeInstanceOf(MarketplaceAPIError);
      expect(error.code).toBe('item_not_found');
      expect(error.url).toBe(`${server.url}/api/items/item?item_id=9&api_key=[REDACTED]`);
      expect(error.headers['x-request-id']).toBe('r-1');
      expect(error.body).toEqual({ status: '错误', msg: '未找到任何商品' });
    }
    expect(at200?.message.replace('200', '404')).toBe(at404?.message);
  });
});

describe('ids that would leave their path segment are refused before any request', () => {
  const bad = ['', ' ', '.', '..', ' .. ', 'a/b', '../websites'];
  for (const id of bad) {
    test(`id ${JSON.stringify(id)}`, async () => {
      const client = analytics();
      const calls = [
        () => client.websites.get(id),
        () => client.websites.delete(id),
        () => client.websites.update(id, { email: 1 }),
        () => client.stats.get(id, { name: 'os', from: '2026-01-01', to: '2026-01-02' }),
        () => rawClient(client).DELETE('/api/v1/websites/{id}', { params: { path: { id } } }),
        () =>
          rawClient(client).GET('/api/v1/stats/{id}', {
            params: { path: { id }, query: { name: 'os', from: '2026-01-01', to: '2026-01-02' } },
          }),
      ];
      for (const call of calls) {
        const error = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).parameter).toBe('id');
      }
      expect(server.requests).toHaveLength(0);
    });
  }
});

describe('raw has the openapi-fetch contract', () => {
  test('a 500 after the retries comes back as { error, response }, a 200 as { data }', async () => {
    server.reply({ status: 500, body: { message: 'boom' } });
    const { data, error, response } = await rawClient(analytics({ maxRetries: 1 })).GET('/api/v1/websites');
    expect(data).toBeUndefined();
    expect(error).toEqual({ message: 'boom' });
    expect(response.status).toBe(500);
    expect(server.requests).toHaveLength(2);
    server.reply({ status: 200, headers: { 'x-total': '3' }, body: [{ id: 1 }] });
    const ok = await rawClient(analytics()).GET('/api/v1/websites');
    expect(ok.data).toEqual([{ id: 1 }]);
    expect(ok.response.headers.get('x-total')).toBe('3');
  });

  test('a marketplace 错误 at 200 is data, as openapi-fetch users expect', async () => {
    server.reply({ body: { status: '错误', msg: '无效请求' } });
    const { data, error } = await rawClient(market()).GET('/api/account/details');
    expect(error).toBeUndefined();
    expect(data).toEqual({ status: '错误', msg: '无效请求' });
  });
});

describe('answers nested a million levels deep', () => {
  const deep = `${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`;
  test('give the usual errors, not a stack overflow', async () => {
    const raw = (text: string, status = 200) => ({
      status,
      body: text,
      headers: { 'content-type': 'application/json' },
    });
    server.reply(raw(`{"status":"错误","msg":"无效请求","deep":${deep}}`));
    await expect(market().account.details()).rejects.toBeInstanceOf(MarketplaceAPIError);
    server.reply(raw(`{"status":${deep}}`));
    await expect(market().account.details()).rejects.toBeInstanceOf(UnexpectedResponseError);
    server.reply(raw(`{"message":"bad","errors":{"per_page":[${deep}]}}`, 422));
    const error = (await failure(() => analytics().websites.list())) as UnprocessableEntityError;
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect(error.fields.per_page?.[0]?.length).toBeLessThan(400);
  });
});
