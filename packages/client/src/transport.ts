// Where the marketplace `api_key` travels. The seed does not say; the spec
// models the query string for GET and the form body for POST (what a typical
// PHP deployment reads through $_REQUEST), and callers can choose otherwise.
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

export interface KeyPlacement {
  in: 'query' | 'form' | 'header';
  name: string;
}

export interface SpecKeyLocation {
  readonly in: string;
  readonly name?: string;
}

const FORM = 'application/x-www-form-urlencoded';

export function resolvePlacement(transport: ApiKeyTransport, spec: SpecKeyLocation, method: string): KeyPlacement {
  const name = spec.name ?? 'api_key';
  if (typeof transport === 'object') return { in: 'header', name: transport.header };
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
  switch (transport) {
    case 'query':
      return { in: 'query', name };
    case 'form':
      return { in: hasBody ? 'form' : 'query', name };
    default:
      return { in: spec.in === 'form' && hasBody ? 'form' : spec.in === 'header' ? 'header' : 'query', name };
  }
}

export function placeKey(parts: OutgoingParts, placement: KeyPlacement, key: string): void {
  if (placement.in === 'header') {
    parts.headers[placement.name.toLowerCase()] = key;
  } else if (placement.in === 'query') {
    const url = new URL(parts.url);
    url.searchParams.set(placement.name, key);
    parts.url = url.href;
  } else {
    const form = new URLSearchParams(parts.body ?? '');
    form.set(placement.name, key);
    parts.body = form.toString();
    parts.headers['content-type'] = FORM;
  }
}
