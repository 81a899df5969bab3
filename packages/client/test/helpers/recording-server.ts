// An in-process HTTP server on a free loopback port that records every
// request and answers with whatever the test scripts.
import { once } from 'node:events';
import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
  /** Never answer (to provoke timeouts). */
  hang?: boolean;
  /** Drop the connection without answering. */
  destroy?: boolean;
}

export type Responder = (request: RecordedRequest, index: number) => Reply;

export interface RecordingServer {
  url: string;
  requests: RecordedRequest[];
  /** Replies used in order; the last one repeats. */
  reply(...replies: (Reply | Responder)[]): void;
  close(): Promise<void>;
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let replies: (Reply | Responder)[] = [{ body: { data: [] } }];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = requests.push(recorded) - 1;
      const scripted = replies[Math.min(index, replies.length - 1)]!;
      const reply = typeof scripted === 'function' ? scripted(recorded, index) : scripted;
      if (reply.destroy) {
        req.socket.destroy();
        return;
      }
      if (reply.hang) {
        hanging.add(res);
        return;
      }
      const isText = typeof reply.body === 'string';
      const payload = reply.body === undefined ? '' : isText ? (reply.body as string) : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, {
        ...(reply.body !== undefined && !isText ? { 'content-type': 'application/json' } : {}),
        ...reply.headers,
      });
      res.end(payload);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(...next) {
      replies = next;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * One recording server for a whole test file: started before its first test,
 * emptied of recorded requests before each test, closed after the last. The
 * handle forwards to the running server, so tests use it like the server.
 */
export function useRecordingServer(): RecordingServer {
  let running: RecordingServer | undefined;
  beforeAll(async () => {
    running = await startRecordingServer();
  });
  afterAll(() => running?.close());
  beforeEach(() => {
    if (running) running.requests.length = 0;
  });
  return new Proxy({} as RecordingServer, {
    get(_, key) {
      if (!running) throw new Error('the recording server starts in beforeAll; use it inside hooks and tests');
      const value: unknown = Reflect.get(running, key);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}
