// Safe writes, the refusals a write must get, and the cleanup of what a run
// created. Records are created with this run's label (a domain under
// tallyport-contract-<run>-), entered in the ledger before the create leaves
// and after it answers, and owned only when a read of the answered id shows
// that label. An update or a delete is preceded by such a read every time
// (the guard lets one write follow one verified read), and followed by one
// read. What a write did is the model of the state's to judge (src/state);
// the looks after it, and the patience they get, are the state phase's
// (run/state/sequences.ts). Here the run only learns what it must own.
import {
  identifyingParameter,
  type OperationModel,
  type ParameterModel,
  parameterWithRole,
  type RecordKind,
  recordOperations,
  type SpecModel,
  writableKind,
} from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import { idText } from '../../answers/json-values.js';
import { compactValue } from '../../answers/records.js';
import { sameLabelForm } from '../../state/normalisation.js';
import type { AuthMode, RequestCase } from '../../cases/types.js';
import { caseKey, FORBIDDEN_FIELD_RULE, requestCase, worthSending } from '../../cases/types.js';
import { type InvalidValue, invalidValues, largestValue, plainValue, plainWrite } from '../../cases/values.js';
import { documentedEncoding, otherEncoding } from '../../transport/template.js';
import type { Values } from '../../spec/secrets.js';
import { unsafePathSegment } from '@tallyport/http-policy';
import { RUN_LABEL_DOMAIN, SafetyViolation, type SafetyGuard } from '../../transport/safety.js';
import type { ApiName } from '../../spec/models.js';
import type { Ledger } from './ledger.js';
import { PAUSES_MS, pause } from '../patience.js';
import { present } from '../../text/present.js';

/** A record the cleanup could not delete: its label, its id when known, and why it is left. */
export interface Leftover {
  id?: string;
  label: string;
  why?: string;
}

/** How many refused writes of a command sequence, per operation, are sent again in the other encoding. */
const ENCODED_TRIES_PER_OPERATION = 2;

export interface WriteSessionOptions {
  api: ApiName;
  model: SpecModel;
  runId: string;
  baseUrl: string;
  mock: boolean;
  guard: SafetyGuard;
  ledger: Ledger;
  send(testCase: RequestCase, options?: { cleanup?: boolean }): Promise<Answer>;
  /** True once the run is interrupted: no new write starts. */
  stopped(): boolean;
  /** The values a plain call of an operation sends (its required parameters, `given` first), to follow a link. */
  baseline?(operation: OperationModel, given: Values): Values | undefined;
  log?(line: string): void;
}

export interface WriteOperations {
  kind: RecordKind & { identifier: string; label: string };
  create: OperationModel;
  read: OperationModel;
  update?: OperationModel;
  remove?: OperationModel;
  list?: OperationModel;
}

/** What a write case says beyond its values (see `RequestCase`). */
type WriteExtra = Partial<
  Pick<RequestCase, 'expect' | 'auth' | 'varied' | 'rule' | 'ruleBasis' | 'encoding'> & { note: string }
>;

interface Created {
  id?: string;
  label: string;
  answer?: Answer;
  /** A search for the label after the create answered nothing sure showed no record: it took no effect. */
  absent?: boolean;
  /** Set when only the other encoding created it (the documented body was refused). */
  encoding?: 'form' | 'json';
}

export function writeOperations(model: SpecModel): WriteOperations | undefined {
  const kind = writableKind(model);
  if (!kind) return undefined;
  const { create, read, update, remove, list } = recordOperations(model, kind.name);
  if (!create || !read) return undefined;
  // The list finds a record by its label only through a search.
  const searchable = list && parameterWithRole(list, 'search') ? list : undefined;
  return { kind, create, read, ...present({ update, remove, list: searchable }) };
}

const idOf = (operation: OperationModel, kind: string) => identifyingParameter(operation, kind)!;

const writable = (operation: OperationModel): ParameterModel[] =>
  operation.parameters.filter(
    (parameter) => parameter.in === 'body' && parameter.role !== 'credential' && !parameter.forbidden,
  );

/** What a caller adds to every case the session sends while it acts for it (a command sequence's tags). */
export type SessionTag = Pick<RequestCase, 'family'> & Partial<Pick<RequestCase, 'sequence'>> & { note?: string };

export class WriteSession {
  private readonly ops: WriteOperations | undefined;
  private tag: SessionTag | undefined;
  private readonly encodedTries = new Map<string, number>();
  /** Why the cleanup could not delete a record, by id: what the run reports of what it left. */
  private readonly kept = new Map<string, string>();

  constructor(private readonly options: WriteSessionOptions) {
    this.ops = writeOperations(options.model);
  }

  get possible(): boolean {
    return !!this.ops;
  }

  /** Runs `act` with every case the session sends in the meantime tagged with `tag`. */
  async tagged<T>(tag: SessionTag, act: () => Promise<T>): Promise<T> {
    this.tag = tag;
    try {
      return await act();
    } finally {
      this.tag = undefined;
    }
  }

  /** The label of a record this run owns. */
  ownedLabel(id: string): string | undefined {
    return this.ops ? this.options.guard.owns(this.options.api, this.ops.kind.name, id)?.label : undefined;
  }

  label(purpose: string): string {
    return `${this.options.guard.labelPrefix}${purpose}${RUN_LABEL_DOMAIN}`;
  }

  private testCase(
    operation: OperationModel,
    values: Values,
    step: string,
    record: string,
    extra: WriteExtra & { basis?: RequestCase['basis'] } = {},
  ): RequestCase {
    const auth = extra.auth ?? 'valid';
    const tag = this.tag;
    const note = tag?.note && step !== 'create' ? `${tag.note}: ${step}` : (extra.note ?? step);
    return requestCase(operation.id, tag?.family ?? 'write', values, note, {
      key: `${caseKey(operation.id, auth, values)} ${step}`,
      ...(tag?.sequence ? { sequence: tag.sequence } : {}),
      auth,
      // The writes of a command sequence carry generated values, which a deployment may refuse by rules of its own:
      // their answer is judged by the state model, which holds a refused write to have changed nothing sure.
      expect: tag && !step.startsWith('read') && step !== 'verify' ? 'any' : (extra.expect ?? 'success'),
      step,
      record,
      ...present({ varied: extra.varied, rule: extra.rule, ruleBasis: extra.ruleBasis, encoding: extra.encoding }),
      ...present({ basis: extra.basis }),
    });
  }

  private recordIn(answer: Answer): Record<string, unknown> | undefined {
    if (answer.verdict !== 'accepted' || answer.records?.kind !== this.ops!.kind.name) return undefined;
    return answer.records.rows[0];
  }

  /** Reads a record; `verify` lets one write follow when it shows `label`. */
  private async read(id: string, label: string, step: string, cleanup = false) {
    const { read, kind } = this.ops!;
    const expect = step.endsWith('read-after-delete') ? ('refusal' as const) : ('success' as const);
    const answer = await this.options.send(
      this.testCase(read, { [idOf(read, kind.name).name]: id }, step, label, { expect }),
      { cleanup },
    );
    const record = this.recordIn(answer);
    // A long label is kept as a prefix and a digest of the whole (answers/records.ts): that digest proves it whole.
    const kept = record?.[kind.label];
    const shown = kept !== undefined && kept !== label && kept === compactValue(label) ? label : kept;
    // On the mock the guard is trusting, so any answer verifies.
    const verified = this.options.guard.verify(this.options.api, kind.name, id, shown);
    return { answer, record, verified };
  }

  /**
   * Reads the record, and reads it again after each pause of the run's one policy of patience (run/patience.ts) until
   * `settled` holds of a read (a replica caught up) or patience runs out.
   */
  private async readUntil(
    id: string,
    label: string,
    step: string,
    cleanup: boolean,
    settled: (read: Awaited<ReturnType<WriteSession['read']>>) => boolean,
  ) {
    let read = await this.read(id, label, step, cleanup);
    for (const ms of PAUSES_MS) {
      if (settled(read) || (this.options.stopped() && !cleanup)) break;
      await pause(ms);
      read = await this.read(id, label, step, cleanup);
    }
    return read;
  }

  /**
   * Finds a record by its exact label through the list's search: its id, `null` when the search answers with no
   * rows at all, or undefined when it could not tell (other rows only may mean the search was ignored).
   */
  private async findByLabel(label: string, cleanup = false): Promise<string | null | undefined> {
    const { list, kind } = this.ops!;
    if (!list) return undefined;
    const search = parameterWithRole(list, 'search')!;
    const pageSize = parameterWithRole(list, 'page-size');
    const largest = pageSize ? largestValue(pageSize) : undefined;
    const values: Values = { [search.name]: label, ...(largest && pageSize ? { [pageSize.name]: largest } : {}) };
    const answer = await this.options.send(this.testCase(list, values, 'find', label), { cleanup });
    const rows = answer.verdict === 'accepted' && answer.records?.many ? answer.records.rows : undefined;
    if (!rows) return undefined;
    if (rows.length === 0) return null;
    // The label as shown: in the deployment's own case or ASCII form, or kept as a prefix and digest when long.
    return idText(rows.find((candidate) => sameLabelForm(label, candidate[kind.label]))?.[kind.identifier]);
  }

  /** After a create without a usable answer: owns the record if the search finds it, closes the entry if not. */
  private async settle(label: string, cleanup = false): Promise<string | null | undefined> {
    const found = await this.findByLabel(label, cleanup).catch(() => undefined);
    if (found === null) {
      this.options.ledger.record({ event: 'not-created', ...this.entry(label) });
      return null;
    }
    return this.adopt(found, label, cleanup).catch(() => undefined);
  }

  /** Takes ownership of `id` only if a read shows it with `label`. */
  private async adopt(id: string | null | undefined, label: string, cleanup = false): Promise<string | undefined> {
    const { kind } = this.ops!;
    if (id === undefined || id === null || unsafePathSegment(id)) return undefined;
    // The id of a record this run already holds under another label is not this create's (a deployment that answers
    // a stale id): the record is looked for by its label instead, and the one held stays owned.
    const held = this.options.guard.owns(this.options.api, kind.name, id);
    if (held && held.label !== label) return undefined;
    this.options.guard.own(this.options.api, kind.name, id, label);
    // A record just created may not read back at once (a replica): a refused read is made again.
    const check = await this.readUntil(
      id,
      label,
      'verify',
      cleanup,
      (read) => read.verified || read.answer.verdict !== 'refused',
    );
    if (check.verified) {
      this.options.ledger.record({ event: 'created', ...this.entry(label), id });
      return id;
    }
    this.options.guard.release(this.options.api, kind.name, id);
    return undefined;
  }

  private entry(label: string) {
    const { runId, api, baseUrl } = this.options;
    return { runId, api, baseUrl, kind: this.ops!.kind.name, label };
  }

  /** Creates a record; returns its id once owned, or undefined. */
  async create(purpose: string, fields: Values, extra: WriteExtra = {}): Promise<Created> {
    let first = await this.createOnce(purpose, fields, extra);
    // A 5XX or no answer, and the record nowhere to be found: the same create is sent again, once. A gateway's
    // occasional failure is then served; a failure of this create itself fails again (not_a_server_error).
    const failed = first.answer && (!first.answer.answered || (first.answer.status ?? 0) >= 500);
    if (failed && first.absent && !this.options.stopped())
      first = await this.createOnce(purpose, fields, { ...extra, note: `${extra.note ?? 'the create'}, sent again` });
    const other = this.encodingToTry(this.ops!.create, first.answer, extra);
    if (first.id || !other) return first;
    const again = await this.createOnce(purpose, fields, { ...extra, encoding: other, note: this.encodedNote(extra) });
    return again.id ? { ...again, encoding: other } : first;
  }

  /**
   * The other common encoding to send a write in again, when the documented one was refused although the write
   * follows the spec: accepted that way, the documented body is never read; refused again, the refusal has another
   * cause (a plan limit, a domain rule) that the source does not show.
   */
  private encodingToTry(operation: OperationModel, answer: Answer | undefined, extra: WriteExtra) {
    const conforming = (extra.expect ?? 'success') === 'success' && (extra.auth ?? 'valid') === 'valid';
    if (!conforming || extra.encoding || answer?.verdict !== 'refused' || this.options.stopped()) return undefined;
    // A command sequence writes generated values a deployment may refuse by rules of its own: only a write of plain
    // values is asked again, and only the first few of each operation (the encoding is the operation's, not a value's).
    if (this.tag) {
      const tries = this.encodedTries.get(operation.id) ?? 0;
      if (tries >= ENCODED_TRIES_PER_OPERATION || !plainWrite(answer.case?.values ?? {})) return undefined;
      this.encodedTries.set(operation.id, tries + 1);
    }
    return otherEncoding(operation);
  }

  private encodedNote(extra: WriteExtra): string {
    const documented = documentedEncoding(this.ops!.create);
    return `${extra.note ?? 'the same write'}, sent again in the other encoding (refused as ${documented})`;
  }

  private async createOnce(purpose: string, fields: Values, extra: WriteExtra): Promise<Created> {
    const { create, kind } = this.ops!;
    const label = this.label(purpose);
    if (this.options.stopped()) return { label };
    this.options.ledger.record({ event: 'creating', ...this.entry(label) });
    const answer = await this.options.send(
      this.testCase(create, { [kind.label]: label, ...fields }, 'create', label, extra),
    );
    if (!answer.answered || answer.verdict !== 'accepted') {
      // A 4XX made nothing. Without an answer, or after anything else (a refusal stated in a 2XX body, a 5XX, a
      // redirect), the record may exist all the same: the label is looked for.
      const status = answer.status ?? 0;
      if (answer.answered && status >= 400 && status < 500 && status !== 429) {
        this.options.ledger.record({ event: 'not-created', ...this.entry(label) });
        return { label, answer };
      }
      const id = await this.settle(label);
      return { label, answer, ...(id ? { id } : {}), ...(id === null ? { absent: true } : {}) };
    }
    let id = await this.adopt(idText(this.recordIn(answer)?.[kind.identifier]), label).catch((error) => {
      if (error instanceof SafetyViolation) return undefined;
      throw error;
    });
    if (id === undefined) id = await this.adopt(await this.findByLabel(label), label);
    return { label, answer, ...(id ? { id } : {}) };
  }

  /** Follows the create's links to other reading operations (its statistics) for a record this run created. */
  private async followCreated(id: string, label: string): Promise<void> {
    const { create, read, list, kind } = this.ops!;
    for (const link of create.links) {
      if (link.operationId === read.id || link.operationId === list?.id || this.options.stopped()) continue;
      const target = this.options.model.operations.find((operation) => operation.id === link.operationId);
      const idParameter = target ? identifyingParameter(target, kind.name) : undefined;
      const base = target && idParameter ? this.options.baseline?.(target, { [idParameter.name]: id }) : undefined;
      if (target?.effect !== 'read' || !base) continue;
      // Whether a record's linked reads answer before it has data (statistics of a new website) is not decided.
      await this.options.send(
        this.testCase(target, base, 'follow-created', label, { note: link.name, basis: 'convention' }),
      );
    }
  }

  /** Reads, then updates, then reads again; the write is sent only when the first read shows the label. */
  async update(id: string, label: string, fields: Values, extra: WriteExtra = {}): Promise<void> {
    const { update, kind } = this.ops!;
    if (!update || this.options.stopped()) return;
    if (!worthSending(extra.auth ?? 'valid', this.options.mock)) return;
    const before = await this.read(id, label, 'read-before-update');
    if (!before.verified) return;
    const answer = await this.options.send(
      this.testCase(update, { [idOf(update, kind.name).name]: id, ...fields }, 'update', label, extra),
    );
    const other = this.encodingToTry(update, answer, extra);
    await this.read(id, label, 'read-after-update');
    if (other) return this.update(id, label, fields, { ...extra, encoding: other, note: this.encodedNote(extra) });
  }

  /** Reads, deletes, and reads again; releases the record when the last read is refused. */
  async remove(id: string, label: string, options: { cleanup?: boolean; auth?: AuthMode } = {}) {
    const { remove, kind } = this.ops!;
    if (!remove || !worthSending(options.auth ?? 'valid', this.options.mock)) return false;
    const cleanup = options.cleanup ?? false;
    const before = await this.read(id, label, cleanup ? 'cleanup-verify' : 'read-before-delete', cleanup);
    if (!before.verified) {
      // Not found: refused (a 404, or a refusal in a 2XX body: status codes are not shown).
      const gone = before.answer.verdict === 'refused';
      if (gone) this.forget(id, label);
      else if (cleanup) this.kept.set(id, `the read before its delete ${answered(before.answer)}, without its label`);
      return gone;
    }
    const step = cleanup ? 'cleanup-delete' : 'delete';
    const answer = await this.options.send(
      this.testCase(remove, { [idOf(remove, kind.name).name]: id }, step, label, {
        ...(options.auth ? { auth: options.auth, expect: 'refusal' as const } : {}),
      }),
      { cleanup },
    );
    if (options.auth) {
      // A 2XX may say nothing (a delete's payload is not shown): whether it was taken shows in a read.
      await this.read(id, label, 'read-after-unauthorised-delete');
      return false;
    }
    // A delete taken may still read a while (a replica): a record that still reads is read again before the delete
    // counts as not taken.
    const readAfter = cleanup ? 'cleanup-read-after-delete' : 'read-after-delete';
    const after = await this.readUntil(
      id,
      label,
      readAfter,
      cleanup,
      (read) => answer.verdict !== 'accepted' || read.answer.verdict === 'refused',
    );
    const refused = after.answer.verdict === 'refused';
    if (cleanup && !refused)
      this.kept.set(id, `its delete ${answered(answer)}, and the read after it ${answered(after.answer)}`);
    // A record read just before and refused after is gone, whatever the delete answered (status_code_conformance
    // judges a delete refused yet taken).
    if (refused || (answer.verdict === 'accepted' && this.options.mock)) this.forget(id, label);
    return refused;
  }

  private forget(id: string, label: string): void {
    this.options.guard.release(this.options.api, this.ops!.kind.name, id);
    this.options.ledger.record({ event: 'deleted', ...this.entry(label), id });
  }

  /**
   * The writes the answer checks judge on their own: a record created with the documented defaults, its linked reads
   * (its statistics), then every write that must be refused on it (a value the spec does not allow, a field the
   * operation does not take, a wrong key), the creates that must be refused, and its delete. What each write did to
   * the data is the state phase's to look at and the model's to judge.
   */
  async refusals(): Promise<void> {
    const ops = this.ops;
    if (!ops) return;
    const { create, update, kind } = ops;
    const made: Array<{ id: string; label: string }> = [];
    const keep = (result: { id?: string; label: string }) =>
      result.id && made.push({ id: result.id, label: result.label });
    const created = await this.create('defaults', {}, { note: 'every field left to its default' });
    keep(created);
    const ownId = created.encoding === undefined ? created.id : undefined;
    if (ownId) await this.followCreated(ownId, created.label);
    if (ownId && update) {
      for (const field of update.parameters.filter((parameter) => parameter.in === 'body' && parameter.forbidden))
        await this.update(
          ownId,
          created.label,
          { [field.name]: this.label('renamed') },
          { expect: 'refusal', varied: field.name, rule: FORBIDDEN_FIELD_RULE, note: `${field.name} may not be sent` },
        );
      for (const field of writable(update)) {
        const invalid = invalidValues(field)[0];
        if (!invalid || this.options.stopped()) continue;
        await this.update(ownId, created.label, { [field.name]: invalid.value }, refusalOf(field, invalid));
      }
      const auth = { auth: 'wrong' as const, expect: 'refusal' as const, note: 'a wrong key' };
      await this.update(ownId, created.label, { ...pickOne(writable(update)) }, auth);
      if (ops.remove) await this.remove(ownId, created.label, { auth: 'wrong' });
    }
    for (const field of writable(create)) {
      if (field.name === kind.label) continue;
      const invalid = invalidValues(field)[0];
      if (!invalid || this.options.stopped()) continue;
      const purpose = `invalid-${field.name.replace(/[^a-z0-9]/gi, '')}`;
      keep(await this.create(purpose, { [field.name]: invalid.value }, refusalOf(field, invalid)));
    }
    for (const auth of ['missing', 'wrong'] as const) {
      if (!worthSending(auth, this.options.mock)) continue;
      const note = auth === 'wrong' ? 'a wrong key' : 'no key';
      keep(await this.create(`auth-${auth}`, {}, { auth, expect: 'refusal', note }));
    }
    for (const { id, label } of made) {
      if (this.options.stopped()) break;
      await this.remove(id, label);
    }
  }

  /**
   * Deletes every record this run still owns, and looks for records whose
   * create never answered. Runs after an interrupt too; returns what is left.
   */
  async cleanup(): Promise<Leftover[]> {
    const ops = this.ops;
    if (!ops) return [];
    for (const entry of this.options.ledger.outstanding(this.options.runId)) {
      if (entry.baseUrl !== this.options.baseUrl) continue;
      if (entry.id === undefined) await this.settle(entry.label, true);
      else if (!unsafePathSegment(entry.id))
        this.options.guard.own(this.options.api, ops.kind.name, entry.id, entry.label);
    }
    for (const { id, label } of this.options.guard.ownedIds(this.options.api)) {
      await this.remove(id, label, { cleanup: true }).catch((error: unknown) => {
        this.kept.set(id, `its delete stopped: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      });
    }
    return this.options.ledger
      .outstanding(this.options.runId)
      .filter((entry) => entry.baseUrl === this.options.baseUrl)
      .map((entry) => {
        const why = entry.id ? this.kept.get(entry.id) : undefined;
        return { label: entry.label, ...(entry.id ? { id: entry.id } : {}), ...(why ? { why } : {}) };
      });
  }
}

/** How a read or a write was answered, in a few words for a note. */
const answered = (answer: Answer): string =>
  answer.answered
    ? `answered HTTP ${answer.status} (${answer.verdict})`
    : `got no answer${answer.exchange.error ? ` (${answer.exchange.error})` : ''}`;

/** What a write that sends `invalid` as `field` expects: a refusal, for the rule it breaks. */
const refusalOf = (field: ParameterModel, invalid: InvalidValue): WriteExtra => ({
  expect: 'refusal',
  varied: field.name,
  rule: invalid.rule,
  ruleBasis: invalid.ruleBasis,
  note: invalid.rule,
});

function pickOne(fields: ParameterModel[]): Values {
  const field = fields.find((candidate) => candidate.enum);
  const value = field ? plainValue(field) : undefined;
  return field && value !== undefined ? { [field.name]: value } : {};
}
