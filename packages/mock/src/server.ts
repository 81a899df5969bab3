// `startStatefulMocks`: the engine behind real HTTP servers, one per API on
// 127.0.0.1 (port 0 lets the OS pick a free one), for apps and tools that call
// a URL. Browsers may call it from another origin (CORS is open, as on the
// Prism mocks). Bodies over 1 MiB are refused.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockEngine, type MockEngineOptions } from './engine.js';
import type { MockRequest } from './request.js';
import { API_NAMES, type ApiName } from './spec.js';

export interface StatefulMockOptions extends MockEngineOptions {
  apis?: ApiName[];
  /** Ports per API; 0 (the default) lets the OS pick a free one. */
  ports?: Partial<Record<ApiName, number>>;
  host?: string;
  /** An engine to serve (shared with a `createMockFetch`, say); a new one is made from the options otherwise. */
  engine?: MockEngine;
}

export interface StatefulMockEndpoint {
  url: string;
  port: number;
}

export interface StatefulMocks {
  analytics?: StatefulMockEndpoint;
  marketplace?: StatefulMockEndpoint;
  engine: MockEngine;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, Accept, Prefer',
};

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > MAX_BODY ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body?: unknown): void {
  response.writeHead(status, { ...CORS, ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function answer(engine: MockEngine, api: ApiName, request: IncomingMessage, response: ServerResponse) {
  if (request.method === 'OPTIONS') return send(response, 204, { 'access-control-max-age': '600' });
  const body = await readBody(request);
  if (body === undefined) return send(response, 413, { 'content-type': 'application/json' }, { message: 'Too large.' });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  const mockRequest: MockRequest = {
    method: (request.method ?? 'GET').toUpperCase(),
    url: new URL(request.url ?? '/', `http://${headers.host ?? '127.0.0.1'}`),
    headers,
    body,
  };
  const closed = new AbortController();
  response.on('close', () => closed.abort());
  const result = await engine.respond(mockRequest, api, closed.signal).catch(() => undefined);
  if (!result || response.destroyed) return;
  send(response, result.status, result.headers ?? {}, result.body);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts one server per API over one engine; always call `close()`. */
export async function startStatefulMocks(options: StatefulMockOptions = {}): Promise<StatefulMocks> {
  const engine = options.engine ?? new MockEngine(options);
  const host = options.host ?? '127.0.0.1';
  const servers: Server[] = [];
  const running: StatefulMocks = {
    engine,
    async close() {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.close(() => resolve());
              server.closeAllConnections();
            }),
        ),
      );
    },
  };
  try {
    for (const api of options.apis ?? API_NAMES) {
      const server = createServer((request, response) => {
        answer(engine, api, request, response).catch(() => {
          if (!response.headersSent) send(response, 500, { 'content-type': 'application/json' }, { message: 'Error' });
        });
      });
      servers.push(server);
      const port = await listen(server, options.ports?.[api] ?? 0, host);
      const shownHost = host.includes(':') ? `[${host}]` : host;
      running[api] = { url: `http://${shownHost}:${port}`, port };
    }
  } catch (error) {
    await running.close();
    throw error;
  }
  return running;
}
