// Where the marketplace api_key travels is not shown by the source documentation: a deployment that reads it
// from a header is checked once the run is told so, and a wrong place is a configuration problem, not violations.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/cli/config/parse.js';
import { runContract } from '../src/run/contract.js';
import { type FakeDeployment, runOptionsFor, startFakeDeployment } from './fake-deployment/server.js';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const failed = (result: Awaited<ReturnType<typeof runContract>>) =>
  result.apis.flatMap((api) => api.checks.filter((check) => check.status === 'fail').map((check) => check.check));

describe('the marketplace key transport', () => {
  it('reports a key sent where the deployment does not read it as a configuration problem', async () => {
    fake = await startFakeDeployment({ marketplaceKeyHeader: 'X-Api-Key' });
    const result = await runContract({ ...runOptionsFor(fake), apis: ['marketplace'] });
    expect(result.exitCode).toBe(2);
    expect(result.apis[0]?.configError).toMatch(/MARKETPLACE_API_KEY.*--marketplace-key-in/);
    expect(failed(result)).toEqual([]);
  });

  it('checks a deployment that reads the key from a header once told which one', async () => {
    fake = await startFakeDeployment({ marketplaceKeyHeader: 'X-Api-Key' });
    const options = runOptionsFor(fake);
    const result = await runContract({
      ...options,
      marketplace: { ...options.marketplace, keyTransport: { header: 'X-Api-Key' } },
      apis: ['marketplace'],
    });
    expect(failed(result)).toEqual([]);
    expect(result.exitCode).toBe(0);
    // The key never travels in a URL then.
    expect(fake.log().filter((entry) => entry.query.includes('api_key'))).toEqual([]);
  });

  it.each([
    ['query', 'query'],
    ['form', 'form'],
    ['header:X-Api-Key', { header: 'X-Api-Key' }],
  ] as const)('--marketplace-key-in %s is read', (flag, expected) => {
    const env = { MARKETPLACE_BASE_URL: 'http://127.0.0.1:1', MARKETPLACE_API_KEY: 'k' };
    const config = parseConfig(['--api', 'marketplace', '--marketplace-key-in', flag], env);
    expect(config.run.marketplace?.keyTransport).toEqual(expected);
  });

  it.each(['cookie', 'header:', 'header:a b'])('--marketplace-key-in %s is refused with the allowed values', (flag) => {
    expect(() => parseConfig(['--marketplace-key-in', flag], {})).toThrow(ConfigError);
    expect(() => parseConfig(['--marketplace-key-in', flag], {})).toThrow(/spec, query, form or header:NAME/);
  });
});
