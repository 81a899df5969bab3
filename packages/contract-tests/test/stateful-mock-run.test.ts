// `tallyport-contract --allow-writes` against the stateful mock, as against a
// deployment: its base URLs and demo keys in the environment (never in
// arguments), the valid purchase code and the key without items it printed.
// The mock is an honest deployment, so the run conforms.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { HANG_GUARD_MS } from './hang-guard.js';
import { runCli, type CliRun } from './cli-process.js';
import { statefulMockEnv } from './stateful-mock-env.js';

describe('tallyport-contract --allow-writes against the stateful mock', () => {
  let mocks: RunningMocks;
  let run: CliRun;

  beforeAll(async () => {
    mocks = await startMocks({ stateful: true });
    run = await runCli(
      ['--allow-writes', '--max-requests-per-second', '0', '--json', 'report.json'],
      { NO_COLOR: '1', ...statefulMockEnv(mocks) },
      HANG_GUARD_MS,
    );
  });
  afterAll(async () => {
    await mocks?.close();
  });

  it('exits 0: every check passes or is skipped with a reason, none fails and none warns', () => {
    expect(run.stdout).not.toMatch(/✗/);
    expect(run.stdout).toContain('conforms (exit 0)');
    expect(run.stdout).toMatch(/ 0 failed, 0 warned/);
    expect(run.code, run.stdout.slice(-3000) + run.stderr).toBe(0);
  });

  it('judged the writes and the effects a static mock cannot show', () => {
    for (const check of [
      'stored_as_sent',
      'write_isolated',
      'default_equivalence',
      'sort_order',
      'filter_effect',
      'date_range_effect',
    ])
      expect(run.stdout).toMatch(new RegExp(`✓ pass +analytics +${check}`));
    for (const check of [
      'documented_error_messages',
      'read_matches_list',
      'echoed_fields',
      'linked_records_agree',
      'key_scope',
    ])
      expect(run.stdout).toMatch(new RegExp(`✓ pass +marketplace +${check}`));
  });
});
