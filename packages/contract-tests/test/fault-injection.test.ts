import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../src/checks/index.js';
import { runContract, type RunResult } from '../src/runner.js';
import { FAULTS } from './fake-deployment/faults.js';
import { runOptionsFor, startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';
import { VARIANTS } from './fake-deployment/variants.js';

// Faults in reads or deletes: the run cannot prove a record is its own, so it deletes nothing and lists what it left.
const LEAVES_RECORDS = new Set<string>([
  'analytics-delete-keeps',
  'analytics-read-redirects',
  'analytics-read-neighbour',
  'analytics-read-above-100-missing',
  'analytics-created-unreadable',
  'analytics-deleted-readable-for-10s',
]);

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const statusOf = (result: RunResult, check: string) =>
  result.apis.flatMap((api) => api.checks).find((entry) => entry.check === check)?.status;

describe('the clean fake deployment', () => {
  it.each(VARIANTS)('departs from nothing and judges every check, in the %s variant', async (variant) => {
    fake = await startFakeDeployment({ variant });
    const result = await runContract(runOptionsFor(fake));
    // The fake follows the conventions too: not even a warning.
    const departures = result.apis.flatMap((api) =>
      api.checks
        .filter((check) => check.status === 'fail' || check.status === 'warn')
        .map((check) => `${api.api}/${check.check}: ${check.reason ?? ''}`),
    );
    expect(departures).toEqual([]);
    // Every check judged something on at least one API: none passes by skipping.
    const judged = new Set(
      result.apis.flatMap((api) => api.checks.filter((c) => c.status === 'pass').map((c) => c.check)),
    );
    expect(CHECK_NAMES.filter((name) => !judged.has(name))).toEqual([]);
    expect(result.apis.map((api) => api.configError)).toEqual([undefined, undefined]);
    expect(result.apis.flatMap((api) => api.leftovers)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});

describe('a fake deployment with one fault', () => {
  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s is caught', async (_, fault) => {
    fake = await startFakeDeployment({ faults: [fault.name] });
    const result = await runContract({ ...runOptionsFor(fake), apis: [fault.api] });
    expect(result.apis[0]?.configError).toBeUndefined();
    // A fault the source documentation decides fails its check; one that breaks a convention warns.
    expect(
      statusOf(result, fault.expectedCheck),
      `${fault.description} should ${fault.expected} ${fault.expectedCheck}`,
    ).toBe(fault.expected);
    if (fault.expected === 'fail') expect(result.exitCode).toBe(1);
    // Even a faulty deployment is left as found, unless its reads or deletes are what is broken.
    if (!LEAVES_RECORDS.has(fault.name)) expect(result.apis[0]?.leftovers).toEqual([]);
  });
});
