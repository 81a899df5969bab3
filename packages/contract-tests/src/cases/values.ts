// The values a parameter can take in a case, read from its schema: valid
// values (every enum value, the example, format edges) and invalid ones, one
// broken rule each. Everything is a string because it travels in a query, a
// path or a form body.
import { type Json, type OperationModel, type ParameterModel, parameterWithRole } from '@tallyport/spec-model/query';
import type { Basis } from '../spec/basis.js';
import type { Values } from '../spec/secrets.js';

export interface InvalidValue {
  value: string;
  rule: string;
  /**
   * `specified` when the value breaks a rule the source documentation states (outside the listed values, not an
   * integer, not in the stated format, a required value blank); `convention` when only a reading of it does (an
   * impossible day written in the `Y-m-d` layout, which some date parsers roll over).
   */
  ruleBasis: Basis;
}

/** A required parameter with no default: nothing the deployment could fall back to when it is missing or broken. */
export const requiredWithoutDefault = (parameter: ParameterModel): boolean =>
  parameter.required && !parameter.hasDefault;

/** A scalar of the spec (an enum value, an example, a default) as the text a request sends; none for an object. */
export const scalar = (value: Json | undefined): string | undefined =>
  value === undefined || value === null || typeof value === 'object' ? undefined : String(value);

export const DAY_MS = 86_400_000;

/** The UTC day of an instant, written as the source documentation writes dates (Y-m-d). */
export const ymd = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Calendar dates at the edges a date parser gets wrong: a leap day, month and year ends. */
export const DATE_EDGES: ReadonlyArray<{ from: string; to: string; note: string }> = [
  { from: '2024-02-29', to: '2024-02-29', note: 'a leap day' },
  { from: '2025-12-31', to: '2026-01-01', note: 'across a year end' },
  { from: '2026-02-28', to: '2026-03-31', note: 'month ends' },
  { from: '2026-01-31', to: '2026-01-31', note: 'a 31st' },
];

const isDate = (parameter: ParameterModel): boolean => parameter.format === 'date';
const isInteger = (parameter: ParameterModel): boolean => parameter.types.includes('integer');
export const acceptsString = (parameter: ParameterModel): boolean =>
  parameter.types.length === 0 || parameter.types.includes('string');

/** The value a request uses when it has no reason to pick another. */
export function plainValue(parameter: ParameterModel): string | undefined {
  const fromExample = scalar(parameter.example);
  if (fromExample !== undefined && (!parameter.enum || parameter.enum.some((value) => scalar(value) === fromExample)))
    return fromExample;
  const first = parameter.enum?.map(scalar).find((value) => value !== undefined);
  if (first !== undefined) return first;
  const schemaExample = scalar(
    Array.isArray((parameter.schema as { examples?: Json[] }).examples)
      ? (parameter.schema as { examples: Json[] }).examples[0]
      : undefined,
  );
  if (schemaExample !== undefined) return schemaExample;
  if (isDate(parameter)) return '2026-10-01';
  if (isInteger(parameter) || parameter.types.includes('number')) return '1';
  if (parameter.types.includes('boolean')) return 'true';
  return 'tallyport';
}

/** Every valid value worth sending alone: each enum value, or the plain value. */
export function validValues(parameter: ParameterModel): string[] {
  if (parameter.enum) return parameter.enum.map(scalar).filter((value): value is string => value !== undefined);
  const plain = plainValue(parameter);
  return plain === undefined ? [] : [plain];
}

/** One invalid value per rule the schema states. */
export function invalidValues(parameter: ParameterModel): InvalidValue[] {
  const found: InvalidValue[] = [];
  if (parameter.enum) {
    const allowed = new Set(parameter.enum.map(scalar));
    if (isInteger(parameter)) {
      const numbers = parameter.enum.filter((value): value is number => typeof value === 'number');
      const outside = numbers.length > 0 ? Math.max(...numbers) + 1 : 2_147_483_647;
      found.push({
        value: String(outside),
        rule: `an integer outside the enum (${[...allowed].join(', ')})`,
        ruleBasis: 'specified',
      });
    } else {
      let candidate = 'tallyport-not-allowed';
      while (allowed.has(candidate)) candidate += '-x';
      found.push({
        value: candidate,
        rule: `a value outside the enum (${[...allowed].join(', ')})`,
        ruleBasis: 'specified',
      });
    }
  }
  if (isInteger(parameter) && !acceptsString(parameter)) {
    found.push({ value: 'ten', rule: 'not an integer (a word)', ruleBasis: 'specified' });
    found.push({ value: '1.5', rule: 'not an integer (a fraction)', ruleBasis: 'specified' });
  }
  if (isDate(parameter)) {
    // Written in the Y-m-d layout: only a strict reading of the format refuses them (PHP's parser rolls them over).
    found.push({ value: '2026-02-30', rule: 'an impossible date (February 30)', ruleBasis: 'convention' });
    found.push({
      value: '2025-02-29',
      rule: 'an impossible date (February 29 of a common year)',
      ruleBasis: 'convention',
    });
    found.push({ value: '2026-13-01', rule: 'an impossible date (month 13)', ruleBasis: 'convention' });
    found.push({ value: '01/10/2026', rule: 'not in the Y-m-d format', ruleBasis: 'specified' });
  } else if (parameter.pattern && acceptsString(parameter)) {
    found.push({ value: '~', rule: `not matching the pattern ${parameter.pattern}`, ruleBasis: 'specified' });
  }
  if (parameter.minLength !== undefined && parameter.minLength > 0 && acceptsString(parameter)) {
    found.push({ value: '', rule: `shorter than minLength ${parameter.minLength}`, ruleBasis: 'specified' });
  } else if (requiredWithoutDefault(parameter) && !found.some((invalid) => invalid.value === '')) {
    found.push({ value: '', rule: 'blank (a required parameter sent empty)', ruleBasis: 'specified' });
  }
  return found;
}

/**
 * An integer a numeric enum does not allow whose effect would show if a deployment honoured it, on data of which
 * an answer showed `rowsShown` rows: the middle of the widest gap between allowed values below that count (a size
 * no rounding to an allowed one gives back), or else a size under the smallest allowed one.
 */
export function revealingInvalidSize(parameter: ParameterModel, rowsShown: number): InvalidValue | undefined {
  const allowed = (parameter.enum ?? [])
    .filter((value): value is number => typeof value === 'number')
    .sort((a, b) => a - b);
  if (allowed.length === 0 || !isInteger(parameter)) return undefined;
  const middles = allowed.slice(1).map((upper, index) => Math.floor((allowed[index]! + upper) / 2));
  const fits = (size: number) => size > 0 && size < rowsShown && !allowed.includes(size);
  const below = Math.floor(allowed[0]! / 2);
  const size = middles.filter(fits).at(-1) ?? (fits(below) ? below : undefined);
  if (size === undefined) return undefined;
  return {
    value: String(size),
    rule: `an integer outside the enum (${allowed.join(', ')})`,
    ruleBasis: 'specified',
  };
}

/** The largest numeric value a parameter allows, as sent (the largest page size). */
export const largestValue = (parameter: ParameterModel): string | undefined =>
  validValues(parameter)
    .filter((value) => Number.isFinite(Number(value)))
    .sort((a, b) => Number(b) - Number(a))[0];

/** The spec's own example values of a parameter: its example and every value its schema lists. */
export function exampleValues(parameter: ParameterModel): string[] {
  const listed = (parameter.schema as { examples?: Json[] }).examples;
  const all = [parameter.example, ...(Array.isArray(listed) ? listed : [])].map(scalar);
  return [...new Set(all.filter((value): value is string => value !== undefined))];
}

/** The field a search is matched against, and whether the case must name it. */
export function searchField(
  operation: OperationModel,
): { name: string; send: boolean; parameter?: string } | undefined {
  const field = parameterWithRole(operation, 'search-field');
  if (!field) return undefined;
  const allowed = validValues(field);
  const fallback = field.default === undefined ? undefined : String(field.default);
  if (fallback !== undefined && allowed.includes(fallback))
    return { name: fallback, send: false, parameter: field.name };
  return allowed[0] ? { name: allowed[0], send: true, parameter: field.name } : undefined;
}

/**
 * Text a deployment may refuse by a rule of its own: long (past 64 characters), not plain ASCII, or holding
 * characters a query language or a template reads.
 */
export const risky = (text: string): boolean =>
  [...text].length > 64 || !/^[\x20-\x7e]*$/.test(text) || /['"\\%_;<&]/.test(text);

/**
 * Whether every text a write sends, its label included, is plain: nothing in it that a deployment's own rule of
 * length or syntax would refuse, so a refusal of it says something of the write itself (its encoding, its handling).
 */
export const plainWrite = (values: Readonly<Values>): boolean =>
  Object.values(values).every((value) => typeof value !== 'string' || !risky(value));
