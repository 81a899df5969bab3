// Where the marketplace `api_key` travels. The source documentation does not
// say; the spec models the query string for GET and the form body for POST
// (what a typical PHP deployment reads through $_REQUEST), and callers can
// choose otherwise.
import type { OutgoingParts } from './http.js';

export type ApiKeyTransport =
  /** The spec's choice per operation: query string for GET, form body for POST. */
  | 'spec'
  /** Always in the query string, POST included. */
  | 'query'
  /** In the form body of POST requests; GET requests have no body, so the query string there. */
  | 'form'
  /** Always in this header, never in the URL or the body. */
  | { header: string };

/** Where the spec puts the key of an operation (generated from the spec). */
export interface SpecKeyLocation {
  readonly in: string;
  readonly name: string;
}

/** Puts the key where the transport, or else the spec, says (mutates the parts). */
export function placeKey(parts: OutgoingParts, transport: ApiKeyTransport, spec: SpecKeyLocation, key: string): void {
  if (typeof transport === 'object') {
    parts.headers[transport.header.toLowerCase()] = key;
    return;
  }
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(parts.method);
  if (hasBody && (transport === 'form' || (transport === 'spec' && spec.in === 'form'))) {
    const form = new URLSearchParams(parts.body);
    form.set(spec.name, key);
    parts.body = form.toString();
    parts.headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    const url = new URL(parts.url);
    url.searchParams.set(spec.name, key);
    parts.url = url.href;
  }
}
