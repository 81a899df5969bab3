// The client's own options are checked as strictly as API parameters: a NaN
// or an Infinity once meant endless retries and a 1 ms timeout, because
// setTimeout and loops take such values silently. Client-level and
// per-request options go through the same rules and fail with a
// ValidationError that names the option.
import { ValidationError } from './errors.js';

/** setTimeout's largest delay; beyond it Node fires after 1 ms. */
const MAX_DELAY_MS = 2_147_483_647;
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

/** Numeric options: [min, max, whole numbers only]. `maxResponseBytes` stops at the longest string V8 can hold. */
const RANGES: Record<string, readonly [number, number, boolean]> = {
  timeout: [1, MAX_DELAY_MS, false],
  maxRetries: [0, 100, true],
  maxResponseBytes: [1, 256 * 1024 * 1024, true],
  maxPages: [1, 1_000_000, true],
  'retry.initialDelayMs': [0, MAX_DELAY_MS, false],
  'retry.maxDelayMs': [0, MAX_DELAY_MS, false],
  'retry.maxRetryAfterMs': [0, MAX_DELAY_MS, false],
};

const show = (value: unknown): string =>
  typeof value === 'string'
    ? JSON.stringify(value.slice(0, 40))
    : typeof value === 'number'
      ? String(value)
      : typeof value;

export function refuse(where: string, option: string, value: unknown, expected: string): never {
  throw new ValidationError(
    `Invalid option \`${option}\` for ${where}: got ${show(value)}; expected ${expected}.`,
    where,
    option,
    typeof value === 'number' || typeof value === 'boolean' ? value : undefined,
    undefined,
  );
}

/** A number option within its range (see RANGES), when given. */
export function checkNumber(where: string, option: string, value: unknown): void {
  const [min, max, whole] = RANGES[option] as readonly [number, number, boolean];
  if (value === undefined) return;
  if (
    typeof value !== 'number' ||
    !(whole ? Number.isInteger(value) : Number.isFinite(value)) ||
    value < min ||
    value > max
  ) {
    refuse(where, option, value, `a ${whole ? 'whole' : 'finite'} number from ${min} to ${max}`);
  }
}

export function checkKnownKeys(where: string, options: object, known: readonly string[], prefix = ''): void {
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
}

const PER_REQUEST_OPTIONS = ['signal', 'timeout', 'maxRetries', 'maxResponseBytes'];

/** The options every request accepts, whether given to the client or to one call. */
export function checkRequestOptions(where: string, options: Record<string, unknown>): void {
  for (const option of ['timeout', 'maxRetries', 'maxResponseBytes']) checkNumber(where, option, options[option]);
}

/** Per-request options of one call: known keys only, sane values, a real AbortSignal. */
export function checkPerRequest(where: string, options: unknown, extra: readonly string[] = []): void {
  if (options === undefined) return;
  if (options === null || typeof options !== 'object') refuse(where, 'options', options, 'an object');
  checkKnownKeys(where, options, [...PER_REQUEST_OPTIONS, ...extra]);
  const o = options as Record<string, unknown>;
  checkRequestOptions(where, o);
  // Any AbortSignal-like object will do (polyfills included), as in fetch itself.
  const signal = o.signal as { aborted?: unknown; addEventListener?: unknown } | null | undefined;
  if (signal !== undefined && (typeof signal?.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
    refuse(where, 'signal', o.signal, 'an AbortSignal');
  }
}

/** The `retry` option: delays that are finite, not negative and within what a timer can wait. */
export function checkRetryOptions(where: string, retry: unknown): void {
  if (retry === undefined) return;
  if (retry === null || typeof retry !== 'object') refuse(where, 'retry', retry, 'an object');
  const names = ['initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs'];
  checkKnownKeys(where, retry, names, 'retry.');
  for (const name of names) checkNumber(where, `retry.${name}`, (retry as Record<string, unknown>)[name]);
}
