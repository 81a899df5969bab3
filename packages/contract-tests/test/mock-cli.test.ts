import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { toolVersion } from '../src/report/tool-version.js';
import { HANG_GUARD_MS } from './hang-guard.js';

const MOCK_CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'mock-cli.js');

/** Starts the built CLI and resolves once every mock said where it listens and that it runs. */
async function started(args: string[]) {
  if (!existsSync(MOCK_CLI)) throw new Error(`${MOCK_CLI} is missing: build the package first`);
  const child = spawn(process.execPath, [MOCK_CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const urls = new Map<string, string>();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), HANG_GUARD_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      for (const match of output.matchAll(/(analytics|marketplace) mock ready on (\S+)/g))
        urls.set(match[1]!, match[2]!);
      if (urls.size === 2 && output.includes('Press Ctrl-C')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', () => reject(new Error(`exited early: ${output}`)));
  });
  const stop = async () => {
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    return exit;
  };
  return { output: () => output, urls, stop };
}

describe('tallyport-mock --stateful', () => {
  it('prints its keys and a purchase code per item, keeps what is created, and stops on Ctrl-C', async () => {
    // Port 0: the OS picks free ports, never a fixed one in tests.
    const mock = await started(['--stateful', '--analytics-port', '0', '--marketplace-port', '0', '--seed', '7']);
    const text = mock.output();
    expect(text).toContain('(stateful, --seed 7)');
    for (const key of ['demo-analytics-key', 'demo-market-key', 'demo-empty-key']) expect(text).toContain(key);
    const code = /^ {4}(\S+) {2}item 48213\b/m.exec(text)?.[1];
    expect(code).toBe('8f3c2a91-5d7e-4b1a-9c60-2e4f7d8b1a35');

    const headers = { authorization: 'Bearer demo-analytics-key' };
    const created = await fetch(`${mock.urls.get('analytics')}/api/v1/websites`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'domain=cli.tallyport.test',
    });
    const { data } = (await created.json()) as { data: { id: number } };
    const read = await fetch(`${mock.urls.get('analytics')}/api/v1/websites/${data.id}`, { headers });
    expect(read.status).toBe(200);
    const purchase = await fetch(`${mock.urls.get('marketplace')}/api/purchases/validation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `api_key=demo-market-key&purchase_code=${code}`,
    });
    expect(((await purchase.json()) as { status: string }).status).toBe('成功');

    expect(await mock.stop()).toBe(0);
    expect(mock.output()).toContain('Mocks stopped.');
  });

  it('takes other keys, and refuses its own flags without --stateful', async () => {
    const mock = await started([
      '--stateful',
      '--analytics-port',
      '0',
      '--marketplace-port',
      '0',
      '--market-key',
      'k1',
    ]);
    expect(mock.output()).toContain('key with records: k1');
    const items = await fetch(`${mock.urls.get('marketplace')}/api/items/all?api_key=k1`);
    expect(((await items.json()) as { status: string }).status).toBe('成功');
    expect(await mock.stop()).toBe(0);

    const refused = spawn(process.execPath, [MOCK_CLI, '--fail-rate', '0.5'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let error = '';
    refused.stderr.on('data', (chunk: Buffer) => (error += chunk.toString('utf8')));
    expect(await new Promise((resolve) => refused.on('exit', resolve))).toBe(2);
    expect(error).toContain('--fail-rate applies to the stateful mock only');
  });
});

describe('tallyport-mock', () => {
  it('says when each mock is ready and stops cleanly on Ctrl-C', async () => {
    // Port 0: the OS picks free ports, never a fixed one in tests.
    const { output, urls, stop } = await started(['--analytics-port', '0', '--marketplace-port', '0']);
    const response = await fetch(`${urls.get('marketplace')}/api/account/details?api_key=k`);
    expect(((await response.json()) as { status: string }).status).toBe('成功');

    expect(await stop()).toBe(0);
    expect(output()).toContain('Mocks stopped.');
    await expect(fetch(`${urls.get('analytics')}/api/v1/websites`)).rejects.toThrow();
  });
});

describe('tallyport-mock says what to do', () => {
  /** Runs the built CLI to its end (it must not start serving). */
  const ran = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [MOCK_CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), HANG_GUARD_MS);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, out, err });
      });
    });

  it.each([[[]], [['--stateful']]])('when its port is taken (%j), naming the port and the flag', async (extra) => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const run = await ran([...extra, '--analytics-port', String(port), '--marketplace-port', '0']);
      expect(run.code).toBe(2);
      expect(run.err).toContain(`port ${port} on 127.0.0.1 is already in use (the analytics mock's)`);
      expect(run.err).toContain('--analytics-port (or TALLYPORT_MOCK_ANALYTICS_PORT)');
      expect(run.err).not.toContain('EADDRINUSE');
    } finally {
      taken.close();
    }
  });

  it('prints its version', async () => {
    const run = await ran(['--version']);
    expect(run.code).toBe(0);
    expect(run.out.trim()).toBe(toolVersion());
  });

  it('names the nearest flag to a misspelt one', async () => {
    const run = await ran(['--statefull']);
    expect(run.code).toBe(2);
    expect(run.err).toContain('unknown or malformed option --statefull; did you mean --stateful?');
  });
});
