// The throwaway npm registry the release rehearsal publishes to: Verdaccio in a child process, on a free
// 127.0.0.1 port, with its storage in the rehearsal's temporary folder and no uplinks, so it serves only what
// the rehearsal published and never asks (or forwards to) another registry. Only @tallyport/* may be
// published to it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LocalRegistry {
  /** `http://127.0.0.1:PORT/`, with the trailing slash npm writes in its configuration. */
  url: string;
  port: number;
  /** Verdaccio's storage: one folder per published package. */
  storage: string;
  verdaccioVersion: string;
  /** Stops the server; safe to call more than once. */
  stop(): Promise<void>;
}

// scripts/ sits beside src/ and dist/, so the same path works from the sources (tests) and the build.
const serverScript = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'registry-server.mjs');

export const verdaccioVersion = (): string => {
  const require = createRequire(import.meta.url);
  return String(JSON.parse(readFileSync(require.resolve('verdaccio/package.json'), 'utf8')).version);
};

/** The Verdaccio configuration: temporary storage, no uplinks, anonymous publish of @tallyport/* only. */
export function registryConfig(dir: string): string {
  return [
    '# Written by the release rehearsal (tooling/release/src/rehearsal/local-registry.ts).',
    `storage: ${JSON.stringify(join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(join(dir, 'htpasswd'))}`,
    '    max_users: -1',
    '# No uplinks: a package that was not published here is not found here.',
    'uplinks: {}',
    'packages:',
    "  '@tallyport/*':",
    '    access: $all',
    '    publish: $all',
    '    unpublish: $all',
    "  '**':",
    '    access: $all',
    '    publish: nobody',
    '    unpublish: nobody',
    'web:',
    '  enable: false',
    'middlewares:',
    '  audit:',
    '    enabled: false',
    'max_body_size: 64mb',
    'log:',
    '  type: file',
    `  path: ${JSON.stringify(join(dir, 'verdaccio.log'))}`,
    '  level: warn',
    '',
  ].join('\n');
}

export async function startLocalRegistry(dir: string, timeoutMs = 60_000): Promise<LocalRegistry> {
  mkdirSync(join(dir, 'storage'), { recursive: true });
  const configFile = join(dir, 'config.yaml');
  writeFileSync(configFile, registryConfig(dir));
  const child = spawn(process.execPath, [serverScript, configFile], { stdio: ['pipe', 'pipe', 'pipe'] });
  // Whatever happens to the rehearsal, the registry goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let port: number;
  try {
    port = await announcedPort(child, timeoutMs);
  } catch (error) {
    child.kill('SIGKILL');
    process.removeListener('exit', killOnExit);
    throw error;
  }
  const url = `http://127.0.0.1:${port}/`;
  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    storage: join(dir, 'storage'),
    verdaccioVersion: verdaccioVersion(),
    stop() {
      stopped ??= stopChild(child).finally(() => process.removeListener('exit', killOnExit));
      return stopped;
    },
  };
}

function announcedPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const fail = (why: string) => {
      clearTimeout(timer);
      reject(new Error(`Verdaccio did not start: ${why}${stderr.trim() ? `\n${stderr.trim()}` : ''}`));
    };
    const timer = setTimeout(() => fail(`no port announced within ${timeoutMs / 1000} s`), timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((l) => l.startsWith('{"port":'));
      if (!line) return;
      clearTimeout(timer);
      resolve(Number(JSON.parse(line).port));
    });
    child.once('error', (error) => fail(error.message));
    child.once('exit', (code, signal) => fail(`exited (${signal ?? `code ${code}`})`));
  });
}

/** Stops a process the rehearsal started: SIGTERM, then SIGKILL if it has not exited within 10 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
