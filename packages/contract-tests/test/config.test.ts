import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/config.js';

describe('parseConfig', () => {
  it('uses the mocks when no base URL is set', () => {
    const config = parseConfig([], {});
    expect(config.run.analytics).toBeUndefined();
    expect(config.run.marketplace).toBeUndefined();
    expect(config.run.apis).toEqual(['analytics', 'marketplace']);
  });

  it('reads deployments and keys from the environment', () => {
    const config = parseConfig(
      ['--api', 'marketplace', '--timeout', '2.5', '--only', 'ignored_auth,parameter_effects'],
      {
        MARKETPLACE_BASE_URL: 'https://market.example.com',
        MARKETPLACE_API_KEY: 'k-123456',
        MARKETPLACE_PURCHASE_CODE: 'code-1',
      },
    );
    expect(config.run.marketplace).toEqual({
      baseUrl: 'https://market.example.com',
      apiKey: 'k-123456',
      purchaseCode: 'code-1',
    });
    expect(config.run.limits).toEqual({ timeoutMs: 2500 });
    expect(config.run.only).toEqual(['ignored_auth', 'parameter_effects']);
  });

  it.each([
    [['--only', 'no_such_check'], /unknown check/],
    [['--api', 'both'], /--api must be/],
    [['--max-requests-per-second=0'], /positive number/],
    [['--item-id', '12x'], /whole number/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseConfig(argv, {})).toThrow(message);
  });

  it('refuses a base URL with credentials in it', () => {
    expect(() =>
      parseConfig([], { ANALYTICS_BASE_URL: 'https://user:pw@a.example.com', ANALYTICS_API_KEY: 'k' }),
    ).toThrow(ConfigError);
  });
});
