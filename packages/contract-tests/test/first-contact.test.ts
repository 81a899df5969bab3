// A newcomer's first contact with the tester, from the README's quick start.
// `pnpm contract` on the Prism mocks skips most checks (its answers are the
// spec examples, whatever is sent): its summary says once how many, and the
// command that runs them; that command (`--mock stateful`) runs them all on
// the stateful mock with nothing to set; and the HAR of the first run judges
// as the run did. Each is run as the user runs it: the built CLI, with only
// what pnpm sets when it runs the repository's `contract` script.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MOCK_REASON } from '../src/checks/judging/related.js';
import type { RunResult } from '../src/report/result.js';
import { type CliRun, runCli } from './cli-process.js';

/** What pnpm sets when it runs the root `contract` script (`pnpm contract`). */
const PNPM_CONTRACT = {
  NO_COLOR: '1',
  npm_config_user_agent: 'pnpm/10.34.9 npm/? node/v20.20.2 linux x64',
  npm_lifecycle_event: 'contract',
  npm_lifecycle_script: 'node scripts/contract.mjs',
};

/** Each API's checks as `api check status`, with the reason of a skip. */
const verdicts = (result: RunResult): string[] =>
  result.apis.flatMap((api) =>
    api.checks.map(
      (check) => `${api.api} ${check.check} ${check.status}${check.status === 'skip' ? `: ${check.reason}` : ''}`,
    ),
  );

const report = (folder: string, file: string): RunResult => JSON.parse(readFileSync(join(folder, file), 'utf8'));

describe('pnpm contract, on the embedded Prism mocks', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tallyport-first-contact-'));
  let run: CliRun;
  let judged: CliRun;

  beforeAll(async () => {
    run = await runCli(['--har', 'run.har', '--json', 'run.json'], PNPM_CONTRACT, undefined, undefined, folder);
    judged = await runCli(
      ['judge', 'run.har', '--json', 'judged.json'],
      { NO_COLOR: '1' },
      undefined,
      undefined,
      folder,
    );
  });

  it('says once how many checks the examples could not judge, and the command that runs them', () => {
    expect(run.code, run.stdout.slice(-2000) + run.stderr).toBe(0);
    const skipped = report(folder, 'run.json')
      .apis.flatMap((api) => api.checks)
      .filter((check) => check.status === 'skip' && check.reason === MOCK_REASON);
    expect(skipped.length).toBeGreaterThan(0);
    const hints = run.stdout.split('\n').filter((line) => line.includes('--mock stateful'));
    expect(hints).toEqual([
      `${skipped.length} checks skipped as ${MOCK_REASON}; pnpm contract --mock stateful runs them on the ` +
        'stateful mock, writes included',
    ]);
  });

  it('leaves a HAR that judge judges as the run did: exit 0, the same checks skipped for the same reason', () => {
    expect(judged.code, judged.stdout.slice(-3000) + judged.stderr).toBe(0);
    const live = report(folder, 'run.json');
    const recorded = report(folder, 'judged.json');
    expect(recorded.apis.map((api) => api.embeddedMock)).toEqual(['prism', 'prism']);
    expect(verdicts(recorded)).toEqual(verdicts(live));
  });
});

describe('pnpm contract --mock stateful', () => {
  const folder = mkdtempSync(join(tmpdir(), 'tallyport-first-contact-'));
  let run: CliRun;

  beforeAll(async () => {
    run = await runCli(['--mock', 'stateful', '--json', 'run.json'], PNPM_CONTRACT, undefined, undefined, folder);
  });

  it('exits 0 having run every check on the analytics API, writes and the state model included, nothing set', () => {
    expect(run.code, run.stdout.slice(-3000) + run.stderr.slice(-2000)).toBe(0);
    const analytics = report(folder, 'run.json').apis.find((api) => api.api === 'analytics')!;
    expect(analytics).toMatchObject({ mock: true, embeddedMock: 'stateful' });
    expect(analytics.checks.filter((check) => check.status !== 'pass').map((check) => check.check)).toEqual([]);
    for (const check of ['sort_order', 'filter_effect', 'list_matches_state', 'write_isolated', 'stored_as_sent'])
      expect(analytics.checks.map((entry) => entry.check)).toContain(check);
    expect(run.stderr).toMatch(/analytics → http:\/\/127\.0\.0\.1:\d+ \(embedded stateful mock\) · not paced/);
  });

  it('never prints the keys it sends the mock, names no command to run next, and leaves no ledger', () => {
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/demo-(analytics|market|empty)-key/);
    expect(run.stdout).not.toContain('--mock stateful');
    expect(existsSync(join(folder, 'tallyport-contract-ledger.jsonl'))).toBe(false);
  });
});

describe("the repository README's quick start", () => {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const quickStart = readme.slice(
    readme.indexOf('## Quick start'),
    readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
  );
  const blocks = [...quickStart.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!.trim());

  it('keeps the main job and the tests as its first two commands', () => {
    expect(blocks[0]).toMatch(/&& pnpm contract$/);
    expect(blocks[1]).toMatch(/&& pnpm test$/);
  });

  it('shows pnpm contract --mock stateful right under the main job, with what it adds', () => {
    const between = quickStart.slice(quickStart.indexOf(blocks[0]!), quickStart.indexOf(blocks[1]!));
    expect(between).toMatch(/`pnpm contract --mock stateful` runs the checks/);
  });
});
