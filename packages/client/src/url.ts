// URL building shared by the resource methods: query strings through
// openapi-fetch's own serialiser, so resource calls and path-level calls
// encode alike; path templates split once and filled per call.
import { createFinalURL, createQuerySerializer } from 'openapi-fetch';

const querySerializer = createQuerySerializer();
const templates = new Map<string, string[]>();

/**
 * openapi-fetch's "simple" path style for the primitive values the
 * validators let through (`{id}` becomes the URI-encoded value), with the
 * template parsed once instead of on every call.
 */
function fillPath(url: string, params: Record<string, unknown>): string {
  let parts = templates.get(url);
  if (!parts) {
    parts = url.split(/(\{[^{}]+\})/);
    // Keys include the base URL; a process with many clients must not grow this forever.
    if (templates.size >= 256) templates.clear();
    templates.set(url, parts);
  }
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (i % 2 === 0) out += part;
    else {
      const value = params[part.slice(1, -1)];
      out += value === undefined || value === null ? part : encodeURIComponent(String(value));
    }
  }
  return out;
}

export function buildUrl(
  baseUrl: string,
  path: string,
  params: { path?: Record<string, unknown>; query?: Record<string, unknown> },
): string {
  return createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: fillPath });
}

export function lowerCaseHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}
