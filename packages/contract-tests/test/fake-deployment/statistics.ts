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
  /** What sort_by=value orders a listed value by: the value itself, unless a fault orders by a name joined to it. */
  valueOrder?: (value: string) => string;
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

const weightCache = new Map<string, number[]>();

function weightsOf(websiteId: number, name: string, value: string): number[] {
  const key = `${websiteId}|${name}|${value}`;
  let weights = weightCache.get(key);
  if (!weights) {
    weights = computeWeights(websiteId, name, value);
    if (weightCache.size > 200_000) weightCache.clear();
    weightCache.set(key, weights);
  }
  return weights;
}

function computeWeights(websiteId: number, name: string, value: string): number[] {
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
  const order = query.valueOrder;
  const byOrder = order ? (a: StatRow, b: StatRow) => compareText(order(a.value), order(b.value)) : byValue;
  rows.sort(query.sortBy === 'value' ? byOrder : (a, b) => a.count - b.count || byValue(a, b));
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

const YEAR_TEXT = Array.from({ length: 10_000 }, (_, year) => String(year).padStart(4, '0'));

class DaySearch {
  private readonly memo = new Map<number, number[]>();
  /** The needle's heads that a year's last characters could hold (a match spanning year and month). */
  private readonly heads: string[];
  constructor(private readonly needle: string) {
    this.heads = Array.from({ length: Math.min(needle.length - 1, 4) }, (_, index) => needle.slice(0, index + 1));
  }

  year(year: number, leap: boolean): YearMatch {
    const text = YEAR_TEXT[year] ?? String(year);
    if (text.includes(this.needle)) return 'all';
    let key = leap ? 1 : 0;
    for (let index = 0; index < this.heads.length; index++) {
      if (text.endsWith(this.heads[index]!)) key |= 2 << index;
    }
    let offsets = this.memo.get(key);
    if (!offsets) {
      const days = leap ? MONTH_DAYS.leap : MONTH_DAYS.common;
      const rests = this.heads.filter((_, index) => key & (2 << index)).map((head) => this.needle.slice(head.length));
      offsets = [];
      for (let offset = 0; offset < days.length; offset++) {
        const tail = days[offset]!;
        if (tail.includes(this.needle) || rests.some((rest) => tail.startsWith(rest))) offsets.push(offset);
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
  const firstYear = civilDate(from).year;
  const years = civilDate(to).year - firstYear + 1;
  // Per matching year: its first day, how many matches come before it, and its matching offsets.
  const starts = new Float64Array(years);
  const before = new Float64Array(years);
  const offsets: Array<number[] | number> = [];
  let blocks = 0;
  let total = 0;
  let start = dayNumber(firstYear, 1, 1);
  for (let year = firstYear; year < firstYear + years; year++) {
    const leap = isLeapYear(year);
    const length = leap ? 366 : 365;
    const low = Math.max(from, start) - start;
    const high = Math.min(to, start + length - 1) - start;
    const match = search.year(year, leap);
    const days =
      match === 'all' || (low === 0 && high === length - 1)
        ? match
        : match.filter((offset) => offset >= low && offset <= high);
    const count = days === 'all' ? high - low + 1 : days.length;
    if (count > 0) {
      starts[blocks] = start;
      before[blocks] = total;
      offsets[blocks] = days === 'all' ? low : days;
      blocks++;
      total += count;
    }
    start += length;
  }
  return {
    total,
    at(index) {
      let low = 0;
      let high = blocks - 1;
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (before[middle]! <= index) low = middle;
        else high = middle - 1;
      }
      const block = offsets[low]!;
      const rest = index - before[low]!;
      return starts[low]! + (typeof block === 'number' ? block + rest : block[rest]!);
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
