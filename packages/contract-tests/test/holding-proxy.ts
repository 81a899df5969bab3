// A proxy in front of a deployment that holds the requests a test picks and
// passes every other on. A held request gets no answer until the proxy
// closes, and the test is told the moment one arrives: what happens next
// (a timeout fired, a signal sent) is then ordered by the requests
// themselves, not by how long this machine takes to get there.
import { createServer, type IncomingMessage, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingProxy {
  url: string;
  /** Which requests to hold from now on (undefined: none, every request is passed on). */
  holdWhen(picks: ((request: IncomingMessage) => boolean) | undefined): void;
  close(): Promise<void>;
}

/** The path of a request, without its query. */
export const pathOf = (request: IncomingMessage): string => (request.url ?? '/').split('?')[0]!;

export async function startHoldingProxy(
  target: string,
  /** Called with each request held, as it arrives. */
  onHold: (request: IncomingMessage) => void,
): Promise<HoldingProxy> {
  let picks: ((request: IncomingMessage) => boolean) | undefined;
  const server = createServer((request, response) => {
    if (picks?.(request)) return onHold(request);
    const out = forward(new URL(request.url ?? '/', target), { method: request.method, headers: request.headers });
    out.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    out.on('error', () => response.destroy());
    request.pipe(out);
  });
  // Idle connections are left for the client to close (closing them here could race its next request).
  server.keepAliveTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holdWhen(next) {
      picks = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
