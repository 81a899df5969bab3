// What a verdict, an expectation or a broken rule rests on: a fact the source
// documentation decides, or a convention where it is silent. Every stage reads
// it (a case's expectation, an answer's schema, a check's verdict), so it
// lives with the spec, the first of them.
/**
 * What a verdict rests on: `specified`, a fact the source documentation decides (an enum, a default, a documented
 * message, "domain is not an update parameter"); `convention`, what deployments usually do where the source is
 * silent (a 2XX for success, a refusal of an invalid value, a JSON media type); `baseline`, what this deployment
 * did where the source is silent when its baseline was taken, as the baseline file pins it (`--baseline`). Only
 * convention verdicts do not fail a run by default.
 */
export const BASES = ['specified', 'convention', 'baseline'] as const;
export type Basis = (typeof BASES)[number];

/** Whether a verdict on this basis fails a run by default (without `--strict`). */
export const failsByDefault = (basis: Basis): boolean => basis !== 'convention';

/** The basis as a report labels what it expected: `spec`, `conv` or `base`. */
export const basisLabel = (basis: Basis): string =>
  ({ specified: 'spec', convention: 'conv', baseline: 'base' })[basis];
