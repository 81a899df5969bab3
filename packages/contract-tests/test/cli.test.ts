import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './cli-process.js';
import { startFakeDeployment, type FakeDeployment } from './fake-deployment/server.js';
import { pathOf, startHoldingProxy } from './holding-proxy.js';
import { shouldColour } from '../src/report/console.js';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('tallyport-contract signals', () => {
  it('on a second signal stops at once, listing every leftover and the cleanup command', async () => {
    fake = await startFakeDeployment();
    const ledger = join(mkdtempSync(join(tmpdir(), 'tallyport-cli-')), 'ledger.jsonl');
    let child: ReturnType<typeof import('node:child_process').spawn> | undefined;
    let signalled = false;
    // The create is held, so the run is still waiting on it when each signal comes: the first as the create
    // arrives, the second once the run has said it heard the first (a signal sent before then could be merged with
    // the first, and one sent after the create was answered would find it deleted).
    const proxy = await startHoldingProxy(fake.analyticsUrl, () => {
      if (signalled) return;
      signalled = true;
      child?.kill('SIGINT');
    });
    proxy.holdWhen((request) => request.method === 'POST' && pathOf(request) === '/api/v1/websites');
    const run = await runCli(
      ['--api', 'analytics', '--allow-writes', '--ledger', ledger],
      { ANALYTICS_BASE_URL: proxy.url, ANALYTICS_API_KEY: fake.keys.analytics },
      undefined,
      (spawned) => {
        child = spawned;
        let heard = '';
        spawned.stderr?.on('data', (chunk: Buffer) => {
          heard += chunk.toString('utf8');
          if (heard.includes('Interrupted: no new request starts')) {
            heard = '';
            spawned.kill('SIGINT');
          }
        });
      },
    ).finally(() => proxy.close());
    expect(signalled).toBe(true);
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).toContain('Interrupted: no new request starts');
    // The first create of the run (the covering sequence's first record) is the one held.
    expect(run.stderr).toMatch(/tallyport-contract-\d{8}-[0-9a-f]{6}-s1-1\.example\.com/);
    expect(run.stderr).toContain(`tallyport-contract cleanup --ledger ${ledger}`);
    expect(run.stderr + run.stdout).not.toContain(fake.keys.analytics);
  });
});

describe('tallyport-contract exit codes', () => {
  it('exits 0 with an all-green report on a conforming deployment', async () => {
    fake = await startFakeDeployment();
    const run = await runCli(['--api', 'marketplace'], {
      MARKETPLACE_BASE_URL: fake.marketplaceUrl,
      MARKETPLACE_API_KEY: fake.keys.marketplace,
    });
    expect(run.stdout).toContain('conforms (exit 0)');
    expect(run.code).toBe(0);
  });

  it('exits 1 and names the failing check on a faulty deployment', async () => {
    fake = await startFakeDeployment({ faults: ['marketplace-item-not-found-message'] });
    const run = await runCli(['--api', 'marketplace'], {
      MARKETPLACE_BASE_URL: fake.marketplaceUrl,
      MARKETPLACE_API_KEY: fake.keys.marketplace,
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✗ [marketplace] documented_error_messages › getItem: wrong-message (1 case)');
    expect(run.stdout).toMatch(/^ {6}getItem item_id=\d+ \(No item was found\.\)$/m);
    expect(run.stdout).toContain('spec: status 错误 with msg 未找到任何商品');
    expect(run.stdout).toContain('got:  msg "Item not found"');
  });

  it('exits 2 when the deployment cannot be reached', async () => {
    const port = await closedPort();
    const run = await runCli(['--api', 'analytics'], {
      ANALYTICS_BASE_URL: `http://127.0.0.1:${port}`,
      ANALYTICS_API_KEY: 'some-key-123',
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('cannot reach ANALYTICS_BASE_URL');
  });

  it('exits 2 when the key is refused on every call', async () => {
    fake = await startFakeDeployment();
    const run = await runCli([], {
      ANALYTICS_BASE_URL: fake.analyticsUrl,
      ANALYTICS_API_KEY: 'not-the-key-1',
      MARKETPLACE_BASE_URL: fake.marketplaceUrl,
      MARKETPLACE_API_KEY: 'not-the-key-2',
    });
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('ANALYTICS_API_KEY is refused (HTTP 401');
    expect(run.stdout).toContain('MARKETPLACE_API_KEY seems refused');
  });

  it('exits 2 when a base URL comes without its key', async () => {
    const run = await runCli(['--api', 'analytics'], { ANALYTICS_BASE_URL: 'http://127.0.0.1:9' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('ANALYTICS_BASE_URL is set but ANALYTICS_API_KEY is not');
  });

  it('refuses a key on the command line without echoing it', async () => {
    const run = await runCli(['--api-key=sekrit-value-42'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('keys are read only from the environment');
    expect(run.stderr + run.stdout).not.toContain('sekrit-value-42');
  });

  it('prints help and exits 0', async () => {
    const run = await runCli(['--help'], {});
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('--allow-writes');
    expect(run.stdout).toContain('Exit codes: 0 conforms; 1 violations found; 2 configuration or connectivity');
  });

  it('prints no colour codes when stdout is not a terminal', async () => {
    fake = await startFakeDeployment();
    const run = await runCli(['--api', 'marketplace', '--only', 'not_a_server_error'], {
      MARKETPLACE_BASE_URL: fake.marketplaceUrl,
      MARKETPLACE_API_KEY: fake.keys.marketplace,
    });
    expect(run.stdout).not.toContain('\u001b[');
  });
});

describe('colour', () => {
  it('is used only on a terminal and never with NO_COLOR', () => {
    expect(shouldColour({ isTTY: true }, {})).toBe(true);
    expect(shouldColour({ isTTY: true }, { NO_COLOR: '' })).toBe(false);
    expect(shouldColour({ isTTY: false }, {})).toBe(false);
  });
});
