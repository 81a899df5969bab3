// The covering array: every pair (or triple) of values of different dimensions in at least one row, far fewer
// rows than the full product, the same rows for the same seed, and only what rows already sent leave uncovered.
import { describe, expect, it } from 'vitest';
import { covering, type Row } from '../src/cases/covering.js';

function uncovered(dimensions: number[], rows: readonly Row[], strength: number): number {
  let missing = 0;
  const check = (chosen: number[], values: number[]) => {
    if (chosen.length === strength) {
      if (!rows.some((row) => chosen.every((dimension, index) => row[dimension] === values[index]))) missing++;
      return;
    }
    const start = chosen.length === 0 ? 0 : chosen[chosen.length - 1]! + 1;
    for (let dimension = start; dimension < dimensions.length; dimension++)
      for (let value = 0; value < dimensions[dimension]!; value++) check([...chosen, dimension], [...values, value]);
  };
  check([], []);
  return missing;
}

describe('covering arrays', () => {
  it('covers every pair with far fewer rows than the product', () => {
    const dimensions = [17, 9, 5, 4];
    const { rows, possible } = covering(dimensions, 2, 1);
    expect(uncovered(dimensions, rows, 2)).toBe(0);
    expect(possible).toBe(17 * 9 + 17 * 5 + 17 * 4 + 9 * 5 + 9 * 4 + 5 * 4);
    expect(rows.length).toBeLessThan(17 * 9 + 25);
    expect(rows.length).toBeGreaterThanOrEqual(17 * 9);
  });

  it('covers every triple at strength 3', () => {
    const dimensions = [3, 3, 4, 2];
    const { rows } = covering(dimensions, 3, 7);
    expect(uncovered(dimensions, rows, 3)).toBe(0);
    expect(rows.length).toBeLessThan(3 * 3 * 4 * 2);
  });

  it('gives the same rows for the same seed', () => {
    expect(covering([5, 4, 3], 2, 42).rows).toEqual(covering([5, 4, 3], 2, 42).rows);
  });

  it('adds only what the rows already sent leave uncovered', () => {
    const dimensions = [3, 3];
    const sent: Row[] = [
      [0, 0],
      [1, 1],
      [2, 2],
      [0, undefined],
    ];
    const { rows, possible, coveredBefore } = covering(dimensions, 2, 3, sent);
    expect(possible).toBe(9);
    expect(coveredBefore).toBe(3);
    expect(rows).toHaveLength(6);
    expect(uncovered(dimensions, [...sent, ...rows], 2)).toBe(0);
  });

  it('needs no row for a single dimension at strength 2, and none when everything is covered', () => {
    expect(covering([4], 2, 1).rows).toHaveLength(4);
    expect(
      covering([2, 2], 2, 1, [
        [0, 0],
        [0, 1],
        [1, 0],
        [1, 1],
      ]).rows,
    ).toEqual([]);
  });
});
