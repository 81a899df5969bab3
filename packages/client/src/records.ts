// What the client must have to make the next call. The source documentation
// does not show the website record, so the spec keeps every field optional;
// the client checks at run time that each record it hands back carries its
// identifier, and types it as present. Ids are checked too before they go
// into a path: `.`, `..` or a `/` would address another resource.
import { unsafePathSegment } from '@tallyport/http-policy';
import { unreadable } from './answer-errors.js';
import { MissingFieldError, ValidationError } from './errors.js';
import type { Outcome } from './http.js';
import type { RecordPlaces } from './unwrap.js';

/** Where an answer holds its records, and the kind of record and field later calls need (generated facts). */
export interface RecordFacts extends RecordPlaces {
  readonly record?: string;
  readonly identifier?: string;
}

/** Throws MissingFieldError unless `value` is an object whose `identifier` is a number or a non-empty string. */
export function requireIdentifier<T>(
  operation: string,
  record: string,
  identifier: string,
  value: unknown,
  index?: number,
): T {
  const id = value && typeof value === 'object' ? (value as Record<string, unknown>)[identifier] : undefined;
  if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return value as T;
  const which = index === undefined ? `the ${record}` : `${record} ${index + 1} of the list`;
  throw new MissingFieldError(
    `${operation}: no \`${identifier}\` in ${which}, which later calls need; ` +
      'check `baseUrl`, or read the payload with rawClient.',
    operation,
    record,
    identifier,
    index,
  );
}

export function requireIdentifiers<T>(operation: string, record: string, identifier: string, list: unknown[]): T[] {
  for (let i = 0; i < list.length; i++) requireIdentifier(operation, record, identifier, list[i], i);
  return list as T[];
}

/**
 * What an answer hands back: what was `found` where the records sit, each record checked to carry its identifier.
 * Nothing found, or no list where a list is due, is an error about the answer, ending in `advice`.
 */
export function checkedRecords(label: string, op: RecordFacts, outcome: Outcome, found: unknown, advice: string) {
  const { many, record, identifier } = op;
  if (many ? !Array.isArray(found) : found === undefined) {
    const places = op.records.map((keys) => keys.join('.') || 'the top').join(' or ');
    throw unreadable(outcome, outcome.payload, `no ${many ? 'list' : 'record'} at ${places} of the payload. ${advice}`);
  }
  if (!record || !identifier) return found;
  return many
    ? requireIdentifiers(label, record, identifier, found as unknown[])
    : requireIdentifier(label, record, identifier, found);
}

/** Refuses an id that would leave its path segment (empty, `.`, `..`, a slash; see @tallyport/http-policy). */
export function assertPathIds(operation: string, params: Readonly<Record<string, unknown>> | undefined): void {
  if (!params) return;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    const reason = unsafePathSegment(value);
    if (reason) {
      throw new ValidationError(
        `Invalid parameter "${name}" for ${operation}: got ${JSON.stringify(value.slice(0, 80))}, but ${reason}.`,
        operation,
        name,
        value,
        undefined,
      );
    }
  }
}
