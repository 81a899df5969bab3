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
import { idText, textOf } from '../answers/json-values.js';
import type { RecordedRun } from '../checks/judging/types.js';
import { comparedFields } from '../checks/judging/rows.js';
import { sameValue } from '../checks/judging/compare.js';
import { cached } from '../checks/judging/related.js';
import { type ModelRecord, snapshot, StateModel, type WriteStep } from './model.js';
import { type Walk, walkRows, walksOf } from './walks.js';

/** One record as a view showed it, with what the model expected of it just before. */
export interface RecordView {
  id: string;
  row: Row;
  answer: Answer;
  /** `answer`: the record as the answer to a write of it showed it, right after the write. */
  via: 'list' | 'read' | 'answer';
  /** The model's record just before the view (a copy); undefined for a record it did not know. */
  expected: ModelRecord | undefined;
  version: number;
  /** The writes since the record's fields were last seen (to judge what changed them). */
  writesSince: WriteStep[];
  /** The delete that took the record away, when the traffic deleted it before this view (or refused read). */
  deletedBy: Answer | undefined;
}

/** A read by id that was refused: the record is not there, as far as the deployment says (a view with no row). */
export type ReadRefused = Omit<RecordView, 'row' | 'via'>;

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
  /**
   * Records it shows that the model did not hold, although it held every record, and that no write of the traffic
   * made: another client created them (an account may be shared), possibly while the walk went from page to page.
   */
  appeared: string[];
}

/** A create answered with the id of a record the model held as there: it named another record, or replaced it. */
export interface Collision {
  answer: Answer;
  id: string;
  /** The record the model held under that id. */
  held: ModelRecord;
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
  strayReads: Array<Omit<ReadRefused, 'deletedBy' | 'writesSince'>>;
  /** Walks of the writable kind's list. */
  walks: WalkView[];
  /** Walks of every other list (statistics, the marketplace's items): read-only rows. */
  otherWalks: Walk[];
  collisions: Collision[];
  /** The model as the traffic left it. */
  model: StateModel | undefined;
  /** Where each record was shown (exchange ids, in order), and where a read of it was refused by no delete's doing. */
  shownAt: Map<string, number[]>;
  refusedAt: Map<string, number[]>;
}

/**
 * Whether another client writes to the account: a walk showed a record no write of the traffic made while the model
 * knew every record, or a record there before the run went away by no delete of the traffic's, or changed between two
 * views with no write of the traffic between them.
 */
export function othersWrite(timeline: StateTimeline, options: { appeared: boolean } = { appeared: true }): boolean {
  if (options.appeared && timeline.walks.some((view) => view.appeared.length > 0)) return true;
  for (const [id, refused] of timeline.refusedAt)
    if (timeline.model?.records.get(id)?.origin !== 'created' && goneAfter(timeline, id, refused[0]! - 1)) return true;
  // Two list views of a record there before the run, with no write of the traffic between them, that differ.
  const listed = new Map<string, { row: Row; writes: number }>();
  for (const view of timeline.views) {
    if (view.via !== 'list' || view.expected?.origin !== 'listed') continue;
    const writes = timeline.writes.filter((write) => write.answer.exchange.id < view.answer.exchange.id).length;
    const before = listed.get(view.id);
    listed.set(view.id, { row: view.row, writes });
    if (before?.writes !== writes) continue;
    const differs = (field: string) =>
      field in before.row && field in view.row && !sameValue(before.row[field], view.row[field]);
    if (timeline.fields.some(differs)) return true;
  }
  return false;
}

/** Whether a view after exchange `after` showed the record: it stayed put. */
export const shownAfter = (timeline: StateTimeline, id: string, after: number): boolean =>
  (timeline.shownAt.get(id) ?? []).some((at) => at > after);

/**
 * Whether the record went away after exchange `after`: a read of it was refused and no view showed it since. A
 * record the run did not write may be deleted by another client at any time; the run reads records that stay put.
 */
export function goneAfter(timeline: StateTimeline, id: string, after: number): boolean {
  const refused = (timeline.refusedAt.get(id) ?? []).filter((at) => at > after);
  return refused.length > 0 && !shownAfter(timeline, id, refused.at(-1)!);
}

const cache = new WeakMap<readonly Answer[], StateTimeline>();

/** The timeline of a recorded run (built once per list of answers). */
export const timelineOf = (run: RecordedRun): StateTimeline =>
  cached(cache, run.answers, () => new TimelineBuilder(run).extend(run.answers));

/** The values a request sent, the key left out, as text. */
export const sentValues = (run: RecordedRun, answer: Answer): Record<string, string> =>
  Object.fromEntries(
    Object.entries(answer.case?.values ?? {})
      .filter(
        ([name]) => answer.operation.parameters.find((parameter) => parameter.name === name)?.role !== 'credential',
      )
      .map(([name, value]) => [name, run.valueOf(value)]),
  );

/**
 * Builds a timeline answer by answer, and goes on from where it stopped: the run asks for the timeline after every
 * look at the state, and a look adds its answers (whole walks) after the ones already read.
 */
export class TimelineBuilder {
  readonly timeline: StateTimeline;
  private readonly model: StateModel | undefined;
  private readonly ops: ReturnType<typeof recordOperations>;
  private read = 0;

  constructor(private readonly run: RecordedRun) {
    const kind = writableKind(run.model);
    this.timeline = {
      kind,
      fields: kind ? comparedFields(kind) : [],
      writes: [],
      views: [],
      refusedReads: [],
      strayReads: [],
      walks: [],
      otherWalks: [],
      collisions: [],
      model: undefined,
      shownAt: new Map(),
      refusedAt: new Map(),
    };
    this.ops = kind ? recordOperations(run.model, kind.name) : {};
    if (kind) {
      this.model = new StateModel(kind.label, kind.identifier, this.timeline.fields);
      this.timeline.model = this.model;
    }
  }

  /** Reads the answers of `answers` after those already read (all of them, the first time). */
  extend(answers: readonly Answer[]): StateTimeline {
    const fresh = answers.slice(this.read);
    this.read = answers.length;
    const { timeline, model, ops, run } = this;
    const kind = timeline.kind;
    const identifierOf = (name: string) => run.model.records[name]?.identifier;
    const walks = walksOf(fresh, run.valueOf, identifierOf);
    timeline.otherWalks.push(...walks.filter((walk) => walk.kind !== kind?.name));
    if (!kind || !model) return timeline;
    const ownWalks = walks.filter((walk) => walk.kind === kind.name);
    const walkStarts = new Map(ownWalks.map((walk) => [walk.pages[0]!, walk]));
    const inWalks = new Set(ownWalks.flatMap((walk) => walk.pages));
    const ordered = [...fresh].sort((a, b) => a.exchange.id - b.exchange.id);
    const writeIds = ordered
      .filter((answer) => isWrite(answer, ops) && answer.case?.auth === 'valid')
      .map((answer) => answer.exchange.id);
    for (const answer of ordered) {
      const walk = walkStarts.get(answer);
      if (walk) this.walk(walk, writeIds);
      else if (inWalks.has(answer)) continue;
      else if (isWrite(answer, ops)) {
        const shown = applyWrite(run, model, timeline, answer, ops);
        if (shown) this.view(shown.id, shown.row, answer, 'answer');
      } else if (answer.operation.id === ops.read?.id && answer.case?.auth === 'valid' && answer.answered)
        this.readById(answer);
    }
    return timeline;
  }

  /**
   * Writes since the fields of `record` were last seen, in `via`'s kind of view where it was shown in one before: a
   * list may keep a copy of its own (a denormalised table, a search index), so what a write did to it shows in the
   * next list view, whatever a read by id showed in between.
   */
  private writesSince(record: ModelRecord | undefined, via?: RecordView['via']): WriteStep[] {
    if (!record) return [];
    const seenAt = Math.max(
      0,
      ...Object.values(record.fields)
        .filter((field) => field.how === 'seen')
        .map((field) => field.from.exchange.id),
    );
    const inKind = via ? this.lastSeenIn.get(`${via} ${record.id}`) : undefined;
    const since = inKind === undefined ? seenAt : Math.min(seenAt, inKind);
    return this.timeline.writes.filter((write) => write.answer.exchange.id > since);
  }

  /** The last view of each record in each kind of view (`list 42`, `read 42`). */
  private readonly lastSeenIn = new Map<string, number>();

  private view(id: string, row: Row, answer: Answer, via: RecordView['via']): void {
    const model = this.model!;
    const before = model.records.get(id);
    const deletedBy = model.deleted.get(id);
    this.timeline.views.push({
      id,
      row,
      answer,
      via,
      expected: snapshot(before),
      version: model.version,
      writesSince: this.writesSince(before, via),
      deletedBy,
    });
    if (via !== 'answer') this.lastSeenIn.set(`${via} ${id}`, answer.exchange.id);
    const shown = this.timeline.shownAt.get(id);
    if (shown) shown.push(answer.exchange.id);
    else this.timeline.shownAt.set(id, [answer.exchange.id]);
    // A deleted record shown again (a replica that lags the delete) is not taken back into the model; a write's own
    // answer is judged, never learnt from (what the record holds is learnt from reads of it).
    if (!deletedBy && via !== 'answer') model.learn(model.seen(id, row, answer), row, answer);
  }

  private walk(walk: Walk, writeIds: readonly number[]): void {
    const model = this.model!;
    const kind = this.timeline.kind!;
    const [first, last] = [walk.pages[0]!.exchange.id, walk.pages.at(-1)!.exchange.id];
    const torn = writeIds.some((id) => id > first && id < last);
    const search = parameterWithRole(walk.operation, 'search');
    const searched = search ? walk.query[search.name] : undefined;
    const records = new Map<string, ModelRecord>();
    for (const row of walkRows(walk)) {
      const id = idText(row[kind.identifier]);
      const known = id ? model.records.get(id) : undefined;
      if (known) records.set(known.id, snapshot(known));
    }
    for (const record of model.records.values()) if (!records.has(record.id)) records.set(record.id, snapshot(record));
    const writtenIds = new Set(this.timeline.writes.flatMap((write) => (write.id ? [write.id] : [])));
    const appeared = model.complete
      ? [...new Set(walkRows(walk).map((row) => idText(row[kind.identifier])))].filter(
          (id): id is string =>
            id !== undefined && !model.records.has(id) && !model.deleted.has(id) && !writtenIds.has(id),
        )
      : [];
    this.timeline.walks.push({
      walk,
      version: model.version,
      torn,
      expectedIds: model.complete ? new Set(model.alive()) : undefined,
      records,
      deleted: new Map(model.deleted),
      search: searched !== undefined && searched !== '' ? searched : undefined,
      appeared,
    });
    if (torn) return;
    for (const page of walk.pages)
      for (const row of page.records?.rows ?? []) {
        const id = idText(row[kind.identifier]);
        if (id !== undefined) this.view(id, row, page, 'list');
      }
    if (walk.complete && searched === undefined) model.complete = true;
  }

  private readById(answer: Answer): void {
    const model = this.model!;
    const kind = this.timeline.kind!;
    const parameter = identifyingParameter(answer.operation, kind.name);
    const sent = parameter ? answer.case!.values[parameter.name] : undefined;
    const id = sent === undefined ? undefined : this.run.valueOf(sent);
    if (id === undefined) return;
    const row = answer.records?.rows[0];
    const before = model.records.get(id);
    // Whatever the run expected of a read (a deleted record refused), what it was answered is what the model judges.
    const accepted = answer.verdict === 'accepted' && answer.case?.auth === 'valid';
    if (accepted && row && textOf(row[kind.identifier]) === id) this.view(id, row, answer, 'read');
    else if (acceptedConforming(answer))
      this.timeline.strayReads.push({ id, answer, version: model.version, expected: snapshot(before) });
    else if (answer.verdict === 'refused') {
      // A record gone by no delete of the traffic's: another client may have deleted it.
      if (!model.deleted.has(id)) {
        const refused = this.timeline.refusedAt.get(id);
        if (refused) refused.push(answer.exchange.id);
        else this.timeline.refusedAt.set(id, [answer.exchange.id]);
      }
      this.timeline.refusedReads.push({
        id,
        answer,
        expected: snapshot(before),
        deletedBy: model.deleted.get(id),
        version: model.version,
        writesSince: this.writesSince(before),
      });
    }
  }
}

function isWrite(answer: Answer, ops: ReturnType<typeof recordOperations>): boolean {
  const id = answer.operation.id;
  return id === ops.create?.id || id === ops.update?.id || id === ops.remove?.id;
}

/**
 * A write of the kind changes the model by the documented rules when it was taken; one refused changes nothing
 * sure of the fields it sent, and one that said nothing (a 5XX, no answer) leaves what it touched unsure. Writes
 * without the valid key change nothing unless they were taken (which ignored_auth judges). Returns the record the
 * answer of a taken write shows, a view of it right after the write; an answer that shows another record than the
 * one updated is a stray read of it.
 */
function applyWrite(
  run: RecordedRun,
  model: StateModel,
  timeline: StateTimeline,
  answer: Answer,
  ops: ReturnType<typeof recordOperations>,
): { id: string; row: Row } | undefined {
  const kind = timeline.kind!;
  const sent = sentValues(run, answer);
  const op =
    answer.operation.id === ops.create?.id ? 'create' : answer.operation.id === ops.update?.id ? 'update' : 'delete';
  const valid = answer.case?.auth === 'valid';
  if (!valid && answer.verdict !== 'accepted') return undefined;
  // Only the documented encoding counts: a write sent again in another one may be answered without being read.
  const taken =
    answer.verdict === 'accepted' && valid && answer.case?.expect !== 'refusal' && answer.case?.encoding === undefined;
  // A refusal (4XX, or stated in the body) made nothing; anything else may have, and so may an earlier attempt of a
  // request sent again (a gateway's 504 after the app had done it, then a 404 to the delete sent again).
  const refused = answer.verdict === 'refused' && (answer.status ?? 0) < 500 && answer.exchange.attempts <= 1;
  const row = taken && answer.records?.many === false ? answer.records.rows[0] : undefined;
  if (op === 'create') {
    if (refused) return undefined;
    const id = idText((answer.records?.many === false ? answer.records.rows[0] : undefined)?.[kind.identifier]);
    const held = id === undefined ? undefined : model.records.get(id);
    // An answer naming a record the state holds names another record: the created one is named by the first view
    // of its label instead, and the answer is judged as the collision it is, not as a view of either.
    const collides = !!held && taken && !held.unsure;
    if (collides) timeline.collisions.push({ answer, id: id!, held: snapshot(held!) });
    const named = collides ? undefined : id;
    model.create(answer, sent, named, !taken);
    timeline.writes.push({ answer, op, ...(named ? { id: named } : {}), sent, version: model.version });
    return named !== undefined && row ? { id: named, row } : undefined;
  }
  const parameter = identifyingParameter(answer.operation, kind.name);
  const id = parameter ? sent[parameter.name] : undefined;
  if (id === undefined) return undefined;
  if (op === 'update') model.update(answer.operation, answer, id, sent, !taken);
  else if (!refused) model.remove(answer, id, !taken);
  else return undefined;
  timeline.writes.push({ answer, op, id, sent, version: model.version });
  if (op !== 'update' || !row) return undefined;
  const shownId = idText(row[kind.identifier]);
  if (shownId === undefined || shownId === id) return { id, row };
  const held = model.records.get(id);
  timeline.strayReads.push({ id, answer, version: model.version, expected: snapshot(held) });
  return undefined;
}

/**
 * The part of a timeline after an exchange: what one look at the state saw, for the run to tell at once whether it
 * diverged. The model is the whole timeline's; the checks judge the whole timeline at the end.
 */
export function since(timeline: StateTimeline, exchangeId: number): StateTimeline {
  const after = (answer: Answer) => answer.exchange.id > exchangeId;
  return {
    ...timeline,
    views: timeline.views.filter((view) => after(view.answer)),
    refusedReads: timeline.refusedReads.filter((read) => after(read.answer)),
    strayReads: timeline.strayReads.filter((read) => after(read.answer)),
    walks: timeline.walks.filter((view) => after(view.walk.pages.at(-1)!)),
    otherWalks: timeline.otherWalks.filter((walk) => after(walk.pages.at(-1)!)),
  };
}
