// Wall time of `pnpm contract` as a user types it, on the embedded mocks:
// pnpm, the freshness check of the built tester (scripts/contract.mjs), Node,
// the mocks' start and the run. Beside it, the same run behind turbo's build
// check, as the script did before, to show what skipping turbo saves.
import { spawnSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function timed(command: string, args: string[]): number {
  const started = performance.now();
  const run = spawnSync(command, args, { cwd: root, stdio: 'ignore', env: { ...process.env, CI: '1' } });
  expect(run.status).toBe(0);
  return Math.round(performance.now() - started);
}

it('measures pnpm contract on the embedded mocks', () => {
  // A first run builds the tester if it must; the figures are of a built tester, as a user's second run.
  timed('pnpm', ['contract']);
  const rounds = 5;
  const direct: number[] = [];
  const behindTurbo: number[] = [];
  for (let round = 0; round < rounds; round++) {
    direct.push(timed('pnpm', ['contract']));
    behindTurbo.push(timed('sh', ['-c', 'pnpm run build:tester && node packages/contract-tests/dist/cli.js']));
  }
  const report = {
    node: process.version,
    loadAverage: loadavg()[0] ?? 0,
    pnpmContract: { runs: direct, medianMs: median(direct) },
    behindTurbo: { runs: behindTurbo, medianMs: median(behindTurbo) },
  };
  console.log(
    [
      `pnpm contract on the embedded mocks: median ${report.pnpmContract.medianMs} ms over ${rounds} runs ` +
        `(${direct.join(', ')}), load average ${report.loadAverage.toFixed(1)}`,
      `the same behind turbo's build check:  median ${report.behindTurbo.medianMs} ms (${behindTurbo.join(', ')})`,
    ].join('\n'),
  );
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'bench-pnpm-contract.json');
  return mkdir(dirname(out), { recursive: true }).then(() => writeFile(out, `${JSON.stringify(report, null, 2)}\n`));
});
