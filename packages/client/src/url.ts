// URL building shared by the resource methods, delegated to openapi-fetch's
// own serialisers so resource calls and path-level calls encode alike.
import { createFinalURL, createQuerySerializer, defaultPathSerializer } from 'openapi-fetch';

const querySerializer = createQuerySerializer();

export function buildUrl(baseUrl: string, path: string, params: { path?: Record<string, unknown>; query?: Record<string, unknown> }): string {
  return createFinalURL(path, { baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
}

export function lowerCaseHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}
