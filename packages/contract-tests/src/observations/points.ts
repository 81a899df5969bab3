// What a run observed where the spec is silent, as data: one point per fact
// a deployment showed (an outcome's statuses, the shape its refusals share,
// where its key is read, an id's type, where a list's records sit, how its
// search matches and its text is ordered). Only facts that hold from one run
// to the next against the same deployment are points: never a count, a
// timestamp or an id. The printed observations are derived from them, and a
// baseline (src/baseline/) pins them.
import type { BodyShape } from '../answers/body-shape.js';

/**
 * The outcomes a run tells apart by what it sent: a success, a value the spec does not allow, no key (or an empty
 * one), a wrong key, a read of a record the run deleted, and each condition with a documented message
 * (`message:no_items`).
 */
export type Outcome = 'success' | 'invalid-value' | 'missing-key' | 'wrong-key' | 'deleted' | `message:${string}`;

/** The order outcomes are listed in: success first, then the refusals as a run provokes them. */
export const OUTCOME_ORDER: readonly string[] = ['success', 'invalid-value', 'missing-key', 'wrong-key', 'deleted'];

/** What an outcome is, in words. */
export function outcomeText(outcome: Outcome): string {
  const words: Record<string, string> = {
    success: 'a success',
    'invalid-value': 'a value the spec does not allow',
    'missing-key': 'no key (or an empty one)',
    'wrong-key': 'a wrong key',
    deleted: 'a read of a deleted record',
  };
  return words[outcome] ?? `the documented condition ${outcome.slice('message:'.length)}`;
}

/** The requests a point rests on, as lines that reproduce them without a key (`GET /api/v1/websites?per_page=37`). */
export type Evidence = string[];

/** The statuses one outcome of one operation was answered with. */
export interface StatusPoint {
  point: 'status';
  operationId: string;
  outcome: Outcome;
  statuses: number[];
  evidence: Evidence;
}

/** The shape every refusal of one operation with one status shared: its media type and, for JSON, its members. */
export interface ErrorBodyPoint {
  point: 'error-body';
  operationId: string;
  status: number;
  /** The media type every such refusal came with (`application/json`, `text/html`), or none (an empty body). */
  mediaType?: string;
  shape?: BodyShape;
  evidence: Evidence;
}

/** Where an operation whose key place the spec does not show read the key: `query`, `form body`, `header x-api-key`. */
export interface KeyPlacePoint {
  point: 'key-place';
  operationId: string;
  place: string;
  evidence: Evidence;
}

/** The JSON types the identifiers of a kind of record came with, where the spec allows several. */
export interface IdTypePoint {
  point: 'id-type';
  record: string;
  types: string[];
  evidence: Evidence;
}

/** Where an operation's success answers hold their records: `$` (bare), `$.data`. */
export interface EnvelopePoint {
  point: 'envelope';
  operationId: string;
  record: string;
  many: boolean;
  where: string;
  evidence: Evidence;
}

/** The ways of matching every search answer of an operation is consistent with. */
export interface SearchPoint {
  point: 'search';
  operationId: string;
  ways: string[];
  evidence: Evidence;
}

/** The text orders every sorted answer of an operation with text keys follows. */
export interface CollationPoint {
  point: 'collation';
  operationId: string;
  orders: string[];
  evidence: Evidence;
}

/**
 * The checks that judged an operation without a warning on answers every run gets alike: the conventions that held
 * there (a 2XX for success, a JSON media type, a refusal of a value the spec does not allow).
 */
export interface ConventionsPoint {
  point: 'conventions';
  operationId: string;
  checks: string[];
  evidence: Evidence;
}

export type ObservedPoint =
  | ConventionsPoint
  | StatusPoint
  | ErrorBodyPoint
  | KeyPlacePoint
  | IdTypePoint
  | EnvelopePoint
  | SearchPoint
  | CollationPoint;

export type PointKind = ObservedPoint['point'];

/** The order points are listed and pinned in. */
export const POINT_ORDER: readonly PointKind[] = [
  'status',
  'error-body',
  'key-place',
  'envelope',
  'id-type',
  'search',
  'collation',
  'conventions',
];

/** What a point is about, without what was observed of it: two runs observe the same subject, maybe otherwise. */
export function subjectOf(point: ObservedPoint): string {
  switch (point.point) {
    case 'status':
      return `${point.operationId}: status of ${point.outcome}`;
    case 'error-body':
      return `${point.operationId}: body of a refusal with HTTP ${point.status}`;
    case 'key-place':
      return `${point.operationId}: where the key is read`;
    case 'id-type':
      return `${point.record} id type`;
    case 'envelope':
      return `${point.operationId}: where the records of a success sit`;
    case 'search':
      return `${point.operationId}: how search matches`;
    case 'collation':
      return `${point.operationId}: how text is ordered`;
    case 'conventions':
      return `${point.operationId}: the conventions that held`;
  }
}

/** A shape in words: `{error: string, errors: object}`. */
export function shapeText(shape: BodyShape | undefined): string {
  if (!shape) return 'no JSON';
  if (shape.type !== 'object' || !shape.members) return shape.type ?? 'any type';
  const members = Object.entries(shape.members).map(([name, member]) =>
    member.type === 'object' && member.members && Object.keys(member.members).length > 0
      ? `${name}: ${shapeText(member)}`
      : `${name}: ${member.type ?? 'any type'}`,
  );
  return `{${members.join(', ')}}`;
}

/** What was observed of a point, in words. */
export function valueText(point: ObservedPoint): string {
  switch (point.point) {
    case 'status':
      return `HTTP ${point.statuses.join(' or ')}`;
    case 'error-body':
      return point.mediaType ? `${point.mediaType} ${shapeText(point.shape)}` : 'an empty body';
    case 'key-place':
      return point.place;
    case 'id-type':
      return point.types.join(' or ');
    case 'envelope':
      return point.where === '$' ? (point.many ? 'a bare array' : 'the bare record') : `under ${point.where}`;
    case 'search':
      return point.ways.length > 0 ? `consistent with ${point.ways.join('; ')}` : 'none of the usual ways';
    case 'collation':
      return point.orders.length > 0 ? `consistent with ${point.orders.join('; ')}` : 'no single common collation';
    case 'conventions':
      return `no warning of ${point.checks.join(', ')}`;
  }
}

/** A point as one observation line: `listWebsites: status of a value the spec does not allow: HTTP 422`. */
export const pointLine = (point: ObservedPoint): string => `${subjectOf(point)}: ${valueText(point)}`;
