// The neighbours of a request: the same request with one value moved to
// the next value of the same kind, which the documentation allows alike. A
// date range one day earlier (the same length, so no bound on a range's
// length tells them apart, and earlier, so no bound on how recent a range
// may be does either), a search text of the same length in plain ASCII
// letters, and the same request sent before. A deployment that serves the
// neighbour and refuses the request has a fault in how it handles that one
// value. The run sends a neighbour for each refusal it meets; the check
// (invariants/neighbours-served.ts) finds them by these same definitions.
import { type OperationModel, parameterWithRole } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import type { TemplateValue } from '../spec/secrets.js';
import { pagingValues } from './walks.js';

export type NeighbourKind = 'the day before' | 'the same text in ASCII';

const DAY_MS = 86_400_000;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

const dayBefore = (ymd: string): string | undefined => {
  if (!YMD.test(ymd)) return undefined;
  const time = Date.parse(`${ymd}T00:00:00Z`);
  return Number.isNaN(time) ? undefined : new Date(time - DAY_MS).toISOString().slice(0, 10);
};

/** Plain ASCII letters, for a text of `length` code points that no search rule reads differently. */
const asciiText = (length: number): string => 'tallyportneighbour'.repeat(Math.ceil(length / 18)).slice(0, length);

const isPlain = (text: string): boolean => /^[a-z0-9]*$/i.test(text);

/** The neighbours of a request's values: each differs from them in one value only. */
export function neighboursOf(
  operation: OperationModel,
  values: Readonly<Record<string, TemplateValue>>,
  now = Date.now(),
): Array<{ kind: NeighbourKind; values: Record<string, TemplateValue> }> {
  const out: Array<{ kind: NeighbourKind; values: Record<string, TemplateValue> }> = [];
  const start = parameterWithRole(operation, 'range-start');
  const end = parameterWithRole(operation, 'range-end');
  const [from, to] = [start && values[start.name], end && values[end.name]];
  // A range that ends near today is left alone: a bound on how recent a range may be could tell the two apart.
  const recent = new Date(now - 2 * DAY_MS).toISOString().slice(0, 10);
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
