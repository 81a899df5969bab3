// Everything the mock invents comes from a number (`--seed N`): the same number
// gives the same records, statistics and failures, run after run, so a test or
// a screenshot that relies on them stays stable.

/** FNV-1a over the parts: a stable 32-bit hash for figures that must not depend on call order. */
export function hash(...parts: Array<string | number>): number {
  let value = 0x811c9dc5;
  for (const char of parts.join('\u0001')) {
    value ^= char.charCodeAt(0);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, below). */
  below(below: number): number;
  pick<T>(values: readonly T[]): T;
  chance(probability: number): boolean;
}

/** A seeded generator (mulberry32): small, fast and good enough for invented data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const below = (limit: number): number => Math.floor(next() * limit);
  return {
    next,
    below,
    pick: (values) => {
      if (values.length === 0) throw new Error('nothing to pick from');
      return values[below(values.length)]!;
    },
    chance: (probability) => next() < probability,
  };
}
