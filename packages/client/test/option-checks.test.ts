import { describe, expect, test } from 'vitest';
import { ValidationError, createAnalyticsClient, createMarketplaceClient, rawClient } from '../src/index.js';
import { CANARY_KEY } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();
const base = () => ({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off' as const });

function refusal(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return error as ValidationError;
  }
  throw new Error('expected a ValidationError');
}

const BAD_NUMBERS = [Number.NaN, Number.POSITIVE_INFINITY, -1, 1e12];

describe('client options are checked at construction', () => {
  for (const value of BAD_NUMBERS) {
    for (const option of ['timeout', 'maxRetries', 'maxResponseBytes']) {
      test(`${option}: ${value} is refused, naming the option`, () => {
        for (const create of [createAnalyticsClient, createMarketplaceClient]) {
          const error = refusal(() => create({ ...base(), [option]: value }));
          expect(error.parameter).toBe(option);
          expect(error.message).toContain(`\`${option}\``);
        }
      });
    }
    for (const option of ['initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs']) {
      test(`retry.${option}: ${value} is refused`, () => {
        const error = refusal(() => createAnalyticsClient({ ...base(), retry: { [option]: value } }));
        expect(error.parameter).toBe(`retry.${option}`);
      });
    }
  }

  test('retry.initialDelayMs of -100 is refused (it removed the backoff)', () => {
    expect(refusal(() => createAnalyticsClient({ ...base(), retry: { initialDelayMs: -100 } })).parameter).toBe(
      'retry.initialDelayMs',
    );
  });

  test('fractional retries, a non-function fetch, an unknown level and a misspelt option are refused', () => {
    expect(refusal(() => createAnalyticsClient({ ...base(), maxRetries: 1.5 })).parameter).toBe('maxRetries');
    expect(refusal(() => createAnalyticsClient({ ...base(), fetch: 'no' as never })).parameter).toBe('fetch');
    expect(refusal(() => createAnalyticsClient({ ...base(), logLevel: 'loud' as never })).parameter).toBe('logLevel');
    expect(refusal(() => createAnalyticsClient({ ...base(), maxRetry: 3 } as never)).parameter).toBe('maxRetry');
    expect(refusal(() => createAnalyticsClient({ ...base(), maxPages: 0 })).parameter).toBe('maxPages');
    expect(refusal(() => createMarketplaceClient({ ...base(), apiKeyTransport: 'cookie' as never })).parameter).toBe(
      'apiKeyTransport',
    );
    expect(refusal(() => createAnalyticsClient({ ...base(), apiKeyTransport: 'query' } as never)).parameter).toBe(
      'apiKeyTransport',
    );
  });

  test('an empty or missing apiKey is the ValidationError naming the option', () => {
    const before = { ...process.env };
    delete process.env.ANALYTICS_API_KEY;
    delete process.env.MARKETPLACE_API_KEY;
    try {
      for (const create of [createAnalyticsClient, createMarketplaceClient]) {
        for (const apiKey of ['', undefined, 42 as never]) {
          const error = refusal(() => create({ baseUrl: server.url, apiKey }));
          expect(error).toMatchObject({ parameter: 'apiKey', value: undefined });
          expect(error.message).toMatch(/`apiKey`.*(ANALYTICS|MARKETPLACE)_API_KEY/);
        }
      }
    } finally {
      process.env = before;
    }
  });

  test('a bad baseUrl is the ValidationError naming the option, without the value (it may hold credentials)', () => {
    for (const baseUrl of ['not a url', 'ftp://a.example', 'https://user:secret-pw@a.example']) {
      const error = refusal(() => createAnalyticsClient({ apiKey: CANARY_KEY, baseUrl }));
      expect(error.parameter).toBe('baseUrl');
      expect(error.message).not.toContain('secret-pw');
    }
  });

  test('sane values are accepted', () => {
    createAnalyticsClient({ ...base(), timeout: 2_147_483_647, maxRetries: 0, maxResponseBytes: 1, retry: {} });
    createMarketplaceClient({
      ...base(),
      maxRetries: 100,
      retry: { initialDelayMs: 0 },
      apiKeyTransport: { header: 'X-K' },
    });
  });
});

describe('per-request options are checked before anything is sent', () => {
  for (const value of BAD_NUMBERS) {
    for (const option of ['timeout', 'maxRetries', 'maxResponseBytes']) {
      test(`${option}: ${value} per request is refused`, async () => {
        const analytics = createAnalyticsClient(base());
        const market = createMarketplaceClient(base());
        const calls = [
          () => analytics.websites.get(1, { [option]: value }),
          () => analytics.websites.list({}, { [option]: value }),
          () => analytics.stats.get(1, { name: 'os', from: '2026-01-01', to: '2026-01-02' }, { [option]: value }),
          () => market.items.list({ [option]: value }),
          () => market.purchases.validate('c', { [option]: value }),
          () => rawClient(analytics).GET('/api/v1/websites', { [option]: value } as never),
        ];
        for (const call of calls) {
          const error = await call().catch((e: unknown) => e);
          expect(error).toBeInstanceOf(ValidationError);
          expect((error as ValidationError).parameter).toBe(option);
        }
        expect(server.requests).toHaveLength(0);
      });
    }
  }

  test('an unknown per-request option and a signal that is not an AbortSignal are refused', async () => {
    const analytics = createAnalyticsClient(base());
    await expect(analytics.websites.get(1, { retries: 3 } as never)).rejects.toMatchObject({ parameter: 'retries' });
    await expect(analytics.websites.get(1, { signal: {} as never })).rejects.toMatchObject({ parameter: 'signal' });
    expect(server.requests).toHaveLength(0);
  });
});
