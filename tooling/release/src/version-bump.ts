import semver from 'semver';
import type { BumpLevel } from './levels.js';

/**
 * The kind of release that leads from `from` to `to`: `none` when equal,
 * `backwards` when `to` is lower, `invalid` when either is not semver.
 */
export function bumpBetween(from: string, to: string): BumpLevel | 'none' | 'backwards' | 'invalid' {
  const a = semver.parse(from);
  const b = semver.parse(to);
  if (!a || !b) return 'invalid';
  const order = semver.compare(a, b);
  if (order === 0) return 'none';
  if (order > 0) return 'backwards';
  if (b.major !== a.major) return 'major';
  if (b.minor !== a.minor) return 'minor';
  return 'patch';
}

/** The version a release of the given kind makes of `from`. */
export function bumped(from: string, level: BumpLevel): string {
  return semver.inc(from, level) ?? from;
}
