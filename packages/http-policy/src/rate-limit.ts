// What a server says about its rate limit, read from every header family in
// use: the IETF `RateLimit` field (the dictionary `limit=, remaining=, reset=`
// of draft 07 and the `"policy";r=;t=` items of later drafts, with
// `RateLimit-Policy`), the `RateLimit-Limit/-Remaining/-Reset` trio of the
// earlier drafts, and the de facto `X-RateLimit-*`. Hostile values are ignored
// one by one: a garbage `remaining` does not hide a good `Retry-After`.
import { type HeaderSource, headerValue } from './headers.js';
import { retryAfterHeaderMs } from './retry-after.js';
import { members } from './structured.js';

export interface RateLimitAdvice {
  /** Requests allowed in the window. */
  limit?: number;
  /** Requests left in the window. */
  remaining?: number;
  /** Milliseconds until the window resets (0 when the reset time is already past). */
  resetMs?: number;
  /** Milliseconds the server asked to wait before the next request (`Retry-After`, `retry-after-ms`). */
  retryAfterMs?: number;
}

const COUNT = /^\d{1,15}$/;
const SECONDS = /^\d{1,15}(\.\d{1,6})?$/;

/** The first element of a header value that may repeat (`100, 100`) or carry parameters (`100;w=60`). */
const first = (value: string | undefined): string | undefined => value?.split(/[,;]/)[0]?.trim();

const count = (value: string | undefined): number | undefined =>
  value !== undefined && COUNT.test(value) ? Number(value) : undefined;

/**
 * A reset value in milliseconds from now. Servers send delta seconds (the IETF
 * drafts), epoch seconds (GitHub's `X-RateLimit-Reset`) or epoch milliseconds;
 * a delta of 31 years or more is not meant as one, so values from 1e9 are read
 * as epoch seconds and from 1e12 as epoch milliseconds.
 */
export function resetMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined || !SECONDS.test(value)) return undefined;
  const n = Number(value);
  const ms = n >= 1e12 ? n - now : n >= 1e9 ? n * 1000 - now : n * 1000;
  return Math.max(0, Math.round(ms));
}

interface Reading {
  limit?: string | undefined;
  remaining?: string | undefined;
  reset?: string | undefined;
}

/** `RateLimit` and `RateLimit-Policy` in either structured form. */
function structured(headers: HeaderSource): Reading {
  const field = headerValue(headers, 'ratelimit');
  const policyField = headerValue(headers, 'ratelimit-policy');
  const reading: Reading = {};
  const items = field === undefined ? [] : members(field);
  const keyed = (key: string) => items.find((m) => m.key === key)?.value;
  // Draft 07: one dictionary.
  if (items.some((m) => m.key !== undefined))
    return { limit: keyed('limit'), remaining: keyed('remaining'), reset: keyed('reset') };
  // Later drafts: one item per policy; the one with the fewest requests left is the one that binds.
  const bound = items
    .filter((m) => m.key === undefined && COUNT.test(m.params.r ?? ''))
    .sort((a, b) => Number(a.params.r) - Number(b.params.r))[0];
  if (bound) {
    reading.remaining = bound.params.r;
    reading.reset = bound.params.t;
  }
  const policies = policyField === undefined ? [] : members(policyField).filter((m) => m.key === undefined);
  const policy = policies.find((m) => bound && m.value === bound.value) ?? policies[0];
  // `100;w=60` (drafts up to 06) or `"name";q=100;w=60` (later drafts).
  if (policy) reading.limit = COUNT.test(policy.value) ? policy.value : policy.params.q;
  return reading;
}

const trio = (headers: HeaderSource, prefix: string): Reading => ({
  limit: first(headerValue(headers, `${prefix}-limit`)),
  remaining: first(headerValue(headers, `${prefix}-remaining`)),
  reset: first(headerValue(headers, `${prefix}-reset`)),
});

/** Everything the headers say about the rate limit, each figure from the most standard header that gives it. */
export function rateLimitAdvice(headers: HeaderSource, now: number = Date.now()): RateLimitAdvice {
  const readings = [structured(headers), trio(headers, 'ratelimit'), trio(headers, 'x-ratelimit')];
  const pick = <T>(read: (r: Reading) => T | undefined): T | undefined => {
    for (const reading of readings) {
      const value = read(reading);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const advice: RateLimitAdvice = {};
  const limit = pick((r) => count(r.limit));
  const remaining = pick((r) => count(r.remaining));
  const reset = pick((r) => resetMs(r.reset, now));
  const wait = retryAfterHeaderMs(headers, now);
  if (limit !== undefined) advice.limit = limit;
  if (remaining !== undefined) advice.remaining = remaining;
  if (reset !== undefined) advice.resetMs = reset;
  if (wait !== undefined) advice.retryAfterMs = wait;
  return advice;
}

/**
 * The wait the server asked for: `Retry-After`, else the time to the reset
 * when no request remains in the window; undefined when it asked for none.
 */
export function adviceWaitMs(advice: RateLimitAdvice): number | undefined {
  return advice.retryAfterMs ?? (advice.remaining === 0 ? advice.resetMs : undefined);
}
