import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from './cli-process.js';
import { startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';

// Distinctive values that cannot appear by chance.
const ANALYTICS_CANARY = 'canary-analytics-Zq8vX2mN4kLp';
const MARKETPLACE_CANARY = 'canary-market-Hy7tR3wB9cDs';
const EMPTY_CANARY = 'canary-empty-Jf5gK1uE6oVa';
const CODE_CANARY = 'canary-code-Pm2nQ8sT4yWx';

describe('the key canary', () => {
  let fake: FakeDeployment;
  let dir: string;
  let run: CliRun;
  let junit: string;
  let json: string;

  beforeAll(async () => {
    // Faults make the run print failures with curls; key-echo sends the key back in error messages.
    fake = await startFakeDeployment({
      analyticsKey: ANALYTICS_CANARY,
      marketplaceKey: MARKETPLACE_CANARY,
      hostile: ['key-echo'],
      faults: ['marketplace-wrong-key-accepted', 'analytics-wrong-key-accepted', 'analytics-privacy-as-word'],
    });
    dir = await mkdtemp(join(tmpdir(), 'tallyport-canary-'));
    run = await runCli(['--allow-writes', '--junit', join(dir, 'report.xml'), '--json', join(dir, 'report.json')], {
      ANALYTICS_BASE_URL: fake.analyticsUrl,
      ANALYTICS_API_KEY: ANALYTICS_CANARY,
      MARKETPLACE_BASE_URL: fake.marketplaceUrl,
      MARKETPLACE_API_KEY: MARKETPLACE_CANARY,
      MARKETPLACE_EMPTY_API_KEY: EMPTY_CANARY,
      MARKETPLACE_PURCHASE_CODE: CODE_CANARY,
    });
    junit = await readFile(join(dir, 'report.xml'), 'utf8');
    json = await readFile(join(dir, 'report.json'), 'utf8');
  });
  afterAll(async () => {
    await fake?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('runs to a verdict with failures to report', () => {
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('curl');
    expect(junit).toContain('<failure');
    expect(JSON.parse(json).exitCode).toBe(1);
  });

  it('replaces a key the deployment echoed back by its placeholder', () => {
    expect(run.stdout).toContain('(key $MARKETPLACE_API_KEY;');
  });

  it('prints placeholders where keys were used', () => {
    expect(run.stdout).toContain('$ANALYTICS_API_KEY');
    expect(run.stdout).toContain('$MARKETPLACE_API_KEY');
  });

  it.each([
    ['stdout', () => run.stdout],
    ['stderr', () => run.stderr],
    ['JUnit', () => junit],
    ['JSON', () => json],
  ])('leaves no key in %s', (_, text) => {
    for (const canary of [ANALYTICS_CANARY, MARKETPLACE_CANARY, EMPTY_CANARY, CODE_CANARY]) {
      expect(text()).not.toContain(canary);
      expect(text()).not.toContain(encodeURIComponent(canary));
    }
  });
});
