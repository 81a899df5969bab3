// The client's own options are checked as strictly as API parameters: a NaN
// or an Infinity once meant endless retries and a 1 ms timeout, because
// setTimeout and loops take such values silently. Client-level and
// per-request options go through the same rules and fail with a
// ValidationError that names the option.
import { ValidationError } from './errors.js';
import { show } from './validation.js';

/** setTimeout's largest delay; beyond it Node fires after 1 ms. */
const MAX_DELAY_MS = 2_147_483_647;
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/**
 * How an option is checked: `[min, max, whole numbers only]` for a number, `[test, expected]` for any other
 * value, a table of its own for an object of options (`retry`), or 0 for a value checked where it is read.
 */
export type Rule = readonly [number, number, boolean] | readonly [(value: unknown) => boolean, string] | Rules | 0;
export interface Rules {
  readonly [option: string]: Rule;
}

const DELAY: Rule = [0, MAX_DELAY_MS, false];

/**
 * The options every request accepts, whether given to the client or to one call. `maxResponseBytes` stops at
 * the longest string V8 can hold.
 */
export const REQUEST_RULES: Rules = {
  // Any AbortSignal-like object will do (polyfills included), as in fetch itself.
  signal: [
    (v) =>
      typeof (v as { aborted?: unknown })?.aborted === 'boolean' &&
      typeof (v as { addEventListener?: unknown }).addEventListener === 'function',
    'an AbortSignal',
  ],
  timeout: [1, MAX_DELAY_MS, false],
  maxRetries: [0, 100, true],
  maxResponseBytes: [1, 256 * 1024 * 1024, true],
};

/** The `retry` option: delays that are finite, not negative and within what a timer can wait. */
export const RETRY_RULES: Rules = { initialDelayMs: DELAY, maxDelayMs: DELAY, maxRetryAfterMs: DELAY };

/**
 * An option as a refusal shows it: a string or a number like a parameter; an object or a function, which may hold
 * the key, by its type.
 */
const shown = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? show(value) : typeof value;

/** A refused option: the error keeps its value only when a number or a boolean (a string may be a key). */
export const optionError = (where: string, option: string, message: string, value?: unknown): ValidationError =>
  new ValidationError(
    message,
    where,
    option,
    typeof value === 'number' || typeof value === 'boolean' ? value : undefined,
    undefined,
  );

export function refuse(where: string, option: string, value: unknown, expected: string): never {
  throw optionError(
    where,
    option,
    `Invalid option \`${option}\` for ${where}: got ${shown(value)}; expected ${expected}.`,
    value,
  );
}

/** One option's value against its rule, when given. */
export function checkOption(where: string, option: string, value: unknown, rule: Rule): void {
  if (value === undefined || !rule) return;
  if (!Array.isArray(rule)) {
    checkOptions(where, value, rule as Rules, option);
    return;
  }
  const [min, max, whole] = rule;
  if (typeof min === 'function') {
    if (!min(value)) refuse(where, option, value, max as string);
  } else if (
    typeof value !== 'number' ||
    !(whole ? Number.isInteger(value) : Number.isFinite(value)) ||
    value < min ||
    value > (max as number)
  ) {
    refuse(where, option, value, `a ${whole ? 'whole' : 'finite'} number from ${min} to ${max}`);
  }
}

/**
 * An object of options (`name` names it; nested ones are named `retry.maxDelayMs`): an object, holding only
 * the options its rules know, each within its rule.
 */
export function checkOptions(where: string, options: unknown, rules: Rules, name = 'options'): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object') refuse(where, name, options, 'an object');
  const prefix = name === 'options' ? '' : `${name}.`;
  const known = Object.keys(rules);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      const names = known.map((k) => prefix + k);
      throw new ValidationError(
        `Unknown option \`${prefix}${key}\` for ${where}; known: ${names.join(', ')}.`,
        where,
        prefix + key,
        undefined,
        names,
      );
    }
  }
  for (const key of known) checkOption(where, prefix + key, (options as Record<string, unknown>)[key], rules[key]!);
}
