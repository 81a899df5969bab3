// What a run sends, and how fast, follows where it goes and what was chosen:
// a deployment on this machine is not paced unless a pace was asked for (the
// banner says the pace), `--only` sends only the families the chosen checks
// judge, and a check the API's spec gives nothing to judge is left out of
// that API (an API with none is left out of the run).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../src/registry/index.js';
import type { Exchange } from '../src/transport/transport.js';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { type RunOptions, runContract } from '../src/run/contract.js';
import type { ApiName } from '../src/spec/models.js';
import { runCli } from './cli-process.js';

let mocks: RunningMocks;
beforeAll(async () => {
  mocks = await startMocks({ stateful: true });
});
afterAll(async () => {
  await mocks?.close();
});

/** The stateful mock as a deployment on 127.0.0.1, with every value a deployment's owner would give. */
function deployment(): RunOptions {
  const engine = mocks.engine!;
  return {
    analytics: { baseUrl: mocks.analytics!.url, apiKey: engine.keys.analyticsKey },
    marketplace: {
      baseUrl: mocks.marketplace!.url,
      apiKey: engine.keys.marketKey,
      emptyApiKey: engine.keys.emptyKey,
      purchaseCode: engine.knownValues()[0]!.value,
    },
    allowWrites: true,
  };
}

/** A run that also records the pace each API started with and the families it sent. */
async function recorded(options: RunOptions) {
  const paces: Partial<Record<ApiName, number>> = {};
  const leftOut: ApiName[] = [];
  const sent: Partial<Record<ApiName, readonly Exchange[]>> = {};
  const result = await runContract({
    ...options,
    onApiStart: (api, _target, _mock, perSecond) => {
      paces[api] = perSecond;
    },
    onApiLeftOut: (api) => leftOut.push(api),
    onExchanges: (api, exchanges) => {
      sent[api] = exchanges;
    },
  });
  const families = (api: ApiName) => new Set(sent[api]?.map((exchange) => exchange.case?.family));
  return { result, paces, leftOut, families };
}

let fullRun: ReturnType<typeof recorded> | undefined;
/**
 * The run of every check of both APIs, made once for the tests that read it: each would make the same run against
 * the same mock, and none changes what a later one sees.
 */
const everyCheck = () => {
  fullRun ??= recorded(deployment());
  return fullRun;
};

describe('the pace', () => {
  it('is not limited on this machine unless asked for', async () => {
    const { result, paces } = await everyCheck();
    expect(paces).toEqual({ analytics: 0, marketplace: 0 });
    expect(result.exitCode).toBe(0);
    // Over 300 requests (at the default 20 a second they took 16.8 s), none of them held for its turn: the pacer
    // never had a rate (it would have settled at one) and never paused. Told by the pacer, not by the clock, which
    // a busy machine slows as much as a pace would.
    expect(result.requestCount).toBeGreaterThan(300);
    expect(result.apis.map((api) => api.pace)).toEqual([
      { throttled: 0, pausedMs: 0 },
      { throttled: 0, pausedMs: 0 },
    ]);
  });

  it('is the one asked for, on this machine too', async () => {
    const { paces } = await recorded({ ...deployment(), apis: ['marketplace'], limits: { maxRequestsPerSecond: 50 } });
    expect(paces).toEqual({ marketplace: 50 });
  });

  it('is stated in the banner of a deployment elsewhere', async () => {
    const run = await runCli(['--api', 'marketplace', '--timeout', '2', '--progress', 'off'], {
      MARKETPLACE_BASE_URL: 'https://marketplace.tallyport.invalid',
      MARKETPLACE_API_KEY: 'k-banner-0000',
    });
    expect(run.stderr).toContain(
      'marketplace → https://marketplace.tallyport.invalid · at most 20 requests a second (--max-requests-per-second)',
    );
    expect(run.code).toBe(2);
  });
});

describe('--only and the checks an API can have', () => {
  it('leaves out an API none of the chosen checks applies to (sort_order and the marketplace)', async () => {
    const { result, leftOut, families } = await recorded({ ...deployment(), only: ['sort_order'] });
    expect(leftOut).toEqual(['marketplace']);
    expect(result.apis.map((api) => api.api)).toEqual(['analytics']);
    expect(families('marketplace').size).toBe(0);
    expect(result.apis[0]?.checks.map((check) => [check.check, check.status])).toEqual([['sort_order', 'pass']]);
    expect(result.incomplete).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('sends only the families the chosen checks judge', async () => {
    const full = await everyCheck();
    const shapes = await recorded({ ...deployment(), only: ['response_schema_conformance'] });
    expect(shapes.families('analytics').has('derived')).toBe(false);
    expect(shapes.result.requestCount).toBeLessThan(full.result.requestCount / 2);
    expect(shapes.result.exitCode).toBe(0);
  });

  it('leaves out of an API the checks its spec gives nothing to judge, rather than skipping them', async () => {
    const { result } = await everyCheck();
    const names = (api: ApiName) => result.apis.find((entry) => entry.api === api)!.checks.map((check) => check.check);
    expect(names('analytics')).not.toContain('key_scope');
    expect(names('analytics')).not.toContain('documented_error_messages');
    for (const check of ['sort_order', 'page_size_honoured', 'stored_as_sent', 'date_range_effect'])
      expect(names('marketplace')).not.toContain(check);
    expect(names('marketplace')).toContain('key_scope');
    // Every check judges at least one API (the drift from a baseline, in a run given one).
    expect(
      CHECKS.filter((check) => !check.needsBaseline && !result.apis.some((api) => names(api.api).includes(check.name))),
    ).toEqual([]);
  });

  it('a check that applies to none of the APIs asked for is a run that checked nothing (exit 2)', async () => {
    const { result, leftOut } = await recorded({ ...deployment(), apis: ['marketplace'], only: ['sort_order'] });
    expect(leftOut).toEqual(['marketplace']);
    expect(result.incomplete).toEqual([
      'marketplace: left out, as none of the chosen checks (sort_order) applies to it',
    ]);
    expect(result.exitCode).toBe(2);
  });
});
