import { isObject, pointerKeys } from '@tallyport/spec-model/query';
// Where the records of a payload sit. The spec marks them (`x-tallyport-record`),
// and the generated operations list each place a successful payload may hold
// them, deepest first: an Analytics website under `data` or bare (the envelope
// is not shown), a marketplace purchase under `data.purchase`. An Analytics
// deployment that wraps otherwise is read through an `unwrap` function.

/** How a website or a list is found in a payload: 'auto' reads where the spec allows it; a function decides. */
export type Unwrap = 'auto' | ((payload: unknown) => unknown);

export interface RecordLocation {
  /** A JSON pointer into the payload (`''` for the payload itself). */
  readonly pointer: string;
  /** An array of records rather than one. */
  readonly many: boolean;
}

/** The first place that holds what it should (an array, or an object), or undefined. */
export function locate(payload: unknown, locations: readonly RecordLocation[]): unknown {
  for (const { pointer, many } of locations) {
    let node = payload;
    for (const key of pointerKeys(pointer)) node = isObject(node) ? node[key] : undefined;
    if (many ? Array.isArray(node) : isObject(node)) return node;
  }
  return undefined;
}
