import { createMockFetch } from '@tallyport/mock';
import { afterEach, describe, expect, test } from 'vitest';
import { TallyportError, ValidationError, createAnalyticsClient, createMarketplaceClient } from '../src/index.js';
import { CANARY_KEY } from './helpers/canary.js';

const g = globalThis as { window?: unknown };
afterEach(() => {
  delete g.window;
});

describe('browser guard', () => {
  test('refuses to start in a browser-like environment', () => {
    g.window = { document: {} };
    expect(() => createAnalyticsClient({ baseUrl: 'https://a.example', apiKey: CANARY_KEY })).toThrow(
      /browser.*dangerouslyAllowBrowser/,
    );
    expect(() => createMarketplaceClient({ baseUrl: 'https://m.example', apiKey: CANARY_KEY })).toThrow(TallyportError);
  });

  test('starts in a browser-like environment with dangerouslyAllowBrowser and warns', () => {
    g.window = { document: {} };
    const warnings: string[] = [];
    const logger = { error() {}, warn: (m: string) => warnings.push(m), info() {}, debug() {} };
    expect(() =>
      createAnalyticsClient({
        baseUrl: 'https://a.example',
        apiKey: CANARY_KEY,
        dangerouslyAllowBrowser: true,
        logger,
      }),
    ).not.toThrow();
    expect(warnings.join()).toContain('dangerouslyAllowBrowser');
  });

  test('starts normally under Node', () => {
    expect(() => createAnalyticsClient({ baseUrl: 'https://a.example', apiKey: CANARY_KEY })).not.toThrow();
  });
});

describe('plain-http guard', () => {
  test.each(['http://analytics.example.com', 'http://10.0.0.5:8080', 'http://192.168.1.2'])(
    'refuses plain http to %s',
    (baseUrl) => {
      expect(() => createAnalyticsClient({ baseUrl, apiKey: CANARY_KEY })).toThrow(/plain http.*allowInsecureHttp/);
      expect(() => createMarketplaceClient({ baseUrl, apiKey: CANARY_KEY })).toThrow(TallyportError);
    },
  );

  test.each([
    'http://127.0.0.1:4010',
    'http://localhost:4011',
    'http://[::1]:4010',
    'http://127.8.9.10',
    'http://api.localhost',
  ])('allows loopback %s', (baseUrl) => {
    expect(() => createAnalyticsClient({ baseUrl, apiKey: CANARY_KEY })).not.toThrow();
  });

  test('allows a non-loopback http host when explicitly allowed', () => {
    expect(() =>
      createAnalyticsClient({ baseUrl: 'http://analytics.internal', apiKey: CANARY_KEY, allowInsecureHttp: true }),
    ).not.toThrow();
  });

  test('https is always allowed', () => {
    expect(() => createMarketplaceClient({ baseUrl: 'https://market.example.com', apiKey: CANARY_KEY })).not.toThrow();
  });
});

describe('required configuration', () => {
  test('a missing key is refused without printing anything secret', () => {
    expect(() => createAnalyticsClient({ baseUrl: 'https://a.example', apiKey: '' })).toThrow(
      /apiKey.*ANALYTICS_API_KEY/,
    );
  });

  test('a missing or malformed base URL is refused', () => {
    expect(() => createAnalyticsClient({ apiKey: CANARY_KEY, baseUrl: 'not a url' })).toThrow(/absolute http\(s\) URL/);
    expect(() => createAnalyticsClient({ apiKey: CANARY_KEY, baseUrl: 'ftp://a.example' })).toThrow(/http or https/);
  });

  test('a timeout or retry count that makes no sense is refused', () => {
    const base = { baseUrl: 'https://a.example', apiKey: CANARY_KEY };
    expect(() => createAnalyticsClient({ ...base, timeout: 0 })).toThrow(/timeout/);
    expect(() => createAnalyticsClient({ ...base, timeout: Number.NaN })).toThrow(/timeout/);
    expect(() => createMarketplaceClient({ ...base, maxRetries: -1 })).toThrow(/maxRetries/);
    expect(() => createMarketplaceClient({ ...base, maxRetries: 1.5 })).toThrow(/maxRetries/);
  });

  test('credentials inside the base URL are refused', () => {
    expect(() => createAnalyticsClient({ apiKey: CANARY_KEY, baseUrl: 'https://user:pw@a.example' })).toThrow(
      /no credentials/,
    );
  });

  test('the key and base URL can come from the environment', () => {
    const before = { ...process.env };
    process.env.MARKETPLACE_API_KEY = CANARY_KEY;
    process.env.MARKETPLACE_BASE_URL = 'https://market.example.com';
    try {
      expect(() => createMarketplaceClient()).not.toThrow();
    } finally {
      process.env = before;
    }
  });
});

describe('every problem of an option is a ValidationError naming it', () => {
  const refusal = (make: () => unknown) => {
    try {
      make();
    } catch (error) {
      return error;
    }
    throw new Error('not refused');
  };

  test.each([
    ['https://a.example/api/v1', 'https://a.example'],
    ['https://a.example/analytics/api/v1/', 'https://a.example/analytics'],
    ['https://a.example/api', 'https://a.example'],
  ])('an analytics baseUrl %s that holds the API path names the address to use', (baseUrl, fixed) => {
    const error = refusal(() => createAnalyticsClient({ baseUrl, apiKey: CANARY_KEY }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ parameter: 'baseUrl', operation: 'createAnalyticsClient' });
    expect((error as Error).message).toContain('every path starts with');
    expect((error as Error).message).toContain(`use ${fixed}.`);
  });

  test('a marketplace baseUrl ending in /api names the address to use', () => {
    const error = refusal(() => createMarketplaceClient({ baseUrl: 'https://m.example/api/', apiKey: CANARY_KEY }));
    expect(error).toMatchObject({ name: 'ValidationError', parameter: 'baseUrl' });
    expect((error as Error).message).toContain('use https://m.example.');
  });

  test('a path that only begins like the API is kept', () => {
    expect(() => createAnalyticsClient({ baseUrl: 'https://a.example/apis', apiKey: CANARY_KEY })).not.toThrow();
  });

  test('plain http to another machine, with createMockFetch too', () => {
    const error = refusal(() =>
      createAnalyticsClient({ baseUrl: 'http://x.test', apiKey: 'demo-analytics-key', fetch: createMockFetch() }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ parameter: 'baseUrl' });
    expect((error as Error).message).toMatch(/plain http.*allowInsecureHttp/);
  });

  test('a browser without dangerouslyAllowBrowser', () => {
    g.window = { document: {} };
    const error = refusal(() => createAnalyticsClient({ baseUrl: 'https://a.example', apiKey: CANARY_KEY }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ parameter: 'dangerouslyAllowBrowser' });
  });

  test('no fetch to call', () => {
    const global = globalThis as { fetch?: typeof fetch };
    const saved = global.fetch;
    delete global.fetch;
    try {
      const error = refusal(() => createAnalyticsClient({ baseUrl: 'https://a.example', apiKey: CANARY_KEY }));
      expect(error).toMatchObject({ name: 'ValidationError', parameter: 'fetch' });
    } finally {
      global.fetch = saved;
    }
  });
});
