// Which documented rule a value someone sent breaks, read from its parameter
// in the spec model: a word or a fraction for an integer, a value outside the
// enum, a date that is not Y-m-d or not on the calendar, a pattern, a minimum
// length. The rules are those a run's own negative cases break one at a time
// (cases/values.ts), named the same way, so a recorded request that breaks one
// reads in a report like the run's case would.
import type { ParameterModel } from '@tallyport/spec-model/query';
import { acceptsString, scalar } from '../cases/values.js';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whether a Y-m-d text names a day of the proleptic Gregorian calendar. */
export function isCalendarDay(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/** The documented default of a parameter when it is outside its own allowed values (a quirk of the source). */
export function quirkDefault(parameter: ParameterModel): string | undefined {
  const fallback = parameter.hasDefault ? scalar(parameter.default) : undefined;
  if (fallback === undefined || !parameter.enum) return undefined;
  return parameter.enum.some((value) => scalar(value) === fallback) ? undefined : fallback;
}

/** The rule `value` breaks as a value of `parameter`, or undefined when it follows every rule the spec states. */
export function ruleBroken(parameter: ParameterModel, value: string): string | undefined {
  const integer = parameter.types.includes('integer') && !acceptsString(parameter);
  if (integer && !/^-?\d+$/.test(value))
    return /^-?\d*\.\d+$/.test(value) ? 'not an integer (a fraction)' : 'not an integer (a word)';
  const number = parameter.types.includes('number') && !acceptsString(parameter);
  if (number && (value.trim() === '' || !Number.isFinite(Number(value)))) return 'not a number';
  if (parameter.enum) {
    const allowed = parameter.enum.map(scalar).filter((entry): entry is string => entry !== undefined);
    const matches = integer ? allowed.some((entry) => Number(entry) === Number(value)) : allowed.includes(value);
    if (!matches) return `${integer ? 'an integer' : 'a value'} outside the enum (${allowed.join(', ')})`;
  }
  if (parameter.format === 'date') {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'not in the Y-m-d format';
    if (!isCalendarDay(value)) return `an impossible date (${value})`;
  } else if (parameter.pattern && acceptsString(parameter) && !new RegExp(parameter.pattern, 'u').test(value)) {
    return `not matching the pattern ${parameter.pattern}`;
  }
  if (parameter.minLength !== undefined && acceptsString(parameter) && value.length < parameter.minLength)
    return `shorter than minLength ${parameter.minLength}`;
  return undefined;
}
