// What the client must have to make the next call. The source documentation
// does not show the website record, so the spec keeps every field optional;
// the client checks at run time that each record it hands back carries its
// identifier, and types it as present. Ids are checked too before they go
// into a path: `.`, `..` or a `/` would address another resource.
import { unsafePathSegment } from '@tallyport/http-policy';
import { isObject } from '@tallyport/spec-model/query';
import { unreadable } from './answer-errors.js';
import { MissingFieldError, ValidationError } from './errors.js';
import { show } from './validation.js';
import type { Outcome } from './http.js';
import type { RecordPlaces } from './unwrap.js';

/** Where an answer holds its records, and the kind of record and field later calls need (generated facts). */
export interface RecordFacts extends RecordPlaces {
  readonly record?: string;
  readonly identifier?: string;
}

/**
 * What an answer hands back: what was `found` where the records sit, each record checked to carry its identifier
 * (a number or a non-empty string), else MissingFieldError. Nothing found, or no list where a list is due, is an
 * error about the answer, ending in `advice`.
 */
export function checkedRecords(label: string, op: RecordFacts, outcome: Outcome, found: unknown, advice: string) {
  const { many, record, identifier } = op;
  if (many ? !Array.isArray(found) : found === undefined) {
    const places = op.records.map((keys) => keys.join('.') || 'the top').join(' or ');
    throw unreadable(outcome, outcome.payload, `no ${many ? 'list' : 'record'} at ${places} of the payload. ${advice}`);
  }
  if (record && identifier) {
    (many ? (found as unknown[]) : [found]).forEach((value, index) => {
      const id = isObject(value) ? value[identifier] : undefined;
      if (typeof id === 'number' || (typeof id === 'string' && id !== '')) return;
      const which = many ? `${record} ${index + 1} of the list` : `the ${record}`;
      throw new MissingFieldError(
        `${label}: no \`${identifier}\` in ${which}, which later calls need; ` +
          'check `baseUrl`, or read the payload with rawClient.',
        label,
        record,
        identifier,
        many ? index : undefined,
      );
    });
  }
  return found;
}

/** Refuses an id that would leave its path segment (empty, `.`, `..`, a slash; see @tallyport/http-policy). */
export function assertPathIds(operation: string, params: Readonly<Record<string, unknown>> | undefined): void {
  if (!params) return;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value !== 'string') continue;
    const reason = unsafePathSegment(value);
    if (reason) {
      throw new ValidationError(
        `Invalid parameter "${name}" for ${operation}: got ${show(value)}, but ${reason}.`,
        operation,
        name,
        value,
        undefined,
      );
    }
  }
}
