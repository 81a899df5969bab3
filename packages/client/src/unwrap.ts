// Where the records of a payload sit. The spec marks them (`x-tallyport-record`),
// and the generated operations list each place a successful payload may hold
// them, deepest first: an Analytics website under `data` or bare (the envelope
// is not shown), a marketplace purchase under `data.purchase`. An Analytics
// deployment that wraps otherwise is read through an `unwrap` function.
import { isObject } from '@tallyport/spec-model/query';

/** How a website or a list is found in a payload: 'auto' reads where the spec allows it; a function decides. */
export type Unwrap = 'auto' | ((payload: unknown) => unknown);

/**
 * Where an operation's answer holds its records: the keys of each place (none for the payload itself), and
 * whether a list.
 */
export interface RecordPlaces {
  readonly records: readonly (readonly string[])[];
  readonly many?: boolean;
}

/** The first place that holds what it should (an array, or an object), or undefined. */
export function locate(payload: unknown, { records, many }: RecordPlaces): unknown {
  for (const keys of records) {
    let node = payload;
    for (const key of keys) node = isObject(node) ? node[key] : undefined;
    if (many ? Array.isArray(node) : isObject(node)) return node;
  }
  return undefined;
}
