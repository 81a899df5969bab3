// Writes in a recorded file, tagged as a run tags its own write round trip so
// that write_round_trip, resource_availability and the write cases of the
// other checks judge them, but only as the traffic shows them: no ownership
// is claimed (nothing is ever sent), and a relation the file does not show
// is not judged. A record's trail starts at its create (the created id comes
// from the create's answer, or from a list that shows its label) or, for a
// record the file did not create, at its first update or delete. Its
// conforming reads by id, the searches for its label and the other reads of
// its id (its statistics) may join the trail.
//
// Steps are named once a window of answers is complete, as the write checks
// need them; a read the trail does not need is released, and judged as any
// other read (the record may be read for other reasons all along):
// - after a create, the reads up to the first that answers are `verify`;
//   after an update, `read-after-update`; after a delete that was taken,
//   `read-after-delete` (tagged when sent: a refusal is then due); the first
//   read after a delete with a wrong key, `read-after-unauthorised-delete`;
//   the first read of each other operation after a create, `follow-created`;
// - an update is judged against the last read before it (`read-before-update`)
//   when that read is not one the previous write needs, and only if it sends
//   one field (the check compares all the others) or a bad key. An update that
//   cannot be judged so (`update-unjudged`) does not count as an update, and
//   the reads after it are released, so no update is ever compared with a
//   read from before another write;
// - a search for the label is `find-after-create` before the first update,
//   `find-after-update` after the last judged one, `find-after-delete` after
//   the delete.
import { identifyingParameter, parameterWithRole, type SpecModel } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import type { RequestCase } from '../cases/types.js';
import { type WriteOperations, writeOperations } from '../run/writes/session.js';
import type { Route } from './routes.js';

type Kind = 'create' | 'update' | 'delete' | 'read' | 'find' | 'follow';

export interface TrailItem {
  kind: Kind;
  testCase: RequestCase;
  /** The case's family before it joined the trail, given back if it is released. */
  family: RequestCase['family'];
  trail: Trail;
  /** For an update: how many fields it sends (its record's id aside). */
  fields: number;
  answer?: Answer;
}

interface Trail {
  label: string;
  id?: string;
  /** Whether a delete was taken: `maybe` after one whose answer said nothing (a redirect, a 5XX). */
  deleted: boolean | 'maybe';
  /** The trail's requests not yet settled (those of the current window). */
  items: TrailItem[];
}

const idText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

export class WriteTrails {
  private readonly kind: WriteOperations['kind'] | undefined;
  private readonly operations: WriteOperations | undefined;
  private readonly byId = new Map<string, Trail>();
  private readonly byLabel = new Map<string, Trail>();
  /** The label each record showed, by id: what a record the file did not create is called. */
  private readonly labels = new Map<string, string>();
  private pending = new Set<Trail>();

  constructor(model: SpecModel) {
    this.operations = writeOperations(model);
    this.kind = this.operations?.kind;
  }

  private trailOf(id: string, create: boolean): Trail | undefined {
    const known = this.byId.get(id);
    if (known || !create) return known;
    const trail: Trail = { label: this.labels.get(id) ?? `${this.kind!.name} ${id}`, id, deleted: false, items: [] };
    this.byId.set(id, trail);
    this.byLabel.set(trail.label, trail);
    return trail;
  }

  private join(trail: Trail, kind: Kind, testCase: RequestCase, fields = 0): TrailItem {
    const item: TrailItem = { kind, testCase, family: testCase.family, trail, fields };
    trail.items.push(item);
    this.pending.add(trail);
    Object.assign(testCase, { family: 'write', record: trail.label });
    return item;
  }

  private own(trail: Trail, id: string): void {
    trail.id = id;
    this.byId.set(id, trail);
  }

  /** Tags a case that is part of a record's trail, before its answer is read; returns its place, if any. */
  enter(testCase: RequestCase, route: Route): TrailItem | undefined {
    const kind = this.kind;
    const ops = this.operations;
    if (!kind || !ops) return undefined;
    const { operation } = route;
    const value = (name: string | undefined) => (name === undefined ? undefined : testCase.values[name]);
    if (operation.id === ops.create?.id) {
      const label = value(kind.label);
      if (typeof label !== 'string' || label === '') return undefined;
      const trail: Trail = { label, deleted: false, items: [] };
      this.byLabel.set(label, trail);
      const item = this.join(trail, 'create', testCase);
      testCase.step = 'create';
      return item;
    }
    const idParameter = identifyingParameter(operation, kind.name);
    const id = idParameter ? value(idParameter.name) : undefined;
    if (typeof id === 'string') {
      const writes = operation.id === ops.update?.id || operation.id === ops.remove?.id;
      const trail = this.trailOf(id, writes);
      if (!trail) return undefined;
      if (writes) {
        const path = new Set(operation.parameters.filter((one) => one.in === 'path').map((one) => one.name));
        const fields = Object.keys(testCase.values).filter((name) => !path.has(name)).length;
        const item = this.join(trail, operation.id === ops.update?.id ? 'update' : 'delete', testCase, fields);
        testCase.step = item.kind;
        return item;
      }
      // Only reads that follow the spec tell what the record is; the others are cases of their own.
      if (testCase.auth !== 'valid' || testCase.expect === 'refusal') return undefined;
      const isRead = operation.id === ops.read?.id;
      const item = this.join(trail, isRead ? 'read' : 'follow', testCase);
      if (trail.deleted) {
        // A read of a deleted record is due a refusal; its statistics, or a record maybe deleted, may answer anything.
        testCase.step = isRead ? 'read-after-delete' : 'after-delete';
        testCase.expect = isRead && trail.deleted === true ? 'refusal' : 'any';
      }
      return item;
    }
    const search = operation.id === ops.list?.id ? parameterWithRole(operation, 'search') : undefined;
    const text = search ? value(search.name) : undefined;
    const trail = typeof text === 'string' ? this.byLabel.get(text) : undefined;
    return trail ? this.join(trail, 'find', testCase) : undefined;
  }

  /** Learns from an answer what the trails need: a created record's id, the labels records show, a delete. */
  learn(answer: Answer, item: TrailItem | undefined): void {
    const kind = this.kind;
    if (!kind) return;
    if (item) item.answer = answer;
    const rows = answer.verdict === 'accepted' && answer.records?.kind === kind.name ? answer.records.rows : [];
    // A create's answer names the new record, even by the id of one deleted before (a database may reuse ids).
    const created = item?.kind === 'create' ? idText(rows[0]?.[kind.identifier]) : undefined;
    if (item && created !== undefined) this.own(item.trail, created);
    for (const row of rows) {
      const id = idText(row[kind.identifier]);
      const label = row[kind.label];
      if (id === undefined || typeof label !== 'string') continue;
      this.labels.set(id, label);
      // A created record whose create did not answer its id is found by its label.
      const trail = this.byLabel.get(label);
      const holder = this.byId.get(id);
      if (trail && trail.id === undefined && (!holder || holder.deleted)) this.own(trail, id);
    }
    if (item?.kind === 'delete' && item.testCase.auth === 'valid' && answer.verdict !== 'refused')
      item.trail.deleted = answer.verdict === 'accepted' ? true : 'maybe';
  }

  /** Names the steps of every trail's requests so far (a window is complete), `skipped` aside; then forgets them. */
  settle(skipped: ReadonlySet<Answer> = new Set()): void {
    for (const trail of this.pending) {
      nameSteps(trail.items.filter((item) => !item.answer || !skipped.has(item.answer)));
      trail.items = [];
    }
    this.pending = new Set();
  }
}

type Previous = 'start' | 'create' | 'judged-update' | 'unjudged-update' | 'deleted' | 'unauthorised-delete' | 'kept';

/** A read or a follow the trail does not need: judged as the case it was before it joined. */
function release(item: TrailItem): void {
  const { testCase } = item;
  testCase.family = item.family;
  delete testCase.step;
  delete testCase.record;
}

/** How many of the reads after a write that write needs: a create its reads until one answers, an update all. */
function needed(previous: Previous, gap: readonly TrailItem[]): number {
  if (previous === 'create') {
    const answered = gap.findIndex((read) => read.answer?.verdict === 'accepted');
    return answered < 0 ? gap.length : answered + 1;
  }
  if (previous === 'judged-update') return gap.length;
  return previous === 'unauthorised-delete' ? Math.min(1, gap.length) : 0;
}

function readStep(previous: Previous): string | undefined {
  if (previous === 'create') return 'verify';
  if (previous === 'judged-update') return 'read-after-update';
  if (previous === 'unauthorised-delete') return 'read-after-unauthorised-delete';
  return undefined;
}

function nameSteps(items: readonly TrailItem[]): void {
  const lastUpdate = items.map((item) => item.kind).lastIndexOf('update');
  let previous: Previous = 'start';
  let gap: TrailItem[] = [];
  let beforeAssigned = false;
  let updatedSinceCreate = false;
  let lastUpdateJudged = false;
  const followed = new Set<string>();
  // The reads after the previous write: those it needs take its step, the last may be the next update's before.
  const closeGap = (next: 'update' | 'other'): TrailItem | undefined => {
    const need = needed(previous, gap);
    const spare = gap.length - (previous === 'judged-update' ? 1 : need);
    const before = next === 'update' && spare > 0 ? gap.at(-1) : undefined;
    gap.forEach((read, index) => {
      const step = read === before ? 'read-before-update' : index < need ? readStep(previous) : undefined;
      if (step) read.testCase.step = step;
      else release(read);
    });
    gap = [];
    return before;
  };
  items.forEach((item, index) => {
    const { testCase } = item;
    if (item.kind === 'read') {
      if (testCase.step !== 'read-after-delete') gap.push(item);
      return;
    }
    if (item.kind === 'follow') {
      const first = previous === 'create' && !followed.has(testCase.operationId);
      if (testCase.step === 'after-delete') return;
      if (!first) {
        release(item);
        return;
      }
      followed.add(testCase.operationId);
      // Whether a new record's linked reads answer before it has data is not decided by the source.
      Object.assign(testCase, { step: 'follow-created', basis: 'convention' });
      return;
    }
    if (item.kind === 'find') {
      testCase.step =
        previous === 'deleted'
          ? 'find-after-delete'
          : !updatedSinceCreate
            ? 'find-after-create'
            : index > lastUpdate && lastUpdateJudged
              ? 'find-after-update'
              : 'find';
      return;
    }
    if (item.kind === 'create') {
      closeGap('other');
      previous = 'create';
      updatedSinceCreate = false;
      followed.clear();
      return;
    }
    if (item.kind === 'update') {
      const judgeable = testCase.auth !== 'valid' || item.fields === 1;
      const before = closeGap(judgeable ? 'update' : 'other');
      const judged = judgeable && (before !== undefined || !beforeAssigned);
      if (before) beforeAssigned = true;
      testCase.step = judged ? 'update' : 'update-unjudged';
      previous = judged ? 'judged-update' : 'unjudged-update';
      updatedSinceCreate = true;
      if (index === lastUpdate) lastUpdateJudged = judged;
      return;
    }
    closeGap('other');
    testCase.step = 'delete';
    previous =
      testCase.auth !== 'valid' ? 'unauthorised-delete' : item.answer?.verdict === 'refused' ? 'kept' : 'deleted';
  });
  closeGap('other');
}
