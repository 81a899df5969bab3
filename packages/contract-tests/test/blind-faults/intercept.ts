// What a blind fault needs to change one behaviour of an honest deployment from outside its app (server.ts's
// DeploymentHooks): a request's body read once and replayed to the app (so a fault can read or change it), the app's
// answer caught before it leaves (so a fault can change it), a method of the app's state replaced while the app
// answers a request it reads synchronously, and a Laravel page's links rebuilt from the query the client sent.
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { type JsonEscaping, jsonText, readBody } from '../honest-deployments/http-kit.js';

export type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** An answer the app wrote, kept instead of sent. */
export interface Caught {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function flatHeaders(headers: unknown): Record<string, string> {
  const flat: Record<string, string> = {};
  if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = String(value);
  }
  return flat;
}

/** Calls the app with a response that keeps what it writes, and resolves with the answer once it ends. */
export function catchAnswer(app: Handler, request: IncomingMessage): Promise<Caught> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const caught: Caught = { status: 200, headers: {}, body: Buffer.alloc(0) };
    const keep = (chunk: unknown) => {
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        chunks.push(Buffer.from(chunk as never));
    };
    const sink = {
      headersSent: false,
      setHeader: (name: string, value: unknown) => {
        caught.headers[name] = String(value);
        return sink;
      },
      getHeader: (name: string) => caught.headers[name],
      removeHeader: (name: string) => {
        delete caught.headers[name];
      },
      writeHead: (status: number, headers?: unknown) => {
        caught.status = status;
        Object.assign(caught.headers, flatHeaders(headers));
        return sink;
      },
      write: (chunk: unknown) => {
        keep(chunk);
        return true;
      },
      end: (chunk?: unknown) => {
        keep(chunk);
        caught.body = Buffer.concat(chunks);
        resolve(caught);
        return sink;
      },
    };
    app(request, sink as unknown as ServerResponse);
  });
}

/** Sends a caught answer on the real response, its length counted again. */
export function send(response: ServerResponse, caught: Caught): void {
  const headers = { ...caught.headers };
  for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-length') delete headers[name];
  if (caught.body.length > 0 || ![204, 304].includes(caught.status))
    headers['Content-Length'] = String(caught.body.length);
  response.writeHead(caught.status, headers);
  response.end(caught.body);
}

/** The JSON body of a caught answer, or undefined when it has none. */
export function jsonOf(caught: Caught): unknown {
  try {
    return caught.body.length > 0 ? JSON.parse(caught.body.toString('utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/** The caught answer with another JSON body, written with the deployment's escaping. */
export function withJson(caught: Caught, value: unknown, escaping: JsonEscaping = 'none'): Caught {
  return { ...caught, body: Buffer.from(jsonText(value, escaping), 'utf8') };
}

/** A request whose body was read: its parameters (form or JSON) and a stand-in the app can read it from again. */
export interface Replayed {
  request: IncomingMessage;
  params: URLSearchParams;
}

/** The parameters of a form or JSON body (a JSON array or object value as its JSON text). */
function paramsOf(text: string, type: string): URLSearchParams {
  if (!/json/.test(type)) return new URLSearchParams(text);
  const params = new URLSearchParams();
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const [name, value] of Object.entries(parsed ?? {})) {
      if (value !== null && value !== undefined) {
        params.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
    }
  } catch {
    // Not JSON after all: the app answers it as it would.
  }
  return params;
}

/**
 * Reads the whole body of a request, and gives a stand-in that replays it, or the body `change` returns for its
 * parameters (a form body written as a form, a JSON body as JSON).
 */
export async function replay(
  request: IncomingMessage,
  change?: (params: URLSearchParams) => URLSearchParams | undefined,
): Promise<Replayed> {
  const body = (await readBody(request, 64 * 1_048_576)) ?? Buffer.alloc(0);
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  const params = paramsOf(body.toString('utf8'), type);
  const changed = change?.(new URLSearchParams(params));
  const bytes = changed
    ? Buffer.from(/json/.test(type) ? JSON.stringify(Object.fromEntries(changed)) : changed.toString(), 'utf8')
    : body;
  const headers: IncomingHttpHeaders = { ...request.headers, 'content-length': String(bytes.length) };
  if (changed && !request.headers['content-type']) headers['content-type'] = 'application/x-www-form-urlencoded';
  const stand = Object.assign(Readable.from(bytes.length > 0 ? [bytes] : []), {
    headers,
    url: request.url,
    method: request.method,
    socket: request.socket,
    httpVersion: request.httpVersion,
  });
  return { request: stand as unknown as IncomingMessage, params: changed ?? params };
}

/**
 * Runs `serve` with `object[key]` replaced: the honest app reads its state synchronously while it answers a GET, so
 * the replacement is seen by exactly that answer.
 */
export function during<T extends object, K extends keyof T>(
  object: T,
  key: K,
  replacement: T[K],
  serve: () => void,
): void {
  const own = Object.hasOwn(object, key);
  const before = object[key];
  object[key] = replacement;
  try {
    serve();
  } finally {
    if (own) object[key] = before;
    else delete object[key];
  }
}

/** The path and query of a request. */
export function urlOf(request: IncomingMessage): URL {
  return new URL(request.url ?? '/', 'http://deployment.invalid');
}

/**
 * A Laravel page whose query the fault changed before the app saw it: its `links` rebuilt from the query the client
 * sent, as `->withQueryString()` writes them, so that only the bug shows.
 */
export function relinked(body: unknown, sent: URLSearchParams): unknown {
  const page = body as { links?: Record<string, string | null> };
  if (!page?.links) return body;
  const links: Record<string, string | null> = {};
  for (const [rel, link] of Object.entries(page.links)) {
    if (link === null) {
      links[rel] = null;
      continue;
    }
    const url = new URL(link);
    const params = new URLSearchParams(sent);
    params.set('page', url.searchParams.get('page') ?? '1');
    links[rel] = `${url.origin}${url.pathname}?${params.toString()}`;
  }
  return { ...page, links };
}
