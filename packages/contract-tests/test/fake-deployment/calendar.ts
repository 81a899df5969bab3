// Y-m-d dates as day numbers. The engine sends any date a JSON-schema `date`
// validator accepts (year 0000 to 9999, leap days, month ends), so the fake
// does its own proleptic Gregorian arithmetic instead of trusting `Date`,
// which maps years 0-99 to the 1900s and silently rolls 30 February over.

const DAY_MS = 86_400_000;

export const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const floorDiv = (a: number, b: number): number => Math.floor(a / b);

/** Days since 1970-01-01 of a civil date (H. Hinnant's algorithm); day and month may overflow. */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = floorDiv(y, 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = floorDiv(153 * (month + (month > 2 ? -3 : 9)) + 2, 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function civilDate(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = floorDiv(z, 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = floorDiv(
    dayOfEra - floorDiv(dayOfEra, 1460) + floorDiv(dayOfEra, 36_524) - floorDiv(dayOfEra, 146_096),
    365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + floorDiv(yearOfEra, 4) - floorDiv(yearOfEra, 100));
  const mp = floorDiv(5 * dayOfYear + 2, 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - floorDiv(153 * mp + 2, 5) + 1 };
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export function formatDay(days: number): string {
  const { year, month, day } = civilDate(days);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a real Y-m-d date, or undefined for anything else (30 February included). */
export function parseYmd(text: string | undefined): number | undefined {
  const match = text === undefined ? null : YMD.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return dayNumber(year, month, day);
}

/** What a regex-only validator lets through: 2026-02-30 rolls over into March, 2026-13-01 into next year. */
export function parseYmdLoosely(text: string | undefined): number | undefined {
  const match = text === undefined ? null : YMD.exec(text);
  if (!match) return undefined;
  return dayNumber(Number(match[1]), 1, 1) + monthOffset(Number(match[1]), Number(match[2])) + Number(match[3]) - 1;
}

function monthOffset(year: number, month: number): number {
  return dayNumber(year + floorDiv(month - 1, 12), ((((month - 1) % 12) + 12) % 12) + 1, 1) - dayNumber(year, 1, 1);
}

export const today = (): number => Math.floor(Date.now() / DAY_MS);

/** 0 = Monday ... 6 = Sunday (1970-01-01 was a Thursday). */
export const weekday = (days: number): number => (((days + 3) % 7) + 7) % 7;

export function monthStart(days: number): number {
  const { year, month } = civilDate(days);
  return dayNumber(year, month, 1);
}

export function monthEnd(days: number): number {
  const { year, month } = civilDate(days);
  return dayNumber(year, month, daysInMonth(year, month));
}

export const isMonthEnd = (days: number): boolean => days === monthEnd(days);

/** Whether [from, to] holds a 29 February. */
export function holdsLeapDay(from: number, to: number): boolean {
  const first = civilDate(from).year;
  const last = civilDate(to).year;
  for (let year = first; year <= last; year++) {
    if (!isLeapYear(year)) continue;
    const leapDay = dayNumber(year, 2, 29);
    if (leapDay >= from && leapDay <= to) return true;
  }
  return false;
}

/** How many days d in [from, to] satisfy d ≡ -phase (mod period). */
export function countCongruent(from: number, to: number, period: number, phase: number): number {
  if (to < from) return 0;
  return floorDiv(to + phase, period) - floorDiv(from - 1 + phase, period);
}

/** Σ weights[weekday(d)] over d in [from, to], in constant time for any range. */
export function weeklySum(from: number, to: number, weights: readonly number[]): number {
  if (to < from) return 0;
  const week = weights.reduce((sum, weight) => sum + weight, 0);
  const before = (end: number): number => {
    // Σ over d < end, counted from the Monday 1970-01-05 (day 4).
    const offset = end - 4;
    const full = floorDiv(offset, 7);
    let sum = full * week;
    for (let index = 0; index < offset - full * 7; index++) sum += weights[index] ?? 0;
    return sum;
  };
  return before(to + 1) - before(from);
}
