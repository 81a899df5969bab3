// A gateway that gives up on some requests (SILENCES.md 143), as an AWS Application Load Balancer does: 504 when the
// app took longer than the balancer waits, although the app goes on and commits what the request wrote (the answer is
// lost, not the write), and 503 while no target is healthy (a deploy rotating instances), before the app sees the
// request. Which requests meet it follows the count of requests, never a timer; a request sent again soon after one
// it gave up on (the same method and URL) goes through, as a retry after a passing hiccup does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Choices } from './choices.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The balancer's own page for a status: a title and a heading, in CRLF lines. */
function page(title: string): string {
  const lines = ['<html>', `<head><title>${title}</title></head>`, '<body>', `<center><h1>${title}</h1></center>`];
  return [...lines, '</body>', '</html>', ''].join('\r\n');
}

const PAGES = {
  503: page('503 Service Temporarily Unavailable'),
  504: page('504 Gateway Time-out'),
} as const;

/** How many requests after a failure a retry of the failed request is still recognised (and let through). */
const RETRY_WINDOW = 10;

function sendPage(response: ServerResponse, status: 503 | 504): void {
  const body = PAGES[status];
  response.writeHead(status, {
    Server: 'awselb/2.0',
    'Content-Type': 'text/html',
    'Content-Length': String(Buffer.byteLength(body)),
  });
  response.end(body);
}

/** A response the app writes into and nobody reads: the balancer stopped waiting for it. */
function abandoned(onEnd: () => void): ServerResponse {
  const sink = {
    headersSent: false,
    setHeader: () => sink,
    getHeader: () => undefined,
    removeHeader: () => {},
    writeHead: () => sink,
    write: () => true,
    end: () => {
      onEnd();
      return sink;
    },
  };
  return sink as unknown as ServerResponse;
}

/** Whether the deployment has such a gateway in front. */
export function hasGateway(choices: Choices): boolean {
  return choices.gatewayTimeoutEvery > 0 || choices.gatewayUnavailableEvery > 0;
}

/**
 * The gateway in front of one API's handler. `number` is the request's count at the front: the gateway fails one
 * request in `gatewayUnavailableEvery` before the app and one in `gatewayTimeoutEvery` after it, never two in a row,
 * and never a retry of a request it failed within the last few requests.
 */
export function gateway(
  choices: Choices,
): (number: number, request: IncomingMessage, response: ServerResponse, app: Handler) => void {
  const failed: { signature: string; number: number }[] = [];
  let lastFailure = -1;
  const fails = (number: number, every: number, phase: number) => every > 0 && number % every === phase;
  return (number, request, response, app) => {
    const signature = `${request.method ?? 'GET'} ${request.url ?? '/'}`;
    while (failed.length > 0 && failed[0]!.number < number - RETRY_WINDOW) failed.shift();
    const retry = failed.some((entry) => entry.signature === signature);
    const free = retry || lastFailure === number - 1;
    const unavailable =
      !free && fails(number, choices.gatewayUnavailableEvery, Math.floor(choices.gatewayUnavailableEvery / 3));
    const timeout =
      !free &&
      !unavailable &&
      fails(number, choices.gatewayTimeoutEvery, Math.floor((choices.gatewayTimeoutEvery * 2) / 3));
    if (!unavailable && !timeout) {
      app(request, response);
      return;
    }
    lastFailure = number;
    failed.push({ signature, number });
    if (unavailable) {
      request.resume();
      sendPage(response, 503);
      return;
    }
    // The app reads the request and does what it asks; its answer never reaches the client.
    app(
      request,
      abandoned(() => sendPage(response, 504)),
    );
  };
}
