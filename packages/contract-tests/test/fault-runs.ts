// The fault-injection harness: the engine run against the fake deployment
// with one fault on, judged by the check the fault names. The faults are
// split over four files (single answers, effects across answers, relations
// between operations, and parameters that meet or text outside ASCII) so the
// test runner runs them side by side. Each run's traffic is recorded as a HAR
// on the way, and `judge` must find the fault in the file alone, with the same
// verdict, unless the file cannot show it.
import { describe, expect, it } from 'vitest';
import { COMBINATION_FAULTS, FAULTS, type FaultName, type FaultSpec, TEXT_FAULTS } from './fake-deployment/faults.js';
import { runOptionsFor, startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';
import { runAndJudge, statusOf } from './recorded/run-and-judge.js';
import { CHECKS } from '../src/registry/index.js';
import { isStateCheck } from '../src/state/invariants/frame.js';
import { casesOfThisTier } from './tier-cases.js';
import { REPRESENTATIVES } from './tiers.js';

// Faults in reads or deletes: the run cannot prove a record is its own, so it deletes nothing and lists what it left.
const LEAVES_RECORDS = new Set<string>([
  'analytics-delete-keeps',
  'analytics-read-redirects',
  'analytics-read-neighbour',
  'analytics-read-above-100-missing',
  'analytics-created-unreadable',
  'analytics-deleted-readable-for-10s',
]);

/** The checks that judge one answer on its own; the others judge answers against each other. */
export const SINGLE_ANSWER_CHECKS: ReadonlySet<string> = new Set([
  'not_a_server_error',
  'status_code_conformance',
  'content_type_conformance',
  'response_schema_conformance',
  'negative_data_rejection',
  'ignored_auth',
  'documented_error_messages',
  'echoed_fields',
]);

/** The invariants of the state model (src/state/invariants) but read_matches_list, a relation check of old. */
export const STATE_CHECKS: ReadonlySet<string> = new Set(
  CHECKS.filter(isStateCheck)
    .map((check) => check.name)
    .filter((name) => name !== 'read_matches_list'),
);

/** The checks that judge what a run writes and the links between operations. */
export const RELATION_CHECKS: ReadonlySet<string> = new Set(['read_matches_list', 'linked_records_agree', 'key_scope']);

/**
 * Faults that show only when parameters meet, or only for text outside ASCII or long text: they have a file of
 * their own, so what the plan reaches apart from single parameters is seen apart.
 */
export const inCombination = (fault: FaultSpec): boolean =>
  COMBINATION_FAULTS.has(fault.name) || TEXT_FAULTS.has(fault.name);

/**
 * Faults a recorded file cannot show as a run sees them, with the verdict `judge` gives and why. A run knows
 * things about its own requests that the traffic does not say: that a purchase code or an item id it made up
 * is not valid, and what it assumed of a record it could not see deleted.
 */
const SEEN_OTHERWISE_IN_A_FILE: Partial<Record<FaultName, { judged: 'pass' | 'warn'; why: string }>> = {
  'marketplace-any-code-valid': {
    judged: 'pass',
    why: 'the file cannot say that a code is invalid: every code it validates may be a real one',
  },
  'marketplace-item-not-found-success-null': {
    judged: 'pass',
    why: 'the file cannot say that an id names no item, so an answer of 成功 to it is not a refusal to judge',
  },
  'marketplace-purchase-json-only-any-code-valid': {
    judged: 'pass',
    why: 'the file cannot say that a code is invalid: every code validated in the place read may be a real one',
  },
  'marketplace-purchase-non-ascii-code-500': {
    judged: 'pass',
    why:
      'the file cannot say that a code is invalid, so a 500 to it is not an answer to the documented condition ' +
      '(not_a_server_error still fails it)',
  },
  'marketplace-item-of-key-without-items-message': {
    judged: 'pass',
    why: 'the file cannot say which key lists no item, so the item read with it is not a documented condition',
  },
};

/** Whether a fault is among the first `perCheck` of its check in `faults` (in the order of faults.ts). */
function firstOfItsCheck(faults: readonly FaultSpec[], perCheck: number): (fault: FaultSpec) => boolean {
  const kept = new Set<FaultName>();
  const counts = new Map<string, number>();
  for (const fault of faults) {
    const count = counts.get(fault.expectedCheck) ?? 0;
    if (count < perCheck) kept.add(fault.name);
    counts.set(fault.expectedCheck, count + 1);
  }
  return (fault) => kept.has(fault.name);
}

/**
 * Runs every fault `belongs` selects that this tier takes (`pnpm test` the first of each check, CI's
 * `pnpm test:deployments` the others: test/tiers.ts), each against a fresh fake deployment of its own: the runs
 * mostly wait (on the fake in this process, on the patience a slow write gets), so several run at once.
 */
export function describeFaults(title: string, belongs: (fault: FaultSpec) => boolean): void {
  const chosen = FAULTS.filter(belongs);
  // The index in the whole selection, whichever tier runs the fault: it picks the seed of a state fault.
  const indexed = chosen.map((fault, index) => [fault.name, fault, index] as const);
  const representative = firstOfItsCheck(chosen, REPRESENTATIVES.faultsPerCheck);
  const tierCases = casesOfThisTier(title, indexed, ([, fault]) => representative(fault));
  // A sweep of a few faults of different checks is all representatives: vitest fails a suite without a test.
  if (tierCases.length === 0) return;
  describe(title, () => {
    it.concurrent.each(tierCases)('%s is caught', async (_, fault, index) => {
      const fake: FakeDeployment = await startFakeDeployment({ faults: [fault.name] });
      try {
        // Only the requests the named check needs (--only): the run that catches the fault, and no more. The state
        // model's sequences are seeded: each of its faults runs under one of the five seeds every one is caught by.
        const { live: result, judged } = await runAndJudge({
          ...runOptionsFor(fake),
          apis: [fault.api],
          only: [fault.expectedCheck],
          ...(STATE_CHECKS.has(fault.expectedCheck) ? { seed: 1 + (index % 5) } : {}),
        });
        expect(result.apis[0]?.configError).toBeUndefined();
        // A fault the source documentation decides fails its check; one that breaks a convention warns.
        expect(
          statusOf(result, fault.expectedCheck),
          `${fault.description} should ${fault.expected} ${fault.expectedCheck}`,
        ).toBe(fault.expected);
        if (fault.expected === 'fail') expect(result.exitCode).toBe(1);
        // A divergence from the state model that a command sequence showed is reported with that sequence, shrunk.
        if (STATE_CHECKS.has(fault.expectedCheck) && fault.expectedCheck !== 'neighbours_served') {
          const cases = result.apis.flatMap(
            (api) => api.checks.find((check) => check.check === fault.expectedCheck)?.cases ?? [],
          );
          const failing = cases.flatMap((entry) => (entry.status === 'fail' || entry.status === 'warn' ? [entry] : []));
          for (const entry of failing.filter((one) => one.title.includes('(sequence ')))
            expect(entry.sequence, `${entry.title} carries its sequence`).toBeDefined();
          expect(
            failing.some((entry) => entry.steps.length > 0),
            'a failure carries the requests that show it',
          ).toBe(true);
        }
        // The same traffic, judged from its HAR alone.
        const otherwise = SEEN_OTHERWISE_IN_A_FILE[fault.name];
        expect(statusOf(judged, fault.expectedCheck), otherwise?.why ?? 'judge finds it as the run does').toBe(
          otherwise?.judged ?? statusOf(result, fault.expectedCheck),
        );
        // Even a faulty deployment is left as found, unless its reads or deletes are what is broken.
        if (!LEAVES_RECORDS.has(fault.name)) expect(result.apis[0]?.leftovers).toEqual([]);
      } finally {
        await fake.close();
      }
    });
  });
}
