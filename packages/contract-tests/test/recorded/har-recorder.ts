// Recording traffic as users have it: a reverse proxy on 127.0.0.1 in front of
// each API of a deployment, writing every exchange that passes into a HAR 1.2
// log as a proxy export or a browser's devtools would: the real keys in the
// headers and the query, whole bodies, the form body as `params` and `text`.
// The contract tester is pointed at the proxy; what it sent and received is
// then judged from the file alone.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface HarRecorder {
  /** The proxy's address for each upstream, by the name it was given. */
  urls: Record<string, string>;
  /** The HAR of everything recorded so far. */
  har(): { log: { version: string; creator: { name: string; version: string }; entries: unknown[] } };
  close(): Promise<void>;
}

const readAll = (stream: IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });

/** A body as a browser's devtools record it: decoded from its Content-Encoding. */
function decoded(body: Buffer, encoding: string | undefined): string {
  try {
    if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  } catch {
    // Not what it says it is: recorded as it came.
  }
  return body.toString('utf8');
}

const pairs = (headers: IncomingMessage['headers']) =>
  Object.entries(headers).flatMap(([name, value]) =>
    (Array.isArray(value) ? value : [value ?? '']).map((one) => ({ name, value: String(one) })),
  );

/** Starts one recording proxy per upstream (`{ analytics: 'http://127.0.0.1:1234' }`). */
export async function startHarRecorder(upstreams: Record<string, string>): Promise<HarRecorder> {
  const entries: unknown[] = [];
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const urls: Record<string, string> = {};
  for (const [name, upstream] of Object.entries(upstreams)) {
    const target = new URL(upstream);
    const server = createServer((incoming, outgoing) => {
      const started = Date.now();
      readAll(incoming)
        .then(
          (body) =>
            new Promise<void>((resolve, reject) => {
              // A connection of its own for each request: a pooled one that the deployment closes when idle (a
              // front with a short keep-alive) races the next request, and the 502 this proxy would then answer is
              // its own, not the deployment's.
              const headers = { ...incoming.headers, host: target.host, connection: 'close' };
              const forward = httpRequest(
                {
                  host: target.hostname,
                  port: target.port,
                  method: incoming.method,
                  path: incoming.url,
                  headers,
                  agent: false,
                },
                (answer) => {
                  readAll(answer)
                    .then((answerBody) => {
                      const url = `http://${incoming.headers.host}${incoming.url}`;
                      const mimeType = String(incoming.headers['content-type'] ?? '');
                      const text = body.toString('utf8');
                      entries.push({
                        startedDateTime: new Date(started).toISOString(),
                        time: Date.now() - started,
                        request: {
                          method: incoming.method,
                          url,
                          httpVersion: 'HTTP/1.1',
                          cookies: [],
                          headers: pairs(incoming.headers),
                          queryString: [...new URL(url).searchParams].map(([key, value]) => ({ name: key, value })),
                          ...(body.length > 0
                            ? {
                                postData: {
                                  mimeType,
                                  text,
                                  ...(mimeType.startsWith('application/x-www-form-urlencoded')
                                    ? {
                                        params: [...new URLSearchParams(text)].map(([key, value]) => ({
                                          name: key,
                                          value,
                                        })),
                                      }
                                    : {}),
                                },
                              }
                            : {}),
                          headersSize: -1,
                          bodySize: body.length,
                        },
                        response: {
                          status: answer.statusCode ?? 0,
                          statusText: answer.statusMessage ?? '',
                          httpVersion: 'HTTP/1.1',
                          cookies: [],
                          headers: pairs(answer.headers),
                          content: {
                            size: answerBody.length,
                            mimeType: String(answer.headers['content-type'] ?? 'x-unknown'),
                            text: decoded(answerBody, answer.headers['content-encoding']?.trim().toLowerCase()),
                          },
                          redirectURL: String(answer.headers.location ?? ''),
                          headersSize: -1,
                          bodySize: answerBody.length,
                        },
                        cache: {},
                        timings: { send: 0, wait: Date.now() - started, receive: 0 },
                      });
                      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
                      outgoing.end(answerBody);
                      resolve();
                    })
                    .catch(reject);
                },
              );
              forward.on('error', reject);
              forward.end(body);
            }),
        )
        .catch(() => {
          if (!outgoing.headersSent) outgoing.writeHead(502);
          outgoing.end();
        });
    });
    // Idle connections are left for the tester to close: a proxy that closes them itself races the tester's next
    // request on the same connection, which a busy machine loses now and then (ECONNRESET, not a deployment's fault).
    server.keepAliveTimeout = 0;
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    urls[name] = `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname.replace(/\/$/, '')}`;
    servers.push(server);
  }
  return {
    urls,
    har: () => ({ log: { version: '1.2', creator: { name: 'tallyport-test-recorder', version: '1' }, entries } }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
