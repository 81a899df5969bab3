// Checks the parameters of a call against the facts generated from the spec
// (src/generated/), before any request is made, and refuses the first bad one
// with a ValidationError that names it, the value received and what is
// allowed. The facts are plain data read by this one small function, which is
// far lighter to ship than a schema library running the same rules. It reads
// what the specs' parameters say (allowed values, integer and string types, a
// date format, required); the generator refuses a spec that asks for more.
import { ValidationError } from './errors.js';

export interface Fact {
  readonly required?: boolean;
  /** `integer`, `string`, or both joined by ` | `. */
  readonly type?: string;
  readonly allowed?: readonly unknown[];
  readonly format?: string;
  readonly default?: unknown;
  readonly quirk?: boolean;
}

export interface OperationFacts {
  /** The parameters of each location (`path`, `query`, `body`) the operation reads, in that order. */
  readonly facts: Readonly<Record<string, Readonly<Record<string, Fact>>>>;
  readonly forbidden?: readonly string[];
  /** The start and end of a range (`from`, `to`), which must be in order. */
  readonly range?: readonly string[];
}

/** A value as a refusal shows it: JSON, cut after 80 characters. */
export const show = (value: unknown): string => {
  const text = typeof value === 'object' || typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** A real calendar date in Y-m-d: the pattern, and a day that exists (no 2026-02-30). */
const isYmd = (value: string): boolean => {
  const day = /^\d{4}-\d\d-\d\d$/.test(value) ? new Date(`${value}T00:00:00Z`) : undefined;
  return day !== undefined && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
};

const fits = (type: string, value: unknown, fact: Fact): boolean =>
  type === 'integer'
    ? Number.isInteger(value)
    : // A required string must not be empty: an empty value is as good as missing.
      typeof value === 'string' && (!fact.required || value !== '') && (fact.format !== 'date' || isYmd(value));

function expectation(fact: Fact): string {
  if (fact.allowed) return `; allowed values: ${fact.allowed.map(show).join(', ')}`;
  if (fact.format === 'date') return '; expected a real date, Y-m-d';
  return `; expected ${fact.type!.replace('integer', 'an integer').replace('string', 'a non-empty string')}`;
}

/**
 * Returns a copy of `input` holding the parameters given (`undefined` ones
 * left out), or throws the ValidationError of the first bad one. `where`
 * picks the facts of one location (`path`, `query` or `body`).
 */
export function validate<T>(operation: string, spec: OperationFacts, where: string, input: unknown): T {
  const facts = spec.facts[where] ?? {};
  const accepted = Object.keys(facts);
  const refuse = (message: string, parameter?: string, value?: unknown, allowed: unknown = accepted) =>
    new ValidationError(message, operation, parameter, value, allowed as readonly unknown[] | undefined);
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw refuse(`${operation} expects an object of parameters, got ${show(input)}.`, undefined, input);
  }
  const given = input as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const name of accepted) {
    const fact = facts[name]!;
    const value = given[name];
    if (value === undefined) {
      if (fact.required)
        throw refuse(
          `Missing required parameter "${name}" for ${operation}${expectation(fact)}.`,
          name,
          value,
          fact.allowed,
        );
      continue;
    }
    if (
      !(fact.allowed ? fact.allowed.includes(value) : fact.type!.split(' | ').some((type) => fits(type, value, fact)))
    ) {
      // The documented default that is no allowed value (the source documentation's own quirk) is explained.
      const quirk =
        fact.quirk && value === fact.default
          ? ` It is the documented default, yet not allowed: leave "${name}" unset.`
          : '';
      throw refuse(
        `Invalid parameter "${name}" for ${operation}: got ${show(value)}${expectation(fact)}.${quirk}`,
        name,
        value,
        fact.allowed,
      );
    }
    out[name] = value;
  }
  for (const name of Object.keys(given)) {
    if (accepted.includes(name) || given[name] === undefined) continue;
    const kind = spec.forbidden?.includes(name) ? 'Forbidden' : 'Unknown';
    throw refuse(
      `${kind} parameter "${name}" for ${operation}; accepted: ${accepted.join(', ') || 'none'}.`,
      name,
      given[name],
    );
  }
  return out as T;
}

/**
 * The range rule of the source documentation: a range's start (`from`) must not be after its end (`to`). Both are
 * already valid Y-m-d dates, which compare as text.
 */
export function assertRange(operation: string, [start, end]: readonly string[], params: Record<string, unknown>): void {
  const from = params[start!] as string;
  const to = params[end!] as string;
  if (from > to) {
    throw new ValidationError(
      `Invalid date range for ${operation}: "${start}" (${from}) is after "${end}" (${to}); ` +
        `expected ${start} <= ${end}.`,
      operation,
      start,
      from,
      undefined,
    );
  }
}
