// Command sequences: seeded, random, drawn from the spec model alone. A
// sequence creates, updates, deletes and reads records of the kind the run
// may write (only its own: the records it creates), walks every list in a
// random page size and order, and searches, each with generated values: every
// enum value (zeros too), the spec's examples, several of them in one list,
// an empty value, characters that mean something to a query language or a
// template, text outside ASCII and long text, on every text parameter, reads
// included. The same seed gives the same sequences (`--seed`), so a failure
// can be replayed; a command names the records it touches by their place in
// the sequence, never by an id, so a replay makes records of its own.
import { createRandom, type Random } from '@tallyport/mock';
import {
  type OperationModel,
  type ParameterModel,
  parameterWithRole,
  recordOperations,
  type SpecModel,
  writableFields,
  writableKind,
} from '@tallyport/spec-model/query';
import { DAY_MS, exampleValues, validValues, ymd } from '../cases/values.js';
import type { Values } from '../spec/secrets.js';

/** A record a command reads: the n-th the sequence created, or the n-th the deployment listed. */
export type Target = { created: number } | { listed: number };

export type Command =
  /** `purpose`: text of the covering sequence's own in the middle of the run's label (the domain). */
  | { kind: 'create'; record: number; fields: Values; outsideAscii: boolean; purpose?: string }
  /** `light`: looked at by reading the record and searching for it, not by a walk of the whole list. */
  | { kind: 'update'; record: number; fields: Values; light?: boolean }
  | { kind: 'delete'; record: number }
  | { kind: 'read'; target: Target }
  | { kind: 'search'; target: Target }
  | { kind: 'search-text'; operationId: string; text: string }
  | { kind: 'walk'; operationId: string; values: Values }
  /** A pause longer than a second, so the records created before and after it have different dates. */
  | { kind: 'pause' };

/** Characters that mean something to SQL, LIKE patterns, shells and HTML templates. */
export const SPECIAL_TEXT = `q'x"y\\z%_;<b>&amp`;
export const OUTSIDE_ASCII_TEXT = 'ñandú,茶馆,🦜';
/** Longer than most text a client sends (past 64 characters), within the common 255-character column. */
const longText = (seed: number): string => `long-${seed}-${'abcdefghij'.repeat(18)}`;

/** Every value worth writing to a body field or sending as free text. */
export function generatedValues(parameter: ParameterModel, seed: number): string[] {
  if (parameter.enum) return validValues(parameter);
  const examples = exampleValues(parameter);
  const several = examples.length > 1 ? [examples.join(','), examples.join('\n')] : [];
  return [...examples, ...several, '', SPECIAL_TEXT, OUTSIDE_ASCII_TEXT, longText(seed)];
}

export interface SequencePlan {
  model: SpecModel;
  /** Whether the run may write (its own records only). */
  writes: boolean;
  /** The values a plain call of each listing operation sends (its required parameters), where it can be made. */
  listValues: Map<string, Values>;
  /** How many records the deployment listed (reads of listed records pick among them). */
  listed: number;
  /** Today, for date ranges that ended in the past (ms since the epoch). */
  now: number;
}

function subset<T>(random: Random, items: readonly T[], atLeast: number): T[] {
  const chosen = items.filter(() => random.chance(0.5));
  while (chosen.length < Math.min(atLeast, items.length)) {
    const item = random.pick(items);
    if (!chosen.includes(item)) chosen.push(item);
  }
  return chosen;
}

/**
 * A random subset of `fields` with generated values; a field that applies under a value chosen for another
 * (`x-tallyport-applies-when`: a password when privacy is 2) is sent with it, as a client would.
 */
function fieldsFor(random: Random, fields: readonly ParameterModel[], atLeast: number, seed: number): Values {
  const values: Values = {};
  for (const field of subset(random, fields, atLeast)) values[field.name] = random.pick(generatedValues(field, seed));
  for (const field of fields) {
    const when = field.appliesWhen;
    if (!when || (values[field.name] ?? '') !== '' || values[when.field] !== String(when.value)) continue;
    values[field.name] = generatedValues(field, seed).find((value) => value !== '') ?? 'tallyport';
  }
  return values;
}

/**
 * A list walk: a random page size, sort key and direction, the plain call's values beneath; for a list of one
 * selection over a date range (a statistic), another selection and a range of 1 to 120 days that ended at least a
 * week ago (its rows cannot change while the run looks).
 */
function walkCommand(random: Random, operation: OperationModel, base: Values, now: number): Command {
  const values: Values = { ...base };
  for (const role of ['page-size', 'sort-key', 'sort-direction'] as const) {
    const parameter = parameterWithRole(operation, role);
    if (parameter && random.chance(0.75)) values[parameter.name] = random.pick(validValues(parameter));
  }
  const [start, end] = [parameterWithRole(operation, 'range-start'), parameterWithRole(operation, 'range-end')];
  if (start && end) {
    // A selection may hold few rows: its smallest pages are the likeliest to span several.
    const size = parameterWithRole(operation, 'page-size');
    if (size && random.chance(0.6)) values[size.name] = validValues(size)[0]!;
    const last = Math.floor(now / DAY_MS) - 7 - random.below(400);
    const days = 1 + random.below(120);
    values[start.name] = ymd((last - days + 1) * DAY_MS);
    values[end.name] = ymd(last * DAY_MS);
    for (const parameter of operation.parameters)
      if (parameter.enum && !parameter.role && parameter.required && parameter.in !== 'path')
        values[parameter.name] = random.pick(validValues(parameter));
  }
  return { kind: 'walk', operationId: operation.id, values };
}

/** One sequence of `length` commands, drawn from `seed`. */
export function drawSequence(plan: SequencePlan, seed: number, length: number): Command[] {
  const random = createRandom(seed);
  const kind = writableKind(plan.model);
  const ops = kind ? recordOperations(plan.model, kind.name) : {};
  const writes = plan.writes && kind && ops.create && ops.read;
  const createFields = ops.create ? writableFields(ops.create).filter((field) => field.name !== kind?.label) : [];
  const updateFields = ops.update ? writableFields(ops.update) : [];
  const lists = plan.model.operations.filter((operation) => plan.listValues.has(operation.id));
  const textSearches = lists.filter((operation) => parameterWithRole(operation, 'search'));
  const commands: Command[] = [];
  const alive: number[] = [];
  let created = 0;
  const target = (): Target =>
    alive.length > 0 && (plan.listed === 0 || random.chance(0.6))
      ? { created: random.pick(alive) }
      : { listed: random.below(Math.max(1, plan.listed)) };
  const create = () => {
    const fields = fieldsFor(random, createFields, 0, seed + created);
    commands.push({ kind: 'create', record: created, fields, outsideAscii: random.chance(0.2) });
    alive.push(created++);
  };
  if (writes) create();
  while (commands.length < length) {
    const roll = random.next();
    if (writes && roll < 0.18 && created < 3) create();
    else if (writes && roll < 0.45 && alive.length > 0 && ops.update)
      commands.push({ kind: 'update', record: random.pick(alive), fields: fieldsFor(random, updateFields, 1, seed) });
    else if (writes && roll < 0.55 && alive.length > 0 && ops.remove) {
      const record = random.pick(alive);
      alive.splice(alive.indexOf(record), 1);
      commands.push({ kind: 'delete', record });
    } else if (roll < 0.65 && kind && (alive.length > 0 || plan.listed > 0))
      commands.push({ kind: 'read', target: target() });
    else if (
      roll < 0.75 &&
      kind &&
      ops.list &&
      parameterWithRole(ops.list, 'search') &&
      (alive.length > 0 || plan.listed > 0)
    )
      commands.push({ kind: 'search', target: target() });
    else if (roll < 0.82 && textSearches.length > 0) {
      const operation = random.pick(textSearches);
      const search = parameterWithRole(operation, 'search')!;
      commands.push({
        kind: 'search-text',
        operationId: operation.id,
        text: random.pick(generatedValues(search, seed).filter(Boolean)),
      });
    } else if (lists.length > 0) {
      const operation = random.pick(lists);
      commands.push(walkCommand(random, operation, plan.listValues.get(operation.id)!, plan.now));
    } else break;
  }
  return commands;
}

/**
 * The commands a command depends on: the create of every record it touches (and its own index). A replay of these
 * alone is the first, shortest candidate a shrink tries.
 */
export function closureOf(commands: readonly Command[], index: number): number[] {
  return earlier(commands, index, (other) => other.kind === 'create');
}

/**
 * The commands a command's records went through before it: their create and every update (a fault may need the
 * value an earlier update left, a password that protects the record). The second candidate a shrink tries.
 */
export function historyOf(commands: readonly Command[], index: number): number[] {
  return earlier(commands, index, (other) => other.kind === 'create' || other.kind === 'update');
}

function earlier(commands: readonly Command[], index: number, keep: (other: Command) => boolean): number[] {
  const command = commands[index]!;
  const records = new Set<number>();
  if ('record' in command && command.kind !== 'create') records.add(command.record);
  if ((command.kind === 'read' || command.kind === 'search') && 'created' in command.target)
    records.add(command.target.created);
  const needed = commands
    .map((other, at) => ({ other, at }))
    .filter(({ other, at }) => at < index && keep(other) && 'record' in other && records.has(other.record))
    .map(({ at }) => at);
  return [...needed, index];
}

/** A short description of a command, for titles and reports. */
export function describeCommand(command: Command): string {
  switch (command.kind) {
    case 'create':
      return `create record ${command.record + 1}`;
    case 'update':
      return `update record ${command.record + 1} (${Object.keys(command.fields).join(', ')})`;
    case 'delete':
      return `delete record ${command.record + 1}`;
    case 'read':
    case 'search': {
      const target = command.target;
      const which = 'created' in target ? `record ${target.created + 1}` : `listed record ${target.listed + 1}`;
      return `${command.kind} ${which}`;
    }
    case 'search-text':
      return `search ${command.operationId} for generated text`;
    case 'walk':
      return `walk ${command.operationId}`;
    case 'pause':
      return 'pause a second';
  }
}
