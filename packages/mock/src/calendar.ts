// Calendar days as whole numbers, for statistics over any range of the years
// 0000-9999 that `Y-m-d` can write: strict parsing (2026-02-30 is no date),
// formatting back, and how many of each weekday a range holds. JavaScript's
// Date reads the years 0-99 as 1900-1999, so the arithmetic is done here
// (days from 1970-01-01 in the proleptic Gregorian calendar).

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 of a civil date (H. Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The civil date of a day number (H. Hinnant's civil_from_days). */
export function civilDate(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The day number of a strict `Y-m-d` date, or undefined for anything else (month 13, February 30, ...). */
export function parseYmd(text: string): number | undefined {
  const match = YMD.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return dayNumber(year, month, day);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

export function formatDay(days: number): string {
  const { year, month, day } = civilDate(days);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday). */
export const weekdayOf = (days: number): number => (((days + 3) % 7) + 7) % 7;

/** How many Mondays, Tuesdays, ... the inclusive range holds. */
export function weekdayCounts(from: number, to: number): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  if (to < from) return counts;
  const length = to - from + 1;
  const weeks = Math.floor(length / 7);
  for (let weekday = 0; weekday < 7; weekday++) counts[weekday] = weeks;
  for (let day = from + weeks * 7; day <= to; day++) counts[weekdayOf(day)]! += 1;
  return counts;
}

/** An ISO 8601 UTC timestamp without milliseconds, as the specs' examples write them. */
export const timestamp = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
