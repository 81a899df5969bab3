// Tiny helpers for the fake's node:http handlers.
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export async function readRequest(request: IncomingMessage): Promise<FakeRequest> {
  const url = new URL(request.url ?? '/', 'http://fake.invalid');
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString('utf8');
  const isForm = (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  return {
    method: request.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    form: new URLSearchParams(isForm ? body : ''),
    headers: request.headers,
  };
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}
