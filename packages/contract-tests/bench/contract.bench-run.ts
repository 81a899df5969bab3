// Wall time and request counts of the contract suite: on the embedded mocks
// (Prism start included), on the clean fake deployment, and across the
// fault-injection variants (with which checks caught each fault).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startMocks } from '../src/run/mocks.js';
import { runContract } from '../src/run/contract.js';
import type { RunResult } from '../src/report/result.js';
import { FAULTS } from '../test/fake-deployment/faults.js';
import { runOptionsFor, startFakeDeployment } from '../test/fake-deployment/server.js';
import { VARIANTS } from '../test/fake-deployment/variants.js';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const perApi = (result: RunResult) => Object.fromEntries(result.apis.map((api) => [api.api, api.cases.sent]));
const shown = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([api, count]) => `${api} ${count}`)
    .join(', ');

it('measures the contract suite', async () => {
  const mockRuns: Array<{ wallMs: number; prismStartMs: number; requests: number; perApi: Record<string, number> }> =
    [];
  for (let round = 0; round < 3; round++) {
    const started = performance.now();
    const mocks = await startMocks();
    const ready = performance.now();
    const result = await runContract({ mocks });
    mockRuns.push({
      wallMs: Math.round(performance.now() - started),
      prismStartMs: Math.round(ready - started),
      requests: result.requestCount,
      perApi: perApi(result),
    });
    await mocks.close();
    expect(result.exitCode).toBe(0);
  }

  const fakeRuns: Array<{ variant: string; wallMs: number; requests: number; perApi: Record<string, number> }> = [];
  for (let round = 0; round < 2 * VARIANTS.length; round++) {
    const variant = VARIANTS[round % VARIANTS.length]!;
    const fake = await startFakeDeployment({ variant });
    const started = performance.now();
    const result = await runContract(runOptionsFor(fake));
    fakeRuns.push({
      variant,
      wallMs: Math.round(performance.now() - started),
      requests: result.requestCount,
      perApi: perApi(result),
    });
    await fake.close();
    expect(result.exitCode).toBe(0);
  }

  const detections: Array<{
    fault: string;
    expected: string;
    caught: boolean;
    failingChecks: string[];
    requests: number;
  }> = [];
  const faultsStarted = performance.now();
  for (const fault of FAULTS) {
    const fake = await startFakeDeployment({ faults: [fault.name] });
    const result = await runContract({ ...runOptionsFor(fake), apis: [fault.api] });
    await fake.close();
    const failing = result.apis.flatMap((api) =>
      api.checks
        .filter((check) => check.status === 'fail' || check.status === 'warn')
        .map((check) => `${check.check}${check.status === 'warn' ? ' (warn)' : ''}`),
    );
    const status = result.apis
      .flatMap((api) => api.checks)
      .find((check) => check.check === fault.expectedCheck)?.status;
    detections.push({
      fault: fault.name,
      expected: `${fault.expectedCheck} (${fault.expected})`,
      caught: status === fault.expected,
      failingChecks: failing,
      requests: result.requestCount,
    });
  }
  const faultsWallMs = Math.round(performance.now() - faultsStarted);

  const report = {
    node: process.version,
    cpus: (await import('node:os')).cpus().length,
    loadAverage: (await import('node:os')).loadavg()[0] ?? 0,
    mocks: {
      runs: mockRuns,
      medianWallMs: median(mockRuns.map((run) => run.wallMs)),
      medianPrismStartMs: median(mockRuns.map((run) => run.prismStartMs)),
      requests: mockRuns[0]!.requests,
    },
    fake: { runs: fakeRuns, medianWallMs: median(fakeRuns.map((run) => run.wallMs)), requests: fakeRuns[0]!.requests },
    faults: {
      variants: detections.length,
      caught: detections.filter((entry) => entry.caught).length,
      wallMs: faultsWallMs,
      detections,
    },
  };
  const lines = [
    `contract suite on the embedded mocks (Prism start included): median ${report.mocks.medianWallMs} ms ` +
      `over ${mockRuns.length} runs (Prism start ${report.mocks.medianPrismStartMs} ms), ` +
      `${report.mocks.requests} requests (${shown(mockRuns[0]!.perApi)}), load average ` +
      `${report.loadAverage.toFixed(1)}`,
    `contract suite on the clean fake (writes on):               median ${report.fake.medianWallMs} ms ` +
      `over ${fakeRuns.length} runs`,
    ...fakeRuns.map(
      (run) => `  ${run.variant.padEnd(9)} ${run.wallMs} ms, ${run.requests} requests (${shown(run.perApi)})`,
    ),
    `fault injection: ${report.faults.caught}/${report.faults.variants} variants caught by their expected check ` +
      `in ${faultsWallMs} ms`,
    ...detections.map(
      (entry) =>
        `  ${entry.caught ? '✓' : '✗'} ${entry.fault.padEnd(40)} expected ${entry.expected.padEnd(29)} ` +
        `failing: ${entry.failingChecks.join(', ')}`,
    ),
  ];
  console.log(lines.join('\n'));
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'bench.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  expect(report.faults.caught).toBe(report.faults.variants);
});
