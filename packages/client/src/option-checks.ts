// The client's own options are checked as strictly as API parameters: a NaN
// or an Infinity once meant endless retries and a 1 ms timeout, because
// setTimeout and loops take such values silently. Client-level and
// per-request options go through the same rules and fail with a
// ValidationError that names the option.
import { ValidationError } from './errors.js';

/** setTimeout's largest delay; beyond it Node fires after 1 ms. */
export const MAX_DELAY_MS = 2_147_483_647;
/** Most retries a request may be given. */
export const MAX_RETRIES = 100;
/** Largest `maxResponseBytes`: a longer text than this cannot be held by V8 as one string. */
export const MAX_RESPONSE_BYTES_LIMIT = 256 * 1024 * 1024;
export const DEFAULT_MAX_RESPONSE_BYTES = 16 * 1024 * 1024;

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

/** A whole or fractional number in [min, max]. */
export function checkNumber(where: string, option: string, value: unknown, min: number, max: number, unit: string) {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    refuse(where, option, value, `a finite number of ${unit} from ${min} to ${max}`);
  }
}

export function checkInteger(where: string, option: string, value: unknown, min: number, max: number) {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    refuse(where, option, value, `a whole number from ${min} to ${max}`);
  }
}

export function checkFunction(where: string, option: string, value: unknown) {
  if (value !== undefined && typeof value !== 'function') refuse(where, option, value, 'a function');
}

export function checkOneOf(where: string, option: string, value: unknown, allowed: readonly unknown[]) {
  if (value !== undefined && !allowed.includes(value)) {
    refuse(where, option, value, `one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
  }
}

export function checkKnownKeys(where: string, options: object, known: readonly string[], prefix = '') {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new ValidationError(
        `Unknown option \`${prefix}${key}\` for ${where}; known: ${known.map((k) => prefix + k).join(', ')}.`,
        where,
        prefix + key,
        undefined,
        known,
      );
    }
  }
}

/** The options every request accepts, whether given to the client or to one call. */
export function checkRequestOptions(where: string, options: Record<string, unknown>) {
  checkNumber(where, 'timeout', options.timeout, 1, MAX_DELAY_MS, 'milliseconds');
  checkInteger(where, 'maxRetries', options.maxRetries, 0, MAX_RETRIES);
  checkInteger(where, 'maxResponseBytes', options.maxResponseBytes, 1, MAX_RESPONSE_BYTES_LIMIT);
}

export const PER_REQUEST_OPTIONS = ['signal', 'timeout', 'maxRetries', 'maxResponseBytes'] as const;

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
  checkKnownKeys(where, retry, ['initialDelayMs', 'maxDelayMs', 'maxRetryAfterMs'], 'retry.');
  const r = retry as Record<string, unknown>;
  checkNumber(where, 'retry.initialDelayMs', r.initialDelayMs, 0, MAX_DELAY_MS, 'milliseconds');
  checkNumber(where, 'retry.maxDelayMs', r.maxDelayMs, 0, MAX_DELAY_MS, 'milliseconds');
  checkNumber(where, 'retry.maxRetryAfterMs', r.maxRetryAfterMs, 0, MAX_DELAY_MS, 'milliseconds');
}
