// Reading payloads whose shape the spec leaves open (the Analytics envelopes):
// a bare value and a `{data: ...}` envelope are both accepted.
import { specModels } from './specs.js';

export type JsonObject = Record<string, unknown>;

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rows of a list payload: a bare array or the array under `data`. */
export function rowsOf(json: unknown): unknown[] | undefined {
  if (Array.isArray(json)) return json;
  if (isObject(json) && Array.isArray(json.data)) return json.data;
  return undefined;
}

/** The website of a read/create/update payload: bare, or under `data`. */
export function websiteOf(json: unknown): JsonObject | undefined {
  if (isObject(json) && isObject(json.data)) return json.data;
  if (isObject(json)) return json;
  return undefined;
}

/** A short description of the payload shape, for observations. */
export function shapeOf(json: unknown): string {
  if (json === undefined) return 'no JSON body';
  if (Array.isArray(json)) return 'bare array';
  if (isObject(json)) {
    const keys = Object.keys(json);
    if ('data' in json) return `envelope {${keys.join(', ')}}`;
    return `bare object {${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}}`;
  }
  return typeof json;
}

/** How the marketplace says a request went, in its body (`x-tallyport-outcome` of the spec). */
export const MARKETPLACE_OUTCOME = (() => {
  const outcome = specModels.marketplace.outcome;
  if (!outcome) throw new Error('the marketplace spec marks no outcome field');
  return {
    field: outcome.field,
    success: String(outcome.success),
    error: String(outcome.error),
    message: outcome.messageField,
  };
})();

/** The value of the outcome field of a marketplace payload (`成功`, `错误`, or anything a deployment sends). */
export function marketplaceStatus(json: unknown): string | undefined {
  const value = isObject(json) ? json[MARKETPLACE_OUTCOME.field] : undefined;
  return typeof value === 'string' ? value : undefined;
}
