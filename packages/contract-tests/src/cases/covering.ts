// A covering array: rows of values, one per dimension, in which every
// combination of `strength` values of different dimensions appears at least
// once (all pairs for strength 2), far fewer than the full product. Built
// greedily (one row at a time, each covering as many missing combinations as
// it can), deterministic for a seed, and able to start from rows already
// sent, so only what they leave uncovered is added.
import { createRandom } from '@tallyport/mock';

/** One dimension: the number of values it takes (values are their indexes). */
export type Dimensions = readonly number[];
/** One value per dimension; `undefined` where a row leaves a dimension free (any value will do). */
export type Row = ReadonlyArray<number | undefined>;

/** Every choice of `strength` dimensions, in order. */
function dimensionSets(count: number, strength: number): number[][] {
  const sets: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === strength) {
      sets.push([...chosen]);
      return;
    }
    for (let dimension = start; dimension < count; dimension++) pick(dimension + 1, [...chosen, dimension]);
  };
  pick(0, []);
  return sets;
}

/** The key of one combination: which dimensions, which values. */
const keyOf = (dimensions: readonly number[], values: readonly number[]): string =>
  dimensions.map((dimension, index) => `${dimension}=${values[index]}`).join('&');

/** Every combination of `strength` values a row covers. */
function combinationsOf(row: Row, sets: readonly number[][]): string[] {
  const keys: string[] = [];
  for (const set of sets) {
    const values = set.map((dimension) => row[dimension]);
    if (values.every((value) => value !== undefined)) keys.push(keyOf(set, values as number[]));
  }
  return keys;
}

export interface Covering {
  /** The rows to add, every dimension set. */
  rows: number[][];
  /** Combinations a complete array holds. */
  possible: number;
  /** Combinations the rows already sent held. */
  coveredBefore: number;
}

/**
 * The rows that, with `sent`, cover every combination of `strength` values of `dimensions`. Dimensions with a
 * single value are filled in; with fewer dimensions than the strength, every combination of them all is one.
 */
export function covering(dimensions: Dimensions, strength: number, seed: number, sent: readonly Row[] = []): Covering {
  const count = dimensions.length;
  const t = Math.min(strength, count);
  if (t < 1 || dimensions.some((size) => size < 1)) return { rows: [], possible: 0, coveredBefore: 0 };
  const sets = dimensionSets(count, t);
  const missing = new Set<string>();
  const fill = (set: number[], prefix: number[]) => {
    if (prefix.length === set.length) {
      missing.add(keyOf(set, prefix));
      return;
    }
    for (let value = 0; value < dimensions[set[prefix.length]!]!; value++) fill(set, [...prefix, value]);
  };
  for (const set of sets) fill(set, []);
  const possible = missing.size;
  for (const row of sent) for (const key of combinationsOf(row, sets)) missing.delete(key);
  const coveredBefore = possible - missing.size;
  // The mock's seeded generator (mulberry32): a seed gives the same rows everywhere.
  const { next } = createRandom(seed);
  const rows: number[][] = [];
  while (missing.size > 0) {
    // Start from a missing combination, then set every other dimension to the value that covers most.
    const first = [...missing][Math.floor(next() * Math.min(missing.size, 8))]!;
    const row: Array<number | undefined> = new Array(count).fill(undefined);
    for (const part of first.split('&')) {
      const [dimension, value] = part.split('=').map(Number);
      row[dimension!] = value;
    }
    const order = row.map((_, dimension) => dimension).filter((dimension) => row[dimension] === undefined);
    for (let index = order.length - 1; index > 0; index--) {
      const other = Math.floor(next() * (index + 1));
      [order[index], order[other]] = [order[other]!, order[index]!];
    }
    for (const dimension of order) {
      let best = 0;
      let bestGain = -1;
      for (let value = 0; value < dimensions[dimension]!; value++) {
        row[dimension] = value;
        const gain = combinationsOf(row, sets).filter((key) => missing.has(key)).length;
        if (gain > bestGain) [best, bestGain] = [value, gain];
      }
      row[dimension] = best;
    }
    const complete = row as number[];
    for (const key of combinationsOf(complete, sets)) missing.delete(key);
    rows.push(complete);
  }
  return { rows, possible, coveredBefore };
}
