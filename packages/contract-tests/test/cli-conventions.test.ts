import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../src/cli/config/schema.js';
import { toolVersion } from '../src/report/tool-version.js';
import { runCli } from './cli-process.js';
import { type FakeDeployment, startFakeDeployment } from './fake-deployment/server.js';
import { xmlProblems } from './xml-well-formed.js';

let fake: FakeDeployment | undefined;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tallyport-cli-conventions-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A quick run of one check against the marketplace of a fake deployment. */
async function quickRun(args: string[], env: Record<string, string> = {}) {
  fake ??= await startFakeDeployment();
  return runCli(['--api', 'marketplace', '--only', 'not_a_server_error', ...args], {
    MARKETPLACE_BASE_URL: fake.marketplaceUrl,
    MARKETPLACE_API_KEY: fake.keys.marketplace,
    ...env,
  });
}

let plainRun: ReturnType<typeof quickRun> | undefined;
/** The quick run with no option and no CI variable, made once for the tests that read its output. */
const plainQuickRun = () => {
  plainRun ??= quickRun([]);
  return plainRun;
};

describe('the conventions of the command line', () => {
  it('prints its version with --version, and help with -h', async () => {
    const version = await runCli(['--version'], {});
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(toolVersion());
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const help = await runCli(['-h'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tallyport-contract');
  });

  it('names an unexpected argument, and where base URLs come from', async () => {
    const run = await runCli(['https://staging.example.com'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unexpected argument https://staging.example.com/: base URLs come from');
    expect(run.stderr).toContain('--analytics-url');
  });

  it('does not repeat an unexpected argument that could be a key', async () => {
    const run = await runCli(['sk_live_Zq8vX2mN4kLp'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('unexpected argument (not shown, in case it is a key)');
    expect(run.stderr + run.stdout).not.toContain('Zq8vX2mN4kLp');
  });

  it('says which option is missing its value', async () => {
    const run = await runCli(['--junit'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--junit needs a value (FILE)');
  });

  it('exits 0 from cleanup when there is no ledger, saying there is nothing to clean', async () => {
    const run = await runCli(['cleanup', '--ledger', join(dir, 'absent.jsonl')], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('nothing to clean: no ledger at');
  });

  it('exits 0 from cleanup when the ledger holds nothing left to delete, with no deployment set', async () => {
    const ledger = join(dir, 'cleaned.jsonl');
    const line = { runId: 'r1', api: 'analytics', baseUrl: 'https://a.example.com', kind: 'website', label: 'x' };
    await writeFile(
      ledger,
      [
        { ...line, event: 'creating', at: '2026-01-01T00:00:00Z' },
        { ...line, event: 'created', id: '7', at: '2026-01-01T00:00:01Z' },
        { ...line, event: 'deleted', id: '7', at: '2026-01-01T00:00:02Z' },
      ]
        .map((entry) => JSON.stringify(entry))
        .join('\n'),
    );
    const run = await runCli(['cleanup', '--ledger', ledger], {});
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`nothing to clean: every record in ${ledger} was deleted`);
    expect(run.code).toBe(0);
  });

  it('prints the config file schema with --config-schema', async () => {
    const run = await runCli(['--config-schema'], {});
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(configSchema)));
  });
});

describe('where output goes', () => {
  it('puts results on stdout and diagnostics on stderr', async () => {
    const run = await plainQuickRun();
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('✓ pass  marketplace not_a_server_error');
    expect(run.stdout).toContain('conforms (exit 0)');
    expect(run.stderr).toContain('tallyport-contract: checking deployments');
    expect(run.stdout).not.toContain('tallyport-contract: checking deployments');
  });

  it('writes --json - to stdout alone, and the results to stderr', async () => {
    const run = await quickRun(['--json', '-']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).exitCode).toBe(0);
    expect(run.stderr).toContain('conforms (exit 0)');
  });

  it('writes --junit - to stdout as well-formed XML', async () => {
    const run = await quickRun(['--junit', '-']);
    expect(xmlProblems(run.stdout)).toEqual([]);
    expect(run.stdout).toContain('<testsuites name="tallyport-contract"');
  });

  it('colours a run without a terminal when FORCE_COLOR asks, and not with FORCE_COLOR=0', async () => {
    expect((await quickRun([], { FORCE_COLOR: '1' })).stdout).toContain('\u001b[32m');
    expect((await quickRun([], { FORCE_COLOR: '0' })).stdout).not.toContain('\u001b[');
  });

  it('takes a deployment from --marketplace-url, its key still from the environment only', async () => {
    fake = await startFakeDeployment();
    const run = await runCli(
      ['--api', 'marketplace', '--only', 'ignored_auth', '--marketplace-url', fake.marketplaceUrl],
      {
        MARKETPLACE_API_KEY: fake.keys.marketplace,
      },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`marketplace → ${fake.marketplaceUrl}`);
    const keyless = await runCli(['--api', 'marketplace', '--marketplace-url', fake.marketplaceUrl], {});
    expect(keyless.code).toBe(2);
    expect(keyless.stderr).toContain('--marketplace-url is set but MARKETPLACE_API_KEY is not');
  });

  it('sends fewer requests with --only, only those the chosen checks need', async () => {
    const all = JSON.parse((await quickRun(['--only', 'not_a_server_error,ignored_auth', '--json', '-'])).stdout);
    const auth = JSON.parse((await quickRun(['--only', 'ignored_auth', '--json', '-'])).stdout);
    expect(auth.requestCount).toBeLessThan(all.requestCount);
  });
});

describe('reports', () => {
  it('name the tool version as the HAR creator', async () => {
    const har = join(dir, 'run.har');
    await quickRun(['--har', har]);
    expect(JSON.parse(await readFile(har, 'utf8')).log.creator).toEqual({
      name: 'tallyport-contract',
      version: toolVersion(),
    });
  });

  it('that cannot be written are said on stderr without changing the exit code', async () => {
    const blocker = join(dir, 'a-file');
    await writeFile(blocker, 'not a folder');
    const junit = join(dir, 'junit.xml');
    const run = await quickRun(['--json', join(blocker, 'report.json'), '--junit', junit]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`could not write the JSON report to ${join(blocker, 'report.json')}`);
    expect(xmlProblems(await readFile(junit, 'utf8'))).toEqual([]);
  });
});

describe('a config file', () => {
  it('sets options, with environment variables substituted, and flags win over it', async () => {
    fake = await startFakeDeployment();
    const file = join(dir, 'tallyport.config.json');
    const json = join(dir, 'from-config.json');
    await writeFile(
      file,
      JSON.stringify({
        api: 'marketplace',
        marketplaceUrl: `\${FAKE_MARKET}`,
        only: ['ignored_auth'],
        json,
        maxRequests: `\${CAP}`,
      }),
    );
    const run = await runCli(['--config', file, '--only', 'not_a_server_error'], {
      FAKE_MARKET: fake.marketplaceUrl,
      CAP: '400',
      MARKETPLACE_API_KEY: fake.keys.marketplace,
    });
    expect(run.code).toBe(0);
    const report = JSON.parse(await readFile(json, 'utf8'));
    expect(report.apis.map((api: { api: string }) => api.api)).toEqual(['marketplace']);
    expect(report.apis[0].checks.map((check: { check: string }) => check.check)).toEqual(['not_a_server_error']);
  });

  it('that holds a key is refused without repeating it', async () => {
    const file = join(dir, 'with-key.json');
    await writeFile(file, JSON.stringify({ apiKey: 'sk_file_Qm7Zt2Lp9Xc4' }));
    const run = await runCli(['--config', file], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('"apiKey" is not an option; keys are read only from the environment');
    expect(run.stderr).not.toContain('Qm7Zt2Lp9Xc4');
  });
});

describe('in GitHub Actions', () => {
  it('annotates failures and appends a Markdown summary', async () => {
    fake = await startFakeDeployment({ faults: ['marketplace-price-as-string'] });
    const summary = join(dir, 'step-summary.md');
    const run = await runCli(['--api', 'marketplace', '--only', 'response_schema_conformance'], {
      MARKETPLACE_BASE_URL: fake.marketplaceUrl,
      MARKETPLACE_API_KEY: fake.keys.marketplace,
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::error title=\[marketplace\] response_schema_conformance › getItem%3A schema-mismatch/m,
    );
    const markdown = await readFile(summary, 'utf8');
    expect(markdown).toContain('## ❌ tallyport-contract: violations found (exit 1)');
    expect(markdown).toContain('$.item.price.regular: expected number, got "199.00"');
  });

  it('does nothing of the kind outside GitHub Actions', async () => {
    const run = await plainQuickRun();
    expect(run.stdout).not.toContain('::');
  });
});
