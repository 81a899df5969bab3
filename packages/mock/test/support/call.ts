// Requests to the mock as a front end would send them: JSON back, the key
// where the spec puts it, a form body for writes.
import { createMockFetch, type MockFetch, type MockFetchOptions } from '../../src/index.js';

export const ANALYTICS = 'http://127.0.0.1:4010';
export const MARKET = 'http://127.0.0.1:4011';

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read loosely, field by field, in the assertions
  body: any;
  headers: Headers;
}

export interface CallOptions {
  key?: string;
  query?: Record<string, string>;
  form?: Record<string, string>;
}

export const mockFetch = (options: MockFetchOptions = {}): MockFetch => createMockFetch(options);

async function send(fetch: MockFetch, url: string, method: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}

/** An analytics request with the bearer key (the demo key unless one is given; none with `key: ''`). */
export function analytics(fetch: MockFetch, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const key = options.key ?? 'demo-analytics-key';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (key) headers.authorization = `Bearer ${key}`;
  const url = `${ANALYTICS}${path}${options.query ? `?${new URLSearchParams(options.query)}` : ''}`;
  if (!options.form) return send(fetch, url, method, headers);
  headers['content-type'] = 'application/x-www-form-urlencoded';
  return send(fetch, url, method, headers, new URLSearchParams(options.form).toString());
}

/** A marketplace request: `api_key` in the query string of a GET, in the form body of a POST. */
export function market(fetch: MockFetch, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const key = options.key ?? 'demo-market-key';
  const parameters = { ...(key ? { api_key: key } : {}), ...options.query, ...options.form };
  if (method === 'GET') return send(fetch, `${MARKET}${path}?${new URLSearchParams(parameters)}`, method, {});
  const headers = { 'content-type': 'application/x-www-form-urlencoded' };
  return send(fetch, `${MARKET}${path}`, method, headers, new URLSearchParams(parameters).toString());
}
