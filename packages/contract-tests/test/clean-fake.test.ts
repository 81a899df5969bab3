// The engine against the clean fake deployment, in each honest variant: it
// departs from nothing, and every check judges something. The faults, each
// caught by its check, are in faults-in-single-answers.test.ts and
// faults-across-answers.test.ts. `pnpm test` runs the variant test/tiers.ts names; CI's `pnpm test:deployments`
// the others.
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKS } from '../src/registry/index.js';
import { runContract } from '../src/run/contract.js';
import { runOptionsFor, startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';
import { VARIANTS } from './fake-deployment/variants.js';
import { casesOfThisTierNamed } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const title = 'the clean fake deployment';
const variants = casesOfThisTierNamed(title, VARIANTS, (variant) => variant, REPRESENTATIVES.cleanFakeVariants);

describe(title, () => {
  it.each(variants)('departs from nothing and judges every check, in the %s variant', async (variant) => {
    fake = await startFakeDeployment({ variant });
    const result = await runContract(runOptionsFor(fake));
    // The fake follows the conventions too: not even a warning.
    const departures = result.apis.flatMap((api) =>
      api.checks
        .filter((check) => check.status === 'fail' || check.status === 'warn')
        .map((check) => `${api.api}/${check.check}: ${check.reason ?? ''}`),
    );
    expect(departures).toEqual([]);
    // Every check judged something on at least one API: none passes by skipping (baseline_drift judges a run given
    // a baseline: test/baseline-runs.test.ts).
    const judged = new Set(
      result.apis.flatMap((api) => api.checks.filter((c) => c.status === 'pass').map((c) => c.check)),
    );
    const unjudged = CHECKS.filter((check) => !check.needsBaseline && !judged.has(check.name));
    expect(unjudged.map((check) => check.name)).toEqual([]);
    expect(result.apis.map((api) => api.configError)).toEqual([undefined, undefined]);
    expect(result.apis.flatMap((api) => api.leftovers)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
