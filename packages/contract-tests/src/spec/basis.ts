// What a verdict, an expectation or a broken rule rests on: a fact the source
// documentation decides, or a convention where it is silent. Every stage reads
// it (a case's expectation, an answer's schema, a check's verdict), so it
// lives with the spec, the first of them.
/**
 * What a verdict rests on: `specified`, a fact the source documentation decides (an enum, a default, a documented
 * message, "domain is not an update parameter"); `convention`, what deployments usually do where the source is
 * silent (a 2XX for success, a refusal of an invalid value, a JSON media type). Only specified verdicts fail a run
 * by default.
 */
export const BASES = ['specified', 'convention'] as const;
export type Basis = (typeof BASES)[number];
