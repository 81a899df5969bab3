// Path-level calls: the typed openapi-fetch client over a client's own
// pipeline (key handling, retries, timeouts, the size limit). It is a separate
// function rather than a member of every client so that applications that use
// the resource methods only do not ship openapi-fetch's request machinery:
// tree-shaking drops it with this function. The per-request options
// openapi-fetch copies onto the Request it builds (`timeout`, `maxRetries`,
// `maxResponseBytes`) are checked like any other option.
import type { AnalyticsPaths, MarketplacePaths } from '@tallyport/types';
import createClient, { type Client } from 'openapi-fetch';
import type { AnalyticsClient } from './analytics.js';
import { TallyportError } from './errors.js';
import { formBody } from './form.js';
import type { Http, SendOptions } from './http.js';
import type { MarketplaceClient } from './marketplace.js';
import { REQUEST_RULES, checkOption } from './option-checks.js';
import { assertPathIds } from './records.js';

/** A client's operations by id: their method and path template. */
export type Operations = Readonly<Record<string, { readonly method: string; readonly path: string }>>;

interface Binding {
  baseUrl: string;
  headers: Record<string, string>;
  http: Http;
  operations: Operations;
}

/** The operation a path-level request is: the one whose method it uses and whose path its URL ends in. */
function operationOf(operations: Operations, method: string, url: string): string | undefined {
  const { pathname } = new URL(url);
  return Object.keys(operations).find((id) => {
    const op = operations[id]!;
    return op.method === method && pathname.endsWith(op.path);
  });
}

// Each client's pipeline, then its raw client once made; nothing here holds the key itself.
const bindings = new WeakMap<object, Binding | Client<never>>();

/** Registers a new client's pipeline for rawClient. */
export function bindRaw<T extends object>(client: T, binding: Binding): T {
  bindings.set(client, binding);
  return client;
}

/**
 * The fetch given to openapi-fetch: the client's pipeline, and the answer of
 * any status rebuilt as a Response from the body text read once.
 */
function rawFetch({ http, operations }: Binding): (request: Request) => Promise<Response> {
  return async (request) => {
    const extra = request as unknown as Record<string, unknown>;
    const options: SendOptions = { signal: request.signal };
    for (const name of ['timeout', 'maxRetries', 'maxResponseBytes'] as const) {
      checkOption(`raw ${request.method}`, name, extra[name], REQUEST_RULES[name]!);
      if (extra[name] !== undefined) options[name] = extra[name] as number;
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = request.body ? await request.text() : undefined;
    const { response, text } = await http.answer(
      {
        method: request.method,
        url: request.url,
        headers,
        body,
        operation: operationOf(operations, request.method, request.url),
      },
      options,
    );
    const out = new Headers(response.headers);
    // The body is handed on decoded, so its transfer headers no longer apply.
    for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) out.delete(name);
    const { status } = response;
    return new Response([204, 205, 304].includes(status) ? null : text, { status, headers: out });
  };
}

/**
 * The typed openapi-fetch client of a client: `{ data, error, response }`,
 * never a throw on a status. Bad ids and options are still refused.
 */
export function rawClient(client: AnalyticsClient): Client<AnalyticsPaths>;
export function rawClient(client: MarketplaceClient): Client<MarketplacePaths>;
export function rawClient(client: object): Client<never> {
  const bound = bindings.get(client);
  if (!bound)
    throw new TallyportError('rawClient expects a client made by createAnalyticsClient or createMarketplaceClient.');
  if (!('http' in bound)) return bound;
  const raw = createClient<never>({
    baseUrl: bound.baseUrl,
    headers: bound.headers,
    bodySerializer: formBody,
    fetch: rawFetch(bound),
  });
  raw.use({
    onRequest({ schemaPath, params }) {
      assertPathIds(`raw ${schemaPath}`, params.path as Record<string, unknown> | undefined);
    },
  });
  bindings.set(client, raw);
  return raw;
}
