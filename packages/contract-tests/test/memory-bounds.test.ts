import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, describe, expect, it } from 'vitest';
import { reportSchema } from '../src/report/report-schema.js';
import { CLI } from './cli-process.js';
import { attemptsIn } from './run-outputs.js';
import { type FakeDeployment, startFakeDeployment } from './fake-deployment/server.js';

const GIB = 1024 * 1024 * 1024;

let fake: FakeDeployment | undefined;
let folder: string | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (folder) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

/** The highest resident set a process reached, read from /proc while it runs (bytes; 0 where /proc is absent). */
function peakResident(pid: number, into: { peak: number }): NodeJS.Timeout {
  return setInterval(() => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      into.peak = Math.max(into.peak, kb * 1024);
    } catch {
      // The process is gone.
    }
  }, 50);
}

/** The built CLI against the fake's analytics API, with every report on, as a user runs it (default heap). */
async function run(deployment: FakeDeployment, extra: string[]) {
  folder = mkdtempSync(join(tmpdir(), 'tallyport-memory-'));
  const child = spawn(
    process.execPath,
    [
      CLI,
      '--api',
      'analytics',
      '--analytics-url',
      deployment.analyticsUrl,
      '--max-requests-per-second',
      '0',
      '--json',
      join(folder, 'report.json'),
      '--har',
      join(folder, 'exchanges.har'),
      '--junit',
      join(folder, 'report.xml'),
      ...extra,
    ],
    {
      env: { PATH: process.env.PATH ?? '', ANALYTICS_API_KEY: deployment.keys.analytics },
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const memory = { peak: 0 };
  const sampler = peakResident(child.pid!, memory);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(sampler);
  return { code, output, peak: memory.peak, folder };
}

describe('a run against a deployment that answers to exhaust memory', () => {
  it('answers near the size cap on every request: runs to the end under 1 GiB and writes its reports', async () => {
    fake = await startFakeDeployment({ hostile: ['near-cap-bodies'] });
    const result = await run(fake, ['--max-requests', '200']);
    // Exit 0, 1 or 2 are verdicts; a crash (out of memory: 134) is not.
    expect([0, 1, 2], result.output.slice(-2000)).toContain(result.code);
    if (result.peak > 0) expect(result.peak).toBeLessThan(GIB);
    const report = JSON.parse(readFileSync(join(result.folder, 'report.json'), 'utf8'));
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(reportSchema);
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.requestCount).toBeGreaterThanOrEqual(150);
    const har = JSON.parse(readFileSync(join(result.folder, 'exchanges.har'), 'utf8'));
    expect(attemptsIn(har)).toBe(report.requestCount);
    expect(readFileSync(join(result.folder, 'report.xml'), 'utf8')).toMatch(/^<\?xml/);
  });

  it('answers rows nested 20,000 objects deep: not parsed, said so, and the run ends normally', async () => {
    fake = await startFakeDeployment({ hostile: ['deep-nesting'] });
    const result = await run(fake, ['--max-requests', '120']);
    expect([0, 1, 2], result.output.slice(-2000)).toContain(result.code);
    expect(result.output).toMatch(/nested deeper than \d+ levels/);
    expect(result.output).not.toMatch(/Maximum call stack|RangeError|FATAL ERROR/);
  });
});
