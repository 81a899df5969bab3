// The one place that launches Prism mocks of the bundled specs: free ports by
// default, a readiness wait on Prism's own "listening" line, and teardown that
// runs even when the caller forgets (process exit hook).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { API_NAMES, specDocuments, type ApiName } from './specs.js';

export interface StartMocksOptions {
  apis?: ApiName[];
  ports?: { analytics?: number; marketplace?: number };
  host?: string;
  log?: (line: string) => void;
  /** How long to wait for each Prism to say it listens (ms). */
  readyTimeoutMs?: number;
}

export interface MockEndpoint {
  url: string;
  port: number;
}

export interface RunningMocks {
  analytics?: MockEndpoint;
  marketplace?: MockEndpoint;
  close(): Promise<void>;
}

const READY_LINE = /Prism is listening on (\S+)/;
const livingChildren = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // 'exit' handlers must be synchronous: a SIGKILL is the only thing that
  // reliably lands before this process is gone.
  process.on('exit', () => {
    for (const child of livingChildren) child.kill('SIGKILL');
  });
}

function prismEntry(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
}

export async function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    livingChildren.delete(child);
    return;
  }
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
  livingChildren.delete(child);
}

async function launchPrism(
  api: ApiName,
  specFile: string,
  host: string,
  port: number,
  log: (line: string) => void,
  readyTimeoutMs: number,
): Promise<{ child: ChildProcess; endpoint: MockEndpoint }> {
  const child = spawn(process.execPath, [prismEntry(), 'mock', '-h', host, '-p', String(port), specFile], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  livingChildren.add(child);
  const recent: string[] = [];
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Prism (${api}) was not ready after ${readyTimeoutMs} ms`)),
        readyTimeoutMs,
      );
      const onLine = (chunk: Buffer): void => {
        for (const line of chunk.toString('utf8').split('\n')) {
          if (line.trim()) recent.push(line.trim());
          if (recent.length > 20) recent.shift();
          const match = READY_LINE.exec(line);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1].replace(/\/$/, ''));
          }
        }
      };
      child.stdout?.on('data', onLine);
      child.stderr?.on('data', onLine);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`Prism (${api}) exited before it was ready (code ${code ?? signal}): ${recent.slice(-5).join(' | ')}`));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
    // Drain further output so Prism never blocks on a full pipe.
    child.stdout?.resume();
    child.stderr?.resume();
    log(`${api} mock ready on ${url}`);
    return { child, endpoint: { url, port } };
  } catch (error) {
    await stopChild(child);
    throw error;
  }
}

/**
 * Starts one Prism per requested API on the bundled specs and resolves once
 * each listens. Always call `close()`; the process exit hook is a backstop.
 */
export async function startMocks(options: StartMocksOptions = {}): Promise<RunningMocks> {
  const apis = options.apis ?? [...API_NAMES];
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000;
  installExitHook();

  const specDir = await mkdtemp(join(tmpdir(), 'tallyport-mocks-'));
  const children: ChildProcess[] = [];
  const running: RunningMocks = {
    async close() {
      await Promise.all(children.map(stopChild));
      await rm(specDir, { recursive: true, force: true });
    },
  };

  try {
    await Promise.all(
      apis.map(async (api) => {
        const specFile = join(specDir, `${api}.openapi.json`);
        await writeFile(specFile, JSON.stringify(specDocuments[api]));
        const fixedPort = options.ports?.[api];
        // A free port found here can be taken by someone else before Prism
        // binds it; one retry on a fresh port covers that race.
        const attempts = fixedPort === undefined ? 2 : 1;
        for (let attempt = 1; ; attempt++) {
          const port = fixedPort ?? (await findFreePort(host));
          try {
            const { child, endpoint } = await launchPrism(api, specFile, host, port, log, readyTimeoutMs);
            children.push(child);
            running[api] = endpoint;
            return;
          } catch (error) {
            if (attempt >= attempts) throw error;
          }
        }
      }),
    );
  } catch (error) {
    await running.close();
    throw error;
  }
  return running;
}
