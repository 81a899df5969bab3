// JSON values as specs and answers hold them: the one test of "a JSON object"
// (not null, not an array) that every package of the repository uses.
import type { JsonObject } from './types.js';

/** Whether a value is a JSON object: an object that is neither null nor an array. */
export const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
