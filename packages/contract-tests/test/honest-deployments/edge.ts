// What sits in front of a deployment's app (SILENCES.md 117-121, 143): the connection policy of its web server or
// load balancer, the time a cold or distant function takes to answer, the odd answer of a load balancer that found no
// healthy upstream (given before the request reaches the app, so nothing is written), a gateway that stops waiting
// for some answers (gateway.ts), and a caching proxy's headers. Both APIs go through it; node:http only.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Choices } from './choices.js';
import { mix } from './data.js';
import { gateway, hasGateway } from './gateway.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const LB_PAGES: Record<502 | 503, string> = {
  502: '<html><body><h1>502 Bad Gateway</h1>\nThe server returned an invalid or incomplete response.\n</body></html>\n',
  503: '<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n',
};

/** Wraps an API's handler in the deployment's front; `salt` tells the two APIs' fronts apart. */
export function behindEdge(handler: Handler, choices: Choices, salt: number): Handler {
  let seen = 0;
  const front = hasGateway(choices) ? gateway(choices) : undefined;
  return (request, response) => {
    seen += 1;
    const number = seen;
    if (choices.proxyHeaders) {
      // Varnish in front of nginx: `Via`, its own `X-Varnish`, `Age` (0: an API answer is never served from cache).
      response.setHeader('Server', 'nginx/1.24.0');
      response.setHeader('Via', '1.1 varnish (Varnish/7.4)');
      response.setHeader('X-Varnish', String(100_000 + (mix(salt, number) % 900_000)));
      response.setHeader('X-Cache', 'MISS');
      response.setHeader('Age', '0');
    }
    // Apache with `KeepAlive Off` closes every connection; a proxy that closes idle ones early sends no hint.
    if (choices.connectionClose) response.setHeader('Connection', 'close');
    else if (choices.idleTimeoutMs > 0) response.setHeader('Connection', 'keep-alive');
    const go = () => {
      // HAProxy's or an ALB's own answer while the upstream restarts: one request in `transientEvery`.
      if (choices.transientEvery > 0 && number % choices.transientEvery === Math.floor(choices.transientEvery / 2)) {
        request.resume();
        const status = choices.transientStatus;
        const body = LB_PAGES[status];
        response.writeHead(status, {
          'Content-Type': 'text/html',
          'Content-Length': String(Buffer.byteLength(body)),
          'Cache-Control': 'no-cache',
          ...(status === 503 ? { 'Retry-After': '1' } : {}),
        });
        response.end(body);
        return;
      }
      // A gateway that gives up on some requests, before or after the app (choice 143).
      if (front) front(number, request, response, handler);
      else handler(request, response);
    };
    if (choices.latencyMs > 0) {
      // A cold function or a far region: the first byte comes after latencyMs to twice that.
      setTimeout(go, choices.latencyMs + (mix(salt, number, 0x1a7) % (choices.latencyMs + 1)));
    } else {
      go();
    }
  };
}

/** The idle timeout of the front's keep-alive connections (Node's own 5 s unless the variant says otherwise). */
export function configureServer(server: Server, choices: Choices): void {
  if (choices.idleTimeoutMs > 0) server.keepAliveTimeout = choices.idleTimeoutMs;
}
