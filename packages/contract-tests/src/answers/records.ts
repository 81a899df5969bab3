// Where an answer holds its records, and what of them the run keeps. The
// spec's record marks name the places first (`{data: [...]}`, a bare array).
// Where the spec says the payload shape is only a convention, a deployment
// may put its records elsewhere (`results`, `items`, `_embedded.websites`,
// JSON:API `attributes`): the records are then looked for by what they are
// (their identifier, their required fields), and the answer says where they
// were found. Rows are kept compact: long strings and deep values become a
// short prefix with a digest, so equal values stay equal and the run's
// memory does not grow with what a deployment chooses to send.
import { createHash } from 'node:crypto';
import {
  type OperationModel,
  type RecordKind,
  recordLocations,
  recordsIn,
  type SpecModel,
} from '@tallyport/spec-model/query';
import { detach, type JsonObject } from './json-values.js';
import { isObject, pointerKeys } from '@tallyport/spec-model/query';

export type Row = Record<string, unknown>;

export interface FoundRecords {
  kind: string;
  /** A list (many records) or one record. */
  many: boolean;
  /** The rows, compacted; at most `MAX_ROWS_KEPT`. */
  rows: Row[];
  /** How many rows the answer held. */
  count: number;
  /** Where they were found, as a path (`$.data`, `$`, `$.results`). */
  where: string;
  /** Found by looking, not at a place the spec shows. */
  discovered: boolean;
}

export const MAX_ROWS_KEPT = 1000;
const MAX_TEXT = 200;
const MAX_DEPTH = 6;
const MAX_ITEMS = 50;

const digest = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** A value as the run keeps it: equal values stay equal, long or deep ones shrink to a prefix and a digest. */
export function compactValue(value: unknown, depth = 0): unknown {
  // A parsed string is a copy (JSON.parse copies what it reads), so a short one is kept as it is; a prefix cut
  // from a long one would keep the whole string alive, so it is copied.
  if (typeof value === 'string')
    return value.length > MAX_TEXT
      ? `${detach(value.slice(0, 64))}…[${value.length} characters, sha256 ${digest(value)}]`
      : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) {
    const text = JSON.stringify(value);
    return `[a value nested deeper than ${MAX_DEPTH} levels, sha256 ${digest(text)}]`;
  }
  if (Array.isArray(value)) {
    if (value.length <= MAX_ITEMS) return compactItems(value, depth);
    const kept = value.slice(0, MAX_ITEMS).map((item) => compactValue(item, depth + 1));
    kept.push(`[${value.length - MAX_ITEMS} more, sha256 ${digest(JSON.stringify(value))}]`);
    return kept;
  }
  return compactFields(value as Record<string, unknown>, depth);
}

// A value nothing in needs compacting (nearly every row: short strings, numbers, a few levels) is kept as parsed,
// not copied; the run never changes what it reads.

function compactItems(items: readonly unknown[], depth: number): readonly unknown[] {
  let copy: unknown[] | undefined;
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const kept = compactValue(item, depth + 1);
    if (kept === item && copy === undefined) continue;
    copy ??= items.slice(0, index);
    copy.push(kept);
  }
  return copy ?? items;
}

function compactFields(fields: Record<string, unknown>, depth: number): Record<string, unknown> {
  let copy: Array<[string, unknown]> | undefined;
  const keys = Object.keys(fields);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!;
    const item = fields[key];
    const kept = compactValue(item, depth + 1);
    if (kept === item && copy === undefined) continue;
    copy ??= keys.slice(0, index).map((before) => [before, fields[before]]);
    copy.push([key, kept]);
  }
  // fromEntries defines each key as its own (a field named `__proto__` stays a field).
  return copy ? Object.fromEntries(copy) : fields;
}

const pathOf = (pointer: string): string =>
  `$${pointerKeys(pointer)
    .map((key) => `.${key}`)
    .join('')}`;

/** A JSON:API resource object `{id, type, attributes}` read as one flat record. */
function flatten(value: unknown): unknown {
  if (!isObject(value) || !isObject(value.attributes) || (value.id === undefined && value.type === undefined))
    return value;
  return { ...(value.id !== undefined ? { id: value.id } : {}), ...value.attributes };
}

function looksLike(record: RecordKind, value: unknown): value is JsonObject {
  if (!isObject(value)) return false;
  if (record.identifier && !(record.identifier in value)) return false;
  return record.required.every((field) => field in value);
}

function found(kind: string, many: boolean, rows: JsonObject[], where: string, discovered: boolean): FoundRecords {
  return {
    kind,
    many,
    rows: rows.slice(0, MAX_ROWS_KEPT).map((row) => compactValue(row) as Row),
    count: rows.length,
    where,
    discovered,
  };
}

type Candidate = { value: unknown; path: string; depth: number };

/** Objects and arrays under `json`, breadth first, a few levels deep (never inside arrays). */
function candidates(json: unknown, levels: number): Candidate[] {
  const seen: Candidate[] = [{ value: json, path: '$', depth: 0 }];
  for (let index = 0; index < seen.length; index++) {
    const { value, path, depth } = seen[index]!;
    if (!isObject(value) || depth >= levels) continue;
    for (const [key, child] of Object.entries(value))
      if (typeof child === 'object' && child !== null)
        seen.push({ value: child, path: `${path}.${key}`, depth: depth + 1 });
  }
  return seen;
}

function discoverList(json: unknown, record: RecordKind): FoundRecords | undefined {
  let best: { rows: JsonObject[]; path: string; score: number } | undefined;
  const arrays = candidates(json, 3).filter((candidate) => Array.isArray(candidate.value));
  for (const { value, path } of arrays) {
    const rows = (value as unknown[]).map(flatten);
    const score = rows.filter((row) => looksLike(record, row)).length;
    if (score > 0 && score === rows.length && (!best || score > best.score))
      best = { rows: rows as JsonObject[], path, score };
  }
  if (best) return found(record.name, true, best.rows, best.path, true);
  // An empty list is a list too, when it is the only array the answer holds.
  const empty = arrays.filter(
    (candidate) => (candidate.value as unknown[]).length === 0 && !/error|message|warning|detail/i.test(candidate.path),
  );
  if (arrays.length === 1 && empty.length === 1) return found(record.name, true, [], empty[0]!.path, true);
  return undefined;
}

function discoverOne(json: unknown, record: RecordKind): FoundRecords | undefined {
  for (const { value, path } of candidates(json, 2)) {
    const row = flatten(value);
    if (!Array.isArray(value) && looksLike(record, row)) return found(record.name, false, [row], path, true);
  }
  return undefined;
}

/**
 * The records an answer of `operation` holds: at the places the spec shows, or, where `discover` (the spec's
 * payload shape is a convention), wherever records of the kind are found.
 */
export function findRecords(
  model: SpecModel,
  operation: OperationModel,
  json: unknown,
  discover: boolean,
): FoundRecords | undefined {
  const locations = recordLocations(operation);
  const known = recordsIn(json, locations);
  if (known) {
    const record = model.records[known.location.record];
    // One record of a kind with an identifier always shows it: an object without one is no such record.
    const single = !known.location.many && record?.identifier !== undefined;
    // A JSON:API resource at a known place is read flat too, where the shape is a convention.
    const rows = discover ? (known.records.map(flatten) as JsonObject[]) : known.records;
    if (!single || rows.every((row) => record!.identifier! in row))
      return found(known.location.record, known.location.many, rows, pathOf(known.location.pointer), false);
  }
  const first = locations[0];
  const record = first ? model.records[first.record] : undefined;
  if (!discover || !first || !record) return undefined;
  return first.many ? discoverList(json, record) : discoverOne(json, record);
}
