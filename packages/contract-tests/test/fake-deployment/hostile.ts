// A hostile front for the fake analytics deployment: it forwards to the fake
// and bends the answers the way broken, proxied or malicious deployments do,
// so the safety tests can show the run never writes to data it did not
// create, stays bounded in memory and time, and never prints a key.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

export type HostileName =
  | 'create-answers-foreign-id'
  | 'create-answers-dot-id'
  | 'create-answers-dotdot-id'
  | 'create-answers-no-id'
  | 'delete-500'
  | 'stall-after-first'
  | 'huge-body'
  | 'gzip-bomb'
  | 'rate-limit-storm'
  | 'key-echo';

export interface HostileFront {
  url: string;
  /** Every request line that reached the front ("METHOD /path?query"). */
  lines: string[];
  /** Switches the behaviour (undefined: forward everything unchanged). */
  behave(next: HostileName | undefined): void;
  close(): Promise<void>;
}

const LIST = '/api/v1/websites';

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A stream of `size` bytes made lazily from one small buffer. */
function lazyBytes(head: string, size: number): Readable {
  const block = Buffer.alloc(64 * 1024, 0x20);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        this.push(head);
        sent += head.length;
      } else if (sent >= size) this.push(null);
      else {
        this.push(block);
        sent += block.length;
      }
    },
  });
}

export async function startHostileFront(target: string, initial: HostileName, key = ''): Promise<HostileFront> {
  let behaviour: HostileName | undefined = initial;
  const lines: string[] = [];
  const sockets = new Set<Socket>();
  let answered = 0;
  const server: Server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://front.invalid');
    lines.push(`${request.method} ${url.pathname}${url.search}`);
    const payload = await body(request);
    if (behaviour === 'stall-after-first' && answered++ > 0) return; // never answers
    if (behaviour === 'rate-limit-storm') {
      response.writeHead(429, { 'Retry-After': '1', 'Content-Type': 'application/json' });
      return void response.end('{"message":"Too Many Attempts."}');
    }
    if (request.method === 'GET' && url.pathname === LIST && behaviour === 'huge-body') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      return void lazyBytes('{"data":[', 200 * 1024 * 1024).pipe(response);
    }
    if (request.method === 'GET' && url.pathname === LIST && behaviour === 'gzip-bomb') {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      const bomb = lazyBytes('{"data":[', 2 * 1024 * 1024 * 1024).pipe(createGzip({ level: 9 }));
      response.on('close', () => bomb.destroy());
      return void bomb.pipe(response);
    }
    if (request.method === 'DELETE' && behaviour === 'delete-500') {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      return void response.end('{"message":"Server Error"}');
    }
    const upstream = await fetch(`${target}${url.pathname}${url.search}`, {
      method: request.method ?? 'GET',
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'content-length', 'connection'].includes(name)),
      ) as Record<string, string>,
      ...(payload.length > 0 ? { body: payload.toString('utf8') } : {}),
      redirect: 'manual',
    });
    let text = await upstream.text();
    if (request.method === 'POST' && url.pathname === LIST && upstream.status < 300) {
      const json = JSON.parse(text) as { data: Record<string, unknown> };
      if (behaviour === 'create-answers-foreign-id') json.data.id = 3;
      if (behaviour === 'create-answers-dot-id') json.data.id = '.';
      if (behaviour === 'create-answers-dotdot-id') json.data.id = '..';
      if (behaviour === 'create-answers-no-id') delete json.data.id;
      text = JSON.stringify(json);
    }
    if (behaviour === 'key-echo' && upstream.status >= 400) {
      const echoed = `${key} ${JSON.stringify(key)} ${Buffer.from(key).toString('base64')}`;
      text = JSON.stringify({ message: `bad key ${echoed}`, key, encoded: Buffer.from(key).toString('base64') });
    }
    response.writeHead(upstream.status, { 'Content-Type': upstream.headers.get('content-type') ?? 'application/json' });
    response.end(text);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    lines,
    behave: (next) => {
      behaviour = next;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
