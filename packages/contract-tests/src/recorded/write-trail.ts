// Writes in a recorded file, tagged as a run tags its own writes: each
// create, update and delete of the kind a run may write, every read of a
// record a write in the file touched, and every search for a created
// record's label belong to that record's trail (family `write`), so that the
// checks that compare answers leave them to the model of the state, which
// judges them in the order sent. No ownership is claimed (nothing is ever
// sent). A record's trail starts at its create (the created id comes from
// the create's answer, or from a list that shows its label) or, for a record
// the file did not create, at its first update or delete. The read of a
// deleted record is due a refusal (`read-after-delete`); the first read after
// a delete with a wrong key shows whether it was taken
// (`read-after-unauthorised-delete`, ignored_auth's); the first read of each
// other operation after a create (its statistics) answers before the record
// has data only by convention (`follow-created`).
import { identifyingParameter, parameterWithRole, type SpecModel } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { idText } from '../answers/json-values.js';
import type { RequestCase } from '../cases/types.js';
import { type WriteOperations, writeOperations } from '../run/writes/session.js';
import type { Route } from './routes.js';

type Kind = 'create' | 'update' | 'delete' | 'read' | 'follow';

export interface TrailItem {
  kind: Kind;
  testCase: RequestCase;
  trail: Trail;
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

  private join(trail: Trail, kind: Kind, testCase: RequestCase): TrailItem {
    const item: TrailItem = { kind, testCase, trail };
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
    // A search for a record's label looks for that record: it reads the data while the file writes it.
    const search = operation.id === ops.list?.id ? parameterWithRole(operation, 'search') : undefined;
    const searched = search ? value(search.name) : undefined;
    const sought = typeof searched === 'string' ? this.byLabel.get(searched) : undefined;
    if (sought) Object.assign(testCase, { family: 'write', record: sought.label });
    const idParameter = identifyingParameter(operation, kind.name);
    const id = idParameter ? value(idParameter.name) : undefined;
    if (typeof id === 'string') {
      const writes = operation.id === ops.update?.id || operation.id === ops.remove?.id;
      const trail = this.trailOf(id, writes);
      if (!trail) return undefined;
      if (writes) {
        const item = this.join(trail, operation.id === ops.update?.id ? 'update' : 'delete', testCase);
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
    return undefined;
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

/** Names what the checks read of a trail: the first read after a delete with a wrong key, the first follow of each
 * other operation after a create. */
function nameSteps(items: readonly TrailItem[]): void {
  let created = false;
  let unauthorisedDelete = false;
  const followed = new Set<string>();
  for (const item of items) {
    const { testCase } = item;
    if (item.kind === 'read' || item.kind === 'follow') {
      if (testCase.step !== undefined) continue;
      if (item.kind === 'read' && unauthorisedDelete) testCase.step = 'read-after-unauthorised-delete';
      if (item.kind === 'read') unauthorisedDelete = false;
      if (item.kind === 'follow' && created && !followed.has(testCase.operationId)) {
        followed.add(testCase.operationId);
        // Whether a new record's linked reads answer before it has data is not decided by the source.
        Object.assign(testCase, { step: 'follow-created', basis: 'convention' });
      }
      continue;
    }
    if (item.kind === 'create') followed.clear();
    created = item.kind === 'create' || (created && item.kind !== 'delete');
    unauthorisedDelete = item.kind === 'delete' && testCase.auth !== 'valid';
  }
}
