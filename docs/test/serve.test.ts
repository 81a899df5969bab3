// `pnpm docs:serve` runs scripts/serve.mjs: it serves docs/dist on loopback.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docsDir } from './paths.js';

const serveScript = join(docsDir, 'scripts', 'serve.mjs');

describe('scripts/serve.mjs', () => {
  it('serves the built index on 127.0.0.1 at the port given in PORT', async () => {
    // PORT=0 lets the OS pick a free port; the script prints the address.
    const child = spawn(process.execPath, [serveScript], {
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (match) resolve(match[1]!);
        });
        child.once('exit', (code) => reject(new Error(`serve.mjs exited with ${code}: ${output}`)));
      });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Tallyport API documentation');
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });

  it('refuses a PORT that is not a port number', () => {
    const result = spawnSync(process.execPath, [serveScript], {
      env: { ...process.env, PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT must be a port number');
  });
});
