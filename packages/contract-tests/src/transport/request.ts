// A request is described with secrets left as references, so everything the
// run records or prints (curl lines, reports) holds only placeholders; the
// real key is substituted at the moment of sending, and nowhere else.
import type { ApiName } from '../spec/models.js';
import type { HttpMethod } from '@tallyport/spec-model/query';
import { isSecretRef, type TemplateValue } from '../spec/secrets.js';

export interface RequestTemplate {
  api: ApiName;
  operationId: string;
  method: HttpMethod;
  baseUrl: string;
  /** Concrete path (ids filled in, percent-encoded), without query. */
  path: string;
  /** The raw values of the path's parameters, so the safety guard can check the final URL. */
  pathValues?: Record<string, string>;
  query: Array<[string, TemplateValue]>;
  headers: Array<[string, TemplateValue]>;
  /** The body's fields, when the request has a body: application/x-www-form-urlencoded unless `json` is set. */
  form?: Array<[string, TemplateValue]>;
  /** The body's fields sent as one JSON object instead; the fields named in `numbers` as JSON numbers. */
  json?: { numbers: readonly string[] };
  /** What this request probes, for reports ("list websites with per_page=7"). */
  label: string;
}

/**
 * The JSON text of a body sent as JSON, each value given by `show` (the secret filled in, or its placeholder);
 * numeric fields holding a number are written as numbers.
 */
export function jsonBody(template: RequestTemplate, show: (value: TemplateValue) => string): string {
  const numbers = new Set(template.json?.numbers ?? []);
  const fields = (template.form ?? []).map(([name, value]) => {
    const text = show(value);
    const number = numbers.has(name) && !isSecretRef(value) && text.trim() !== '' ? Number(text) : Number.NaN;
    return [name, Number.isFinite(number) ? number : text] as const;
  });
  return JSON.stringify(Object.fromEntries(fields));
}
