// The one reading of a run's answers against the model of the deployment's
// state: every answer, in the order it was sent, either changes the model
// (a write of the kind the run may create, by the documented rules of
// model.ts) or is an observation of it (a read by id, a walk through every
// page of a list), kept with what the model expected at that moment. The
// invariants (src/state/invariants) judge these observations; none of them
// keeps a model of its own. Built once per recorded run and shared.
import { identifyingParameter, parameterWithRole, recordOperations, writableKind } from '@tallyport/spec-model/query';
import { acceptedConforming, type Answer } from '../answers/answer.js';
import type { Row } from '../answers/records.js';
import { textOf } from '../answers/json-values.js';
import type { RecordedRun } from '../checks/judging/types.js';
import { comparedFields } from '../checks/judging/rows.js';
import { type ModelRecord, snapshot, StateModel, type WriteStep } from './model.js';
import { rowIdentity, type Walk, walkRows, walksOf } from './walks.js';

/** One record as a view showed it, with what the model expected of it just before. */
export interface RecordView {
  id: string;
  row: Row;
  answer: Answer;
  via: 'list' | 'read';
  /** The model's record just before the view (a copy); undefined for a record it did not know. */
  expected: ModelRecord | undefined;
  version: number;
  /** The writes since the record's fields were last seen (to judge what changed them). */
  writesSince: WriteStep[];
  /** The delete that took the record away, when the traffic deleted it before this view. */
  deletedBy: Answer | undefined;
}

/** A read by id that was refused: the record is not there, as far as the deployment says. */
export interface ReadRefused {
  id: string;
  answer: Answer;
  expected: ModelRecord | undefined;
  /** The delete that took it away, when the traffic deleted it. */
  deletedBy: Answer | undefined;
  version: number;
  writesSince: WriteStep[];
}

/** A walk through a list of the writable kind, with what the model held when it was made. */
export interface WalkView {
  walk: Walk;
  version: number;
  /** A write was answered between its first and last page: the list changed under it. */
  torn: boolean;
  /** The records the model held (alive ids), when it knew them all. */
  expectedIds: ReadonlySet<string> | undefined;
  /** The model's records by id at the walk (copies of those the walk shows or the model holds). */
  records: ReadonlyMap<string, ModelRecord>;
  /** Records the traffic had deleted by then, with their deletes. */
  deleted: ReadonlyMap<string, Answer>;
  /** The search text in effect, when the walk searched. */
  search: string | undefined;
}

export interface StateTimeline {
  /** The kind the model holds, when the spec names one the run may write. */
  kind: ReturnType<typeof writableKind>;
  /** The documented fields two views of a record must show alike. */
  fields: readonly string[];
  writes: WriteStep[];
  views: RecordView[];
  refusedReads: ReadRefused[];
  /** Reads by id accepted without the record asked for (another one, or none): read_matches_list's to judge. */
  strayReads: Array<{ id: string; answer: Answer; version: number; expected: ModelRecord | undefined }>;
  /** Walks of the writable kind's list. */
  walks: WalkView[];
  /** Walks of every other list (statistics, the marketplace's items): read-only rows. */
  otherWalks: Walk[];
  /** The model as the traffic left it. */
  model: StateModel | undefined;
}

const cache = new WeakMap<readonly Answer[], StateTimeline>();

/** The timeline of a recorded run (built once per list of answers). */
export function timelineOf(run: RecordedRun): StateTimeline {
  const known = cache.get(run.answers);
  if (known) return known;
  const built = buildTimeline(run);
  cache.set(run.answers, built);
  return built;
}

const idText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/** The values a request sent, the key left out, as text. */
function sentValues(run: RecordedRun, answer: Answer): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.case?.values ?? {})) out[name] = run.valueOf(value);
  return out;
}

export function buildTimeline(run: RecordedRun): StateTimeline {
  const kind = writableKind(run.model);
  const identifierOf = (name: string) => run.model.records[name]?.identifier;
  const allWalks = walksOf(run.answers, run.valueOf, identifierOf);
  const timeline: StateTimeline = {
    kind,
    fields: kind ? comparedFields(kind) : [],
    writes: [],
    views: [],
    refusedReads: [],
    strayReads: [],
    walks: [],
    otherWalks: allWalks.filter((walk) => walk.kind !== kind?.name),
    model: undefined,
  };
  if (!kind) return timeline;
  const ops = recordOperations(run.model, kind.name);
  const model = new StateModel(kind.label, kind.identifier, timeline.fields);
  timeline.model = model;
  const ownWalks = allWalks.filter((walk) => walk.kind === kind.name);
  const walkStarts = new Map(ownWalks.map((walk) => [walk.pages[0]!, walk]));
  const inWalks = new Set(ownWalks.flatMap((walk) => walk.pages));
  const ordered = [...run.answers].sort((a, b) => a.exchange.id - b.exchange.id);
  const writeIds = ordered
    .filter((answer) => isWrite(answer, ops) && answer.case?.auth === 'valid')
    .map((answer) => answer.exchange.id);
  /** Writes since the fields of `record` were last seen. */
  const writesSince = (record: ModelRecord | undefined): WriteStep[] => {
    if (!record) return [];
    const seenAt = Math.max(
      0,
      ...Object.values(record.fields)
        .filter((field) => field.how === 'seen')
        .map((field) => field.from.exchange.id),
    );
    return timeline.writes.filter((write) => write.answer.exchange.id > seenAt);
  };
  const view = (id: string, row: Row, answer: Answer, via: RecordView['via']) => {
    const before = model.records.get(id);
    const expected = before ? snapshot(before) : undefined;
    const deletedBy = model.deleted.get(id);
    timeline.views.push({
      id,
      row,
      answer,
      via,
      expected,
      version: model.version,
      writesSince: writesSince(before),
      deletedBy,
    });
    // A deleted record shown again (a replica that lags the delete) is not taken back into the model.
    if (!deletedBy) model.learn(model.seen(id, row, answer), row, answer);
  };

  for (const answer of ordered) {
    const walk = walkStarts.get(answer);
    if (walk) {
      const [first, last] = [walk.pages[0]!.exchange.id, walk.pages.at(-1)!.exchange.id];
      const torn = writeIds.some((id) => id > first && id < last);
      const search = parameterWithRole(walk.operation, 'search');
      const searched = search ? walk.query[search.name] : undefined;
      const rows = walkRows(walk);
      const records = new Map<string, ModelRecord>();
      for (const row of rows) {
        const id = idText(row[kind.identifier]);
        const known = id ? model.records.get(id) : undefined;
        if (known) records.set(known.id, snapshot(known));
      }
      for (const record of model.records.values())
        if (!records.has(record.id)) records.set(record.id, snapshot(record));
      timeline.walks.push({
        walk,
        version: model.version,
        torn,
        expectedIds: model.complete ? new Set(model.alive()) : undefined,
        records,
        deleted: new Map(model.deleted),
        search: searched !== undefined && searched !== '' ? searched : undefined,
      });
      if (!torn) {
        walk.pages.forEach((page) => {
          for (const row of page.records?.rows ?? []) {
            const id = idText(row[kind.identifier]);
            if (id !== undefined) view(id, row, page, 'list');
          }
        });
        if (walk.complete && searched === undefined) model.complete = true;
      }
      continue;
    }
    if (inWalks.has(answer)) continue;
    if (isWrite(answer, ops)) {
      applyWrite(run, model, timeline, answer, ops);
      continue;
    }
    if (answer.operation.id === ops.read?.id && answer.case?.auth === 'valid' && answer.answered) {
      const parameter = identifyingParameter(answer.operation, kind.name);
      const sent = parameter ? answer.case.values[parameter.name] : undefined;
      const id = sent === undefined ? undefined : run.valueOf(sent);
      if (id === undefined) continue;
      const row = answer.records?.rows[0];
      if (acceptedConforming(answer) && row && textOf(row[kind.identifier]) === id) view(id, row, answer, 'read');
      else if (acceptedConforming(answer)) {
        const before = model.records.get(id);
        timeline.strayReads.push({
          id,
          answer,
          version: model.version,
          expected: before ? snapshot(before) : undefined,
        });
      } else if (answer.verdict === 'refused') {
        const before = model.records.get(id);
        timeline.refusedReads.push({
          id,
          answer,
          expected: before ? snapshot(before) : undefined,
          deletedBy: model.deleted.get(id),
          version: model.version,
          writesSince: writesSince(before),
        });
      }
    }
  }
  return timeline;
}

function isWrite(answer: Answer, ops: ReturnType<typeof recordOperations>): boolean {
  const id = answer.operation.id;
  return id === ops.create?.id || id === ops.update?.id || id === ops.remove?.id;
}

/**
 * A write of the kind changes the model by the documented rules when it was taken; one refused changes nothing
 * sure of the fields it sent, and one that said nothing (a 5XX, no answer) leaves what it touched unsure. Writes
 * without the valid key change nothing unless they were taken (which ignored_auth judges).
 */
function applyWrite(
  run: RecordedRun,
  model: StateModel,
  timeline: StateTimeline,
  answer: Answer,
  ops: ReturnType<typeof recordOperations>,
): void {
  const kind = timeline.kind!;
  const sent = sentValues(run, answer);
  const op =
    answer.operation.id === ops.create?.id ? 'create' : answer.operation.id === ops.update?.id ? 'update' : 'delete';
  const valid = answer.case?.auth === 'valid';
  if (!valid && answer.verdict !== 'accepted') return;
  // Only the documented encoding counts: a write sent again in another one may be answered without being read.
  const taken =
    answer.verdict === 'accepted' && valid && answer.case?.expect !== 'refusal' && answer.case?.encoding === undefined;
  // A refusal (4XX, or stated in the body) made nothing; anything else may have.
  const refused = answer.verdict === 'refused' && (answer.status ?? 0) < 500;
  if (op === 'create') {
    if (refused) return;
    const row = answer.records?.many === false ? answer.records.rows[0] : undefined;
    const id = idText(row?.[kind.identifier]);
    model.create(answer, sent, id, !taken);
    timeline.writes.push({ answer, op, ...(id ? { id } : {}), sent, version: model.version });
    return;
  }
  const parameter = identifyingParameter(answer.operation, kind.name);
  const id = parameter ? sent[parameter.name] : undefined;
  if (id === undefined) return;
  if (op === 'update') model.update(answer.operation, answer, id, sent, !taken);
  else if (!refused) model.remove(answer, id, !taken);
  else return;
  timeline.writes.push({ answer, op, id, sent, version: model.version });
}

/** The ids a walk shows, each as often as it shows it. */
export function walkIds(walk: Walk, identifier: string | undefined): string[] {
  return walkRows(walk).map((row) => rowIdentity(row, identifier));
}
