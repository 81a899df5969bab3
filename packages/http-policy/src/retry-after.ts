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

/**
 * The wait a fetch `Headers` (or anything with its `get`) asks for: `retry-after-ms` (milliseconds, as some APIs
 * send it) when sane, else `Retry-After`; undefined when neither gives advice. What a client that only ever holds
 * a `Headers` needs, without the reading of plain-object headers (the client's bundle).
 */
export function retryAfterFetchHeadersMs(headers: Pick<Headers, 'get'>, now = Date.now()): number | undefined {
  const ms = headers.get('retry-after-ms')?.trim();
  if (ms !== undefined && SECONDS.test(ms)) return Math.round(Number(ms));
  return retryAfterMs(headers.get('retry-after'), now);
}

/** The same rule for headers of any kind (see HeaderSource). */
export const retryAfterHeaderMs = (headers: HeaderSource, now: number = Date.now()): number | undefined =>
  retryAfterFetchHeadersMs({ get: (name) => headerValue(headers, name) ?? null }, now);
