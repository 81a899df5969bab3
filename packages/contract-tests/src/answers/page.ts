// Whether an answer holds every row of its query. A page with fewer rows
// than the page size in effect is complete: no row of the query is missing
// from it, so it can be compared row for row with another complete answer.
// This is the one definition of "complete page" for the engine. A total the
// payload states is kept beside it, but only as a convention: the source
// documentation shows no envelope, so a field named `total` may count
// something else.
import { type OperationModel, parameterWithRole } from '@tallyport/spec-model/query';
import type { TemplateValue } from '../spec/secrets.js';
import { validValues } from '../cases/values.js';
import { isObject } from '@tallyport/spec-model/query';

export interface PageReading {
  /** The page size in effect (sent, or the documented default), when it is an allowed value. */
  size?: number;
  /** Fewer rows than the page size, or a list without a page size: every row of the query is here. */
  complete: boolean;
  /** A total the payload states (`total`, `meta.total`, `count` beside the rows, ...): a convention. */
  statedTotal?: number;
}

const TOTAL = /^(total|total_?count|totalElements|total_?results)$/i;

/** A total the payload states beside its rows, searched two levels deep. */
export function statedTotal(json: unknown, depth = 0): number | undefined {
  if (!isObject(json) || depth > 2) return undefined;
  for (const [key, value] of Object.entries(json))
    if (TOTAL.test(key) && typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  for (const value of Object.values(json)) {
    const found = statedTotal(value, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The page size a request asked for: the value sent, or the documented default; undefined when not allowed. */
export function pageSizeOf(operation: OperationModel, values: Record<string, TemplateValue>): number | undefined {
  const parameter = parameterWithRole(operation, 'page-size');
  if (!parameter) return undefined;
  const sent = values[parameter.name];
  const value = sent === undefined ? (parameter.hasDefault ? String(parameter.default) : undefined) : sent;
  if (typeof value !== 'string' || !validValues(parameter).includes(value)) return undefined;
  return Number(value);
}

export function pageOf(
  operation: OperationModel,
  values: Record<string, TemplateValue>,
  rows: number,
  json: unknown,
): PageReading {
  const total = statedTotal(json);
  const extra = total === undefined ? {} : { statedTotal: total };
  if (!parameterWithRole(operation, 'page-size')) return { complete: true, ...extra };
  const size = pageSizeOf(operation, values);
  if (size === undefined) return { complete: false, ...extra };
  return { size, complete: rows < size, ...extra };
}
