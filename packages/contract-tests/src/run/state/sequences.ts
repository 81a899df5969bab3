// The run's phase for the state model: it walks every list to learn what the
// deployment holds, runs seeded command sequences (commands.ts) on records
// of its own, and after each write looks at the whole state again (the list
// walked through every page, the written record searched for by its own
// text, another record read by id). A look that diverges from the model in
// a way a slow replica could explain is made again after a pause, and only
// a fresher look that still diverges stands. Refused requests get their
// neighbours sent (neighbours.ts). Each invariant that a sequence broke is
// then shrunk: the sequence is replayed with fewer commands (first only the
// command and the creates it needs) until no shorter replay shows the
// invariant broken again; the invariants report the shortest. Every request
// stays within the phase's budget; writes go through the write session and
// its safety guard (only records this run created, each re-read just
// before it is written).
import { createRandom } from '@tallyport/mock';
import {
  identifyingParameter,
  listedKind,
  type OperationModel,
  operationById,
  parameterWithRole,
  recordOperations,
  singleKind,
  type SpecModel,
  writableKind,
} from '@tallyport/spec-model/query';
import { type Answer, acceptedConforming } from '../../answers/answer.js';
import { textOf } from '../../answers/json-values.js';
import { compactValue } from '../../answers/records.js';
import { caseKey, caseTitle, type RequestCase, requestCase } from '../../cases/types.js';
import { largestValue, validValues } from '../../cases/values.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import type { Values } from '../../spec/secrets.js';
import type { WriteSession } from '../writes/session.js';
import {
  type Command,
  closureOf,
  historyOf,
  describeCommand,
  drawSequence,
  generatedValues,
  OUTSIDE_ASCII_TEXT,
} from '../../state/commands.js';
import { INITIAL_SEQUENCE, lastOfEach, type StateCheck } from '../../state/invariants/frame.js';
import { failedWrite, neighboursOf, refusedAllowed, writeNeighbour } from '../../state/neighbours.js';
import { Walker, type WalkResult } from './paging.js';
import { since, TimelineBuilder } from '../../state/timeline.js';
import { coveringSequence } from '../../state/covering-writes.js';
import { PAUSES_MS, pause } from '../patience.js';
import { failsAlone } from '../shrink.js';
import { present } from '../../text/present.js';

/** The covering sequence's id: the first after the first look at the state (`0`). */
const COVERING_SEQUENCE = '1';
/** Commands in a sequence, and sequences a run makes unless told (`--sequences`). */
export const SEQUENCE_LENGTH = 7;
export const DEFAULT_SEQUENCES = 4;
/** Requests the phase may add to a run by default: the covering sequence, the random ones and the shrinking. */
export const DEFAULT_SEQUENCE_BUDGET = 600;
/** Pages a walk at a page size other than the largest asks for, at the start (they are compared as prefixes). */
const OTHER_SIZE_PAGES = 4;
/** Neighbours sent for refused requests, at most. */
const NEIGHBOURS = 8;
/** Replays a shrink may make for one invariant, and the requests kept back for shrinking. */
const SHRINK_REPLAYS = 4;
const SHRINK_RESERVE = 90;
/** Pages a walk of a sequence asks for at most, at a page size other than the largest. */
const SEQUENCE_WALK_PAGES = 6;

export interface SequenceSetup {
  model: SpecModel;
  seed: number;
  sequences: number;
  budget: number;
  send(testCase: RequestCase): Promise<Answer>;
  /** Every answer of the run so far, in the order sent. */
  answers(): readonly Answer[];
  /** The run's answers as the checks read them. */
  recorded(answers: readonly Answer[]): RecordedRun;
  /** The write session, when the run may write. */
  session: WriteSession | undefined;
  /** The values of the plain call of an operation (its required parameters), or why there are none. */
  baseline(operation: OperationModel): Values | undefined;
  invariants: readonly StateCheck[];
  requestCount(): number;
  /** Requests the run's cap still leaves the phase, once the later writes and the cleanup of what it holds are kept. */
  capLeft(): number;
  stopped(): boolean;
  notes: string[];
}

interface Divergence {
  check: string;
  answer: Answer;
}

/** Where a record a sequence created stands: its id and label, once owned. */
interface Made {
  id: string;
  label: string;
}

export class SequenceRunner {
  private readonly walker: Walker;
  private readonly kind;
  private readonly ops;
  private readonly startedAt: number;
  private readonly settled = new Set<string>();
  private walks = 0;
  private listedIds: string[] = [];
  /**
   * Records there before the run that went away (a read of one was refused): another client may delete them, so the
   * run reads records that stay put and chooses another when one goes.
   */
  private readonly gone = new Set<string>();

  /** The records there before the run that are still there, as far as the run knows. */
  private stayingIds(): string[] {
    return this.listedIds.filter((id) => !this.gone.has(id));
  }

  /** Sends a read by id; with `marks`, a refused read of a record there before the run marks it gone. */
  private async sendRead(id: string, step: string, sequence: RequestCase['sequence'], marks = false): Promise<void> {
    const read = this.readCase(id, step, sequence);
    const answer = read ? await this.setup.send(read) : undefined;
    if (marks && answer?.verdict === 'refused' && this.listedIds.includes(id)) this.gone.add(id);
  }
  /** Creates the run could not own (no read showed the record): after two, sequences stop writing. */
  private unowned = 0;
  /** The timeline of the answers so far, read on as the run goes. */
  private builder: TimelineBuilder | undefined;
  /** The walks of the first look at the state, as sequence `0`: a divergence they show shrinks to one walk. */
  private readonly initial: Command[] = [];

  private initialWalk(operation: OperationModel, values: Values): RequestCase['sequence'] {
    this.initial.push({ kind: 'walk', operationId: operation.id, values });
    return { id: INITIAL_SEQUENCE, command: this.initial.length - 1 };
  }

  /** The plain call's values of each operation, worked out once for the phase. */
  private readonly baselines = new Map<string, Values | undefined>();

  private baseline(operation: OperationModel): Values | undefined {
    if (!this.baselines.has(operation.id)) this.baselines.set(operation.id, this.setup.baseline(operation));
    return this.baselines.get(operation.id);
  }

  constructor(private readonly setup: SequenceSetup) {
    this.kind = writableKind(setup.model);
    this.ops = this.kind ? recordOperations(setup.model, this.kind.name) : {};
    const credentials = new Set(
      setup.model.operations.flatMap((operation) =>
        operation.credential && operation.credential.in !== 'bearer' ? [operation.credential.name] : [],
      ),
    );
    this.walker = new Walker(
      (testCase) => setup.send(testCase),
      credentials,
      (name) => setup.model.records[name]?.identifier,
    );
    this.startedAt = setup.requestCount();
  }

  private left(): number {
    return Math.min(this.setup.budget - (this.setup.requestCount() - this.startedAt), this.setup.capLeft());
  }

  /** Whether the phase should stop: interrupted, or fewer requests left than `reserve` (scaled to a small budget). */
  private done(reserve = 0): boolean {
    const scaled = Math.min(reserve, Math.floor((this.setup.budget * reserve) / DEFAULT_SEQUENCE_BUDGET));
    return this.setup.stopped() || this.left() <= scaled;
  }

  /** The operations that list records, with the values of their plain call. */
  private listings(): Map<string, Values> {
    const found = new Map<string, Values>();
    for (const operation of this.setup.model.operations) {
      if (operation.effect !== 'read' || !listedKind(operation)) continue;
      const base = this.baseline(operation);
      if (base) found.set(operation.id, base);
    }
    return found;
  }

  private largest(operation: OperationModel): Values {
    const size = parameterWithRole(operation, 'page-size');
    const value = size ? largestValue(size) : undefined;
    return size && value ? { [size.name]: value } : {};
  }

  private async walk(
    operation: OperationModel,
    values: Values,
    step: string,
    sequence?: RequestCase['sequence'],
    maxPages?: number,
  ) {
    const id = `w${++this.walks}`;
    const result = await this.walker.walk(operation, values, { id, step, ...present({ sequence, maxPages }) });
    if (result.cut && !result.complete && !maxPages && this.walks <= 2)
      this.setup.notes.push(`state model: ${operation.id} could not be walked to its last page (${result.cut})`);
    return result;
  }

  /**
   * The plain call's values with, for each selection the spec lists without a role (a statistic's name), the value
   * whose answers so far held the most rows: a walk of it spans pages where any does.
   */
  private richest(operation: OperationModel, base: Values): Values {
    const values = { ...base };
    for (const parameter of operation.parameters) {
      if (!parameter.enum || parameter.role || parameter.in === 'path') continue;
      let best: { value: string; rows: number } | undefined;
      for (const answer of this.setup.answers()) {
        const sent = answer.case?.values[parameter.name];
        const rows = Math.max(answer.records?.count ?? 0, answer.page?.statedTotal ?? 0);
        if (answer.operation.id !== operation.id || typeof sent !== 'string' || answer.verdict !== 'accepted') continue;
        if (!best || rows > best.rows) best = { value: sent, rows };
      }
      if (best) values[parameter.name] = best.value;
    }
    return values;
  }

  /**
   * What the deployment holds at the start: every list walked at its largest page size and at the others (the
   * writable list in every order too), and, for a list of one selection over a date range (a statistic), selections
   * over a long past range at the smallest page size until one spans several pages.
   */
  private async learnState(listings: Map<string, Values>): Promise<void> {
    for (const [operationId, plain] of listings) {
      if (this.done(40)) return;
      const operation = operationById(this.setup.model, operationId);
      const base = this.richest(operation, plain);
      const result = await this.walkPatiently(operation, { ...base, ...this.largest(operation) });
      if (operation.id === this.ops.list?.id && this.kind && result)
        this.listedIds = result.pages.flatMap((page) =>
          (page.records?.rows ?? []).map((row) => textOf(row[this.kind!.identifier])),
        );
      const size = parameterWithRole(operation, 'page-size');
      if (!size) continue;
      const others = validValues(size).filter((other) => other !== largestValue(size));
      if (operation.id === this.ops.list?.id) {
        for (const value of others)
          await this.walkPatiently(operation, { ...base, [size.name]: value }, OTHER_SIZE_PAGES);
        for (const order of this.orders(operation))
          await this.walkPatiently(operation, { ...base, ...this.largest(operation), ...order });
      } else await this.spanPages(operation, base, others[0]);
    }
  }

  /** A walk of the first look at the state, a command of sequence `0`; what its last look showed. */
  private async walkPatiently(operation: OperationModel, values: Values, maxPages?: number) {
    if (this.done(40)) return undefined;
    const sequence = this.initialWalk(operation, values);
    let result: WalkResult | undefined;
    await this.patiently(async () => {
      result = await this.walk(operation, values, 'state: every page', sequence, maxPages);
    });
    return result;
  }

  /** Every sort key and direction but the documented default one. */
  private orders(operation: OperationModel): Values[] {
    const key = parameterWithRole(operation, 'sort-key');
    const direction = parameterWithRole(operation, 'sort-direction');
    if (!key || !direction) return [];
    return validValues(key)
      .flatMap((by) => validValues(direction).map((way) => ({ [key.name]: by, [direction.name]: way })))
      .filter(
        (order) => order[key.name] !== String(key.default) || order[direction.name] !== String(direction.default),
      );
  }

  /**
   * Selections of a ranged list (the richest so far first, then in a seeded order; eight at most), over a long past
   * range, until one spans three pages or more; then the one with the most rows again at the largest page size, so
   * a row lost between small pages shows against the same range read in fewer (a page that ends early reads as the
   * last one on its own).
   */
  private async spanPages(operation: OperationModel, base: Values, smallest: string | undefined): Promise<void> {
    const size = parameterWithRole(operation, 'page-size');
    const [start, end] = [parameterWithRole(operation, 'range-start'), parameterWithRole(operation, 'range-end')];
    const selector = operation.parameters.find(
      (parameter) => parameter.enum && !parameter.role && parameter.in !== 'path',
    );
    if (!size || !smallest || !start || !end || !selector) return;
    const day = 86_400_000;
    const last = Math.floor(Date.now() / day) - 7;
    const range = {
      [start.name]: new Date((last - 89) * day).toISOString().slice(0, 10),
      [end.name]: new Date(last * day).toISOString().slice(0, 10),
    };
    const random = createRandom(this.setup.seed);
    // The selection that served the most rows so far first: one that spans few pages cannot lose a row between them.
    const richest = base[selector.name];
    const names = [...validValues(selector)]
      .sort(() => random.next() - 0.5)
      .sort((a, b) => Number(b === richest) - Number(a === richest));
    let most: { values: Values; rows: number } | undefined;
    for (const name of names.slice(0, 8)) {
      if (this.done(40)) return;
      const values = { ...base, ...range, [selector.name]: name, [size.name]: smallest };
      const pages = (await this.walkPatiently(operation, values, 4))?.pages ?? [];
      const rows = pages.reduce((sum, page) => sum + (page.records?.count ?? 0), 0);
      if (pages.length > 1 && rows > (most?.rows ?? 0)) most = { values, rows };
      if (pages.length > 2) break;
    }
    if (most) await this.walkPatiently(operation, { ...most.values, ...this.largest(operation) }, 4);
  }

  /**
   * Each generated text on every search of a listing (characters a query language or a template reads, text outside
   * ASCII, long text): what a search does with them is the deployment's own, but it serves them.
   */
  private async searchTexts(listings: Map<string, Values>): Promise<void> {
    for (const [operationId, base] of listings) {
      const operation = operationById(this.setup.model, operationId);
      const search = parameterWithRole(operation, 'search');
      if (!search) continue;
      const texts = generatedValues(search, this.setup.seed).filter((text) => text !== '' && !/^[\w.-]*$/.test(text));
      for (const text of texts) {
        if (this.done(40)) return;
        await this.setup.send(
          this.caseOf(operation, { ...base, [search.name]: text }, 'state: generated text', undefined),
        );
      }
    }
  }

  /**
   * The failing findings of every invariant on what the run saw after exchange `after` (the model built from every
   * answer so far): what the last look diverged on.
   */
  private divergences(after: number, lagging = true): Divergence[] {
    const { run, timeline: whole } = this.timeline();
    const timeline = since(whole, after);
    const found: Divergence[] = [];
    let byId: Map<number, Answer> | undefined;
    for (const check of this.setup.invariants.filter((invariant) => invariant.lags || !lagging)) {
      for (const finding of lastOfEach(check.findingsOn(run, timeline))) {
        const result = finding.result;
        if (result.status !== 'fail' && result.status !== 'warn') continue;
        byId ??= new Map(run.answers.map((candidate) => [candidate.exchange.id, candidate]));
        const answer = byId.get(result.exchangeIds[0]!);
        if (answer) found.push({ check: `${check.name} ${result.kind}`, answer });
      }
    }
    // A server error to a sequence's request is a divergence of its own: a replay shows whether it needs the rest.
    for (const answer of lagging ? [] : run.answers) {
      const failure = answer.exchange.id > after && answer.case?.sequence ? failsAlone(answer) : undefined;
      if (failure) found.push({ check: `not_a_server_error ${failure}`, answer });
    }
    return found;
  }

  /** The run as the checks read it, and its timeline, read on from where it stopped. */
  private timeline() {
    const run = this.setup.recorded([...this.setup.answers()]);
    this.builder ??= new TimelineBuilder(run);
    return { run, timeline: this.builder.extend(run.answers) };
  }

  /** The records the model holds that a complete walk's pages do not show. */
  private missingFrom(pages: readonly Answer[]): string[] {
    const kind = this.kind;
    if (!kind || pages.length === 0) return [];
    const model = this.timeline().timeline.model;
    if (!model?.complete) return [];
    const shown = new Set(
      pages.flatMap((page) => (page.records?.rows ?? []).map((row) => textOf(row[kind.identifier]))),
    );
    return model.alive().filter((id) => !shown.has(id));
  }

  /** The label of a record as the last answer that showed it shows it (a deployment may store it normalised). */
  private shownLabel(id: string, fallback: string): string {
    const kind = this.kind!;
    const answers = this.setup.answers();
    for (let index = answers.length - 1; index >= 0; index--) {
      const row = answers[index]!.records?.rows.find((candidate) => textOf(candidate[kind.identifier]) === id);
      const label = row?.[kind.label];
      // A long label is kept as a prefix and a digest: the label the run wrote is the one to search for.
      if (typeof label === 'string') return label === compactValue(fallback) ? fallback : label;
    }
    return fallback;
  }

  private readCase(id: string, step: string, sequence: RequestCase['sequence']): RequestCase | undefined {
    const read = this.ops.read;
    const parameter = read && this.kind ? identifyingParameter(read, this.kind.name) : undefined;
    return read && parameter ? this.caseOf(read, { [parameter.name]: id }, step, sequence) : undefined;
  }

  private caseOf(operation: OperationModel, values: Values, step: string, sequence: RequestCase['sequence']) {
    const key = `${caseKey(operation.id, 'valid', values)} ${step}`;
    return requestCase(operation.id, 'sequence', values, step, {
      key,
      expect: 'success',
      step,
      ...present({ sequence }),
    });
  }

  private async search(text: string, step: string, sequence: RequestCase['sequence']): Promise<void> {
    const list = this.ops.list;
    const search = list ? parameterWithRole(list, 'search') : undefined;
    const base = list ? this.baseline(list) : undefined;
    if (!list || !search || !base) return;
    await this.walk(list, { ...base, ...this.largest(list), [search.name]: text }, step, sequence, 3);
  }

  /**
   * A look at the whole state after a write: the list walked at its largest page size, the record written searched
   * for by its own text, another record read by id. Made again after a pause while it diverges in a way a slow
   * replica could explain, until a fresher look agrees or patience runs out.
   */
  private async observe(
    written: Made | undefined,
    alive: readonly Made[],
    sequence: RequestCase['sequence'],
    light = false,
    deleted?: Made,
  ) {
    const list = this.ops.list;
    const base = list ? this.baseline(list) : undefined;
    const random = createRandom(this.setup.seed + this.setup.requestCount());
    const others = [...alive.filter((made) => made.id !== written?.id).map((made) => made.id), ...this.stayingIds()];
    const other = others.length > 0 && !light ? random.pick(others) : undefined;
    await this.patiently(async () => {
      // The record written is read by id in every look: a read of the write's own that a replica served stale is then
      // followed by a fresher one of the same kind.
      if (written) await this.sendRead(written.id, 'state: the record written', sequence);
      if (deleted) {
        await this.sendRead(deleted.id, 'state: the record deleted', sequence);
        // A search for its own text: a search index the delete never reached would still list it.
        const text = this.shownLabel(deleted.id, deleted.label);
        await this.search(text, 'state: the text of the record deleted', sequence);
      }
      if (list && base && !light) {
        const walked = await this.walk(list, { ...base, ...this.largest(list) }, 'state: after a write', sequence);
        // A record the state holds that the list no longer shows: is it gone, or only lost from the list?
        for (const id of this.missingFrom(walked.pages).slice(0, 3))
          await this.sendRead(id, 'state: a record the list lost', sequence);
      }
      if (written) await this.search(this.shownLabel(written.id, written.label), 'state: its own text', sequence);
      if (other) await this.sendRead(other, 'state: another record', sequence, true);
    });
  }

  /**
   * Makes a look at the state, and makes it again after a growing pause while it diverges from the model: how soon a
   * write shows in a list, a search or a read is not documented, and only a fresher look that still diverges stands.
   */
  private async patiently(look: () => Promise<unknown>): Promise<void> {
    for (let attempt = 0; attempt <= PAUSES_MS.length; attempt++) {
      if (this.done(10)) return;
      if (attempt > 0) await pause(PAUSES_MS[attempt - 1]!);
      const from = this.setup.requestCount();
      await look();
      const fresh = this.divergences(from).filter(
        (divergence) => divergence.answer.exchange.id > from && !this.settled.has(divergence.check),
      );
      if (fresh.length === 0) return;
      // A divergence still there after all the patience is not a replica catching up: the run stops waiting for it.
      if (attempt === PAUSES_MS.length) for (const divergence of fresh) this.settled.add(divergence.check);
    }
  }

  /** Runs one sequence; `only` limits it to some of its commands (a replay while shrinking). */
  async run(commands: readonly Command[], id: string, only?: ReadonlySet<number>): Promise<void> {
    const made = new Map<number, Made>();
    const session = this.setup.session;
    for (const [index, command] of commands.entries()) {
      if (only && !only.has(index)) continue;
      if (this.done(12)) return;
      const sequence = { id, command: index };
      const note = `sequence ${id}, ${index + 1}: ${describeCommand(command)}`;
      const tag = { family: 'sequence' as const, sequence, note };
      const targetId = (target: { created: number } | { listed: number }) =>
        'created' in target
          ? made.get(target.created)?.id
          : this.stayingIds()[target.listed % Math.max(1, this.stayingIds().length)];
      switch (command.kind) {
        case 'create': {
          if (!session || this.unowned >= 2) break;
          const script = command.outsideAscii ? `.${OUTSIDE_ASCII_TEXT.split(',')[0]}` : '';
          const own = command.purpose === undefined ? '' : `-${command.purpose}`;
          const purpose = `s${id.replace(/~/g, 'r')}-${command.record + 1}${script}${own}`;
          const created = await session.tagged(tag, () => session.create(purpose, command.fields, { note }));
          if (created.id) made.set(command.record, { id: created.id, label: created.label });
          // A create the deployment accepted and no read showed: its records may not read back at once, or at all.
          else if (created.answer?.verdict === 'accepted' && ++this.unowned === 2)
            this.setup.notes.push(
              'state model: two created records could not be read back, so the sequences stop writing',
            );
          await this.observe(created.id ? made.get(command.record) : undefined, [...made.values()], sequence);
          break;
        }
        case 'update': {
          const record = made.get(command.record);
          if (!session || !record) break;
          await session.tagged(tag, () => session.update(record.id, record.label, command.fields, { note }));
          await this.observe(record, [...made.values()], sequence, command.light);
          break;
        }
        case 'delete': {
          const record = made.get(command.record);
          if (!session || !record) break;
          await session.tagged(tag, () => session.remove(record.id, record.label));
          made.delete(command.record);
          await this.observe(undefined, [...made.values()], sequence, false, record);
          break;
        }
        case 'read': {
          const target = targetId(command.target);
          if (target && this.readCase(target, note, sequence))
            await this.patiently(() => this.sendRead(target, note, sequence, true));
          break;
        }
        case 'search': {
          const target = targetId(command.target);
          if (!target) break;
          const fallback = 'created' in command.target ? made.get(command.target.created)!.label : target;
          await this.patiently(() => this.search(this.shownLabel(target, fallback), note, sequence));
          break;
        }
        case 'search-text': {
          const operation = operationById(this.setup.model, command.operationId);
          const search = parameterWithRole(operation, 'search');
          const base = this.baseline(operation);
          if (search && base)
            await this.setup.send(this.caseOf(operation, { ...base, [search.name]: command.text }, note, sequence));
          break;
        }
        case 'walk': {
          const operation = operationById(this.setup.model, command.operationId);
          const size = parameterWithRole(operation, 'page-size');
          const largest = size && command.values[size.name] === largestValue(size);
          await this.patiently(() =>
            this.walk(operation, command.values, note, sequence, largest ? undefined : SEQUENCE_WALK_PAGES),
          );
          break;
        }
        case 'pause':
          await pause(1100);
          break;
      }
    }
  }

  /** Neighbours of the refused requests that have none yet (neighbours.ts). */
  private async sendNeighbours(): Promise<void> {
    let sent = 0;
    const asked = new Set(this.setup.answers().map((answer) => answer.case?.key));
    for (const answer of [...this.setup.answers()]) {
      if (sent >= NEIGHBOURS || this.done(20)) return;
      if (!refusedAllowed(answer)) continue;
      for (const neighbour of neighboursOf(answer.operation, answer.case!.values)) {
        const testCase = this.caseOf(answer.operation, neighbour.values, 'neighbour', undefined);
        const key = `${caseKey(answer.operation.id, 'valid', neighbour.values)}`;
        if ([...asked].some((known) => known?.startsWith(key))) continue;
        asked.add(testCase.key);
        await this.setup.send({
          ...testCase,
          title: caseTitle(answer.operation.id, neighbour.values, `${neighbour.kind} of #${answer.exchange.id}`),
        });
        sent++;
      }
    }
    await this.sendWriteNeighbours();
  }

  /** For each write of the sequences that failed, the same write with plain short text (neighbours.ts). */
  private async sendWriteNeighbours(): Promise<void> {
    const session = this.setup.session;
    const kind = this.kind;
    if (!session || !kind) return;
    let sent = 0;
    for (const answer of [...this.setup.answers()]) {
      if (sent >= NEIGHBOURS || this.done(20)) return;
      if (!failedWrite(answer) || answer.case?.step === 'neighbour') continue;
      const values = Object.fromEntries(
        Object.entries(answer.case!.values).map(([name, value]) => [name, this.setup.recorded([]).valueOf(value)]),
      );
      const fields = writeNeighbour(values, kind.label);
      const tag = { family: 'sequence' as const, note: `the neighbour of #${answer.exchange.id}` };
      sent++;
      if (answer.operation.id === this.ops.create?.id) {
        delete fields[kind.label];
        await session.tagged(tag, () => session.create(`n${answer.exchange.id}`, fields, { note: tag.note }));
        continue;
      }
      const parameter = identifyingParameter(answer.operation, kind.name);
      const id = parameter ? values[parameter.name] : undefined;
      const label = id ? session.ownedLabel(id) : undefined;
      if (!id || !label || !parameter) continue;
      delete fields[parameter.name];
      await session.tagged(tag, () => session.update(id, label, fields, { note: tag.note }));
    }
  }

  /**
   * Each single record of a kind the run never writes (an account, an item, a purchase) read again with its plain
   * call, after every other operation with the same key (purchase validations included): the record it answers has
   * state too.
   */
  private async readAgain(): Promise<void> {
    // The lists of those kinds walked again first: what a read shows is held to what the list then shows.
    for (const [operationId, values] of this.listings()) {
      const operation = operationById(this.setup.model, operationId);
      if (listedKind(operation) === this.kind?.name || this.done(20)) continue;
      await this.walk(operation, { ...values, ...this.largest(operation) }, 'state: read again');
    }
    for (const operation of this.setup.model.operations) {
      const kind = singleKind(operation);
      if (operation.effect !== 'read' || !kind || kind === this.kind?.name || this.done(10)) continue;
      const base = this.baseline(operation);
      if (base) await this.setup.send(this.caseOf(operation, base, 'state: read again', undefined));
      // Every record of the kind read before by its id is read again (ten at most).
      const parameter = identifyingParameter(operation, kind);
      if (!parameter || !base) continue;
      const read = new Set<string>();
      for (const answer of this.setup.answers()) {
        const sent = answer.operation.id === operation.id ? answer.case?.values[parameter.name] : undefined;
        if (typeof sent === 'string' && acceptedConforming(answer) && sent !== base[parameter.name]) read.add(sent);
      }
      for (const id of [...read].slice(0, 10)) {
        if (this.done(10)) return;
        await this.setup.send(
          this.caseOf(operation, { ...base, [parameter.name]: id }, 'state: read again', undefined),
        );
      }
    }
  }

  /** Whether a replay's answers (those after exchange `from`) show the same check diverge again. */
  private shows(check: string, replay: string, from: number): boolean {
    return this.divergences(from, false).some(
      (divergence) => divergence.check === check && divergence.answer.case?.sequence?.id === replay,
    );
  }

  /** For each check each sequence broke, replays of fewer commands until none shorter shows it, while budget lasts. */
  private async shrink(sequences: ReadonlyMap<string, Command[]>): Promise<void> {
    const first = new Map<string, { check: string; answer: Answer }>();
    // Every invariant a sequence broke is shrunk, those no patience could settle (a server error) too.
    for (const divergence of this.divergences(0, false)) {
      const tag = divergence.answer.case?.sequence;
      const key = `${divergence.check} ${tag?.id}`;
      if (!tag || tag.id.includes('~') || first.has(key)) continue;
      first.set(key, divergence);
    }
    // Two rounds: first the records' own commands of every divergence (a replay of a few commands each), then, for
    // what they did not show, each command left out in turn: as many divergences as the budget allows come shrunk.
    const shrinks = [...first.values()].flatMap(({ check, answer }) => {
      const tag = answer.case!.sequence!;
      const commands = sequences.get(tag.id);
      const prefix = [...Array(tag.command + 1).keys()];
      return commands ? [{ check, tag, commands, current: prefix, tried: new Set<string>() }] : [];
    });
    let replays = 0;
    const attempt = async (shrink: (typeof shrinks)[number], candidate: number[]) => {
      const { current, tried, tag } = shrink;
      if (tried.size >= SHRINK_REPLAYS || this.done(30)) return;
      if (candidate.length >= current.length || !candidate.every((index) => current.includes(index))) return;
      if (tried.has(candidate.join())) return;
      tried.add(candidate.join());
      const id = `${tag.id}~${++replays}`;
      const from = this.setup.requestCount();
      await this.run(shrink.commands, id, new Set(candidate));
      if (this.shows(shrink.check, id, from)) shrink.current = candidate;
    };
    for (const shrink of shrinks) {
      await attempt(shrink, closureOf(shrink.commands, shrink.tag.command));
      await attempt(shrink, historyOf(shrink.commands, shrink.tag.command));
    }
    // Each command left out one at a time only in a short sequence: in the covering one, each try would replay it.
    for (const shrink of shrinks) {
      if (shrink.current.length > SEQUENCE_LENGTH) continue;
      for (const drop of shrink.current.slice(0, -1)) {
        const fewer = shrink.current.filter((index) => index !== drop);
        await attempt(shrink, fewer);
      }
    }
  }

  async runAll(): Promise<void> {
    const listings = this.listings();
    await this.learnState(listings);
    await this.searchTexts(listings);
    const plan = {
      model: this.setup.model,
      writes: this.setup.session !== undefined,
      listValues: listings,
      listed: this.listedIds.length,
      now: Date.now(),
    };
    const sequences = new Map<string, Command[]>([[INITIAL_SEQUENCE, this.initial]]);
    // The covering sequence first (every value that shows a fault, in every run), then the random ones.
    const covering = this.setup.session ? coveringSequence(this.setup.model, this.setup.seed, listings) : [];
    if (covering.length > 0) {
      sequences.set(COVERING_SEQUENCE, covering);
      await this.run(covering, COVERING_SEQUENCE);
    }
    for (let index = 1; index <= this.setup.sequences; index++) {
      if (this.done(SHRINK_RESERVE + 40)) break;
      const id = String(index + 1);
      const commands = drawSequence(plan, this.setup.seed * 31 + index, SEQUENCE_LENGTH);
      sequences.set(id, commands);
      await this.run(commands, id);
    }
    await this.sendNeighbours();
    await this.readAgain();
    await this.shrink(sequences);
  }
}
