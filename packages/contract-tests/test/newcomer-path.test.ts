// The newcomer's path through the package README and docs/contract-tests.md,
// walked end to end with the built CLI against the stateful mock on
// 127.0.0.1 (what `tallyport-mock --stateful` serves), with the config files
// the docs show, as written there: the first run, a config file, the CI
// steps (a run with writes and a ledger, then cleanup), and the first
// mistakes a newcomer makes.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../src/registry/index.js';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { HANG_GUARD_MS } from './hang-guard.js';
import { runCli } from './cli-process.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const docs = readFileSync(new URL('../../../docs/contract-tests.md', import.meta.url), 'utf8');

/** The first ```json block after `heading` in a Markdown text, as written there. */
function jsonBlockAfter(markdown: string, heading: string): Record<string, unknown> {
  const from = markdown.indexOf(heading);
  const block = /```json\n([\s\S]*?)```/.exec(markdown.slice(from))?.[1];
  if (from < 0 || !block) throw new Error(`no json block after ${heading}`);
  return JSON.parse(block) as Record<string, unknown>;
}

let mocks: RunningMocks;
let env: Record<string, string>;
beforeAll(async () => {
  mocks = await startMocks({ stateful: true });
  const engine = mocks.engine!;
  env = {
    NO_COLOR: '1',
    ANALYTICS_API_KEY: engine.keys.analyticsKey,
    MARKETPLACE_API_KEY: engine.keys.marketKey,
    MARKETPLACE_EMPTY_API_KEY: engine.keys.emptyKey,
    MARKETPLACE_PURCHASE_CODE: engine.knownValues()[0]!.value,
  };
});
afterAll(async () => {
  await mocks?.close();
});

const folder = () => mkdtempSync(join(tmpdir(), 'tallyport-newcomer-'));

describe('the README of @tallyport/contract-tests', () => {
  it('"Run it": one API against its URL, a JUnit report, not paced on this machine, exit 0', async () => {
    const cwd = folder();
    const run = await runCli(
      ['--api', 'analytics', '--junit', 'reports/contract.xml'],
      { ...env, ANALYTICS_BASE_URL: mocks.analytics!.url },
      HANG_GUARD_MS,
      undefined,
      cwd,
    );
    expect(run.stderr).toContain(`analytics → ${mocks.analytics!.url} · not paced`);
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    expect(readFileSync(join(cwd, 'reports/contract.xml'), 'utf8')).toContain('<testsuites');
  });

  it('"A config file": the example, as written, exit 0', async () => {
    const cwd = folder();
    const config = jsonBlockAfter(readme, '## A config file');
    writeFileSync(join(cwd, 'tallyport.config.json'), JSON.stringify(config));
    const run = await runCli([], { ...env, STAGING_ANALYTICS_URL: mocks.analytics!.url }, undefined, undefined, cwd);
    expect(run.stderr).toContain('options from tallyport.config.json');
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
    expect(existsSync(join(cwd, String(config.junit)))).toBe(true);
  });

  it('--list-checks names every check the README lists', async () => {
    const run = await runCli(['--list-checks'], {});
    const names = run.stdout.trim().split('\n');
    expect(names.map((line) => line.split(' ')[0])).toEqual(CHECK_NAMES);
  });
});

describe('docs/contract-tests.md', () => {
  it('"A config file": both APIs, writes allowed, both reports, as written, exit 0', async () => {
    const cwd = folder();
    const config = jsonBlockAfter(docs, '## A config file');
    writeFileSync(join(cwd, 'tallyport.config.json'), JSON.stringify(config));
    const run = await runCli(
      [],
      { ...env, STAGING_ANALYTICS_URL: mocks.analytics!.url, STAGING_MARKETPLACE_URL: mocks.marketplace!.url },
      HANG_GUARD_MS,
      undefined,
      cwd,
    );
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
    expect(run.stdout).toContain('conforms (exit 0)');
    const report = JSON.parse(readFileSync(join(cwd, String(config.json)), 'utf8'));
    expect(report.apis.map((api: { api: string }) => api.api)).toEqual(['analytics', 'marketplace']);
    // Every website the run created was deleted: the ledger kept nothing.
    expect(existsSync(join(cwd, 'tallyport-contract-ledger.jsonl'))).toBe(false);
  });

  it('"In CI": a run with writes and a ledger, then cleanup as an always-run step, both exit 0', async () => {
    const cwd = folder();
    const deployment = {
      ...env,
      ANALYTICS_BASE_URL: mocks.analytics!.url,
      MARKETPLACE_BASE_URL: mocks.marketplace!.url,
    };
    const run = await runCli(
      [
        '--allow-writes',
        '--ledger',
        'reports/ledger.jsonl',
        '--junit',
        'reports/contract.xml',
        '--json',
        'reports/contract.json',
      ],
      deployment,
      HANG_GUARD_MS,
      undefined,
      cwd,
    );
    expect(run.code, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBe(0);
    const cleanup = await runCli(
      ['cleanup', '--ledger', 'reports/ledger.jsonl'],
      { ANALYTICS_BASE_URL: mocks.analytics!.url, ANALYTICS_API_KEY: env.ANALYTICS_API_KEY! },
      HANG_GUARD_MS,
      undefined,
      cwd,
    );
    expect(cleanup.stdout).toContain('nothing to clean');
    expect(cleanup.code).toBe(0);
  });

  it("a newcomer's first mistakes are configuration problems that say what to do", async () => {
    const wrongPath = await runCli([], { ...env, ANALYTICS_BASE_URL: `${mocks.analytics!.url}/api/v1` });
    expect(wrongPath.code).toBe(2);
    expect(wrongPath.stderr).toContain(`use ${mocks.analytics!.url}`);
    const typo = await runCli(['--stirct'], {});
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean --strict?');
  });
});
