// Runs the pinned OpenAPI tools the way an integrator would: each from its own
// command-line entry, as a child process, on the repository's spec files.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const packageDir = fileURLToPath(new URL('../../', import.meta.url));
export const API_NAMES = ['analytics', 'marketplace'] as const;
export type ApiName = (typeof API_NAMES)[number];
export const specPath = (api: ApiName): string => join(packageDir, '..', '..', 'specs', `${api}.yaml`);

export interface ToolRun {
  code: number;
  stdout: string;
  /** stdout and stderr together, for failure messages and warnings. */
  output: string;
}

/** The script a package names as its `bin` (read from its package.json, as npm would). */
export function binOf(pkg: string, name: string): string {
  const manifestPath = join(packageDir, 'node_modules', pkg, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[name];
  if (!bin) throw new Error(`${pkg} has no bin ${name}`);
  return join(dirname(manifestPath), bin);
}

/** Runs a tool's bin with Node; never throws on a failing exit code (the test judges it). */
export function runBin(pkg: string, name: string, args: string[], cwd = packageDir): Promise<ToolRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [binOf(pkg, name), ...args],
      { cwd, timeout: 300_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** A scratch directory removed after the callback, whatever it does. */
export async function inScratch<T>(prefix: string, use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), `tallyport-interop-${prefix}-`));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
