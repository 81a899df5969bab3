// What a deployment holds, as the model of it the run keeps: each record of
// the kind the run may write, with what each of its documented fields should
// show, changed only by the documented write rules (the spec model's
// writes.ts, which the stateful mock serves too): a create adds one record
// with what it sent and the documented defaults, an update changes exactly
// what it sends, a delete removes the record. Where the documentation is
// silent the model takes what the deployment first shows (the records it
// starts with, how it shows a value, the ids it gives) and from then on
// expects the deployment to stay consistent with that.
import { createdFields, type OperationModel, updatedFields, type WrittenValue } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import type { Row } from '../answers/records.js';
import { sameValue } from '../checks/judging/compare.js';
import { sameEntries, sameLabelForm, storedAs } from './normalisation.js';

/** What one documented field of a record should show. */
export interface FieldExpectation {
  /** The value shown (`seen`), or written: sent by a write or its documented default. */
  value: unknown;
  how: 'seen' | WrittenValue['source'];
  /** The answer the expectation comes from: the view that showed it, or the write that set it. */
  from: Answer;
  /** A write sent it but said nothing sure of its fate (refused, a 5XX, no answer): anything may show. */
  unsure?: boolean;
  /** For a written value: what the last view since the write showed (it becomes the value once the model moves on). */
  shown?: { value: unknown; from: Answer };
  /** For a value seen after a write: what that write sent (the value shown is the deployment's form of it). */
  written?: unknown;
  /** For a value an update wrote: what the field showed before, which a view that lags the write still shows. */
  before?: { value: unknown };
}

export interface ModelRecord {
  id: string;
  /** `listed`: the deployment showed it; `created`: a create of the run (or of the recorded traffic) made it. */
  origin: 'listed' | 'created';
  /** The label a create gave it. */
  label?: string;
  /** When its create was sent and answered (ms since the epoch), for records created in the traffic. */
  created?: { sentAt: number; answeredAt: number; answer: Answer };
  /** When an answer first showed it (ms since the epoch): it existed then. */
  firstSeenAt: number;
  fields: Record<string, FieldExpectation>;
  /** A write to it said nothing sure (a 5XX, no answer): whether and how it exists is learnt from the next view. */
  unsure?: boolean;
}

export interface WriteStep {
  answer: Answer;
  op: 'create' | 'update' | 'delete';
  /** The record written, once known. */
  id?: string;
  /** What the write sent, by field, the key left out. */
  sent: Record<string, string>;
  /** The model's version once the write is applied. */
  version: number;
}

/** A copy of a record's expectations, kept with a view so it can be judged after the model moved on. */
export function snapshot<R extends ModelRecord | undefined>(record: R): R {
  return record && { ...record, fields: { ...record.fields } };
}

export class StateModel {
  readonly records = new Map<string, ModelRecord>();
  /** Records the traffic deleted, with the delete. */
  readonly deleted = new Map<string, Answer>();
  /** Every record of the kind is known: a complete walk without a search showed them all. */
  complete = false;
  /** Grows with each write that may have changed something. */
  version = 0;
  /** Creates whose record was not named yet, by label: the next view that shows the label names it. */
  private readonly unnamed = new Map<string, { answer: Answer; sent: Record<string, string>; unsure: boolean }>();

  constructor(
    readonly label: string | undefined,
    readonly identifier: string,
    readonly fields: readonly string[],
  ) {}

  alive(): string[] {
    return [...this.records.keys()];
  }

  /** A record the deployment shows: a new one is taken as it is; a known one is seen again. */
  seen(id: string, row: Row, answer: Answer): ModelRecord {
    let record = this.records.get(id);
    if (!record) {
      const shownLabel = this.label ? row[this.label] : undefined;
      // A create the deployment answered without an id is named by the first view of its label, in any form.
      const named = [...this.unnamed.keys()].find((label) => sameLabelForm(label, shownLabel));
      const pending = named === undefined ? undefined : this.unnamed.get(named);
      record = pending
        ? this.created(id, pending.answer, pending.sent, pending.unsure)
        : { id, origin: 'listed', firstSeenAt: answer.exchange.startedAt + answer.exchange.durationMs, fields: {} };
      if (named !== undefined) this.unnamed.delete(named);
      this.records.set(id, record);
    }
    record.unsure = false;
    return record;
  }

  /** After a view was judged: what it showed is what the record holds (a written value, once the model moves on). */
  learn(record: ModelRecord, row: Row, answer: Answer): void {
    for (const field of this.fields) {
      if (!(field in row)) continue;
      const known = record.fields[field];
      // A written value stays expected until the model moves on: a view that lags the write must not teach the old
      // value, and the next view is judged against the write again.
      if (known && known.how !== 'seen') known.shown = { value: row[field], from: answer };
      else
        record.fields[field] = {
          value: row[field],
          how: 'seen',
          from: answer,
          // Still the deployment's form of what the run wrote, while it shows the same.
          ...(known?.written !== undefined && sameValue(known.value, row[field]) ? { written: known.written } : {}),
        };
    }
  }

  /**
   * Before a write: what was written is settled, and the last view of it is what the record shows, when that view
   * showed the value written (in any form); a view that did not (a replica still behind) teaches nothing, and the
   * next view is held to the write again.
   */
  private settle(): void {
    for (const record of this.records.values())
      for (const [field, expectation] of Object.entries(record.fields)) {
        if (expectation.how === 'seen' || expectation.shown === undefined) continue;
        const stored = storedAs(expectation.value, expectation.shown.value, expectation.before);
        const verdict = stored.verdict;
        // An unsure write (a 5XX, a refusal) took effect where the view shows what it sent: in a form the run can
        // explain, in any form after a create (the record is there, so what it stored is what the create sent), or
        // in a form of its own that is not what showed before an update.
        const tookEffect =
          !expectation.unsure ||
          (stored.verdict === 'kept' &&
            (stored.how !== 'another form' ||
              expectation.before !== undefined ||
              record.created?.answer === expectation.from));
        if (expectation.unsure || verdict === 'kept' || verdict === 'other-representation')
          record.fields[field] = {
            value: expectation.shown.value,
            how: 'seen',
            from: expectation.shown.from,
            ...(tookEffect ? { written: expectation.value } : {}),
          };
        else delete expectation.shown;
      }
  }

  private created(id: string, answer: Answer, sent: Record<string, string>, unsure: boolean): ModelRecord {
    const fields: Record<string, FieldExpectation> = {};
    for (const [field, written] of Object.entries(createdFields(answer.operation, sent)))
      fields[field] = { value: written.value, how: written.source, from: answer, ...(unsure ? { unsure } : {}) };
    const startedAt = answer.exchange.startedAt;
    return {
      id,
      origin: 'created',
      ...(this.label && sent[this.label] !== undefined ? { label: sent[this.label] } : {}),
      created: { sentAt: startedAt, answeredAt: startedAt + answer.exchange.durationMs, answer },
      firstSeenAt: startedAt + answer.exchange.durationMs,
      fields,
      ...(unsure ? { unsure } : {}),
    };
  }

  /** A create: accepted (with the id it answered, if any), or unsure (it may have made a record). */
  create(answer: Answer, sent: Record<string, string>, id: string | undefined, unsure: boolean): void {
    this.settle();
    this.version++;
    const label = this.label ? sent[this.label] : undefined;
    if (id === undefined) {
      if (label !== undefined) this.unnamed.set(label, { answer, sent, unsure });
      return;
    }
    this.records.set(id, this.created(id, answer, sent, unsure));
    this.deleted.delete(id);
  }

  /** An update of `id`: accepted, or unsure (refused or unanswered: what it sent may or may not show). */
  update(operation: OperationModel, answer: Answer, id: string, sent: Record<string, string>, unsure: boolean): void {
    this.settle();
    this.version++;
    const record = this.records.get(id);
    if (!record) return;
    for (const [field, written] of Object.entries(updatedFields(operation, sent))) {
      const previous = record.fields[field];
      const rewritten = previous?.written !== undefined && sameEntries(previous.written, written.value);
      record.fields[field] = {
        value: written.value,
        how: written.source,
        from: answer,
        ...(unsure ? { unsure } : {}),
        // What showed before tells a lagging view from the write only where the write changes what was written (the
        // same entries written again, in another order or with other separators, show as they did).
        ...(previous?.how === 'seen' && !rewritten ? { before: { value: previous.value } } : {}),
      };
    }
  }

  /** A delete of `id`: accepted, or unsure (the record may or may not be gone until a view says). */
  remove(answer: Answer, id: string, unsure: boolean): void {
    this.settle();
    this.version++;
    const record = this.records.get(id);
    if (unsure) {
      if (record) record.unsure = true;
      return;
    }
    this.records.delete(id);
    this.deleted.set(id, answer);
  }
}
