// Statistic rows of a website over any date range, computed lazily: a range
// may span the years 0000 to 9999, so daily rows are never materialised beyond
// the requested page, and counts of the other names are closed-form sums.
import { civilDate, dayNumber, formatDay, isLeapYear, weeklySum } from './calendar.js';
import { DATE_STATS, HOUR_STATS, hash, STAT_VALUES } from './data.js';

export interface StatRow {
  value: string;
  count: number;
}

export interface StatQuery {
  websiteId: number;
  name: string;
  /** Day numbers (see calendar.ts), inclusive. */
  from: number;
  to: number;
  search: string | null;
  sortBy: 'count' | 'value';
  sort: 'asc' | 'desc';
  /** How `search` matches: containment, or the faulty "text plus one more character" of a stray `_` wildcard. */
  searchMode?: 'contains' | 'longer';
}

export interface StatPage {
  total: number;
  rows: StatRow[];
}

export const isDateStat = (name: string): boolean => (DATE_STATS as readonly string[]).includes(name);
export const isHourStat = (name: string): boolean => (HOUR_STATS as readonly string[]).includes(name);

/** Case-insensitive order with a stable tie-break, as a `_ci` collation would sort these ASCII values. */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function matches(value: string, search: string, mode: StatQuery['searchMode']): boolean {
  const haystack = value.toLowerCase();
  const needle = search.toLowerCase();
  if (mode === 'longer') {
    const at = haystack.indexOf(needle);
    return at >= 0 && haystack.length > at + needle.length;
  }
  return haystack.includes(needle);
}

const FIRST_DAY = dayNumber(0, 1, 1);

/** Daily counts grow slowly over the site's life (ties within a week), so sorting by count follows the date. */
export function dailyCount(websiteId: number, name: string, day: number): number {
  const growth = 1 + Math.floor((day - FIRST_DAY) / 7);
  return name === 'pageviews' ? 3 * growth + (websiteId % 7) : growth + (websiteId % 3);
}

function weightsOf(websiteId: number, name: string, value: string): number[] {
  const popularity = 1 + (hash(websiteId, name, value) % 400);
  return [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
    const mix = hash(websiteId, name, value, weekday);
    return mix % 11 === 0 ? 0 : Math.floor((popularity * (50 + (mix % 100))) / 100);
  });
}

function listedRows(query: StatQuery): StatRow[] {
  if (query.to < query.from) return [];
  if (isHourStat(query.name)) {
    const days = query.to - query.from + 1;
    return Array.from({ length: 24 }, (_, hour) => ({
      value: String(hour).padStart(2, '0'),
      count: days * (1 + (hash(query.websiteId, query.name, hour) % 40)),
    }));
  }
  return (STAT_VALUES[query.name] ?? [])
    .map((value) => ({ value, count: weeklySum(query.from, query.to, weightsOf(query.websiteId, query.name, value)) }))
    .filter((row) => row.count > 0);
}

function sortedListedRows(query: StatQuery): StatRow[] {
  const rows = listedRows(query).filter(
    (row) => query.search === null || query.search === '' || matches(row.value, query.search, query.searchMode),
  );
  const byValue = (a: StatRow, b: StatRow) => compareText(a.value, b.value);
  rows.sort(query.sortBy === 'value' ? byValue : (a, b) => a.count - b.count || byValue(a, b));
  return query.sort === 'desc' ? rows.reverse() : rows;
}

// ---- daily rows -------------------------------------------------------------

const monthDays = (leap: boolean): string[] => {
  const year = leap ? 2000 : 2001;
  const start = dayNumber(year, 1, 1);
  return Array.from({ length: leap ? 366 : 365 }, (_, offset) => formatDay(start + offset).slice(4));
};
const MONTH_DAYS = { leap: monthDays(true), common: monthDays(false) };

/** Offsets within a year of the days whose Y-m-d contains the needle; 'all' when the year itself does. */
type YearMatch = 'all' | number[];

class DaySearch {
  private readonly memo = new Map<string, number[]>();
  constructor(private readonly needle: string) {}

  year(year: number): YearMatch {
    const text = String(year).padStart(4, '0');
    if (text.includes(this.needle)) return 'all';
    const leap = isLeapYear(year);
    // A match starting inside the year needs the year's tail to equal the needle's head.
    const spans: number[] = [];
    for (let head = 1; head < this.needle.length && head <= text.length; head++) {
      if (text.endsWith(this.needle.slice(0, head))) spans.push(head);
    }
    const key = `${leap}|${spans.join(',')}`;
    let offsets = this.memo.get(key);
    if (!offsets) {
      const days = leap ? MONTH_DAYS.leap : MONTH_DAYS.common;
      offsets = [];
      for (let offset = 0; offset < days.length; offset++) {
        const tail = days[offset]!;
        if (tail.includes(this.needle) || spans.some((head) => tail.startsWith(this.needle.slice(head))))
          offsets.push(offset);
      }
      this.memo.set(key, offsets);
    }
    return offsets;
  }
}

/** The matching days of [from, to] as per-year blocks, so any index is found without listing days. */
function daySequence(
  from: number,
  to: number,
  needle: string | null,
): { total: number; at: (index: number) => number } {
  if (to < from) return { total: 0, at: () => from };
  if (needle === null || needle === '') return { total: to - from + 1, at: (index) => from + index };
  if (!/^[0-9-]+$/.test(needle)) return { total: 0, at: () => from };
  const search = new DaySearch(needle);
  const blocks: Array<{ start: number; days: number[] | null; first: number; before: number }> = [];
  let total = 0;
  for (let year = civilDate(from).year; year <= civilDate(to).year; year++) {
    const start = dayNumber(year, 1, 1);
    const low = Math.max(from, start) - start;
    const high = Math.min(to, dayNumber(year, 12, 31)) - start;
    const match = search.year(year);
    if (match === 'all') {
      blocks.push({ start, days: null, first: low, before: total });
      total += high - low + 1;
      continue;
    }
    const days = low === 0 && high >= 364 ? match : match.filter((offset) => offset >= low && offset <= high);
    if (days.length > 0) blocks.push({ start, days, first: 0, before: total });
    total += days.length;
  }
  return {
    total,
    at(index) {
      let low = 0;
      let high = blocks.length - 1;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (blocks[middle]!.before <= index) low = middle;
        else high = middle - 1;
      }
      const block = blocks[low]!;
      const rest = index - block.before;
      return block.start + (block.days ? block.days[rest]! : block.first + rest);
    },
  };
}

function datePage(query: StatQuery, offset: number, limit: number): StatPage {
  let needle = query.search === null ? null : query.search.toLowerCase();
  // Ten characters can only match a whole Y-m-d, which "longer" matching never keeps.
  if (needle !== null && query.searchMode === 'longer' && needle.length >= 10) needle = '~';
  const sequence = daySequence(query.from, query.to, needle);
  // Counts never fall as the date rises, so both sort keys order rows by date.
  const rows: StatRow[] = [];
  for (let index = offset; index < Math.min(sequence.total, offset + limit); index++) {
    const day = sequence.at(query.sort === 'asc' ? index : sequence.total - 1 - index);
    rows.push({ value: formatDay(day), count: dailyCount(query.websiteId, query.name, day) });
  }
  return { total: sequence.total, rows };
}

export function statisticsPage(query: StatQuery, offset: number, limit: number): StatPage {
  if (isDateStat(query.name)) return datePage(query, offset, limit);
  const rows = sortedListedRows(query);
  return { total: rows.length, rows: rows.slice(offset, offset + limit) };
}
