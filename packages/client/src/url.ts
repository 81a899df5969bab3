// URL building of the resource methods. Their parameters are checked
// primitives, so the path is the template with each `{name}` replaced by the
// URI-encoded value, and the query is `name=value` pairs in the style
// openapi-fetch uses for primitives: `rawClient` calls encode alike.

type Params = Readonly<Record<string, unknown>> | undefined;

export function buildUrl(baseUrl: string, path: string, params: { path?: Params; query?: Params }): string {
  const url =
    baseUrl +
    path.replace(/\{([^{}]+)\}/g, (template, name: string) => {
      const value = params.path?.[name];
      return value === undefined || value === null ? template : encodeURIComponent(String(value));
    });
  const query = Object.entries(params.query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${url}?${query}` : url;
}

export function lowerCaseHeaders(headers: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) out[name.toLowerCase()] = value;
  return out;
}
