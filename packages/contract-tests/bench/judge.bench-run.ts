// `tallyport-contract judge` on a large recorded file: entries judged per
// second and the judge's peak memory (its process's largest resident set) for
// a HAR of 100,000 entries. The file is a whole run against the fake
// deployment recorded through a proxy (every operation, writes included),
// copied until it holds 100,000 entries, each copy with its own record labels
// and keys unchanged, about 200 MB written to a temporary folder. The built
// CLI judges it as a user would, the deployment's keys in its environment, writing
// the JSON report too.
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { runContract } from '../src/run/contract.js';
import { runOptionsFor, startFakeDeployment } from '../test/fake-deployment/server.js';
import { startHarRecorder } from '../test/recorded/har-recorder.js';

const ENTRIES = 100_000;
const here = dirname(fileURLToPath(import.meta.url));
const CLI = join(here, '..', 'dist', 'cli.js');

/** Writes `count` entries: copies of `entries`, the run's label in each copy made its own. */
async function writeHar(file: string, entries: unknown[], label: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  const write = (text: string) =>
    new Promise<void>((resolve) => (out.write(text) ? resolve() : out.once('drain', () => resolve())));
  await write('{"log":{"version":"1.2","creator":{"name":"tallyport-bench","version":"1"},"entries":[\n');
  const texts = entries.map((entry) => JSON.stringify(entry));
  for (let index = 0; index < count; index++) {
    const copy = Math.floor(index / texts.length);
    const text = texts[index % texts.length]!.split(label).join(`${label}c${copy}-`);
    await write(`${index > 0 ? ',\n' : ''}${text}`);
  }
  await write('\n]}}\n');
  await new Promise<void>((resolve) => out.end(resolve));
}

/** Runs the CLI; its peak resident set (KiB) and CPU time (s) come from GNU time. */
function judge(file: string, env: Record<string, string>, args: string[]) {
  return new Promise<{
    code: number | null;
    stdout: string;
    stderr: string;
    ms: number;
    maxRssKiB: number;
    cpuS: number;
  }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'maxrss %M cpu %U %S', process.execPath, CLI, 'judge', file, ...args], {
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const [, rss, user, system] = /maxrss (\d+) cpu ([\d.]+) ([\d.]+)/.exec(stderr) ?? [];
      const cpuS = Number(user) + Number(system);
      resolve({ code, stdout, stderr, ms: performance.now() - started, maxRssKiB: Number(rss), cpuS });
    });
  });
}

it('measures judge on a 100,000-entry HAR', async () => {
  const fake = await startFakeDeployment();
  const recorder = await startHarRecorder({ analytics: fake.analyticsUrl, marketplace: fake.marketplaceUrl });
  const options = runOptionsFor(fake);
  const live = await runContract({
    ...options,
    analytics: { ...options.analytics, baseUrl: recorder.urls.analytics! },
    marketplace: { ...options.marketplace, baseUrl: recorder.urls.marketplace! },
  });
  const { entries } = recorder.har().log;
  await recorder.close();
  await fake.close();
  expect(live.exitCode).toBe(0);

  const folder = await mkdtemp(join(tmpdir(), 'tallyport-judge-bench-'));
  try {
    const file = join(folder, 'big.har');
    const label = `tallyport-contract-${live.runId}-`;
    await writeHar(file, entries, label, ENTRIES);
    const bytes = (await stat(file)).size;
    const env = {
      ANALYTICS_API_KEY: fake.keys.analytics,
      MARKETPLACE_API_KEY: fake.keys.marketplace,
      MARKETPLACE_EMPTY_API_KEY: fake.keys.emptyMarketplace,
      MARKETPLACE_PURCHASE_CODE: fake.keys.purchaseCode,
    };
    const run = await judge(file, env, ['--json', join(folder, 'report.json')]);
    const tail = run.stdout.trim().split('\n').at(-1) ?? '';
    const report = {
      node: process.version,
      loadAverage: loadavg()[0] ?? 0,
      entries: ENTRIES,
      fileBytes: bytes,
      recordedRun: entries.length,
      wallMs: Math.round(run.ms),
      cpuSeconds: run.cpuS,
      entriesPerSecond: Math.round(ENTRIES / (run.ms / 1000)),
      entriesPerCpuSecond: Math.round(ENTRIES / run.cpuS),
      maxRssMiB: Math.round(run.maxRssKiB / 1024),
      exitCode: run.code,
      summary: tail,
    };
    console.log(
      `judge: ${ENTRIES} entries (${(bytes / 1048576).toFixed(0)} MB, copies of a ${entries.length}-entry run) in ` +
        `${(run.ms / 1000).toFixed(1)} s (${run.cpuS.toFixed(1)} s of CPU): ${report.entriesPerSecond} entries/s ` +
        `(${report.entriesPerCpuSecond} per CPU second), peak RSS ${report.maxRssMiB} MiB, ` +
        `exit ${run.code}, load ${report.loadAverage.toFixed(1)}\n${tail}`,
    );
    const out = join(here, '..', 'test-results', 'bench-judge.json');
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
    expect(run.code, run.stderr.slice(-2000)).toBe(0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
