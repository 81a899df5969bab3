// The fake's handlers are pure functions from a parsed request to a Reply, so
// faults and variants can reshape an answer before one place writes it out.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The form (or JSON object) body; empty for other bodies. */
  form: URLSearchParams;
  rawQuery: string;
  rawBody: string;
  headers: IncomingMessage['headers'];
}

export interface Reply {
  status: number;
  /** Serialised as JSON; undefined (and no text) sends no body at all. */
  body?: unknown;
  /** A body sent as it is (an HTML page), instead of `body`. */
  text?: string;
  /** Defaults to application/json when there is a body. */
  contentType?: string;
  headers?: Record<string, string>;
}

export const JSON_TYPE = 'application/json';
export const HTML_TYPE = 'text/html; charset=UTF-8';

function formOf(contentType: string, body: string): URLSearchParams {
  if (contentType.startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(body);
  if (contentType.startsWith('application/json')) {
    // Laravel reads JSON bodies as input too; scalars become their string form.
    try {
      const parsed: unknown = JSON.parse(body);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        const form = new URLSearchParams();
        for (const [name, value] of Object.entries(parsed)) {
          if (value !== null && typeof value !== 'object') form.append(name, String(value));
        }
        return form;
      }
    } catch {
      // An unparsable body carries no input, as in Laravel.
    }
  }
  return new URLSearchParams();
}

export async function readRequest(request: IncomingMessage): Promise<FakeRequest> {
  const url = new URL(request.url ?? '/', 'http://fake.invalid');
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const rawBody = Buffer.concat(chunks).toString('utf8');
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    form: formOf(request.headers['content-type'] ?? '', rawBody),
    rawQuery: url.search.replace(/^\?/, ''),
    rawBody,
    headers: request.headers,
  };
}

/** PHP semantics: of a repeated parameter, the last one wins. */
export function lastValue(parameters: URLSearchParams, name: string): string | null {
  const values = parameters.getAll(name);
  return values.length === 0 ? null : (values[values.length - 1] ?? null);
}

/** Whether a parameter's text holds a character outside ASCII, which some faults trip on. */
export const outsideAscii = (text: string): boolean => [...text].some((char) => char.codePointAt(0)! > 0x7f);

export function writeReply(response: ServerResponse, reply: Reply): void {
  const headers: Record<string, string | number> = { ...reply.headers };
  if (reply.body === undefined && reply.text === undefined) {
    response.writeHead(reply.status, headers);
    response.end();
    return;
  }
  const text = reply.text ?? JSON.stringify(reply.body);
  headers['Content-Type'] = reply.contentType ?? JSON_TYPE;
  headers['Content-Length'] = Buffer.byteLength(text);
  response.writeHead(reply.status, headers);
  response.end(text);
}
