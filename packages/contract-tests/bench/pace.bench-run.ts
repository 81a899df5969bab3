// The default run's requests per API and its wall time at the tester's default
// pace (20 requests a second) and at one request a second, against an honest
// deployment with data (laravel-resource): what a deployment limited per minute
// will see. Slow on purpose (the second run takes about nine minutes).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runContract } from '../src/run/contract.js';
import { runOptionsFor, startHonestDeployment } from '../test/honest-deployments/server.js';

it('measures the default run at 20 and at 1 request a second', async () => {
  const figures: Array<{ perSecond: number; wallMs: number; perApi: Record<string, number> }> = [];
  for (const perSecond of [20, 1]) {
    const deployment = await startHonestDeployment('laravel-resource');
    const options = runOptionsFor(deployment);
    const started = performance.now();
    const result = await runContract({
      ...options,
      limits: { ...options.limits, maxRequestsPerSecond: perSecond },
      maxDurationMs: 1_800_000,
      log: () => {},
    });
    figures.push({
      perSecond,
      wallMs: Math.round(performance.now() - started),
      perApi: Object.fromEntries(result.apis.map((api) => [api.api, api.cases.sent])),
    });
    await deployment.close();
    expect(result.exitCode).toBe(0);
  }
  for (const { perSecond, wallMs, perApi } of figures)
    console.log(`${perSecond} request(s)/s: ${(wallMs / 1000).toFixed(1)} s, ${JSON.stringify(perApi)}`);
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'bench-pace.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, JSON.stringify(figures, null, 2));
}, 1_800_000);
