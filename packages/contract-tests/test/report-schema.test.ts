import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonReport } from '../src/report/json.js';
import { reportSchema } from '../src/report/report-schema.js';
import { runContract } from '../src/run/contract.js';
import type { RunResult } from '../src/report/result.js';
import { runCli } from './cli-process.js';
import { type FakeDeployment, runOptionsFor, startFakeDeployment } from './fake-deployment/server.js';

const ajv = new Ajv2020({ strict: true, allErrors: true });
(addFormats as unknown as (instance: Ajv2020) => void)(ajv);
const validate = ajv.compile(reportSchema);

function problemsOf(result: RunResult): string[] {
  const report = JSON.parse(jsonReport(result)) as unknown;
  if (validate(report)) return [];
  return (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath} ${error.message}`);
}

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('the JSON report schema', () => {
  it('describes the report of a clean run', async () => {
    fake = await startFakeDeployment({ variant: 'bare' });
    const result = await runContract(runOptionsFor(fake));
    expect(result.exitCode).toBe(0);
    expect(problemsOf(result)).toEqual([]);
  });

  it('describes failures, leftovers and observations', async () => {
    fake = await startFakeDeployment({ faults: ['analytics-delete-keeps', 'marketplace-item-not-found-message'] });
    const result = await runContract(runOptionsFor(fake));
    expect(result.exitCode).toBe(1);
    expect(result.apis.flatMap((api) => api.leftovers).length).toBeGreaterThan(0);
    expect(problemsOf(result)).toEqual([]);
  });

  it('describes an interrupted run', async () => {
    fake = await startFakeDeployment();
    const interrupt = new AbortController();
    fake.onRequest = (line) => {
      if (line.startsWith('POST ')) interrupt.abort();
    };
    const result = await runContract({ ...runOptionsFor(fake), apis: ['analytics'], signal: interrupt.signal });
    expect(result.interrupted).toBe(true);
    expect(problemsOf(result)).toEqual([]);
  });

  it('describes a configuration problem', async () => {
    fake = await startFakeDeployment();
    const options = runOptionsFor(fake);
    // The analytics deployment knows no marketplace path.
    const marketplace = { ...options.marketplace, baseUrl: fake.analyticsUrl };
    const result = await runContract({ ...options, marketplace, apis: ['marketplace'] });
    expect(result.apis[0]?.configError).toBeDefined();
    expect(problemsOf(result)).toEqual([]);
  });

  it('rejects a report with a field it does not describe', () => {
    const report = { ...(JSON.parse(jsonReport(emptyRun())) as object), extra: 1 };
    expect(validate(report)).toBe(false);
  });

  it('is printed by --report-schema', async () => {
    const run = await runCli(['--report-schema'], {});
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(reportSchema)));
  });
});

function emptyRun(): RunResult {
  return {
    runId: 'r',
    seed: 1,
    startedAt: '2026-11-22T00:00:00.000Z',
    durationMs: 0,
    requestCount: 0,
    interrupted: false,
    strict: false,
    incomplete: [],
    apis: [],
    exitCode: 0,
  };
}
