// Search matching and string collation, the two places where the source documentation says only "search text"
// and "sortable": each mode here is what a real database or framework does (SILENCES.md 46, 47, 48, 56, 62).
import type { Choices } from './choices.js';

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
  return [...rows].sort((a, b) => {
    const order = primary(a, b);
    if (order !== 0) return descending ? -order : order;
    return tie(a, b);
  });
}
