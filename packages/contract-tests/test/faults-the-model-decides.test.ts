// The faults of the kinds the model of the state once left to luck, one or more for each way it did not decide: a
// later page or a search the model did not predict, a write's server error, a value no random draw is sure to send,
// a fact two judges read two ways, and a read-only record read again. Each is run the way a QA engineer runs the
// tester (writes allowed, every check, no --only) under five seeds, and each seed catches it: the check fails, the
// run exits 1, and a divergence a command sequence showed comes with that sequence, shrunk. `pnpm test` runs the
// fault and seed test/tiers.ts names; CI's `pnpm test:deployments` every other pair.
import { describe, expect, it } from 'vitest';
import { runContract } from '../src/index.js';
import { FAULTS, type FaultName } from './fake-deployment/faults.js';
import { runOptionsFor, startFakeDeployment } from './fake-deployment/server.js';
import { IN_PROCESS_TIMEOUT_MS } from './recorded/run-and-judge.js';
import { casesOfThisTierNamed } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';

const MODEL_DECIDES: readonly FaultName[] = [
  'analytics-list-later-pages-reversed',
  'analytics-search-finds-deleted',
  'analytics-create-answers-previous-id',
  'analytics-list-total-counts-deleted',
  'analytics-update-long-list-500',
  'analytics-update-without-password-unprotects',
  'analytics-text-cut-at-200',
  'analytics-update-appends-exclusions',
  'marketplace-account-becomes-buyer',
];
const SEEDS = [1, 2, 3, 4, 5];

const title = 'faults only the model of the state decides, caught by default under every seed';
const everyPair = MODEL_DECIDES.flatMap((name) => SEEDS.map((seed) => [name, seed] as const));
const cases = casesOfThisTierNamed(
  title,
  everyPair,
  ([name, seed]) => `${name} under seed ${seed}`,
  REPRESENTATIVES.faultsTheModelDecides,
);

describe(title, () => {
  it.concurrent.each(cases)('%s under seed %i', async (name, seed) => {
    const fault = FAULTS.find((candidate) => candidate.name === name)!;
    const fake = await startFakeDeployment({ faults: [name] });
    try {
      // Five runs of a thousand requests share one process with their fakes: on a busy machine an answer may wait
      // on the others' judging longer than the default timeout, which would judge the machine, not the fault.
      const options = runOptionsFor(fake);
      const limits = { ...options.limits, timeoutMs: IN_PROCESS_TIMEOUT_MS };
      const result = await runContract({ ...options, limits, apis: [fault.api], seed, log: () => {} });
      const check = result.apis[0]!.checks.find((entry) => entry.check === fault.expectedCheck);
      expect(check?.status, `${fault.description} should fail ${fault.expectedCheck}`).toBe('fail');
      expect(result.exitCode).toBe(1);
      const failing = (check?.cases ?? []).flatMap((entry) => (entry.status === 'fail' ? [entry] : []));
      for (const entry of failing.filter((one) => one.title.includes('(sequence '))) {
        expect(entry.sequence?.replay, `${entry.title} shows its sequence`).toContain(`--seed ${seed}`);
        // Shrunk: a replay of fewer commands showed it again, or it took no more than a few from the start.
        const sequence = entry.sequence!;
        expect(sequence.shrunkFrom !== undefined || sequence.commands <= 3, JSON.stringify(sequence)).toBe(true);
      }
      expect(result.apis[0]!.leftovers, JSON.stringify(result.apis[0]!.notes)).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
