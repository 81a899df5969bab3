// One shape for a request, whether it came through the HTTP server or the
// in-process fetch: the engine never sees either transport.

export interface MockRequest {
  method: string;
  url: URL;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** A fetch `Request` as the engine reads it (its body is read once, here). */
export async function fromFetchRequest(request: Request): Promise<MockRequest> {
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
  return { method: request.method.toUpperCase(), url: new URL(request.url), headers, body };
}

export const FORM_TYPE = 'application/x-www-form-urlencoded';

/** The media type of the body, without parameters, when one was sent. */
export function bodyType(request: MockRequest): string | undefined {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type || undefined;
}

/** The last value of a name, as PHP and Laravel read repeated query or form fields. */
export function lastValue(parameters: URLSearchParams, name: string): string | undefined {
  const all = parameters.getAll(name);
  return all.length > 0 ? all[all.length - 1] : undefined;
}
