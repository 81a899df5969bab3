// The readings of what the source documentation leaves open about a list:
// how a search matches ("search text", nothing more) and how text is ordered
// ("sortable", nothing more). A deployment may choose any reading a real
// database or search engine takes; the model starts from all of them and
// keeps, for each operation, those still consistent with every answer the
// deployment gave about records that stayed put. A prediction then holds
// what every reading left agrees on: a record every reading finds must be
// listed, a record no reading could find must not be; the rest may go either
// way. Where a deployment's search matches as none of the readings does, none
// is left and only what every honest search does is predicted (a search for
// a record's whole text finds it).
import { domainToASCII, domainToUnicode } from 'node:url';

type Matches = (text: string, label: string) => boolean;

const lower = (text: string): string => text.normalize('NFC').toLowerCase();
const unaccent = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (text: string): string[] =>
  unaccent(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const kept = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = kept;
    }
  }
  return row[b.length]!;
}

/**
 * A search engine's word match with typos (Meilisearch, Typesense, Elasticsearch's fuzziness AUTO): every word of
 * the text matches a word of the label, the last as a prefix; one typo from 5 letters, two from 9.
 */
const wordsWithTypos: Matches = (text, label) => {
  const have = words(label);
  const query = words(text);
  return (
    query.length > 0 &&
    query.every((word, index) => {
      const allowed = word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
      const last = index === query.length - 1;
      return have.some((candidate) => {
        if (last ? candidate.startsWith(word) : candidate === word) return true;
        if (allowed === 0) return false;
        if (!last) return distance(word, candidate) <= allowed;
        for (let size = word.length - allowed; size <= word.length + allowed; size++)
          if (size > 0 && size <= candidate.length && distance(word, candidate.slice(0, size)) <= allowed) return true;
        return false;
      });
    })
  );
};

const likePattern = (text: string): RegExp =>
  new RegExp(
    [...text]
      .map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join(''),
    'iu',
  );

/** Every reading of "search text" the model knows, by the name reports give it. */
export const SEARCH_READINGS: Readonly<Record<string, Matches>> = {
  'substring, any case': (text, label) => lower(label).includes(lower(text)),
  'substring, exact case': (text, label) => label.includes(text),
  'substring, any case or accent': (text, label) => unaccent(label).includes(unaccent(text)),
  'prefix, any case': (text, label) => lower(label).startsWith(lower(text)),
  'word start, any case': (text, label) => {
    const [haystack, needle] = [lower(label), lower(text)];
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1))
      if (at === 0 || !/[\p{L}\p{N}]/u.test(haystack.charAt(at - 1))) return true;
    return false;
  },
  'words, with typos': wordsWithTypos,
  // Full-text engines: every word of the text a word of the label (the last a prefix), or any word (OR semantics).
  'every word, any case': (text, label) => {
    const [have, query] = [words(label), words(text)];
    return (
      query.length > 0 &&
      query.every((word, index) =>
        have.some((candidate) => (index === query.length - 1 ? candidate.startsWith(word) : candidate === word)),
      )
    );
  },
  'some word, any case': (text, label) => {
    const have = new Set(words(label));
    return words(text).some((word) => have.has(word));
  },
  // `LIKE '%text%'` with the text not escaped: `%` and `_` in it match any run of characters, or any one.
  'pattern, any case': (text, label) => likePattern(text).test(label),
  'whole value, any case': (text, label) => lower(label) === lower(text),
};

export type SearchReading = keyof typeof SEARCH_READINGS;
export const ALL_SEARCH_READINGS = Object.keys(SEARCH_READINGS) as SearchReading[];

/** The forms a label may be searched in: as shown, and a domain in its Unicode and ASCII (punycode) forms. */
export function labelForms(label: string): string[] {
  const forms = new Set([label]);
  if (/^[\p{L}\p{N}.-]+$/u.test(label) && label.includes('.')) {
    const ascii = domainToASCII(label);
    if (ascii) forms.add(ascii).add(domainToUnicode(ascii));
  }
  return [...forms];
}

/** Whether a reading finds a record whose label takes any of `forms`. */
const finds = (reading: SearchReading, text: string, forms: readonly string[]): boolean =>
  forms.some((form) => SEARCH_READINGS[reading]!(text, form));

/**
 * What the readings left say of one record in a search for `text`: every one finds it (`in`), none of all the
 * readings the model knows could (`out`: whatever the deployment chose, such a row is not a match), or either.
 */
export function expectedInSearch(left: readonly SearchReading[], text: string, label: string): 'in' | 'out' | 'may' {
  const forms = labelForms(label);
  if (ALL_SEARCH_READINGS.every((reading) => !finds(reading, text, forms))) return 'out';
  const readings = left.length > 0 ? left : (['whole value, any case'] as SearchReading[]);
  return readings.every((reading) => finds(reading, text, forms)) ? 'in' : 'may';
}

/** The readings of `left` that agree with one record shown (`listed`) or not in a complete search for `text`. */
export function consistentReadings(
  left: readonly SearchReading[],
  text: string,
  label: string,
  listed: boolean,
): SearchReading[] {
  const forms = labelForms(label);
  return left.filter((reading) => finds(reading, text, forms) === listed);
}
