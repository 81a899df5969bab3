// Comparing the rows of two answers to the same question without assuming
// more than the source documentation decides: rows are compared on what the
// source documents of them (a deployment's own fields may change between
// answers), rows whose sort key is equal may come in any order, and at the
// end of a full page any of the rows that tie on the last key may be the
// ones shown.
import { parameterWithRole, type RecordKind } from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import type { Row } from '../../answers/records.js';
import { effectiveValue } from './related.js';
import type { RecordedRun } from './types.js';

const text = (value: unknown): string => JSON.stringify(value) ?? 'undefined';

/** How a row is told apart from another: `text` of what of it is compared. */
export type RowKey = (row: Row) => string;

/**
 * The documented fields of a record kind but those whose showing is a convention (a password hidden, masked or
 * hashed): what two views of the same record must show alike.
 */
export const comparedFields = (kind: RecordKind): string[] =>
  kind.fields.filter((field) => !kind.conventionFields.includes(field));

/**
 * A row as the source documentation describes it: its `comparedFields`. The fields a deployment adds on its own
 * (a share of the range's total, a live visitor counter, an IRI generated for each answer, timestamps) are its
 * choice and may differ from one answer to the next, so they are not compared. A row that shows none of the
 * documented fields is compared whole.
 */
export function rowKeyOf(run: RecordedRun, answer: Answer): RowKey {
  const kind = answer.records ? run.model.records[answer.records.kind] : undefined;
  const fields = kind ? comparedFields(kind) : [];
  return (row) => {
    const shown = fields.filter((field) => field in row);
    return shown.length === 0 ? text(row) : text(shown.map((field) => [field, row[field]]));
  };
}

/** The row field an answer is ordered by, when the rows show it. */
export function sortFieldOf(run: RecordedRun, answer: Answer): string | undefined {
  const key = parameterWithRole(answer.operation, 'sort-key');
  const field = key ? effectiveValue(run, answer, key) : undefined;
  const rows = answer.records?.rows ?? [];
  return field && rows.length > 0 && rows.every((row) => field in row) ? field : undefined;
}

function groups(rows: readonly Row[], field: string, rowKey: RowKey): Array<{ key: string; rows: string[] }> {
  const out: Array<{ key: string; rows: string[] }> = [];
  for (const row of rows) {
    const key = text(row[field]);
    const last = out.at(-1);
    if (last && last.key === key) last.rows.push(rowKey(row));
    else out.push({ key, rows: [rowKey(row)] });
  }
  return out;
}

const sameMultiset = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/**
 * Whether two answers hold the same rows (told apart by `rowKey`) in the same order, up to the order of rows that
 * tie on the sort field (`field`), and up to which tying rows fill the end of a full page (`full`).
 */
export function sameRows(
  a: readonly Row[],
  b: readonly Row[],
  field: string | undefined,
  full: boolean,
  rowKey: RowKey,
): boolean {
  if (a.length !== b.length) return false;
  if (a.every((row, index) => rowKey(row) === rowKey(b[index]!))) return true;
  if (!field) return false;
  const [x, y] = [groups(a, field, rowKey), groups(b, field, rowKey)];
  if (x.length !== y.length) return false;
  return x.every((group, index) => {
    const other = y[index]!;
    if (group.key !== other.key || group.rows.length !== other.rows.length) return false;
    return (full && index === x.length - 1) || sameMultiset(group.rows, other.rows);
  });
}
