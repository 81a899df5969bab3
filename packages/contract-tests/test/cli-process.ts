// Runs the built CLI as a child process, the way CI runs it.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HANG_GUARD_MS } from './hang-guard.js';

export const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  env: Record<string, string>,
  timeoutMs = HANG_GUARD_MS,
  control?: (child: ReturnType<typeof spawn>) => void,
  /** The working folder to run in (kept); a scratch one, removed once the CLI exits, otherwise. */
  workingFolder?: string,
): Promise<CliRun> {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run the package build first (turbo runs it before test)`);
  return new Promise((resolve, reject) => {
    // Its own working folder, so a default ledger file never lands in the repository; removed once it exits.
    const cwd = workingFolder ?? mkdtempSync(join(tmpdir(), 'tallyport-cli-run-'));
    // A clean environment: no deployment or key of the developer's shell leaks in.
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd,
    });
    control?.(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      // Said where a test shows the output, so a killed run reads as hung, not as a run that wrote nothing.
      if (hung) stderr += `\n[the test's hang guard killed the CLI after ${timeoutMs / 1000} s]`;
      if (!workingFolder) rmSync(cwd, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
  });
}
