import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { backoffMs, checkedBackoffMs } from '../src/index.js';

const never = () => 0;
const always = () => 0.999_999;

describe('backoff', () => {
  test('doubles from the base and stops at the cap', () => {
    const waits = [1, 2, 3, 4, 5, 6].map((attempt) => backoffMs(attempt, { baseMs: 100, maxMs: 1000 }));
    expect(waits).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  test('jitter takes up to its share off each step', () => {
    expect(backoffMs(3, { baseMs: 100, maxMs: 1000, jitter: 0.25 }, never)).toBe(400);
    expect(backoffMs(3, { baseMs: 100, maxMs: 1000, jitter: 0.25 }, always)).toBeCloseTo(300, 3);
    expect(backoffMs(3, { baseMs: 100, maxMs: 1000, jitter: 1 }, always)).toBeCloseTo(0, 3);
  });

  test('a huge attempt number stays at the cap', () => {
    expect(backoffMs(5000, { baseMs: 1, maxMs: 8000 })).toBe(8000);
  });

  test.each([
    ['a NaN attempt counts as the first', Number.NaN, { baseMs: 10, maxMs: 100 }, 10],
    ['attempt 0 counts as the first', 0, { baseMs: 10, maxMs: 100 }, 10],
    ['a negative base counts as 0', 2, { baseMs: -10, maxMs: 100 }, 0],
    ['an infinite cap counts as 0', 2, { baseMs: 10, maxMs: Number.POSITIVE_INFINITY }, 0],
    ['a jitter above 1 counts as 1', 1, { baseMs: 10, maxMs: 100, jitter: 7 }, 0],
    ['a NaN jitter counts as none', 1, { baseMs: 10, maxMs: 100, jitter: Number.NaN }, 10],
  ])('%s', (_, attempt, options, expected) => {
    expect(backoffMs(attempt, options, always)).toBeCloseTo(expected, 3);
  });

  test('a random source outside [0, 1) is clamped', () => {
    expect(backoffMs(1, { baseMs: 100, maxMs: 100, jitter: 0.5 }, () => 7)).toBe(50);
    expect(backoffMs(1, { baseMs: 100, maxMs: 100, jitter: 0.5 }, () => -7)).toBe(100);
  });
});

describe('the backoff of checked numbers', () => {
  test('is the same wait as backoffMs for any number backoffMs would not correct', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2000 }),
        fc.double({ min: 0, max: 2 ** 31, noNaN: true }),
        fc.double({ min: 0, max: 2 ** 31, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempt, baseMs, maxMs, jitter, draw) => {
          const expected = backoffMs(attempt, { baseMs, maxMs, jitter }, () => draw);
          expect(checkedBackoffMs(attempt, baseMs, maxMs, jitter, draw)).toBe(expected);
        },
      ),
    );
  });

  test('doubles from its base up to its cap, less the drawn share', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => checkedBackoffMs(attempt, 500, 4000, 0.25, 0))).toEqual([
      500, 1000, 2000, 4000, 4000,
    ]);
    expect(checkedBackoffMs(2, 500, 4000, 0.25, 1)).toBe(750);
  });
});
