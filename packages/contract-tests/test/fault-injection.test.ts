import { afterEach, describe, expect, it } from 'vitest';
import { runContract, type RunResult } from '../src/runner.js';
import { FAULTS } from './fake-deployment/faults.js';
import { runOptionsFor, startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const statusOf = (result: RunResult, check: string) =>
  result.apis.flatMap((api) => api.checks).find((entry) => entry.check === check)?.status;

describe('the clean fake deployment', () => {
  it.each(['http200', 'http4xx'] as const)(
    'passes every check, not merely skips, with marketplace errors as %s',
    async (marketplaceErrors) => {
      fake = await startFakeDeployment({ marketplaceErrors });
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
    },
  );
});

describe('a fake deployment with one fault', () => {
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

  it('lists at least 25 single-fault variants', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(25);
    expect(new Set(FAULTS.map((fault) => fault.name)).size).toBe(FAULTS.length);
  });
});
