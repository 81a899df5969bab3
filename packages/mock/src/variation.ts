// New records made from the specs' example records, so that lists hold enough
// to page, sort and search while every record still looks like the examples and
// validates against its schema. A variation keeps the example's shape and
// changes what tells records apart: the identifier, the label, the words of
// its names (and wherever those words reappear: e-mail, links, slugs), its
// enum settings and nullable fields (chosen among the values the schema and
// the examples allow), its amounts (scaled together) and its timestamps
// (shifted together, so their order holds).
import { isObject } from '@tallyport/spec-model/query';
import { DOMAIN_ENDINGS, DOMAIN_HOSTS, DOMAIN_NAMES, PERSON_WORDS, WORDS } from './data/words.js';
import type { Random } from './random.js';
import { type Json, type JsonObject, type JsonSchema, propertiesOf, typesOf } from './spec.js';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/;
const DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const NAME_KEY = /name/i;
const PERSON_KEY = /first|last|full|user/i;
const DAY_MS = 86_400_000;

export interface KindFacts {
  identifier?: string;
  label?: string;
  schema: JsonSchema;
  /** The example records of the kind, for the values a nullable field may take. */
  examples: JsonObject[];
}

/** Values already used in the dataset, so invented ones never collide. */
export interface Taken {
  labels: Set<string>;
  names: Set<string>;
  codes: Set<string>;
}

export const newTaken = (): Taken => ({ labels: new Set(), names: new Set(), codes: new Set() });

type Leaf = string | number;

function mapLeaves(node: Json, change: (value: Leaf, path: string[]) => Json, path: string[] = []): Json {
  if (Array.isArray(node)) return node.map((child, index) => mapLeaves(child, change, [...path, String(index)]));
  if (isObject(node)) {
    const out: JsonObject = {};
    for (const [key, child] of Object.entries(node)) out[key] = mapLeaves(child, change, [...path, key]);
    return out;
  }
  return typeof node === 'string' || typeof node === 'number' ? change(node, path) : node;
}

function leaves(node: Json, path: string[] = [], found: Array<[string[], Leaf]> = []): Array<[string[], Leaf]> {
  if (Array.isArray(node)) {
    for (const [index, child] of node.entries()) leaves(child, [...path, String(index)], found);
  } else if (isObject(node)) for (const [key, child] of Object.entries(node)) leaves(child, [...path, key], found);
  else if (typeof node === 'string' || typeof node === 'number') found.push([path, node]);
  return found;
}

function at(node: Json | undefined, path: readonly string[]): Json | undefined {
  let current = node;
  for (const key of path) {
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isObject(current)) current = current[key];
    else return undefined;
  }
  return current;
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '');

function sameCase(model: string, word: string): string {
  if (model === model.toUpperCase() && model !== model.toLowerCase()) return word.toUpperCase();
  if (model[0] === model[0]?.toUpperCase()) return word[0]!.toUpperCase() + word.slice(1).toLowerCase();
  return word.toLowerCase();
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces each token (any case) with its replacement, keeping the case it was written in. */
function replaceTokens(text: string, tokens: ReadonlyMap<string, string>): string {
  let out = text;
  for (const [token, replacement] of tokens) {
    out = out.replace(new RegExp(escapeRegExp(token), 'giu'), (found) => sameCase(found, replacement));
  }
  return out;
}

/** The first word of every name-like field (`name`, `firstname`, `username` ...), each given a new word. */
function nameTokens(record: JsonObject, random: Random): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const [path, value] of leaves(record)) {
    const key = path.at(-1) ?? '';
    if (typeof value !== 'string' || !NAME_KEY.test(key) || TIMESTAMP.test(value)) continue;
    const first = value.split(/[^\p{L}]+/u).find((word) => word.length >= 3);
    if (!first || tokens.has(first.toLowerCase())) continue;
    const words: readonly string[] = PERSON_KEY.test(key) ? PERSON_WORDS : WORDS;
    let word = random.pick(words);
    for (let tries = 0; tries < 8 && [...tokens.values()].includes(word.toLowerCase()); tries++)
      word = random.pick(words);
    tokens.set(first.toLowerCase(), word.toLowerCase());
  }
  return tokens;
}

/** A new label shaped like the example's: a domain for a domain, else words. */
function newLabel(example: string, random: Random, taken: Taken): string {
  for (let tries = 0; tries < 1000; tries++) {
    const label = DOMAIN.test(example)
      ? `${random.pick(DOMAIN_HOSTS)}${random.pick(DOMAIN_NAMES)}${random.pick(DOMAIN_ENDINGS)}`
      : `${random.pick(WORDS)} ${random.pick(WORDS)}`;
    if (!taken.labels.has(label)) {
      taken.labels.add(label);
      return label;
    }
  }
  throw new Error('no new label could be made');
}

/** Digits replaced by random digits, for codes and versions that must keep their pattern. */
function reshaped(value: string, random: Random): string {
  if (/^[0-9a-f-]+$/.test(value) && /[a-f]/.test(value))
    return value.replace(/[0-9a-f]/g, () => '0123456789abcdef'[random.below(16)]!);
  return value.replace(/\d+/g, (digits) => String(random.below(10 ** Math.min(digits.length, 6))));
}

/** A new value for a lookup field (a purchase code), shaped like the example's and unused. */
export function newCode(example: string, random: Random, taken: Taken): string {
  for (let tries = 0; tries < 1000; tries++) {
    const code = reshaped(example, random);
    if (!taken.codes.has(code)) {
      taken.codes.add(code);
      return code;
    }
  }
  throw new Error('no new code could be made');
}

/** Moves every timestamp of a record by the same amount, so their order holds. */
function shiftTimestamps(record: Json, random: Random): Json {
  const shift = -(random.below(400) * DAY_MS + random.below(86_400) * 1000);
  return mapLeaves(record, (value) => {
    if (typeof value !== 'string' || !TIMESTAMP.test(value)) return value;
    return new Date(Date.parse(value) + shift).toISOString().replace(/\.\d{3}Z$/, 'Z');
  });
}

/** A variation of `template` with the identifier `id` (when the kind has one). */
export function vary(
  template: JsonObject,
  facts: KindFacts,
  random: Random,
  taken: Taken,
  id?: string | number,
): JsonObject {
  const tokens = nameTokens(template, random);
  const oldId = facts.identifier ? template[facts.identifier] : undefined;
  const oldIdText = oldId === undefined ? '' : String(oldId);
  const properties = propertiesOf(facts.schema as Json);
  const factor = 0.5 + random.next();
  let record = mapLeaves(template, (value, path) => {
    const top = path.length === 1 ? properties[path[0]!] : undefined;
    if (isObject(top) && Array.isArray(top.enum)) return value;
    if (typeof value === 'number') {
      if (path.length === 1 && path[0] === facts.identifier) return value;
      return Number.isInteger(value) ? Math.round(value * factor) : Math.round(value * factor * 100) / 100;
    }
    if (TIMESTAMP.test(value)) return value;
    let text = value;
    if (oldIdText.length >= 3 && id !== undefined) text = text.split(oldIdText).join(String(id));
    text = replaceTokens(text, tokens);
    if (isObject(top) && typeof top.pattern === 'string') text = reshaped(text, random);
    return text;
  }) as JsonObject;
  record = shiftTimestamps(record, random) as JsonObject;
  if (facts.identifier && id !== undefined) record[facts.identifier] = id;
  if (facts.label && typeof template[facts.label] === 'string')
    record[facts.label] = newLabel(template[facts.label] as string, random, taken);
  for (const [field, schema] of Object.entries(properties)) {
    if (!(field in record) || field === facts.identifier || field === facts.label) continue;
    if (isObject(schema) && Array.isArray(schema.enum)) record[field] = random.pick(schema.enum);
    else if (typesOf(schema).includes('null')) {
      const seen = facts.examples.map((example) => example[field]).filter((value) => value !== undefined);
      record[field] = random.pick([null, ...seen]);
    }
  }
  if (typeof record.name === 'string') {
    let name = record.name;
    for (let count = 2; taken.names.has(name); count++) name = `${record.name} ${count}`;
    record.name = name;
    taken.names.add(name);
  }
  return record;
}

/**
 * A record about `reference` (a purchase of an item) made from an example about another one: every value
 * the example shares with its own reference (the item's id, name, price, currency, preview) is taken from the
 * new reference at the same place; links that held the old reference's id or name now hold the new one's.
 */
export function deriveFor(
  template: JsonObject,
  templateReference: JsonObject,
  reference: JsonObject,
  identifier: string,
  random: Random,
): JsonObject {
  const shared = new Map<string, string[]>();
  for (const [path, value] of leaves(templateReference)) {
    const key = `${typeof value}:${value}`;
    if ((typeof value === 'string' && value.length >= 3) || (typeof value === 'number' && Math.abs(value) >= 10))
      if (!shared.has(key)) shared.set(key, path);
  }
  const swaps: Array<[string, string]> = [[String(templateReference[identifier]), String(reference[identifier])]];
  if (typeof templateReference.name === 'string' && typeof reference.name === 'string')
    swaps.push([slug(templateReference.name), slug(reference.name)]);
  const derived = mapLeaves(template, (value) => {
    const path = shared.get(`${typeof value}:${value}`);
    const replacement = path ? at(reference, path) : undefined;
    if (replacement !== undefined && typeof replacement === typeof value) return replacement;
    if (typeof value !== 'string') return value;
    return swaps.reduce((text, [from, to]) => (from.length >= 3 ? text.split(from).join(to) : text), value);
  });
  return shiftTimestamps(derived, random) as JsonObject;
}
