// Direct HTTP calls to the fake deployment and a schema verdict from the specs,
// for the fake's own tests: the fake must conform before faults can mean anything.
import { type ApiName, loadSpecs, operationById, responseFor } from '@tallyport/spec-model';
import { createSchemaEngine, type SchemaEngine } from '@tallyport/spec-model/validation';
import type { FakeDeployment } from './server.js';

export interface Answer {
  status: number;
  type: string | null;
  text: string;
  body: unknown;
  headers: Headers;
}

export interface CallOptions {
  query?: Record<string, string>;
  form?: Record<string, string>;
  /** The key to send; null sends none; undefined sends the fake's own. */
  key?: string | null;
}

export async function call(
  fake: FakeDeployment,
  api: ApiName,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const base = api === 'analytics' ? fake.analyticsUrl : fake.marketplaceUrl;
  const key = options.key === undefined ? fake.keys[api] : options.key;
  const query = new URLSearchParams(options.query);
  const form = new URLSearchParams(options.form);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (api === 'analytics' && key !== null) headers.Authorization = `Bearer ${key}`;
  if (api === 'marketplace' && key !== null) (method === 'GET' ? query : form).set('api_key', key);
  const hasBody = method === 'POST' || method === 'PUT';
  if (hasBody) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  const search = query.toString();
  const response = await fetch(`${base}${path}${search ? `?${search}` : ''}`, {
    method,
    headers,
    ...(hasBody ? { body: form.toString() } : {}),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, type: response.headers.get('content-type'), text, body, headers: response.headers };
}

/** The rows of a list answer, whatever the envelope. */
export function rowsOf(answer: Answer): Array<Record<string, unknown>> {
  const body = answer.body as { data?: unknown } | unknown[];
  if (Array.isArray(body)) return body as Array<Record<string, unknown>>;
  if (body && Array.isArray(body.data)) return body.data as Array<Record<string, unknown>>;
  throw new Error(`not a list: ${answer.text.slice(0, 200)}`);
}

/** The record of a one-record answer, whatever the envelope. */
export function recordOf(answer: Answer): Record<string, unknown> {
  const body = answer.body as Record<string, unknown>;
  return 'data' in body ? (body.data as Record<string, unknown>) : body;
}

let engine: Promise<{ engine: SchemaEngine; specs: Awaited<ReturnType<typeof loadSpecs>> }> | undefined;

export function specs() {
  engine ??= loadSpecs().then((loaded) => ({
    specs: loaded,
    engine: createSchemaEngine([loaded.analytics.model, loaded.marketplace.model]),
  }));
  return engine;
}

/** Problems of an answer against its operation's response schema (empty when it conforms). */
export async function schemaProblems(api: ApiName, operationId: string, answer: Answer): Promise<string[]> {
  const { engine: schemas, specs: loaded } = await specs();
  const response = responseFor(operationById(loaded[api].model, operationId), answer.status);
  if (!response) return [`status ${answer.status} is not declared`];
  if (answer.text === '') return [];
  if (!answer.type?.startsWith('application/json')) return [`media type ${answer.type}`];
  if (!response.schemaPointer) return [];
  return schemas.check(schemas.compile(api, response.schemaPointer), answer.body).problems;
}
