import { afterEach, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../src/checks/index.js';
import { runContract, type RunResult } from '../src/runner.js';
import { FAULTS } from './fake-deployment/faults.js';
import { runOptionsFor, startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';
import { VARIANTS } from './fake-deployment/variants.js';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const statusOf = (result: RunResult, check: string) =>
  result.apis.flatMap((api) => api.checks).find((entry) => entry.check === check)?.status;

describe('the clean fake deployment', () => {
  it.each(VARIANTS)('passes every check, not merely skips, in the %s variant', async (variant) => {
    fake = await startFakeDeployment({ variant });
    const result = await runContract(runOptionsFor(fake));
    const notPassed = result.apis.flatMap((api) =>
      api.checks
        .filter((check) => check.status !== 'pass')
        .map((check) => `${api.api}/${check.check}: ${check.status} ${check.reason ?? ''}`),
    );
    expect(notPassed).toEqual([]);
    expect(result.apis.map((api) => api.configError)).toEqual([undefined, undefined]);
    expect(result.apis.flatMap((api) => api.leftovers)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});

// The faults are written for the rebuilt engine's checks; they run once the
// engine has every check they name.
const engineJudgesEveryFault = FAULTS.every((fault) =>
  (CHECK_NAMES as readonly string[]).includes(fault.expectedCheck),
);

describe.runIf(engineJudgesEveryFault)('a fake deployment with one fault', () => {
  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s is caught', async (_, fault) => {
    fake = await startFakeDeployment({ faults: [fault.name] });
    const result = await runContract({ ...runOptionsFor(fake), apis: [fault.api] });
    expect(result.apis[0]?.configError).toBeUndefined();
    expect(statusOf(result, fault.expectedCheck), `${fault.description} should fail ${fault.expectedCheck}`).toBe(
      'fail',
    );
    expect(result.exitCode).toBe(1);
    // Even a faulty deployment is left as found.
    expect(result.apis[0]?.leftovers.filter(() => fault.name !== 'analytics-delete-keeps')).toEqual([]);
  });
});
