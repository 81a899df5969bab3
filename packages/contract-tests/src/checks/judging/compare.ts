import { isObject } from '@tallyport/spec-model/query';
import { textOf } from '../../answers/json-values.js';
import { compactValue } from '../../answers/records.js';

const numeric = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

const switchValue = (value: unknown): number | undefined =>
  typeof value === 'boolean' ? Number(value) : numeric(value);

/** A number, or a decimal written as text (`10.00`, `1e3`; not `007`, which is text that looks like one). */
const decimal = (value: unknown): number | undefined =>
  typeof value === 'number'
    ? value
    : typeof value === 'string' && /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(value.trim())
      ? Number(value)
      : undefined;

/** A number as its 15 significant digits: a float printed to 17 (`12.990000000000002`) is the 12.99 written. */
const rounded = (value: number): number => Number(value.toPrecision(15));

const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The instant an ISO 8601 timestamp names, in whatever precision or zone form it is written. */
const instant = (value: unknown): number | undefined =>
  typeof value === 'string' && INSTANT.test(value) ? Date.parse(value.replace(' ', 'T')) : undefined;

const withoutQuery = (value: string): string | undefined => {
  if (!/^https?:\/\//i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.search ? `${url.origin}${url.pathname}` : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Equality that ignores 42 vs "42", 10 vs "10.00", a float printed to 17 digits, true vs 1, and one instant written
 * two ways (`…T10:00:00Z`, `…T10:00:00.000000+00:00`), at any depth (a price's `regular` as at the top); with
 * `urlQueries`, the query of the URLs they hold too (`sameButUrlQueries`).
 */
export function sameValue(a: unknown, b: unknown, urlQueries = false): boolean {
  if (a === b) return true;
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const [x, y] = [switchValue(a), switchValue(b)];
    return x !== undefined && x === y && (x === 0 || x === 1);
  }
  const [x, y] = [decimal(a), decimal(b)];
  if (x !== undefined && y !== undefined) return rounded(x) === rounded(y);
  const [t, u] = [instant(a), instant(b)];
  if (t !== undefined && u !== undefined && !Number.isNaN(t)) return t === u;
  if (urlQueries && typeof a === 'string' && typeof b === 'string') {
    const [v, w] = [withoutQuery(a), withoutQuery(b)];
    if (v !== undefined && v === w) return true;
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameValue(item, b[index], urlQueries));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length && keys.every((key) => key in b && sameValue(a[key], b[key], urlQueries))
    );
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a value a row shows is the text written: rows keep long text only as a prefix and a digest
 * (answers/records.ts), so the text written is compared in that same form.
 */
export const shownAsWritten = (shown: unknown, written: string): boolean =>
  sameValue(shown, written) || (typeof shown === 'string' && shown === compactValue(written));

/**
 * Equal but for the query of the URLs they hold (`sameValue` otherwise), deep: two links to the same file that a
 * deployment signs or stamps for each answer (a presigned URL, a cache buster) name one resource, and the source
 * documentation does not say a link is the same string in every answer.
 */
export const sameButUrlQueries = (a: unknown, b: unknown): boolean => sameValue(a, b, true);

/**
 * Whether a value shown by a deployment is in a representation the sent value can be compared with: a number
 * (or numeric string, or boolean for 0 and 1) for a number sent, text or null for text sent. A word shown for a
 * number sent (`"private"` for 1) is another representation, which the source documentation does not rule out.
 */
export function comparable(sent: string, shown: unknown): boolean {
  if (numeric(sent) !== undefined)
    return numeric(shown) !== undefined || (typeof shown === 'boolean' && (sent === '0' || sent === '1'));
  return typeof shown === 'string' || shown === null;
}

type Compare = (a: string, b: string) => number;

const plain: Compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const COLLATIONS: ReadonlyArray<{ name: string; compare: Compare }> = [
  { name: 'byte order', compare: plain },
  { name: 'case-insensitive', compare: (a, b) => plain(a.toLowerCase(), b.toLowerCase()) },
  { name: 'locale', compare: new Intl.Collator('en').compare },
  { name: 'locale, case-insensitive', compare: new Intl.Collator('en', { sensitivity: 'base' }).compare },
  {
    name: 'locale, punctuation ignored',
    compare: new Intl.Collator('en', { sensitivity: 'base', ignorePunctuation: true }).compare,
  },
  { name: 'natural numbers', compare: new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare },
];

const monotone = (values: readonly string[], compare: Compare, sign: number): boolean =>
  values.every((value, index) => index === 0 || sign * compare(values[index - 1]!, value) <= 0);

/**
 * The orders a list of values follows in a direction: `numeric` for numbers, and every collation of text under
 * which it is ordered. Nulls and absent values are left out (databases put them first or last).
 */
export function ordersFollowed(values: readonly unknown[], direction: 'asc' | 'desc'): string[] {
  const present = values.filter((value) => value !== null && value !== undefined);
  const sign = direction === 'asc' ? 1 : -1;
  const numbers = present.map(numeric);
  const followed: string[] = [];
  if (
    numbers.every((value) => value !== undefined) &&
    numbers.every((value, index) => index === 0 || sign * (numbers[index - 1]! - value!) <= 0)
  )
    followed.push('numeric');
  // Numbers sent as numbers compare as numbers: no collation decides their order (731 never follows 1520).
  if (present.length > 0 && present.every((value) => typeof value === 'number')) return followed;
  const texts = present.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  for (const { name, compare } of COLLATIONS) if (monotone(texts, compare, sign)) followed.push(name);
  return followed;
}

/** The first pair of values that breaks the most lenient order (case-insensitive locale, numbers as numbers). */
export function firstBreak(values: readonly unknown[], direction: 'asc' | 'desc'): [unknown, unknown] | undefined {
  const present = values.filter((value) => value !== null && value !== undefined);
  const sign = direction === 'asc' ? 1 : -1;
  const lenient = new Intl.Collator('en', { sensitivity: 'base', numeric: true, ignorePunctuation: true });
  const compare = (a: unknown, b: unknown) => {
    const [x, y] = [numeric(a), numeric(b)];
    return x !== undefined && y !== undefined ? x - y : lenient.compare(textOf(a), textOf(b));
  };
  const index = present.findIndex((value, at) => at > 0 && sign * compare(present[at - 1], value) > 0);
  return index > 0 ? [present[index - 1], present[index]] : undefined;
}
