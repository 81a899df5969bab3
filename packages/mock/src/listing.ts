// Search, order and pages of a list, by the roles the spec gives the list's
// parameters: `search` matched (case-insensitively, anywhere) against the field
// `search-field` names, rows ordered by the field `sort-key` names in the
// `sort-direction`, `page-size` rows at a time. The page number is not shown by
// the source documentation; the mock reads `page`, as the links of the spec's
// list examples do.
import type { JsonObject } from './spec.js';

export interface ListParams {
  search?: { field: string; text: string };
  sort?: { key: string; direction: 'asc' | 'desc' };
  /** Rows per page; every row on one page when absent. */
  perPage?: number;
  page: number;
}

export interface Page {
  rows: JsonObject[];
  total: number;
  page: number;
  perPage?: number;
}

const numeric = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

// As a database's case- and accent-insensitive collation orders text (São Paulo before Seoul).
const collator = new Intl.Collator('en', { sensitivity: 'base' });

/** Numbers (or numeric strings) as numbers, text by the collation above with code points breaking ties. */
export function compareValues(a: unknown, b: unknown): number {
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== undefined && y !== undefined) return x - y;
  const [p, q] = [String(a ?? ''), String(b ?? '')];
  return collator.compare(p, q) || (p < q ? -1 : p > q ? 1 : 0);
}

export const matches = (value: unknown, text: string): boolean =>
  String(value ?? '')
    .toLowerCase()
    .includes(text.toLowerCase());

/** The rows of one page, and how many rows the whole list holds. */
export function slicePage<T>(rows: readonly T[], params: ListParams): { rows: T[]; total: number } {
  if (params.perPage === undefined) return { rows: [...rows], total: rows.length };
  const start = (params.page - 1) * params.perPage;
  return { rows: rows.slice(start, start + params.perPage), total: rows.length };
}

export function listPage(rows: readonly JsonObject[], params: ListParams): Page {
  const { search, sort } = params;
  const kept = search && search.text !== '' ? rows.filter((row) => matches(row[search.field], search.text)) : [...rows];
  if (sort) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    kept.sort((a, b) => sign * compareValues(a[sort.key], b[sort.key]));
  }
  const page = slicePage(kept, params);
  return { ...page, page: params.page, ...(params.perPage !== undefined ? { perPage: params.perPage } : {}) };
}
