// The 17 statistics of a website over any date range, derived on demand from a per-website seed so that any range
// has data (no table to fill) and a wider range never counts less than a narrower one, as real traffic would.
import type { Choices } from './choices.js';
import { categoryValueList, mix } from './data.js';

export const STATISTIC_NAMES = [
  'browser',
  'campaign',
  'city',
  'continent',
  'country',
  'device',
  'event',
  'landing_page',
  'language',
  'os',
  'page',
  'pageviews',
  'pageviews_hours',
  'referrer',
  'resolution',
  'visitors',
  'visitors_hours',
] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];

export interface StatisticRow {
  value: string | number;
  count: number;
  /** What `sort_by=value` orders by: text, a date, or the hour as a number. */
  sortKey: string | number;
  /** The order rows come out of storage (the tie order of choice 56 `storage`). */
  storage: number;
}

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a valid `Y-m-d` date, or undefined when the text is not one. */
export function dayNumber(text: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Reject 2024-02-30 and the like: the calendar date must survive the round trip.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return undefined;
  }
  return Math.floor(time / DAY_MS);
}

export function dateOfDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Today's day number in a time zone `offsetMinutes` from UTC (the website's own zone, choice 109). */
export function today(offsetMinutes = 0): number {
  return Math.floor((Date.now() + offsetMinutes * 60_000) / DAY_MS);
}

/** ISO 3166-1 alpha-2 codes of the country names (CLDR's English names, with the ones it spells otherwise). */
const COUNTRY_CODES: ReadonlyMap<string, string> = (() => {
  const names = new Intl.DisplayNames('en', { type: 'region' });
  const map = new Map<string, string>([
    ['Turkey', 'TR'],
    ['Hong Kong', 'HK'],
    ['Bosnia and Herzegovina', 'BA'],
  ]);
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      const name = names.of(code);
      if (name && name !== code && !map.has(name)) map.set(name, code);
    }
  }
  return map;
})();

const CONTINENT_CODES: Readonly<Record<string, string>> = {
  Asia: 'AS',
  Europe: 'EU',
  'North America': 'NA',
  'South America': 'SA',
  Africa: 'AF',
  Oceania: 'OC',
  Antarctica: 'AN',
};

/** Reference values of a LEFT JOIN that never see a visit here (choice 115). */
const NEVER_SEEN: Readonly<Record<string, readonly string[]>> = {
  device: ['e-reader', 'smart-speaker'],
};

type ValueChoices = Pick<
  Choices,
  'statsUnknownRows' | 'statsValueCase' | 'statsGeoCodes' | 'categoryZeroRows' | 'statsValues'
>;

/** The values of a categorical statistic as the deployment writes them (choices 111-113, 115, 138). */
function categoryValues(name: StatisticName, choices: ValueChoices): { values: string[]; silent: Set<string> } {
  let values = [...categoryValueList(name, choices.statsValues)];
  if (choices.statsGeoCodes === 'iso' && name === 'country') values = values.map((v) => COUNTRY_CODES.get(v) ?? v);
  if (choices.statsGeoCodes === 'iso' && name === 'continent') values = values.map((v) => CONTINENT_CODES[v] ?? v);
  if (choices.statsValueCase === 'lower' && ['browser', 'os', 'device'].includes(name)) {
    values = values.map((value) => value.toLowerCase());
  }
  // Visits without a referrer (direct) or a resolved place or language: Plausible's `Direct / None`, an
  // `Unknown`, or the empty string a GROUP BY on an empty column gives (Umami).
  const unknownAt: Partial<Record<StatisticName, number>> = { referrer: 1, country: 6, city: 4, language: 9 };
  const at = unknownAt[name];
  if (choices.statsUnknownRows !== 'none' && at !== undefined) {
    const label =
      choices.statsUnknownRows === 'empty'
        ? ''
        : name === 'referrer'
          ? 'Direct / None'
          : name === 'country' && choices.statsGeoCodes === 'iso'
            ? 'ZZ'
            : 'Unknown';
    values.splice(at, 0, label);
  }
  const silent = new Set<string>();
  if (choices.categoryZeroRows) {
    // Antarctica sees no visits on these sites; the devices table lists two kinds nobody uses.
    if (name === 'continent') silent.add(values[values.length - 1]!);
    for (const value of NEVER_SEEN[name] ?? []) {
      values.push(value);
      silent.add(value);
    }
  }
  return { values, silent };
}

export interface Traffic {
  /** Seed of the website's traffic, or null for a website with none yet. */
  seed: number | null;
  /** The day the website was added: nothing is counted before it. */
  firstDay: number;
}

/** Hours of the day weighted like real traffic: quiet at night, busy in the afternoon. */
const HOUR_WEIGHT = [3, 2, 2, 1, 1, 2, 4, 8, 12, 14, 15, 16, 17, 16, 16, 15, 14, 13, 12, 11, 10, 8, 6, 4];

function nameIndex(name: StatisticName): number {
  return STATISTIC_NAMES.indexOf(name) + 1;
}

/** One day's total of a series; one day in twenty has no traffic (an outage, a quiet holiday). */
function seriesCount(seed: number, name: 'pageviews' | 'visitors', day: number): number {
  const h = mix(seed, 0x5e, day);
  if (h % 20 === 0) return 0;
  const pageviews = 150 + ((h >>> 5) % 900);
  if (name === 'pageviews') return pageviews;
  return Math.floor((pageviews * (40 + ((h >>> 15) % 30))) / 100);
}

/**
 * Rows of one statistic for the days `from`…`to` (day numbers, both included). Days before the website was added
 * and days after today have no traffic.
 */
export function statisticRows(
  traffic: Traffic,
  name: StatisticName,
  from: number,
  to: number,
  choices: Pick<Choices, 'seriesZeroDays' | 'hourValue' | 'seriesDayValue' | 'liveToday'> &
    Partial<ValueChoices & Pick<Choices, 'statsUtcOffsetMinutes' | 'statsRowCap'>>,
): StatisticRow[] {
  const offset = choices.statsUtcOffsetMinutes ?? 0;
  const first = Math.max(from, traffic.firstDay);
  const last = Math.min(to, today(offset));
  const seed = traffic.seed;
  // Live data (choice 100): today's visits keep arriving, about four a second.
  const live = (day: number) =>
    choices.liveToday && seed !== null && day === today(offset)
      ? Math.floor(((Date.now() + offset * 60_000) % DAY_MS) / 250)
      : 0;
  if (name === 'pageviews' || name === 'visitors') {
    const rows: StatisticRow[] = [];
    for (let day = first; day <= last; day += 1) {
      const count = seed === null ? 0 : seriesCount(seed, name, day) + live(day);
      if (count === 0 && choices.seriesZeroDays === 'omit') continue;
      const date = dateOfDay(day);
      // mysql2 turns a DATE into a Date (JSON: midnight UTC); PDO gives DATE_TRUNC's timestamp as text.
      const value =
        choices.seriesDayValue === 'date'
          ? date
          : choices.seriesDayValue === 'midnight-iso'
            ? `${date}T00:00:00.000Z`
            : `${date} 00:00:00`;
      rows.push({ value, count, sortKey: date, storage: rows.length });
    }
    return rows;
  }
  if (name === 'pageviews_hours' || name === 'visitors_hours') {
    const counts = new Array<number>(24).fill(0);
    if (seed !== null) {
      const series = name === 'pageviews_hours' ? 'pageviews' : 'visitors';
      for (let day = first; day <= last; day += 1) {
        const total = seriesCount(seed, series, day);
        if (total === 0) continue;
        for (let hour = 0; hour < 24; hour += 1) {
          counts[hour]! += Math.floor((total * HOUR_WEIGHT[hour]!) / 220) + (mix(seed, day, hour) % 3);
        }
        if (live(day) > 0) counts[new Date(Date.now() + offset * 60_000).getUTCHours()]! += live(day);
      }
    }
    const rows: StatisticRow[] = [];
    counts.forEach((count, hour) => {
      if (count === 0 && choices.seriesZeroDays === 'omit') return;
      rows.push({ value: hourValue(hour, choices.hourValue), count, sortKey: hour, storage: rows.length });
    });
    return rows;
  }
  const { values, silent } = categoryValues(name, {
    statsUnknownRows: choices.statsUnknownRows ?? 'none',
    statsValueCase: choices.statsValueCase ?? 'as-is',
    statsGeoCodes: choices.statsGeoCodes ?? 'names',
    categoryZeroRows: choices.categoryZeroRows ?? false,
    statsValues: choices.statsValues ?? 'standard',
  });
  const rows: StatisticRow[] = [];
  const zeroRows = (choices.categoryZeroRows ?? false) && (name === 'continent' || name === 'device');
  if (seed === null) {
    // A LEFT JOIN from the reference table lists every value, with 0 for a website without visits (choice 115).
    if (zeroRows) for (const value of values) rows.push({ value, count: 0, sortKey: value, storage: rows.length });
    return rows;
  }
  const id = nameIndex(name);
  values.forEach((value, index) => {
    if (silent.has(value)) {
      if (zeroRows) rows.push({ value, count: 0, sortKey: value, storage: rows.length });
      return;
    }
    // Popular values every day, the long tail on one day in three; the weight falls with the rank.
    const weight = Math.max(2, Math.floor(120 / (1 + index / 3)));
    let count = 0;
    for (let day = first; day <= last; day += 1) {
      const h = mix(seed, id, index, day);
      if (index >= 100 && h % 3 !== 0) continue;
      count += 1 + ((h >>> 2) % weight);
      if (index === 0) count += live(day);
    }
    if (count > 0 || zeroRows) rows.push({ value, count, sortKey: value, storage: rows.length });
  });
  return capped(rows, choices.statsRowCap ?? 0);
}

/**
 * Matomo's archives keep the most visited rows of a report and sum the others into one `Others` row
 * (`datatable_archiving_maximum_rows_*`, choice 114): `cap` rows in all, the summary row among them.
 */
function capped(rows: StatisticRow[], cap: number): StatisticRow[] {
  if (cap <= 0 || rows.length <= cap) return rows;
  const ranked = [...rows].sort((a, b) => b.count - a.count || a.storage - b.storage);
  const kept = ranked.slice(0, cap - 1).sort((a, b) => a.storage - b.storage);
  const others = ranked.slice(cap - 1).reduce((sum, row) => sum + row.count, 0);
  return [
    ...kept.map((row, storage) => ({ ...row, storage })),
    { value: 'Others', count: others, sortKey: 'Others', storage: kept.length },
  ];
}

function hourValue(hour: number, style: Choices['hourValue']): string | number {
  if (style === 'integer') return hour;
  const padded = String(hour).padStart(2, '0');
  return style === 'two-digit' ? padded : `${padded}:00`;
}
