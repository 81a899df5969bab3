// `@tallyport/contract-tests/vitest` in a project of its own
// (test/fixtures/vitest-project), run by vitest as that project's CI would:
// against the stateful mock its suite passes and its JUnit report names each
// check; against a faulty fake it fails, on the check that catches the fault,
// with the console's evidence and curl; `-t` sends only what the chosen
// check needs; `--shard` splits the APIs; a recorded HAR is judged; and the
// same checks run under `node --test`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../src/registry/index.js';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { type FakeDeployment, startFakeDeployment } from './fake-deployment/server.js';
import { runAndJudge } from './recorded/run-and-judge.js';
import { statefulMockEnv } from './stateful-mock-env.js';
import { runOptionsFor } from './fake-deployment/server.js';

const project = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'vitest-project');
const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const folder = mkdtempSync(join(tmpdir(), 'tallyport-vitest-project-'));

interface Run {
  code: number | null;
  output: string;
  junit: string;
}

/** Runs a command in the fixture project with `env` only (and PATH): no deployment of the shell leaks in. */
function inProject(command: string[], env: Record<string, string>, junit?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', CI: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, junit: junit ? readFileSync(junit, 'utf8') : '' }));
  });
}

let runs = 0;
function vitestRun(args: string[], env: Record<string, string>): Promise<Run> {
  const junit = join(folder, `junit-${++runs}.xml`);
  return inProject([vitest, 'run', '--reporter=junit', `--outputFile=${junit}`, ...args], env, junit);
}

const testcases = (junit: string): string[] =>
  [...junit.matchAll(/<testcase classname="[^"]*" name="([^"]*)"/g)].map((match) => match[1]!.replace(/&gt;/g, '>'));

let mocks: RunningMocks;
let fake: FakeDeployment;
let mockEnv: Record<string, string>;
let fakeEnv: Record<string, string>;

beforeAll(async () => {
  mocks = await startMocks({ stateful: true });
  mockEnv = statefulMockEnv(mocks);
  fake = await startFakeDeployment({ faults: ['analytics-list-sort-inverted'] });
  fakeEnv = {
    ANALYTICS_BASE_URL: fake.analyticsUrl,
    ANALYTICS_API_KEY: fake.keys.analytics,
    MARKETPLACE_BASE_URL: fake.marketplaceUrl,
    MARKETPLACE_API_KEY: fake.keys.marketplace,
  };
});

afterAll(async () => {
  await mocks?.close();
  await fake?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a project that runs the contract checks with vitest', () => {
  it('passes against the stateful mock, and its JUnit report names each check of each API', async () => {
    const run = await vitestRun(['contract/'], mockEnv);
    expect(run.code, run.output.slice(-3000)).toBe(0);
    const names = testcases(run.junit);
    for (const api of ['analytics', 'marketplace'])
      for (const check of CHECK_NAMES) expect(names).toContain(`${api} > ${check}`);
    expect(run.junit).not.toContain('<failure');
  });

  it('fails against a faulty fake on the check that catches the fault, with the evidence and curl', async () => {
    const run = await vitestRun(['contract/analytics'], fakeEnv);
    expect(run.code).toBe(1);
    const failed = [
      ...run.junit.matchAll(/<testcase classname="[^"]*" name="([^"]*)"[^>]*>\s*<failure message="([^"]*)"/g),
    ];
    // The inverted order breaks the pages a client walks too: each page links the next in the order it served, so
    // following the links shows rows twice and misses others. Whether a record the sequences create also lands
    // where its sort keys do not say depends on the seed the run drew (the integration draws one each run).
    const names = failed.map((match) => match[1]!.replace(/&gt;/g, '>'));
    expect(names.slice(0, 2)).toEqual(['analytics > sort_order', 'analytics > list_matches_state']);
    expect(
      names.slice(2).every((name) => name === 'analytics > pages_consistent'),
      names.join(', '),
    ).toBe(true);
    expect(failed[0]![2]).toContain('[analytics] sort_order › listWebsites: misordered');
    expect(run.junit).toContain('curl: curl -sS -i -X GET');
    expect(run.junit).toContain('$ANALYTICS_API_KEY');
    expect(run.junit).not.toContain(fake.keys.analytics);
  });

  it('sends only what the checks picked with -t need', async () => {
    const before = fake.requests();
    const writes = () => fake.log().filter((entry) => entry.method !== 'GET').length;
    const writesBefore = writes();
    const run = await vitestRun(['contract/analytics', '-t', 'sort_order'], fakeEnv);
    expect(run.code).toBe(1);
    expect(run.junit).toMatch(/name="analytics &gt; sort_order"[^>]*>\s*<failure/);
    expect(run.junit.match(/<skipped/g)?.length).toBe(CHECK_NAMES.length - 1);
    // No write: sort_order needs none, and the run was told so.
    expect(writes()).toBe(writesBefore);
    expect(fake.requests() - before).toBeGreaterThan(0);
  });

  it('spreads the APIs over shards, a file each', async () => {
    const first = await vitestRun(['contract/', '--shard=1/2', '-t', 'not_a_server_error'], mockEnv);
    const second = await vitestRun(['contract/', '--shard=2/2', '-t', 'not_a_server_error'], mockEnv);
    expect([first.code, second.code]).toEqual([0, 0]);
    const apis = (run: Run) => [...new Set(testcases(run.junit).map((name) => name.split(' > ')[0]))];
    expect([...apis(first), ...apis(second)].sort()).toEqual(['analytics', 'marketplace']);
  });

  it('judges a recorded HAR instead of sending, with the same verdict', async () => {
    const { har, live } = await runAndJudge({ ...runOptionsFor(fake), apis: ['analytics'], only: ['sort_order'] });
    expect(live.exitCode).toBe(1);
    const file = join(folder, 'recorded.har');
    writeFileSync(file, har);
    const requests = fake.requests();
    const run = await vitestRun(['recorded', '-t', 'sort_order'], { RECORDED_HAR: file, ...fakeEnv });
    expect(run.code).toBe(1);
    expect(run.junit).toMatch(/name="analytics &gt; sort_order"[^>]*>\s*<failure/);
    const skipped = /name="marketplace &gt; sort_order"[^>]*>\s*<skipped\/>\s*<properties>\s*<property name="skipped"/;
    expect(run.junit).toMatch(new RegExp(`${skipped.source} value="the file holds no marketplace exchange"`));
    expect(fake.requests()).toBe(requests);
  });

  it('runs under node --test too', async () => {
    const run = await inProject(['--test', 'node-test/'], mockEnv);
    expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(run.output).toMatch(/# pass \d+/);
    expect(run.output).toMatch(/ok \d+ - response_schema_conformance/);
  });
});
