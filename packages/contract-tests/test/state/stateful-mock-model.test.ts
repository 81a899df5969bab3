// The state model and the stateful mock share one definition of the write
// rules (the spec model's writes.ts): the model's command sequences, run
// against the mock under 20 seeds, find no divergence from the model. `pnpm test` runs the seeds test/tiers.ts
// names, CI's `pnpm test:deployments` the others.
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/registry/index.js';
import { runContract } from '../../src/run/contract.js';
import { type RunningMocks, startMocks } from '../../src/run/mocks.js';
import { isStateCheck } from '../../src/state/invariants/frame.js';
import { casesOfThisTier } from '../tier-cases.js';
import { REPRESENTATIVES } from '../tiers.js';

const INVARIANTS = CHECKS.filter(isStateCheck).map((check) => check.name);
const SEEDS = Array.from({ length: 20 }, (_, index) => index + 1);

const title = 'the state model against the stateful mock';
const seeds = casesOfThisTier(title, SEEDS, (seed) => REPRESENTATIVES.statefulMockSeeds.includes(seed));

describe(title, () => {
  // A mock of its own for each seed: runs sharing one would be each other's other clients.
  it.concurrent.each(seeds)('finds no divergence under seed %i', async (seed) => {
    const mocks: RunningMocks = await startMocks({ stateful: true });
    const engine = mocks.engine!;
    const result = await runContract({
      analytics: { baseUrl: mocks.analytics!.url, apiKey: engine.keys.analyticsKey },
      marketplace: {
        baseUrl: mocks.marketplace!.url,
        apiKey: engine.keys.marketKey,
        emptyApiKey: engine.keys.emptyKey,
      },
      allowWrites: true,
      only: INVARIANTS,
      seed,
      limits: { maxRequestsPerSecond: 0 },
    }).finally(() => mocks.close());
    const judged = result.apis.flatMap((api) => api.checks.map((check) => `${api.api} ${check.check} ${check.status}`));
    const diverged = judged.filter((line) => / (fail|warn)$/.test(line));
    expect(diverged, JSON.stringify(result.apis.map((api) => api.notes))).toEqual([]);
    // The sequences ran: the invariants that need writes judged something on the analytics API.
    expect(judged).toContain('analytics list_matches_state pass');
    expect(judged).toContain('analytics stored_as_sent pass');
    expect(result.apis.every((api) => api.leftovers.length === 0)).toBe(true);
  });
});
