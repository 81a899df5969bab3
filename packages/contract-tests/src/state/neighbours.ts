// The neighbours of a request: the same request with one value moved to
// the next value of the same kind, which the documentation allows alike. A
// date range one day earlier (the same length, so no bound on a range's
// length tells them apart, and earlier, so no bound on how recent a range
// may be does either), a search text of the same length in plain ASCII
// letters, and the same request sent before. For a write: the same fields
// with each text that is long or not plain ASCII (the domain's middle part
// included) in plain short ASCII, or a write of the same fields served
// before. A deployment that serves the neighbour and refuses the request (a
// read), or fails on it (a write: a refusal of a write may follow a rule of
// its own), has a fault in how it handles that one value. The run sends a
// neighbour for each it meets; the check (invariants/neighbours-served.ts)
// finds them by these same definitions.
import { type OperationModel, parameterWithRole } from '@tallyport/spec-model/query';
import { DAY_MS, risky, ymd } from '../cases/values.js';
import type { Answer } from '../answers/answer.js';
import type { Values } from '../spec/secrets.js';
import { pagingValues } from './walks.js';

export type NeighbourKind = 'the day before' | 'the same text in ASCII';

const YMD = /^\d{4}-\d{2}-\d{2}$/;

const dayBefore = (date: string): string | undefined => {
  if (!YMD.test(date)) return undefined;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : ymd(time - DAY_MS);
};

/** Plain ASCII letters, for a text of `length` code points that no search rule reads differently. */
const asciiText = (length: number): string => 'tallyportneighbour'.repeat(Math.ceil(length / 18)).slice(0, length);

const isPlain = (text: string): boolean => /^[a-z0-9]*$/i.test(text);

/** The neighbours of a request's values: each differs from them in one value only. */
export function neighboursOf(
  operation: OperationModel,
  values: Readonly<Values>,
  now = Date.now(),
): Array<{ kind: NeighbourKind; values: Values }> {
  const out: Array<{ kind: NeighbourKind; values: Values }> = [];
  const start = parameterWithRole(operation, 'range-start');
  const end = parameterWithRole(operation, 'range-end');
  const [from, to] = [start && values[start.name], end && values[end.name]];
  // A range that ends near today is left alone: a bound on how recent a range may be could tell the two apart.
  const recent = ymd(now - 2 * DAY_MS);
  if (start && end && typeof from === 'string' && typeof to === 'string' && to < recent) {
    const [earlierFrom, earlierTo] = [dayBefore(from), dayBefore(to)];
    if (earlierFrom && earlierTo)
      out.push({ kind: 'the day before', values: { ...values, [start.name]: earlierFrom, [end.name]: earlierTo } });
  }
  const search = parameterWithRole(operation, 'search');
  const text = search ? values[search.name] : undefined;
  if (search && typeof text === 'string' && text !== '' && !isPlain(text))
    out.push({ kind: 'the same text in ASCII', values: { ...values, [search.name]: asciiText([...text].length) } });
  return out;
}

/**
 * A request the documentation allows that the deployment refused or failed on: what neighbours are sent for. A
 * further page is left out: how pages are reached is not documented, and a page past the end may be refused.
 */
export const refusedAllowed = (answer: Answer): boolean =>
  answer.operation.effect === 'read' &&
  Object.keys(pagingValues(answer)).length === 0 &&
  answer.answered &&
  answer.case?.auth === 'valid' &&
  answer.case.expect === 'success' &&
  ((answer.verdict === 'refused' && (answer.status ?? 0) < 500) || (answer.status ?? 0) >= 500);

/** A plain value for a risky text: ASCII letters, short. */
export const plainText = (text: string): string => asciiText(Math.min(16, Math.max(1, [...text].length)));

/**
 * A write of the run's sequences the documentation allows that failed (a 5XX, or no answer): a refusal may follow a
 * rule the deployment has (a length, a syntax), a failure does not.
 */
export const failedWrite = (answer: Answer): boolean =>
  answer.operation.effect !== 'read' &&
  answer.operation.effect !== 'delete' &&
  answer.case?.family === 'sequence' &&
  answer.case.auth === 'valid' &&
  (!answer.answered || (answer.status ?? 0) >= 500);

/** The fields of a failed write a neighbour sends otherwise: those holding risky text, the label's middle part too. */
export function writeNeighbour(
  values: Readonly<Record<string, string>>,
  label: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values))
    out[name] = name !== label && risky(value) ? plainText(value) : value;
  return out;
}

/**
 * Whether `served` is a neighbour of the failed write `failed`: the same operation and fields, each the same value
 * or, where the failed one is risky text, plain ASCII text; a create's label may differ (each create has its own).
 */
export function isWriteNeighbour(
  failed: Readonly<Record<string, string>>,
  served: Readonly<Record<string, string>>,
  label: string | undefined,
): boolean {
  const names = Object.keys(failed);
  if (names.length !== Object.keys(served).length || !names.every((name) => name in served)) return false;
  let differs = false;
  for (const name of names) {
    const [a, b] = [failed[name]!, served[name]!];
    if (name === label || a === b) {
      if (name === label && risky(a) && !risky(b)) differs = true;
      continue;
    }
    if (!risky(a) || risky(b)) return false;
    differs = true;
  }
  return differs;
}
