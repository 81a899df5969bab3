// Turns zod issues of the spec-derived schemas into one ValidationError that
// names the parameter, the value received and what is allowed, before any
// request is made.
import { ValidationError } from './errors.js';

interface Fact {
  readonly required: boolean;
  readonly allowed?: readonly unknown[];
  readonly default?: unknown;
  readonly format?: string;
  readonly type?: string;
  readonly quirk?: string;
}

export interface OperationFacts {
  readonly facts: Readonly<Record<string, Fact>>;
  readonly forbidden: readonly string[];
}

interface Issue {
  code: string;
  path: PropertyKey[];
  keys?: string[];
  values?: unknown[];
  format?: string;
  expected?: string;
}

interface SafeParser<T> {
  readonly shape?: Readonly<Record<string, unknown>>;
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

function show(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'bigint' || typeof value === 'symbol' || typeof value === 'function') return String(value);
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

const list = (values: readonly unknown[]) => values.map(show).join(', ');

function expectation(fact: Fact | undefined): string {
  if (!fact) return '';
  if (fact.allowed) return `; allowed values: ${list(fact.allowed)}`;
  if (fact.format === 'date') return '; expected a real calendar date in Y-m-d format (YYYY-MM-DD)';
  if (fact.type)
    return `; expected ${fact.type.replace('integer', 'an integer').replace('string', 'a non-empty string')}`;
  return '';
}

function issueToError(
  operation: string,
  issue: Issue,
  input: unknown,
  spec: OperationFacts,
  accepted: string[],
): ValidationError {
  const allKnown = accepted;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys?.[0] ?? '';
    const value = (input as Record<string, unknown>)[key];
    const why = spec.forbidden.includes(key)
      ? `"${key}" is not a parameter of ${operation} (the spec forbids it here)`
      : `Unknown parameter "${key}" for ${operation}`;
    return new ValidationError(
      `${why}; accepted parameters: ${allKnown.join(', ') || 'none'}.`,
      operation,
      key,
      value,
      allKnown,
    );
  }
  const parameter = issue.path.length ? String(issue.path[0]) : undefined;
  if (parameter === undefined) {
    return new ValidationError(
      `${operation} expects an object of parameters, got ${show(input)}.`,
      operation,
      undefined,
      input,
      allKnown,
    );
  }
  const fact = spec.facts[parameter];
  const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[parameter] : undefined;
  const allowed = fact?.allowed ?? (issue.values as readonly unknown[] | undefined);
  if (value === undefined && fact?.required) {
    return new ValidationError(
      `Missing required parameter "${parameter}" for ${operation}${expectation(fact)}.`,
      operation,
      parameter,
      value,
      allowed,
    );
  }
  let message = `Invalid parameter "${parameter}" for ${operation}: got ${show(value)}${expectation(fact)}.`;
  if (fact?.quirk && value === fact.default) {
    message +=
      ` ${show(value)} is the documented default of "${parameter}" but not one of its allowed values ` +
      `(a quirk of the API documentation: ${fact.quirk})` +
      ` Leave "${parameter}" unset to get the server's default.`;
  }
  return new ValidationError(message, operation, parameter, value, allowed);
}

/** Parses `input` with a spec-derived schema or throws a ValidationError. */
export function validate<T>(operation: string, schema: SafeParser<T>, input: unknown, spec: OperationFacts): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw issue
    ? issueToError(operation, issue, input, spec, Object.keys(schema.shape ?? spec.facts))
    : new ValidationError(`Invalid parameters for ${operation}.`, operation, undefined, input, undefined);
}

/** The seed's range check: `from` must not be after `to` (both already valid Y-m-d). */
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
