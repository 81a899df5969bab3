// Reading answers through the spec model: the records an answer holds (at
// the locations the spec's record marks name, envelopes first), the outcome a
// marketplace body states, and a short description of a payload's shape.
import {
  type JsonObject,
  type OperationModel,
  recordLocations,
  recordsIn,
  type SpecModel,
} from '@tallyport/spec-model/query';
import { specModels } from './specs.js';

export type { JsonObject };

export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The records of `kind` (or of any kind) in an answer of `operation`, where the spec says the payload holds them. */
export function recordsOf(operation: OperationModel, json: unknown, kind?: string): JsonObject[] | undefined {
  return recordsIn(json, recordLocations(operation, kind))?.records;
}

/** Whether the operation answers many records of a kind (a list) rather than one. */
export function listsRecords(operation: OperationModel): string | undefined {
  return recordLocations(operation).find((location) => location.many)?.record;
}

/** The record kind an operation answers one of (a read by id), if any. */
export function readsRecord(operation: OperationModel): string | undefined {
  const locations = recordLocations(operation);
  return locations.length > 0 && locations.every((location) => !location.many) ? locations[0]!.record : undefined;
}

/** A short description of the payload shape, for observations. */
export function shapeOf(json: unknown): string {
  if (json === undefined) return 'no JSON body';
  if (Array.isArray(json)) return 'bare array';
  if (isObject(json)) {
    const keys = Object.keys(json);
    return `object {${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}}`;
  }
  return typeof json;
}

export type Outcome = 'success' | 'error' | 'other';

/** What a body says about the outcome, for APIs whose spec marks an outcome field; undefined otherwise. */
export function outcomeOf(model: SpecModel, json: unknown): Outcome | undefined {
  const outcome = model.outcome;
  if (!outcome) return undefined;
  const value = isObject(json) ? json[outcome.field] : undefined;
  if (value === outcome.success) return 'success';
  if (value === outcome.error) return 'error';
  return 'other';
}

/** The message field of a body, for APIs whose spec marks one. */
export function messageOf(model: SpecModel, json: unknown): unknown {
  const field = model.outcome?.messageField;
  return field && isObject(json) ? json[field] : undefined;
}

/** How the marketplace says a request went, in its body (`x-tallyport-outcome` of the spec). */
export const MARKETPLACE_OUTCOME = (() => {
  const outcome = specModels.marketplace.outcome;
  if (!outcome) throw new Error('the marketplace spec marks no outcome field');
  return { field: outcome.field, success: String(outcome.success), error: String(outcome.error) };
})();

/** A total the payload states (`total`, `meta.total`, ...), searched two levels deep. */
export function statedTotal(json: unknown, depth = 0): number | undefined {
  if (!isObject(json) || depth > 2) return undefined;
  for (const [key, value] of Object.entries(json)) {
    if (/^total$/i.test(key) && typeof value === 'number' && Number.isInteger(value)) return value;
  }
  for (const value of Object.values(json)) {
    const found = statedTotal(value, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
