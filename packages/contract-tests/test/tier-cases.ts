// How a sweep split between the tiers (tiers.ts, SPLIT) picks its cases: `pnpm test` runs its representatives,
// `pnpm test:deployments` all the others, so each case runs in exactly one tier and the two together run them all.
// The tier comes from the vitest config (`provide`); under a config that gives none (the bench), a sweep runs whole.
import { inject } from 'vitest';
import type { Tier } from './tiers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The tier of the suite this vitest run is (vitest.config.ts). */
    tier?: Tier;
  }
}

/**
 * The cases of `sweep` that `tier` runs: in `test` (and `quick`) those `isRepresentative` picks, in `deployments`
 * the others, without a tier all of them. A split with no representative would leave `pnpm test` without the
 * sweep's kind of run, so it throws.
 */
export function casesOfTier<T>(
  tier: Tier | undefined,
  sweep: string,
  all: readonly T[],
  isRepresentative: (item: T) => boolean,
): T[] {
  if (tier === undefined) return [...all];
  const representatives = all.filter(isRepresentative);
  if (representatives.length === 0) throw new Error(`${sweep}: no case is a representative for \`pnpm test\``);
  return tier === 'deployments' ? all.filter((item) => !isRepresentative(item)) : representatives;
}

/** `casesOfTier` for the tier this vitest run was given. */
export function casesOfThisTier<T>(sweep: string, all: readonly T[], isRepresentative: (item: T) => boolean): T[] {
  return casesOfTier(inject('tier'), sweep, all, isRepresentative);
}

/** The cases of a sweep `pnpm test` needs none of (its kind of run is another file's): all of them, but in CI only. */
export function casesOfDeploymentsOnly<T>(all: readonly T[]): T[] {
  const tier = inject('tier');
  return tier === undefined || tier === 'deployments' ? [...all] : [];
}

/**
 * Whether this run takes the tests of a split file that are no case of its sweeps (checks of what the sweep stands
 * on): `pnpm test` does, `pnpm test:deployments` does not, so they too run in one tier only.
 */
export function runsTestsBesideTheSweep(): boolean {
  return inject('tier') !== 'deployments';
}

/**
 * A representative test picking the cases `names` names; it throws when one names no case of `all`, so a renamed
 * case cannot quietly leave `pnpm test` without its run.
 */
export function named<T>(
  sweep: string,
  all: readonly T[],
  nameOf: (item: T) => string,
  names: readonly string[],
): (item: T) => boolean {
  const known = new Set(all.map(nameOf));
  const missing = names.filter((name) => !known.has(name));
  if (missing.length > 0) throw new Error(`${sweep}: no case is named ${missing.join(', ')} (test/tiers.ts)`);
  const chosen = new Set(names);
  return (item) => chosen.has(nameOf(item));
}

/** `casesOfThisTier` of a sweep whose representatives for `pnpm test` are the cases `names` names (`named`). */
export function casesOfThisTierNamed<T>(
  sweep: string,
  all: readonly T[],
  nameOf: (item: T) => string,
  names: readonly string[],
): T[] {
  return casesOfThisTier(sweep, all, named(sweep, all, nameOf, names));
}
