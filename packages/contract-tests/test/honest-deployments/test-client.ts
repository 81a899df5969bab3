// A tiny client for the unit tests of the honest deployments: it knows each variant's envelopes and
// representations (which the tester must not), so the tests can state the source documentation's facts once and
// check them on every variant.
import type { Choices } from './choices.js';
import type { HonestDeployment } from './server.js';

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export interface CallOptions {
  query?: Record<string, string>;
  form?: Record<string, string>;
  /** Override of the key; `null` sends none. */
  key?: string | null;
  accept?: string;
  /** How a marketplace POST carries its parameters; by default the way the variant reads them (choice 129). */
  encoding?: 'form' | 'json' | 'query';
}

export async function analytics(d: HonestDeployment, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(`${d.analyticsUrl}${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.append(name, value);
  const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
  const key = options.key === undefined ? d.analyticsKey : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: string | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  return patiently(method, () => fetch(url, { method, headers, body, redirect: 'manual' }));
}

export async function marketplace(d: HonestDeployment, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(`${d.marketplaceUrl}${path}`);
  const params = { ...(options.query ?? {}), ...(options.form ?? {}) };
  const key = options.key === undefined ? d.marketplaceKey : options.key;
  const transport = d.choices.market.keyTransport;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (key !== null) {
    if (transport === 'request') params.api_key = key;
    else headers[transport.header] = key;
  }
  let body: string | undefined;
  const postParams = d.choices.market.postParams;
  const encoding =
    options.encoding ?? (postParams === 'json-only' ? 'json' : postParams === 'query-only' ? 'query' : 'form');
  if (method === 'POST' && encoding === 'json') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(params);
  } else if (method === 'POST' && encoding === 'form') {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(params).toString();
  } else {
    for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  }
  return patiently(method, () => fetch(url, { method, headers, body, redirect: 'manual' }));
}

/**
 * Sends again after a 429 (the throttled variant), as a polite client does after `Retry-After`, after a load
 * balancer's 502 or 503 (choice 120), which never reached the app, and after a gateway's 504 (choice 143), whose
 * request the app did handle: a delete sent again then finds nothing, which tells the client its first one worked.
 */
async function patiently(method: string, send: () => Promise<Response>): Promise<Reply> {
  let timedOut = false;
  for (let attempt = 0; ; attempt += 1) {
    const response = await send();
    if (timedOut && method === 'DELETE' && [404, 406, 410].includes(response.status)) {
      await response.arrayBuffer();
      return { status: 204, headers: response.headers, text: '', json: undefined };
    }
    const transient =
      [502, 503, 504].includes(response.status) && /^text\/html/.test(response.headers.get('content-type') ?? '');
    timedOut = response.status === 504 && transient;
    if ((response.status !== 429 && !transient) || attempt === 5) return reply(response);
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, retryDelay(response.headers.get('retry-after'))));
  }
}

/** Retry-After as delay-seconds or as an HTTP-date (RFC 9110 10.2.3), in milliseconds. */
function retryDelay(header: string | null): number {
  if (header === null) return 1000;
  if (/^\d+$/.test(header.trim())) return 1000 * Number(header);
  const at = Date.parse(header);
  return Number.isNaN(at) ? 1000 : Math.max(0, at - Date.now()) + 50;
}

async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

type Json = Record<string, unknown>;

/** A row with camelCase keys (`excludeBots`) under the parameters' names (`exclude_bots`). */
function snake(row: Json): Json {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );
}

/** The rows of a list or statistics answer, out of the variant's envelope. */
export function rowsOf(choices: Choices, body: unknown): Json[] {
  const rows = envelopedRows(choices, body);
  return choices.recordKeys === 'camel' ? rows.map(snake) : rows;
}

function envelopedRows(choices: Choices, body: unknown): Json[] {
  const b = body as Json;
  switch (choices.listEnvelope) {
    case 'bare':
      return body as Json[];
    case 'drf':
      return b.results as Json[];
    case 'spring-page':
      return b.content as Json[];
    case 'root-key':
      return (b.websites ?? b.stats) as Json[];
    case 'fastapi-page':
      return b.items as Json[];
    case 'jsonapi':
      return (b.data as Json[]).map(fromJsonApi);
    case 'hydra':
      return (b['hydra:member'] as Json[]).map(withoutMeta);
    case 'hal':
      return (Object.values(b._embedded as Json)[0] as Json[]).map(withoutMeta);
    case 'odata':
      return b.value as Json[];
    default:
      return b.data as Json[];
  }
}

/** A JSON:API resource as a plain row: its id (text) beside its attributes; statistic rows are their attributes. */
function fromJsonApi(resource: Json): Json {
  const attributes = resource.attributes as Json;
  return resource.type === 'stats' ? attributes : { id: resource.id, ...attributes };
}

/** A row without the hypermedia keys (`@id`, `@type`, `@context`, `@odata.context`, `_links`). */
function withoutMeta(row: Json): Json {
  return Object.fromEntries(Object.entries(row).filter(([key]) => !key.startsWith('@') && key !== '_links'));
}

export function recordOf(choices: Choices, body: unknown): Json {
  const record = envelopedRecord(choices, body);
  return choices.recordKeys === 'camel' ? snake(record) : record;
}

function envelopedRecord(choices: Choices, body: unknown): Json {
  const b = body as Json;
  if (choices.recordEnvelope === 'jsonapi') return fromJsonApi(b.data as Json);
  if (['hydra', 'hal', 'odata'].includes(choices.recordEnvelope)) return withoutMeta(b);
  if (choices.recordEnvelope === 'bare') return b;
  if (choices.recordEnvelope === 'root-key') return b.website as Json;
  return b.data as Json;
}

/** A returned privacy, email or exclude_bots as the integer clients set. */
export function asSetting(value: unknown): number {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === 'public') return 0;
  if (value === 'private') return 1;
  if (value === 'password') return 2;
  if (value === 'enabled') return 1;
  if (value === 'disabled') return 0;
  return Number(value);
}

/**
 * Whether an answer states a failure: a 4xx/5xx status, or HTTP 200 with a failure in the body (every failure, or
 * JSend's `fail` for refused input).
 */
export function failed(choices: Choices, reply: Reply): boolean {
  if (reply.status >= 300) return true;
  const status = (reply.json as Json | undefined)?.status;
  if (choices.alwaysOk && status === 'error') return true;
  return choices.validationStatus === 200 && (status === 'fail' || status === 'error');
}
