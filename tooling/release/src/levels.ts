// The three kinds of release, in the order of how much they promise to break.
export type BumpLevel = 'patch' | 'minor' | 'major';

const rank: Record<BumpLevel | 'none', number> = { none: 0, patch: 1, minor: 2, major: 3 };

export const isBumpLevel = (value: unknown): value is BumpLevel =>
  value === 'patch' || value === 'minor' || value === 'major';

/** The larger of two levels; `none` stands for "no release needed". */
export function maxLevel<T extends BumpLevel | 'none'>(a: T, b: T): T {
  return rank[a] >= rank[b] ? a : b;
}

/** True when `granted` is at least as large a release as `required`. */
export function covers(granted: BumpLevel | 'none', required: BumpLevel | 'none'): boolean {
  return rank[granted] >= rank[required];
}
