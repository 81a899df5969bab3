// Where the source documentation is silent, the run reports what the
// deployment does instead of judging it: statuses, payload shapes and where
// records sit, error bodies, the id type, how documented quirks and fields
// an operation does not take are answered, how its search matches, and how
// it orders text. Everything here is read from the answers already
// recorded; no extra request is sent. What holds from one run to the next is
// read as points (points.ts), which a baseline pins; the lines printed for
// them are derived from the points.
import { parameterWithRole, successResponses } from '@tallyport/spec-model/query';
import { type Answer, ofSequence } from '../answers/answer.js';
import { commonShape, jsonTypeOf } from '../answers/body-shape.js';
import { FORBIDDEN_FIELD_RULE } from '../cases/types.js';
import { ordersFollowed } from '../checks/judging/compare.js';
import { relatedTo } from '../checks/filter-effect.js';
import { acceptedConforming, effectiveValue } from '../checks/judging/related.js';
import type { RecordedRun } from '../checks/judging/types.js';
import { placeUnknown } from '../spec/deployment.js';
import { evidenceOf, keyPlaceOf, outcomeOf, steady } from './evidence.js';
import {
  type CollationPoint,
  type ErrorBodyPoint,
  type ObservedPoint,
  OUTCOME_ORDER,
  type Outcome,
  POINT_ORDER,
  pointLine,
  type SearchPoint,
} from './points.js';

const tally = (values: Array<string | number>): string => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
  return [...counts.entries()]
    .sort()
    .map(([value, count]) => `${value} ×${count}`)
    .join(', ');
};

function operations(run: RecordedRun, done: readonly Answer[]): string[] {
  return run.model.operations.flatMap((operation) => {
    const own = done.filter((answer) => answer.operation.id === operation.id);
    const success = own.find((answer) => acceptedConforming(answer) && answer.case?.auth === 'valid');
    if (!success) return [];
    const where = success.records?.discovered ? `; records under ${success.records.where}` : '';
    return [`${operation.id} success payload: ${success.shape} (HTTP ${success.status})${where}`];
  });
}

/** The ways of matching a search a deployment may follow, each as a test of one value against the text sent. */
const SEARCH_WAYS: Record<string, (value: string, text: string) => boolean> = {
  'substring, any case': (value, text) => value.toLowerCase().includes(text.toLowerCase()),
  'substring, exact case': (value, text) => value.includes(text),
  'prefix, any case': (value, text) => value.toLowerCase().startsWith(text.toLowerCase()),
  'shares a word': (value, text) => relatedTo(value, text),
};

/** The ways of matching a search answer's rows are consistent with; undefined when it shows none (no rows). */
export function searchWaysOf(run: RecordedRun, answer: Answer): string[] | undefined {
  const search = parameterWithRole(answer.operation, 'search');
  const sent = search ? answer.case?.values[search.name] : undefined;
  if (!search || typeof sent !== 'string' || !acceptedConforming(answer) || !answer.records?.many) return undefined;
  const fieldParameter = parameterWithRole(answer.operation, 'search-field');
  const field = fieldParameter ? effectiveValue(run, answer, fieldParameter) : undefined;
  const rows = answer.records.rows.filter((row) => field !== undefined && typeof row[field] === 'string');
  if (rows.length === 0) return undefined;
  return Object.entries(SEARCH_WAYS)
    .filter(([, matches]) => rows.every((row) => matches(String(row[field!]), sent)))
    .map(([name]) => name);
}

/** The text orders a sorted answer with text keys follows; undefined when it shows none. */
export function textOrdersOf(run: RecordedRun, answer: Answer): string[] | undefined {
  const key = parameterWithRole(answer.operation, 'sort-key');
  const direction = parameterWithRole(answer.operation, 'sort-direction');
  const field = key ? effectiveValue(run, answer, key) : undefined;
  const way = direction ? effectiveValue(run, answer, direction) : undefined;
  if (!field || (way !== 'asc' && way !== 'desc') || !acceptedConforming(answer) || !answer.records?.many)
    return undefined;
  const values = answer.records.rows.map((row) => row[field]);
  if (values.length < 2 || !values.some((value) => typeof value === 'string' && !/^-?\d+(\.\d+)?$/.test(value)))
    return undefined;
  return ordersFollowed(values, way);
}

/**
 * Per operation, what every one of its answers that shows something is consistent with (`read` gives each answer's
 * list): the ways its search matches, or the orders its text follows.
 */
function consistentPer(run: RecordedRun, done: readonly Answer[], point: 'search' | 'collation') {
  const read = point === 'search' ? searchWaysOf : textOrdersOf;
  const points: Array<SearchPoint | CollationPoint> = [];
  for (const operation of run.model.operations) {
    let common: string[] | undefined;
    const shown: Answer[] = [];
    for (const answer of done.filter((candidate) => candidate.operation.id === operation.id && steady(candidate))) {
      const consistent = read(run, answer);
      if (!consistent) continue;
      shown.push(answer);
      common = (common ?? consistent).filter((name) => consistent.includes(name));
    }
    if (!common) continue;
    const [operationId, evidence] = [operation.id, evidenceOf(shown)];
    points.push(
      point === 'search'
        ? { point, operationId, ways: common, evidence }
        : { point, operationId, orders: common, evidence },
    );
  }
  return points;
}

/** The statuses each outcome of each operation was answered with. */
function statusPoints(run: RecordedRun, done: readonly Answer[]): ObservedPoint[] {
  const points: ObservedPoint[] = [];
  for (const operation of run.model.operations) {
    const byOutcome = new Map<Outcome, Answer[]>();
    for (const answer of done.filter((candidate) => candidate.operation.id === operation.id)) {
      const outcome = outcomeOf(answer);
      if (outcome) byOutcome.set(outcome, [...(byOutcome.get(outcome) ?? []), answer]);
    }
    for (const [outcome, answers] of [...byOutcome].sort(
      ([a], [b]) => outcomeRank(a) - outcomeRank(b) || (a < b ? -1 : 1),
    ))
      points.push({
        point: 'status',
        operationId: operation.id,
        outcome,
        statuses: [...new Set(answers.map((answer) => answer.status!))].sort((a, b) => a - b),
        evidence: evidenceOf(answers),
      });
  }
  return points;
}

const outcomeRank = (outcome: Outcome): number => {
  const rank = OUTCOME_ORDER.indexOf(outcome);
  return rank < 0 ? OUTCOME_ORDER.length : rank;
};

/** The media type of an answer's body (parameters dropped, lower case); undefined for an empty body. */
export const mediaTypeOf = (answer: Answer): string | undefined =>
  answer.body.length === 0
    ? undefined
    : answer.exchange.response?.contentType?.split(';')[0]?.trim().toLowerCase() || 'application/octet-stream';

/**
 * The shape the refusals of each operation with each status share, where the spec does not show the error body: an
 * API whose spec marks an outcome field (the marketplace's `status: 错误` and `msg`) shows its own.
 */
function errorBodyPoints(run: RecordedRun, done: readonly Answer[]): ObservedPoint[] {
  const points: ErrorBodyPoint[] = [];
  if (run.model.outcome) return points;
  for (const operation of run.model.operations) {
    const byStatus = new Map<number, Answer[]>();
    for (const answer of done.filter((candidate) => candidate.operation.id === operation.id)) {
      const outcome = outcomeOf(answer);
      if (!outcome || outcome === 'success' || answer.verdict !== 'refused') continue;
      byStatus.set(answer.status!, [...(byStatus.get(answer.status!) ?? []), answer]);
    }
    for (const [status, answers] of [...byStatus].sort(([a], [b]) => a - b)) {
      const mediaTypes = new Set(answers.map(mediaTypeOf));
      // Refusals of one status in several media types share no shape worth pinning.
      if (mediaTypes.size !== 1) continue;
      const mediaType = [...mediaTypes][0];
      const shapes = answers.map((answer) => answer.bodyShape);
      const shape = shapes.every((entry) => entry !== undefined) ? commonShape(shapes) : undefined;
      points.push({
        point: 'error-body',
        operationId: operation.id,
        status,
        ...(mediaType ? { mediaType } : {}),
        ...(shape && mediaType ? { shape } : {}),
        evidence: evidenceOf(answers),
      });
    }
  }
  return points;
}

/** Where each operation whose key place the spec does not show read the key: the place of its successes. */
function keyPlacePoints(run: RecordedRun, done: readonly Answer[]): ObservedPoint[] {
  const points: ObservedPoint[] = [];
  for (const operation of run.model.operations.filter(placeUnknown)) {
    const served = done.filter(
      (answer) => answer.operation.id === operation.id && steady(answer) && outcomeOf(answer) === 'success',
    );
    const places = [...new Set(served.map(keyPlaceOf).filter((place) => place !== undefined))];
    if (places.length === 1)
      points.push({ point: 'key-place', operationId: operation.id, place: places[0]!, evidence: evidenceOf(served) });
  }
  return points;
}

/**
 * Where each operation's successes hold their records, when they all hold them in one place and the spec does not
 * show the payload (its success schema is marked as a convention).
 */
function envelopePoints(run: RecordedRun, done: readonly Answer[]): ObservedPoint[] {
  const points: ObservedPoint[] = [];
  for (const operation of run.model.operations) {
    if (!successResponses(operation).some((response) => response.convention || response.unknown)) continue;
    const served = done.filter(
      (answer) => answer.operation.id === operation.id && outcomeOf(answer) === 'success' && answer.records,
    );
    const places = new Set(
      served.map((answer) => `${answer.records!.kind} ${answer.records!.many} ${answer.records!.where}`),
    );
    if (places.size !== 1) continue;
    const { kind, many, where } = served[0]!.records!;
    points.push({
      point: 'envelope',
      operationId: operation.id,
      record: kind,
      many,
      where,
      evidence: evidenceOf(served),
    });
  }
  return points;
}

/** The JSON types of each kind's identifiers, where the spec allows more than one. */
function idTypePoints(run: RecordedRun, done: readonly Answer[]): ObservedPoint[] {
  const points: ObservedPoint[] = [];
  for (const [kind, record] of Object.entries(run.model.records)) {
    if (!record.identifier || identifierTypes(run, kind).length < 2) continue;
    const holding = done.filter((answer) => steady(answer) && answer.records?.kind === kind && answer.ids.length > 0);
    const types = new Set(
      holding.flatMap((answer) =>
        answer.records!.rows.flatMap((row) =>
          row[record.identifier!] === undefined ? [] : [jsonTypeOf(row[record.identifier!])],
        ),
      ),
    );
    if (types.size > 0)
      points.push({ point: 'id-type', record: kind, types: [...types].sort(), evidence: evidenceOf(holding) });
  }
  return points;
}

/** The types the spec allows a kind's identifier: those of the parameter that names one, where an operation has it. */
export function identifierTypes(run: Pick<RecordedRun, 'model'>, kind: string): string[] {
  const parameter = run.model.operations
    .flatMap((operation) => operation.parameters)
    .find((candidate) => candidate.identifies === kind);
  return parameter?.types ?? [];
}

/** Every point the answers show, in the order they are listed and pinned. */
export function observePoints(run: RecordedRun): ObservedPoint[] {
  const done = run.answers.filter((answer) => answer.answered);
  const points = [
    ...statusPoints(run, done),
    ...errorBodyPoints(run, done),
    ...keyPlacePoints(run, done),
    ...envelopePoints(run, done),
    ...idTypePoints(run, done),
  ];
  // The mock answers its examples whatever is asked: its searches and orders say nothing.
  if (!run.mock) points.push(...consistentPer(run, done, 'search'), ...consistentPer(run, done, 'collation'));
  return points.sort((a, b) => POINT_ORDER.indexOf(a.point) - POINT_ORDER.indexOf(b.point));
}

function fieldsNotTaken(done: readonly Answer[]): string[] {
  const sent = done.filter((answer) => answer.case?.rule === FORBIDDEN_FIELD_RULE && answer.answered);
  const what = {
    refused: 'refused',
    accepted: 'accepted, and not applied unless a failure says so',
    inconclusive: 'no verdict',
  };
  return sent.map(
    (answer) =>
      `${answer.case!.varied} sent to ${answer.operation.id}: ${what[answer.verdict]} (HTTP ${answer.status})`,
  );
}

export function observe(run: RecordedRun): string[] {
  const done = run.answers.filter((answer) => answer.answered);
  const lines = operations(run, done);
  for (const quirk of done.filter((answer) => answer.case?.expect === 'any' && !ofSequence(answer)))
    lines.push(`${quirk.case!.title}: HTTP ${quirk.status}, ${quirk.verdict} (observed, not judged)`);
  const refused = done.filter((answer) => answer.verdict === 'refused');
  const inBody = refused.filter((answer) => answer.status! >= 200 && answer.status! < 300);
  if (inBody.length > 0)
    lines.push(`refusals with a 2XX status: ${tally(inBody.map((answer) => `HTTP ${answer.status}`))}`);
  lines.push(...fieldsNotTaken(done));
  lines.push(...observePoints(run).map(pointLine));
  return lines;
}
