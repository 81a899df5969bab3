// Questions about dereferenced JSON Schemas (Schema Object, OpenAPI 3.1
// section 4.8.24): which properties a schema describes through its
// combinators, which it requires, and where it holds records. Pure functions.
import type { Json, JsonSchema, RecordLocation } from './types.js';
import { isObject } from './json.js';

/**
 * A schema no value satisfies: `false`, or the form older JSON Schema readers understand too (`not: {}`),
 * which the specs use for a property that must be absent.
 */
export function isForbidden(schema: unknown): boolean {
  if (schema === false) return true;
  return isObject(schema) && (schema.not === true || (isObject(schema.not) && Object.keys(schema.not).length === 0));
}

/** `schema.type` as a list. */
export function typesOf(schema: JsonSchema | Json | undefined): string[] {
  if (!isObject(schema)) return [];
  const type = schema.type;
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return typeof type === 'string' ? [type] : [];
}

const BRANCHES = ['allOf', 'oneOf', 'anyOf'] as const;

/** Every property a schema describes, looking through allOf/oneOf/anyOf (its own properties last, so they win). */
export function propertiesOf(schema: Json | undefined): Record<string, Json> {
  if (!isObject(schema)) return {};
  const found: Record<string, Json> = {};
  for (const combinator of BRANCHES) {
    const branches = schema[combinator];
    if (Array.isArray(branches)) for (const branch of branches) Object.assign(found, propertiesOf(branch));
  }
  return { ...found, ...(isObject(schema.properties) ? schema.properties : {}) };
}

/** The schema of a property (`a.b.c` walks nested objects), looking through allOf/oneOf/anyOf. */
export function propertyOf(schema: Json | undefined, dottedPath: string): Json | undefined {
  let current: Json | undefined = schema;
  for (const key of dottedPath.split('.')) {
    current = findProperty(current, key);
    if (current === undefined) return undefined;
  }
  return current;
}

function findProperty(schema: Json | undefined, key: string): Json | undefined {
  if (!isObject(schema)) return undefined;
  const properties = schema.properties;
  if (isObject(properties) && Object.hasOwn(properties, key)) return properties[key];
  for (const combinator of BRANCHES) {
    const branches = schema[combinator];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches) {
      const found = findProperty(branch, key);
      if (found !== undefined && !isForbidden(found)) return found;
    }
  }
  return undefined;
}

/** The keys a schema requires: its own, those of every allOf branch, and those every oneOf/anyOf branch requires. */
export function requiredKeys(schema: Json | undefined): Set<string> {
  const keys = new Set<string>();
  if (!isObject(schema)) return keys;
  for (const key of Array.isArray(schema.required) ? schema.required : []) if (typeof key === 'string') keys.add(key);
  for (const branch of Array.isArray(schema.allOf) ? schema.allOf : [])
    for (const key of requiredKeys(branch)) keys.add(key);
  for (const combinator of ['oneOf', 'anyOf'] as const) {
    const branches = Array.isArray(schema[combinator]) ? (schema[combinator] as Json[]).map(requiredKeys) : [];
    const [first, ...rest] = branches;
    for (const key of first ?? []) if (rest.every((branch) => branch.has(key))) keys.add(key);
  }
  return keys;
}

/** Whether `dottedPath` is required all the way down from `schema`. */
export function isRequiredPath(schema: Json | undefined, dottedPath: string): boolean {
  let current: Json | undefined = schema;
  for (const key of dottedPath.split('.')) {
    if (!requiredKeys(current).has(key)) return false;
    current = findProperty(current, key);
  }
  return true;
}

/**
 * Where a response schema holds records (`x-tallyport-record`): each as a
 * JSON pointer into the payload, deepest first. Combinators keep the
 * pointer; `not` is never entered (it describes what must not be there).
 */
export function recordLocationsOf(schema: Json | undefined): RecordLocation[] {
  const found: RecordLocation[] = [];
  const visit = (node: Json | undefined, pointer: string, many: boolean, depth: number): void => {
    if (!isObject(node) || depth > 16) return;
    const mark = node['x-tallyport-record'];
    if (isObject(mark) && typeof mark.name === 'string') {
      found.push({ pointer, many, record: mark.name });
      return;
    }
    for (const combinator of BRANCHES) {
      const branches = node[combinator];
      if (Array.isArray(branches)) for (const branch of branches) visit(branch, pointer, many, depth + 1);
    }
    if (isObject(node.properties)) {
      for (const [name, property] of Object.entries(node.properties)) {
        if (!many) visit(property, `${pointer}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, false, depth + 1);
      }
    }
    if (!many && node.items !== undefined) visit(node.items, pointer, true, depth + 1);
  };
  visit(schema, '', false, 0);
  const unique = new Map(
    found.map((location) => [`${location.pointer}|${location.many}|${location.record}`, location]),
  );
  return [...unique.values()].sort((a, b) => b.pointer.split('/').length - a.pointer.split('/').length);
}
