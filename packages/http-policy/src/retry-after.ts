// `Retry-After` as the server meant it, or no advice at all. A value that is
// neither whole or decimal seconds nor an HTTP date (`-5`, `1.5.2`, `soon`, a
// date already past) says nothing, so the caller's own backoff applies
// instead of a wait read from garbage.

import { type HeaderSource, headerValue } from './headers.js';

// delay-seconds (RFC 9110 10.2.3); decimals are accepted since some servers send them.
const SECONDS = /^\d{1,15}(\.\d{1,6})?$/;
// An HTTP date (IMF-fixdate, or the obsolete RFC 850 and asctime forms) starts
// with a day name; Date.parse would otherwise read `-5` or `12` as a year.
const HTTP_DATE = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6},? [\w :-]{10,40}$/i;

/** Milliseconds to wait from a `Retry-After` value (seconds or an HTTP date), or undefined when it gives no advice. */
export function retryAfterMs(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (SECONDS.test(text)) return Math.round(Number(text) * 1000);
  if (!HTTP_DATE.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isFinite(at) && at >= now ? at - now : undefined;
}

/** The wait the headers that `get` reads ask for (see retryAfterHeaderMs). */
function retryAfterOf(get: (name: string) => string | null | undefined, now: number): number | undefined {
  const ms = get('retry-after-ms')?.trim();
  if (ms !== undefined && SECONDS.test(ms)) return Math.round(Number(ms));
  return retryAfterMs(get('retry-after'), now);
}

/**
 * The wait the headers ask for: `retry-after-ms` (milliseconds, as some APIs
 * send it) when sane, else `Retry-After`; undefined when neither gives advice.
 */
export const retryAfterHeaderMs = (headers: HeaderSource, now: number = Date.now()): number | undefined =>
  retryAfterOf((name) => headerValue(headers, name), now);

/**
 * The same, read from a fetch `Headers` alone: what a client that only ever holds one needs, without the reading of
 * plain-object headers (the client's bundle).
 */
export const retryAfterFetchHeadersMs = (headers: Headers, now: number = Date.now()): number | undefined =>
  retryAfterOf((name) => headers.get(name), now);
