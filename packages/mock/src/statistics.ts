// Rows of a record kind the mock computes instead of storing: statistic rows,
// listed by an operation that takes a date range. Every count is a function of
// the number behind the data, the website, the statistic name, the value and
// the day alone, and a range's count is the sum of its days': so two ranges
// agree on every day they share, whatever was asked before. Counts of a value
// over a range are closed-form sums over weekdays, so a range of ten thousand
// years costs no more than a week; rows that are days (`pageviews`) are kept in
// typed arrays and only the page shown becomes objects.
import { formatDay, weekdayCounts, weekdayOf } from './calendar.js';
import { genericValues, STATISTIC_VALUES } from './data/statistics.js';
import { compareValues, type ListParams, listPage, matches, type Page } from './listing.js';
import { hash } from './random.js';
import type { JsonObject } from './spec.js';

export interface StatisticQuery {
  /** The number behind the data (`--seed`). */
  seed: number;
  /** The identifier of the record the rows are about (the website). */
  owner: string;
  /** Which statistic (the value of the enum parameter that selects the data). */
  name: string;
  /** Inclusive day numbers. */
  from: number;
  to: number;
  /** The row fields: the counted value and its count. */
  valueField: string;
  countField: string;
  list: ListParams;
}

const WEEKDAY_SHAPE = [1, 1.04, 1.08, 1.02, 0.96, 0.72, 0.64];
const HOUR_SHAPE = [
  0.3, 0.2, 0.15, 0.1, 0.1, 0.15, 0.3, 0.55, 0.8, 0.95, 1, 1, 0.95, 0.95, 1, 1, 0.95, 0.9, 0.85, 0.9, 0.85, 0.75, 0.6,
  0.45,
];

/** What one value counts on each weekday: a popularity, shaped by the weekday, sometimes nothing. */
function weekdayWeights(query: StatisticQuery, value: string, shape = 1): number[] {
  const draw = hash(query.seed, query.owner, query.name, value);
  const popularity = 1 + ((draw % 97) * (draw % 97)) / 12;
  return WEEKDAY_SHAPE.map((weekday, index) => {
    const mix = hash(query.seed, query.owner, query.name, value, index);
    if (mix % 13 === 0) return 0;
    return Math.floor(popularity * shape * weekday * (0.6 + (mix % 80) / 100));
  });
}

function summedRows(query: StatisticQuery, values: readonly string[], shapes?: readonly number[]): JsonObject[] {
  const days = weekdayCounts(query.from, query.to);
  const rows: JsonObject[] = [];
  values.forEach((value, index) => {
    const weights = weekdayWeights(query, value, shapes?.[index] ?? 1);
    const count = weights.reduce((sum, weight, weekday) => sum + weight * days[weekday]!, 0);
    if (count > 0) rows.push({ [query.valueField]: value, [query.countField]: count });
  });
  return rows;
}

/** The count of one day of a `day` statistic. */
export function dayCount(query: Pick<StatisticQuery, 'seed' | 'owner' | 'name'>, day: number): number {
  const base = 40 + (hash(query.seed, query.owner, query.name) % 400);
  const noise = 0.8 + (hash(query.seed, query.owner, query.name, day) % 40) / 100;
  return Math.round(base * WEEKDAY_SHAPE[weekdayOf(day)]! * noise);
}

function dayPage(query: StatisticQuery): Page {
  const { list } = query;
  const length = Math.max(0, query.to - query.from + 1);
  const row = (day: number): JsonObject => ({
    [query.valueField]: formatDay(day),
    [query.countField]: dayCount(query, day),
  });
  const text = list.search && list.search.field === query.valueField ? list.search.text : '';
  const byValue = !list.sort || list.sort.key === query.valueField;
  const descending = list.sort?.direction === 'desc';
  const perPage = list.perPage ?? length;
  const start = (list.page - 1) * perPage;
  // Ordered by date with nothing to search: the page is found by arithmetic.
  if (byValue && text === '') {
    const rows: JsonObject[] = [];
    for (let index = start; index < Math.min(length, start + perPage); index++)
      rows.push(row(descending ? query.to - index : query.from + index));
    return { rows, total: length, page: list.page, ...(list.perPage ? { perPage } : {}) };
  }
  let days = new Int32Array(length);
  for (let index = 0; index < length; index++) days[index] = query.from + index;
  if (text !== '') days = days.filter((day) => matches(formatDay(day), text));
  if (!byValue) {
    const counts = new Map<number, number>();
    for (const day of days) counts.set(day, dayCount(query, day));
    days.sort((a, b) => compareValues(counts.get(a), counts.get(b)) || a - b);
  }
  if (descending) days.reverse();
  const rows = [...days.subarray(start, start + perPage)].map(row);
  return { rows, total: days.length, page: list.page, ...(list.perPage ? { perPage } : {}) };
}

/** One page of the statistic's rows over the range, searched and ordered as asked. */
export function statisticPage(query: StatisticQuery): Page {
  const values = STATISTIC_VALUES[query.name] ?? genericValues(query.name);
  if (values === 'day') return dayPage(query);
  const hours = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));
  const rows = values === 'hour' ? summedRows(query, hours, HOUR_SHAPE) : summedRows(query, values);
  return listPage(rows, query.list);
}
