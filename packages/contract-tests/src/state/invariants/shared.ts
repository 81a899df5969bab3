// Small questions the invariants ask of walks: the walk's query as one key
// (page size left out where pages of any size must agree), the sort in
// effect, the field that tells rows apart, and the evidence of a walk; and
// the one way every invariant words a finding.
import { type OperationModel, parameterWithRole, type SpecModel, writableKind } from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import { validValues, ymd } from '../../cases/values.js';
import { fail, pass } from '../../checks/judging/evidence.js';
import { cached } from '../../checks/judging/related.js';
import type { FailureKind, RecordedRun } from '../../checks/judging/types.js';
import type { Basis } from '../../spec/basis.js';
import type { Walk } from '../walks.js';
import type { Finding } from './frame.js';

/** What a failing finding says; its basis is `specified` unless it says otherwise. */
export interface FindingFailure {
  kind: FailureKind;
  answer: Answer;
  expected: string;
  actual: string;
  related: Answer[];
  basis?: Basis;
}

/** A finding about `subject` at `version`: a pass without `failure`, else the verdict it gives. */
export function finding(
  subject: string,
  version: number,
  title: string,
  failure?: FindingFailure | false,
  churn = false,
): Finding {
  const marks = churn ? { churn } : {};
  if (!failure) return { subject, version, result: pass(title), ...marks };
  return {
    subject,
    version,
    ...marks,
    result: fail(failure.kind, failure.answer, failure.expected, failure.actual, {
      basis: failure.basis ?? 'specified',
      title,
      related: failure.related,
    }),
  };
}

const keys = new WeakMap<Walk, Map<string, string>>();

/** The walk's query as text, `except` the named roles' parameters (computed once per walk and exception). */
export function walkKey(walk: Walk, except: ReadonlyArray<'page-size' | 'sort-key' | 'sort-direction'> = []): string {
  const known = cached(keys, walk, () => new Map<string, string>());
  return cached(known, except.join(' '), () => queryText(walk, except));
}

function queryText(walk: Walk, except: ReadonlyArray<'page-size' | 'sort-key' | 'sort-direction'>): string {
  const left = new Set(except.flatMap((role) => parameterWithRole(walk.operation, role)?.name ?? []));
  const pairs = Object.keys(walk.query)
    .filter((name) => !left.has(name))
    .sort()
    .map((name) => `${name}=${walk.query[name]}`);
  return `${walk.operation.id} ${pairs.join('&')}`;
}

/** The sort key and direction in effect for a walk (sent, or the documented defaults). */
export function sortOf(walk: Walk): { key: string; direction: 'asc' | 'desc'; convention?: string } | undefined {
  const keyParameter = parameterWithRole(walk.operation, 'sort-key');
  const directionParameter = parameterWithRole(walk.operation, 'sort-direction');
  const key = keyParameter ? walk.query[keyParameter.name] : undefined;
  const direction = directionParameter ? walk.query[directionParameter.name] : 'asc';
  if (!key || (direction !== 'asc' && direction !== 'desc')) return undefined;
  const convention = keyParameter?.conventions?.[key];
  return { key, direction, ...(convention ? { convention } : {}) };
}

/** The sort key value that orders records by the date they were created, where the spec marks one. */
export const creationOrderKey = (operation: OperationModel): string | undefined =>
  parameterWithRole(operation, 'sort-key')?.creationOrder;

/**
 * The field that tells rows of a kind without an identifier apart (statistic rows): the field its search matches,
 * as the search-field parameter names it, when the rows show it.
 */
export function rowIdentityField(run: RecordedRun, walk: Walk): string | undefined {
  const identifier = run.model.records[walk.kind]?.identifier;
  if (identifier) return identifier;
  const field = parameterWithRole(walk.operation, 'search-field');
  return field ? validValues(field)[0] : undefined;
}

/** The pages of a walk as evidence: the last page first (what the verdict reads), then the others. */
export const walkEvidence = (walk: Walk): { answer: Answer; related: Answer[] } => ({
  answer: walk.pages.at(-1)!,
  related: walk.pages.slice(0, -1),
});

/** Whether a statistics range ended before today (UTC): its rows cannot grow while the run looks at them. */
export function endedBeforeToday(walk: Walk, now = Date.now()): boolean {
  const end = parameterWithRole(walk.operation, 'range-end');
  if (!end) return true;
  const value = walk.query[end.name];
  return value !== undefined && value < ymd(now);
}

/** A short list of values for a verdict, at most `shown` of them. */
export const few = (values: readonly string[], shown = 5): string =>
  values.slice(0, shown).join(', ') + (values.length > shown ? `, … (${values.length} in all)` : '');

/** The API has a kind of record the run may create, change and delete: what the invariants of writes judge. */
export const anyWritable = (model: SpecModel): boolean => writableKind(model) !== undefined;
