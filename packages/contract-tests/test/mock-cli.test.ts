import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MOCK_CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'mock-cli.js');

describe('tallyport-mock', () => {
  it('says when each mock is ready and stops cleanly on Ctrl-C', async () => {
    if (!existsSync(MOCK_CLI)) throw new Error(`${MOCK_CLI} is missing: build the package first`);
    // Port 0: the OS picks free ports, never a fixed one in tests.
    const child = spawn(process.execPath, [MOCK_CLI, '--analytics-port', '0', '--marketplace-port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const urls = new Map<string, string>();
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not ready: ${output}`)), 60_000);
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
    const response = await fetch(`${urls.get('marketplace')}/api/account/details?api_key=k`);
    expect(((await response.json()) as { status: string }).status).toBe('成功');

    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGINT');
    expect(await exit).toBe(0);
    expect(output).toContain('Mocks stopped.');
    await expect(fetch(`${urls.get('analytics')}/api/v1/websites`)).rejects.toThrow();
  });
});
