// URL building of the resource methods. Their parameters are checked
// primitives, so the path is the template with each `{name}` replaced by the
// URI-encoded value, and the query is `name=value` pairs in the style
// openapi-fetch uses for primitives: `rawClient` calls encode alike.

type Params = Readonly<Record<string, unknown>> | undefined;

/** Each path template split once into literal text (even places) and parameter names (odd places). */
const templates = new Map<string, string[]>();

export function buildUrl(baseUrl: string, path: string, params: { path?: Params; query?: Params }): string {
  const parts = templates.get(path) ?? path.split(/\{([^{}]+)\}/);
  templates.set(path, parts);
  const url = parts
    .map((part, i) => {
      const value = i % 2 ? params.path?.[part] : undefined;
      return i % 2 === 0
        ? part
        : value === undefined || value === null
          ? `{${part}}`
          : encodeURIComponent(String(value));
    })
    .join('');
  const query = Object.entries(params.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return baseUrl + (query ? `${url}?${query}` : url);
}

export function lowerCaseHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}
