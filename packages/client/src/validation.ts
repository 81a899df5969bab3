// Checks the parameters of a call against the facts generated from the spec
// (src/generated/), before any request is made, and refuses the first bad one
// with a ValidationError that names it, the value received and what is
// allowed. The facts are plain data read by this one small function, which is
// far lighter to ship than a schema library running the same rules.
import { ValidationError } from './errors.js';

export interface Fact {
  readonly required?: boolean;
  /** `integer`, `string`, `number`, `boolean`, or several joined by ` | `. */
  readonly type?: string;
  readonly allowed?: readonly unknown[];
  readonly format?: string;
  readonly minLength?: number;
  readonly pattern?: string;
  readonly default?: unknown;
  readonly quirk?: boolean;
}

export interface OperationFacts {
  /** The parameters of each location (`path`, `query`, `body`) the operation reads, in that order. */
  readonly facts: Readonly<Record<string, Readonly<Record<string, Fact>>>>;
  readonly forbidden?: readonly string[];
}

const show = (value: unknown): string => {
  const text = typeof value === 'object' || typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** A real calendar date in Y-m-d: the pattern, and a day that exists (no 2026-02-30). */
const isYmd = (value: string): boolean => {
  const day = /^\d{4}-\d\d-\d\d$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  return day !== undefined && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};

const fits = (type: string, value: unknown, fact: Fact): boolean => {
  switch (type) {
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'string':
      return (
        typeof value === 'string' &&
        // A required string must not be empty: an empty value is as good as missing.
        value.length >= (fact.minLength ?? (fact.required ? 1 : 0)) &&
        (!fact.pattern || new RegExp(fact.pattern).test(value)) &&
        (fact.format !== 'date' || isYmd(value))
      );
    default:
      return true;
  }
};

function expectation(fact: Fact): string {
  if (fact.allowed) return `; allowed values: ${fact.allowed.map(show).join(', ')}`;
  if (fact.format === 'date') return '; expected a real date, Y-m-d';
  return fact.type
    ? `; expected ${fact.type.replace('integer', 'an integer').replace('string', 'a non-empty string')}`
    : '';
}

/**
 * Returns a copy of `input` holding the parameters given (`undefined` ones
 * left out), or throws the ValidationError of the first bad one. `where`
 * picks the facts of one location (`path`, `query` or `body`).
 */
export function validate<T>(operation: string, spec: OperationFacts, where: string, input: unknown): T {
  const facts = Object.entries(spec.facts[where] ?? {});
  const accepted = Object.keys(spec.facts[where] ?? {});
  const refuse = (
    message: string,
    parameter?: string,
    value?: unknown,
    allowed: readonly unknown[] | undefined = accepted,
  ) => new ValidationError(message, operation, parameter, value, allowed);
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw refuse(`${operation} expects an object of parameters, got ${show(input)}.`, undefined, input);
  }
  const given = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [name, fact] of facts) {
    const value = given[name];
    if (value === undefined) {
      if (fact.required) {
        throw refuse(
          `Missing required parameter "${name}" for ${operation}${expectation(fact)}.`,
          name,
          value,
          fact.allowed,
        );
      }
      continue;
    }
    const ok =
      (fact.allowed ? fact.allowed.includes(value) : true) &&
      (fact.type ?? '').split(' | ').some((type) => fits(type, value, fact));
    if (!ok) {
      let message = `Invalid parameter "${name}" for ${operation}: got ${show(value)}${expectation(fact)}.`;
      if (fact.quirk && value === fact.default) {
        message += ` It is the documented default of "${name}", not an allowed value: leave "${name}" unset.`;
      }
      throw refuse(message, name, value, fact.allowed);
    }
    out[name] = value;
  }
  for (const name of Object.keys(given)) {
    if (accepted.includes(name) || given[name] === undefined) continue;
    const why = spec.forbidden?.includes(name)
      ? `"${name}" is not a parameter of ${operation} (the spec forbids it here)`
      : `Unknown parameter "${name}" for ${operation}`;
    throw refuse(`${why}; accepted parameters: ${accepted.join(', ') || 'none'}.`, name, given[name]);
  }
  return out as T;
}

/** The range rule of the source documentation: `from` must not be after `to` (both already valid Y-m-d). */
export function assertDateRange(operation: string, from: string, to: string): void {
  if (from > to) {
    throw new ValidationError(
      `Invalid date range for ${operation}: "from" (${from}) is after "to" (${to}); expected from <= to.`,
      operation,
      'from',
      from,
      undefined,
    );
  }
}
