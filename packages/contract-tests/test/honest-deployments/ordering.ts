// Search matching and string collation, the two places where the source documentation says only "search text"
// and "sortable": each mode here is what a real database or framework does (SILENCES.md 46, 47, 48, 56, 62).
import type { Choices } from './choices.js';

/** Lower case without diacritics: what an accent-insensitive collation compares (`é` is `e`, `ü` is `u`). */
function unaccent(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Meilisearch's word split: on anything that is not a letter or a digit. */
function words(text: string): string[] {
  return unaccent(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const kept = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length]!;
}

/**
 * Meilisearch's defaults (Laravel Scout, matching strategy `all`): every query word must match a word of the
 * text, the last one as a prefix; words of 5 letters and more allow one typo, of 9 and more two.
 */
function typoTolerant(needle: string): (text: string) => boolean {
  const query = words(needle);
  return (text) => {
    const have = words(text);
    return query.every((word, index) => {
      const last = index === query.length - 1;
      const allowed = word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
      return have.some((candidate) => {
        if (last ? candidate.startsWith(word) : candidate === word) return true;
        if (allowed === 0) return false;
        if (!last) return distance(word, candidate) <= allowed;
        for (let size = word.length - allowed; size <= word.length + allowed; size += 1) {
          if (size > 0 && size <= candidate.length && distance(word, candidate.slice(0, size)) <= allowed) return true;
        }
        return false;
      });
    });
  };
}

/**
 * The lexemes Postgres' text search gives a text once every run of characters that are not letters or digits is a
 * space (`to_tsvector('simple', regexp_replace(text, '[^[:alnum:]]+', ' ', 'g'))`): lowercased words, nothing
 * stemmed or dropped.
 */
function lexemes(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Postgres full-text search over the domain's words (`… @@ plainto_tsquery('simple', …)` on the same rewrite of the
 * search text): every word of the search must be a whole word of the text, in any order. A search without a word is
 * an empty query, which matches nothing.
 */
function tokenSearch(needle: string): (text: string) => boolean {
  const wanted = lexemes(needle);
  return (text) => {
    if (wanted.length === 0) return false;
    const have = new Set(lexemes(text));
    return wanted.every((word) => have.has(word));
  };
}

/** Whether `text` matches the search `needle` under the variant's search semantics. */
export function searchMatcher(mode: Choices['search'], needle: string): (text: string) => boolean {
  const folded = needle.toLowerCase();
  switch (mode) {
    case 'substring-ci': // MySQL LIKE '%x%' with a _ci collation, Postgres ILIKE
      return (text) => text.toLowerCase().includes(folded);
    case 'substring-cs': // Postgres LIKE, Go strings.Contains
      return (text) => text.includes(needle);
    case 'prefix-ci': // Spring Data findByDomainStartingWithIgnoreCase
      return (text) => text.toLowerCase().startsWith(folded);
    case 'substring-ci-ai': // MySQL utf8mb4_0900_ai_ci LIKE, Postgres unaccent() ILIKE
      return (text) => unaccent(text).includes(unaccent(needle));
    case 'typo-tolerant':
      return typoTolerant(needle);
    case 'tokens':
      return tokenSearch(needle);
    case 'word-start': // Elasticsearch word_start: at the start or right after a non-alphanumeric character
      return (text) => {
        const lower = text.toLowerCase();
        for (let index = lower.indexOf(folded); index !== -1; index = lower.indexOf(folded, index + 1)) {
          if (index === 0 || !/[\p{L}\p{N}]/u.test(lower.charAt(index - 1))) return true;
        }
        return false;
      };
  }
}

const localeCollator = new Intl.Collator('en', { usage: 'sort' });
const baseCollator = new Intl.Collator('en', { usage: 'sort', sensitivity: 'base' });
const naturalCollator = new Intl.Collator('en', { usage: 'sort', numeric: true });
/** ICU's `alternate=shifted` (Postgres `und-u-ka-shifted`): spaces and punctuation weigh nothing at first. */
const shiftedCollator = new Intl.Collator('en', { usage: 'sort', ignorePunctuation: true });

/** Compares two texts as the variant's database would order them; 0 means a tie. */
export function textComparator(collation: Choices['collation']): (a: string, b: string) => number {
  switch (collation) {
    case 'byte': // Postgres "C", Go sort.Strings, JavaScript sort(): code point order, capitals first
      return (a, b) => (a < b ? -1 : a > b ? 1 : 0);
    case 'fold-case': // SQLite NOCASE, MySQL _ci: equal but for case is a tie
      return (a, b) => {
        const [x, y] = [a.toLowerCase(), b.toLowerCase()];
        return x < y ? -1 : x > y ? 1 : 0;
      };
    case 'locale': // ICU (Postgres en-US-x-icu): punctuation before digits before letters, small before capital
      return (a, b) => localeCollator.compare(a, b);
    case 'fold-accents': // MySQL utf8mb4_0900_ai_ci: equal but for case or accents is a tie (`über` = `Uber`)
      return (a, b) => baseCollator.compare(a, b);
    case 'natural': // ICU with numeric ordering (Postgres `und-u-kn-true`): `9lives` before `42things`
      return (a, b) => naturalCollator.compare(a, b);
    case 'ignore-punctuation':
      // ICU `und-u-ka-shifted` in a deterministic Postgres collation: `my-shop.com` sorts as `myshopcom`; texts equal
      // but for punctuation are then ordered with it (ICU's fourth level), and Postgres breaks any tie left bytewise.
      return (a, b) => shiftedCollator.compare(a, b) || localeCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
  }
}

export function compareKeys(collation: Choices['collation']): (a: string | number, b: string | number) => number {
  const text = textComparator(collation);
  return (a, b) => {
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return text(String(a), String(b));
  };
}

/**
 * Sorts by a primary key in the asked direction, then breaks ties. `tie` is called only for rows the primary key
 * finds equal and returns their order as it stands, independent of the asked direction.
 */
export function sortRows<T>(
  rows: readonly T[],
  primary: (a: T, b: T) => number,
  descending: boolean,
  tie: (a: T, b: T) => number,
): T[] {
  return [...rows].sort(rowComparator(primary, descending, tie));
}

/** The comparator `sortRows` sorts with (a keyset cursor finds where a page starts with it). */
export function rowComparator<T>(
  primary: (a: T, b: T) => number,
  descending: boolean,
  tie: (a: T, b: T) => number,
): (a: T, b: T) => number {
  return (a, b) => {
    const order = primary(a, b);
    if (order !== 0) return descending ? -order : order;
    return tie(a, b);
  };
}
