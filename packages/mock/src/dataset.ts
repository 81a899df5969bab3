// The records the mock starts with, per key, built from the spec alone: the
// example records of the operations that read, then variations of them until
// each list has enough to page, sort and search (120 where the list takes a
// page size, twice the examples otherwise), one record of each kind that
// refers to another per record referred to (a purchase per item), and the one
// record of each kind that stands alone (the account). A key "without
// records" (for APIs whose spec names that condition) holds only the records
// that stand alone. The same number gives the same records.
import { isObject } from '@tallyport/spec-model/query';
import { createRandom, type Random } from './random.js';
import {
  echoing,
  type Json,
  type JsonObject,
  type MockSpec,
  parameterWithRole,
  propertiesOf,
  recordLocations,
  singleKind,
  typesOf,
} from './spec.js';
import { deriveFor, type KindFacts, newCode, newTaken, type Taken, vary } from './variation.js';

/** How the mock holds a kind of record. */
export type KindRole =
  /** Addressed by an identifier: listed, read, created, updated, deleted. */
  | { role: 'addressable'; identifier: string }
  /** About one record of another kind (`reference.identifier` holds it). */
  | { role: 'referring'; reference: { field: string; kind: string; identifier: string } }
  /** Computed for each request from the range it names (statistic rows). */
  | { role: 'computed' }
  /** One per key (the account). */
  | { role: 'alone' };

export interface Scope {
  records: Map<string, JsonObject[]>;
  /** The largest identifier each kind has held: a new record gets a larger one, never a deleted record's. */
  highestIds: Map<string, number>;
}

export interface Dataset {
  roles: Record<string, KindRole>;
  facts: Record<string, KindFacts>;
  /** The fields each kind shows in answers: those the spec's examples show. */
  shown: Record<string, string[]>;
  /** For kinds read by a value rather than an identifier: the field that holds it (`purchase_code`). */
  lookups: Record<string, string>;
  full: Scope;
  empty?: Scope;
  taken: Taken;
}

const LONG_LIST = 120;

function valueAt(root: Json | undefined, pointer: string): Json | undefined {
  let node = root;
  for (const key of pointer.split('/').slice(1)) node = isObject(node) ? node[key] : undefined;
  return node;
}

/** The records each read operation's success examples hold, by kind, without repeats. */
function exampleRecords(spec: MockSpec): Record<string, JsonObject[]> {
  const found: Record<string, JsonObject[]> = {};
  const seen = new Set<string>();
  for (const operation of spec.operations) {
    if (operation.effect !== 'read') continue;
    for (const response of operation.responses.filter((entry) => entry.key.startsWith('2'))) {
      for (const example of response.examples) {
        // Locations come deepest first: the first that holds what it promises is where the records are.
        const location = response.records.find((candidate) => {
          const held = valueAt(example.value, candidate.pointer);
          return candidate.many ? Array.isArray(held) : isObject(held);
        });
        if (!location) continue;
        const held = valueAt(example.value, location.pointer);
        const identifier = spec.records[location.record]?.identifier;
        for (const record of (Array.isArray(held) ? held : [held]).filter(isObject)) {
          if (identifier && !(identifier in record)) continue;
          const key = `${location.record}:${identifier ? String(record[identifier]) : JSON.stringify(record)}`;
          if (seen.has(key)) continue;
          seen.add(key);
          found[location.record] = [...(found[location.record] ?? []), record];
        }
      }
    }
  }
  return found;
}

function rolesOf(spec: MockSpec): Record<string, KindRole> {
  const roles: Record<string, KindRole> = {};
  const ranged = new Set(
    spec.operations
      .filter((operation) => parameterWithRole(operation, 'range-start'))
      .flatMap((operation) => recordLocations(operation).map((location) => location.record)),
  );
  for (const kind of Object.values(spec.records)) {
    if (kind.identifier) {
      roles[kind.name] = { role: 'addressable', identifier: kind.identifier };
      continue;
    }
    if (ranged.has(kind.name)) {
      roles[kind.name] = { role: 'computed' };
      continue;
    }
    const properties = propertiesOf(spec.recordSchemas[kind.name] as Json);
    const reference = Object.values(spec.records).find(
      (other) =>
        other.identifier && other.name in properties && other.identifier in propertiesOf(properties[other.name]),
    );
    roles[kind.name] = reference
      ? {
          role: 'referring',
          reference: { field: reference.name, kind: reference.name, identifier: reference.identifier! },
        }
      : { role: 'alone' };
  }
  return roles;
}

/** New identifiers: the next free small numbers when the examples' are small, else onwards with gaps. */
function identifiers(examples: JsonObject[], identifier: string, random: Random): () => number {
  const used = new Set(examples.map((record) => Number(record[identifier])));
  const largest = Math.max(0, ...used);
  let next = largest < 1000 ? 1 : largest;
  return () => {
    if (largest < 1000) {
      while (used.has(next)) next++;
    } else next += 1 + random.below(997);
    used.add(next);
    return next;
  };
}

function listSize(spec: MockSpec, kind: string, examples: number): number {
  const paged = spec.operations.some(
    (operation) =>
      recordLocations(operation, kind).some((location) => location.many) && parameterWithRole(operation, 'page-size'),
  );
  return Math.max(examples, paged ? LONG_LIST : examples * 2);
}

const hasKeyWithoutRecords = (spec: MockSpec): boolean =>
  spec.operations.some((operation) => operation.errorMessages.some((entry) => entry.trigger === 'key-without-records'));

export function buildDataset(spec: MockSpec, seed: number): Dataset {
  const random = createRandom(seed);
  const roles = rolesOf(spec);
  const examples = exampleRecords(spec);
  const taken = newTaken();
  const facts: Record<string, KindFacts> = {};
  const shown: Record<string, string[]> = {};
  for (const kind of Object.values(spec.records)) {
    facts[kind.name] = {
      ...(kind.identifier ? { identifier: kind.identifier } : {}),
      ...(kind.label ? { label: kind.label } : {}),
      schema: spec.recordSchemas[kind.name] ?? {},
      examples: examples[kind.name] ?? [],
    };
    shown[kind.name] = [...new Set((examples[kind.name] ?? []).flatMap((record) => Object.keys(record)))];
    for (const record of examples[kind.name] ?? []) {
      if (kind.label && typeof record[kind.label] === 'string') taken.labels.add(record[kind.label] as string);
      if (typeof record.name === 'string') taken.names.add(record.name);
    }
  }
  const lookups: Record<string, string> = {};
  for (const operation of spec.operations) {
    const echo = echoing(operation);
    const kind = singleKind(operation);
    if (echo?.echo && kind && roles[kind]?.role !== 'addressable') lookups[kind] = echo.echo;
  }
  for (const [kind, field] of Object.entries(lookups))
    for (const record of examples[kind] ?? []) if (typeof record[field] === 'string') taken.codes.add(record[field]);

  const full: Scope = { records: new Map(), highestIds: new Map() };
  // Addressable kinds first: the kinds that refer to them are made from them.
  for (const [kind, role] of Object.entries(roles)) {
    if (role.role !== 'addressable') continue;
    const own = examples[kind] ?? [];
    const records = [...own];
    const nextId = identifiers(own, role.identifier, random);
    for (let index = 0; own.length > 0 && records.length < listSize(spec, kind, own.length); index++)
      records.push(vary(own[index % own.length]!, facts[kind]!, random, taken, nextId()));
    full.records.set(kind, records);
  }
  for (const [kind, role] of Object.entries(roles)) {
    if (role.role === 'alone') full.records.set(kind, (examples[kind] ?? []).slice(0, 1));
    if (role.role !== 'referring') continue;
    const own = examples[kind] ?? [];
    const { field, kind: other, identifier } = role.reference;
    const targets = full.records.get(other) ?? [];
    const idOf = (record: JsonObject) => String((record[field] as JsonObject | undefined)?.[identifier]);
    const covered = new Set(own.map(idOf));
    const records = [...own];
    targets
      .filter((target) => !covered.has(String(target[identifier])))
      .forEach((target, index) => {
        const template = own[index % own.length];
        const templateTarget =
          template && targets.find((candidate) => idOf(template) === String(candidate[identifier]));
        if (!template || !templateTarget) return;
        const derived = deriveFor(template, templateTarget, target, identifier, random);
        const lookup = lookups[kind];
        if (lookup && typeof template[lookup] === 'string')
          derived[lookup] = newCode(template[lookup] as string, random, taken);
        records.push(derived);
      });
    full.records.set(kind, records);
  }
  let empty: Scope | undefined;
  if (hasKeyWithoutRecords(spec)) {
    empty = { records: new Map(), highestIds: new Map() };
    for (const [kind, role] of Object.entries(roles))
      if (role.role === 'alone' && examples[kind]?.[0])
        empty.records.set(kind, [vary(examples[kind][0], facts[kind]!, random, taken)]);
  }
  return { roles, facts, shown, lookups, full, ...(empty ? { empty } : {}), taken };
}

/** A record as answers show it: only the fields the spec's examples show (a password never is). */
export function shownRecord(dataset: Dataset, kind: string, record: JsonObject): JsonObject {
  const fields = dataset.shown[kind];
  if (!fields || fields.length === 0) return record;
  const out: JsonObject = {};
  for (const [field, value] of Object.entries(record)) if (fields.includes(field)) out[field] = value;
  return out;
}

/** Whether a field of a kind may hold null (its schema says so). */
export function nullable(dataset: Dataset, kind: string, field: string): boolean {
  return typesOf(propertiesOf(dataset.facts[kind]?.schema as Json)[field]).includes('null');
}
