// The one place that launches Prism mocks of the bundled specs. All requested
// APIs are served by ONE child process (assets/prism-host.cjs, Prism's own
// server modules), which loads Prism once and listens on port 0 when no port
// is given, so free ports come without a race. Readiness is the host's
// "READY" line; teardown is close(), backed by a process exit hook and by the
// host itself, which exits when our end of its stdin goes away.
// `stateful: true` serves the stateful mock of @tallyport/mock instead, in this
// process (no Prism is loaded): records that change, from the same specs.
// `startRunMocks` is how a contract run starts either (`--mock`).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type MockEngine, type MockEngineOptions, startLines, startStatefulMocks } from '@tallyport/mock';
import { API_NAMES, specDocuments, type ApiName } from '../spec/models.js';
import type { EmbeddedMock } from '../report/result.js';
import { present } from '../text/present.js';

export interface StartMocksOptions {
  apis?: ApiName[];
  ports?: { analytics?: number; marketplace?: number };
  host?: string;
  log?: (line: string) => void;
  /** How long to wait for each Prism to say it listens (ms). */
  readyTimeoutMs?: number;
  /**
   * Serve the stateful mock (@tallyport/mock) instead of Prism: `true`, or its options (the number its data
   * comes from, keys, latency, failure rate). Its start lines (keys, purchase codes) go to `log`.
   */
  stateful?: boolean | MockEngineOptions;
}

export interface MockEndpoint {
  url: string;
  port: number;
}

export interface RunningMocks {
  analytics?: MockEndpoint;
  marketplace?: MockEndpoint;
  /** The stateful mock's engine (its keys, the values it recognises); absent for Prism. */
  engine?: MockEngine;
  close(): Promise<void>;
}

const READY_LINE = /^READY (analytics|marketplace) (\S+)$/;
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

/** dist/prism-host.cjs once built; assets/prism-host.cjs (two folders up) when run from source. */
function hostScript(): string {
  const candidates = ['./prism-host.cjs', '../../assets/prism-host.cjs'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`prism-host.cjs not found (looked in ${candidates.join(', ')})`);
  return found;
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

/**
 * Starts Prism for each requested API on the bundled specs and resolves once
 * each listens. Always call `close()`; the process exit hook is a backstop.
 */
export async function startMocks(options: StartMocksOptions = {}): Promise<RunningMocks> {
  const apis = options.apis ?? [...API_NAMES];
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  if (options.stateful) return startStateful(options, apis, host, log);
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  installExitHook();

  const specDir = await mkdtemp(join(tmpdir(), 'tallyport-mocks-'));
  const servers = await Promise.all(
    apis.map(async (api) => {
      const specFile = join(specDir, `${api}.openapi.json`);
      await writeFile(specFile, JSON.stringify(specDocuments[api]));
      return { api, specFile, host, port: options.ports?.[api] ?? 0 };
    }),
  );
  const child = spawn(process.execPath, [hostScript(), JSON.stringify(servers)], { stdio: ['pipe', 'pipe', 'pipe'] });
  livingChildren.add(child);
  const running: RunningMocks = {
    async close() {
      await stopChild(child);
      await rm(specDir, { recursive: true, force: true });
    },
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const pending = new Set(apis);
      const errors: string[] = [];
      const timer = setTimeout(
        () => reject(new Error(`Prism mocks were not ready after ${readyTimeoutMs} ms`)),
        readyTimeoutMs,
      );
      let buffered = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        buffered += chunk.toString('utf8');
        for (let newline = buffered.indexOf('\n'); newline >= 0; newline = buffered.indexOf('\n')) {
          const line = buffered.slice(0, newline).trim();
          buffered = buffered.slice(newline + 1);
          const match = READY_LINE.exec(line);
          if (!match) continue;
          const api = match[1] as ApiName;
          const url = match[2]!;
          running[api] = { url, port: Number(new URL(url).port) };
          log(`${api} mock ready on ${url}`);
          pending.delete(api);
          if (pending.size === 0) {
            clearTimeout(timer);
            resolve();
          }
        }
      });
      child.stderr?.on('data', (chunk: Buffer) => errors.push(chunk.toString('utf8').trim()));
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(
          new Error(`Prism mocks exited before they were ready (${code ?? signal}): ${errors.join(' ').slice(0, 500)}`),
        );
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } catch (error) {
    await running.close();
    throw error;
  }
  return running;
}

/** The stateful mock on the same ports and host as Prism would use, in this process. */
async function startStateful(
  options: StartMocksOptions,
  apis: ApiName[],
  host: string,
  log: (line: string) => void,
): Promise<RunningMocks> {
  const settings = typeof options.stateful === 'object' ? options.stateful : {};
  const mocks = await startStatefulMocks({ ...settings, apis, host, ports: options.ports ?? {} });
  for (const line of startLines(mocks.engine, mocks)) log(line);
  return {
    ...present({ analytics: mocks.analytics, marketplace: mocks.marketplace }),
    engine: mocks.engine,
    close: () => mocks.close(),
  };
}

/** Which embedded mock these are: the stateful one carries its engine. */
export const mockKindOf = (mocks: RunningMocks): EmbeddedMock => (mocks.engine ? 'stateful' : 'prism');

/**
 * The embedded mocks a contract run checks `apis` against. The stateful mock's start lines name its keys and what
 * they hold, for someone who calls it by hand; a run sends those keys itself and shows them as their placeholders,
 * like any key, so it says only where each mock listens.
 */
export async function startRunMocks(
  kind: EmbeddedMock,
  apis: ApiName[],
  log: (line: string) => void = () => {},
): Promise<RunningMocks> {
  if (kind === 'prism') return startMocks({ apis, log });
  const mocks = await startMocks({ apis, stateful: true });
  for (const api of apis) if (mocks[api]) log(`${api} stateful mock ready on ${mocks[api].url}`);
  return mocks;
}
