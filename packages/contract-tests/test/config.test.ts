import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/cli/config/parse.js';

describe('parseConfig', () => {
  it('uses the mocks when no base URL is set', () => {
    const config = parseConfig([], {});
    expect(config.run.analytics).toBeUndefined();
    expect(config.run.marketplace).toBeUndefined();
    expect(config.run.apis).toEqual(['analytics', 'marketplace']);
  });

  it('checks against the Prism mock unless --mock names the stateful one', () => {
    expect(parseConfig([], {}).run.mock).toBeUndefined();
    expect(parseConfig(['--mock', 'stateful'], {}).run.mock).toBe('stateful');
    expect(parseConfig(['--mock=prism'], {}).run.mock).toBe('prism');
  });

  it('reads deployments and keys from the environment', () => {
    const config = parseConfig(['--api', 'marketplace', '--timeout', '2.5', '--only', 'ignored_auth,sort_order'], {
      MARKETPLACE_BASE_URL: 'https://market.example.com',
      MARKETPLACE_API_KEY: 'k-123456',
      MARKETPLACE_PURCHASE_CODE: 'code-1',
    });
    expect(config.run.marketplace).toEqual({
      baseUrl: 'https://market.example.com',
      apiKey: 'k-123456',
      purchaseCode: 'code-1',
    });
    expect(config.run.limits).toEqual({ timeoutMs: 2500 });
    expect(config.run.only).toEqual(['ignored_auth', 'sort_order']);
  });

  it.each([
    [['--only', 'no_such_check'], /unknown check/],
    [['--api', 'both'], /--api must be/],
    [['--concurrency', '0.5'], /--concurrency must be a whole number from 1 to 64/],
    [['--concurrency', '0'], /--concurrency must be a whole number/],
    [['--max-requests', '1e3'], /--max-requests must be a whole number/],
    [['--timeout', 'NaN'], /--timeout must be a number of seconds/],
    [['--timeout=-1'], /--timeout must be a number of seconds/],
    [['--max-response-bytes=-5'], /--max-response-bytes must be a whole number/],
    [['--max-duration', 'Infinity'], /--max-duration must be a number of seconds/],
    [['--examples=-1'], /--examples must be a whole number/],
    [['--seed', 'abc'], /--seed must be a whole number/],
    [['--ledger', ''], /--ledger needs a value/],
    [['--item-id', '12x'], /whole number/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseConfig(argv, {})).toThrow(message);
  });

  it.each([
    [['--stirct'], 'unknown or malformed option --stirct; did you mean --strict?'],
    [['--max-request-per-second', '5'], 'did you mean --max-requests-per-second?'],
    [['--only', 'sortorder'], 'unknown check(s) in --only: sortorder; did you mean sort_order?'],
    [['--api', 'analytic'], '--api must be analytics, marketplace, all; did you mean analytics?'],
    [['--mock', 'statefull'], '--mock must be one of prism, stateful; did you mean stateful?'],
  ])('names the nearest known name for %j', (argv, message) => {
    expect(() => parseConfig(argv, {})).toThrow(message);
  });

  it('suggests nothing for a flag that is nothing like one', () => {
    expect(() => parseConfig(['--banana'], {})).toThrow(/^unknown or malformed option --banana \(keys/);
  });

  it('accepts the leading -- that pnpm passes on', () => {
    expect(parseConfig(['--', '--api', 'analytics'], {}).run.apis).toEqual(['analytics']);
  });

  it('takes a base URL that already ends in the API path as a configuration problem with a hint', () => {
    for (const [name, url] of [
      ['ANALYTICS', 'https://a.example.com/api/v1'],
      ['ANALYTICS', 'https://a.example.com/api/'],
      ['MARKETPLACE', 'https://m.example.com/api'],
    ] as const)
      expect(() => parseConfig([], { [`${name}_BASE_URL`]: url, [`${name}_API_KEY`]: 'k' }), url).toThrow(
        /operation paths already start with \/api.*use https:\/\/[am]\.example\.com$/,
      );
  });

  it('refuses plain http to a host that is not loopback, so the key never travels unencrypted', () => {
    expect(() => parseConfig([], { ANALYTICS_BASE_URL: 'http://a.example.com', ANALYTICS_API_KEY: 'k' })).toThrow(
      /plain http/,
    );
    expect(
      parseConfig([], { ANALYTICS_BASE_URL: 'http://127.0.0.1:8080', ANALYTICS_API_KEY: 'k' }).run.analytics,
    ).toBeDefined();
  });

  it('refuses a base URL with credentials in it', () => {
    expect(() =>
      parseConfig([], { ANALYTICS_BASE_URL: 'https://user:pw@a.example.com', ANALYTICS_API_KEY: 'k' }),
    ).toThrow(ConfigError);
  });
});
