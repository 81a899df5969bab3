// The x-tallyport-* vocabulary: every mark the specs may carry, where, and
// what its value must look like. A mark that is misspelt or misplaced fails
// the load, so a generator never silently ignores a fact of the specs.
import type { Effect, Json, JsonObject, ParameterRole } from './types.js';
import { isObject } from './json.js';

export const EFFECTS: readonly Effect[] = ['read', 'create', 'update', 'delete'];

export const PARAMETER_ROLES: readonly ParameterRole[] = [
  'page-size',
  'sort-key',
  'sort-direction',
  'search',
  'search-field',
  'range-start',
  'range-end',
  'credential',
];

/** Every mark, with a sentence for error messages and the specs' README. */
export const MARKS = {
  'x-tallyport-quirk': 'a documented oddity kept exactly as given (a sentence)',
  'x-tallyport-unknown': 'the source documentation does not show this (a sentence)',
  'x-tallyport-convention':
    'what this schema asserts is a convention where the source documentation is silent (a sentence); on a ' +
    'parameter, a map from enum values to sentences: judging their effect by the field they name is a convention',
  'x-tallyport-unknowns': 'at the root: things not shown at all, by topic',
  'x-tallyport-error-messages': 'on an operation: its documented messages as {code, msg, condition}',
  'x-tallyport-effect': `on an operation: ${EFFECTS.join(' | ')} (a GET reads)`,
  'x-tallyport-role': `on a parameter or property: ${[...PARAMETER_ROLES, 'message'].join(' | ')}`,
  'x-tallyport-identifies': 'on a parameter: the record kind whose identifier it holds',
  'x-tallyport-echo': "on a parameter or body field: the field of the answer's record equal to the value sent",
  'x-tallyport-always-sent': 'on a body field: true when clients always send it although it is not required',
  'x-tallyport-record': 'on a schema: {name, identifier?, label?}, a kind of record',
  'x-tallyport-outcome': 'on a const schema: success | error, the value that says how a request went',
  'x-tallyport-agree':
    "on a link: dotted fields that are equal in the object the link's parameter comes from and the record it reads",
  'x-tallyport-scope': 'on an operation: key, when what it answers is what the key selects (its account, its items)',
  'x-tallyport-applies-when':
    'on a body field: {field: value}, the value of another field of the same body under which this one applies ' +
    '(a deployment may require it then)',
  'x-tallyport-creation-order':
    'on the schema of a sort-key parameter: the enum value that orders records by the date they were created',
  'x-tallyport-baseline':
    'on an operation, added by a baseline overlay (tallyport-contract baseline): what a deployment was seen to do ' +
    'where the source documentation is silent ({key-in, search-matches, text-order, conventions-held})',
} as const;

export type MarkName = keyof typeof MARKS;

export class SpecMarkError extends Error {
  override name = 'SpecMarkError';
}

/** Throws on any `x-tallyport-*` key outside the vocabulary, anywhere in the document. */
export function assertKnownMarks(node: Json, where: string): void {
  if (Array.isArray(node)) {
    for (const [index, child] of node.entries()) assertKnownMarks(child, `${where}/${index}`);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-tallyport-') && !(key in MARKS)) {
      throw new SpecMarkError(`${where}: unknown mark ${key} (known: ${Object.keys(MARKS).join(', ')})`);
    }
    assertKnownMarks(value, `${where}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

export function sentence(
  node: Json | undefined,
  mark: 'x-tallyport-quirk' | 'x-tallyport-unknown',
): string | undefined {
  if (!isObject(node) || node[mark] === undefined) return undefined;
  const value = node[mark];
  if (typeof value !== 'string' || value.trim() === '') throw new SpecMarkError(`${mark} must be a sentence`);
  return value.trim();
}

/** `x-tallyport-convention` on a schema: the sentence saying which convention it asserts. */
export function conventionOf(node: Json | undefined, where: string): string | undefined {
  if (!isObject(node) || node['x-tallyport-convention'] === undefined) return undefined;
  const value = node['x-tallyport-convention'];
  if (typeof value !== 'string' || value.trim() === '')
    throw new SpecMarkError(`${where}: x-tallyport-convention on a schema must be a sentence`);
  return value.trim();
}

/** `x-tallyport-applies-when` on a body field: the one field and value of the same body under which it applies. */
export function appliesWhenOf(node: JsonObject, where: string): { field: string; value: Json } | undefined {
  const value = node['x-tallyport-applies-when'];
  if (value === undefined) return undefined;
  const entries = isObject(value) ? Object.entries(value) : [];
  if (entries.length !== 1)
    throw new SpecMarkError(`${where}: x-tallyport-applies-when must map one field to the value it applies under`);
  const [field, under] = entries[0]!;
  return { field, value: under };
}

/** `x-tallyport-creation-order` on a sort-key parameter's schema: one of its enum values. */
export function creationOrderOf(node: Json | undefined, where: string): string | undefined {
  if (!isObject(node) || node['x-tallyport-creation-order'] === undefined) return undefined;
  const value = node['x-tallyport-creation-order'];
  const allowed = Array.isArray(node.enum) ? node.enum.map(String) : [];
  if (typeof value !== 'string' || !allowed.includes(value))
    throw new SpecMarkError(`${where}: x-tallyport-creation-order must name one of the enum values`);
  return value;
}

/** `x-tallyport-convention` on a parameter: for some of its enum values, a sentence each. */
export function valueConventionsOf(node: Json | undefined, where: string): Record<string, string> | undefined {
  if (!isObject(node) || node['x-tallyport-convention'] === undefined) return undefined;
  const value = node['x-tallyport-convention'];
  const allowed = Array.isArray(node.enum) ? node.enum.map(String) : [];
  if (!isObject(value) || Object.keys(value).length === 0)
    throw new SpecMarkError(`${where}: x-tallyport-convention on a parameter must map enum values to sentences`);
  const found: Record<string, string> = {};
  for (const [key, reason] of Object.entries(value)) {
    if (!allowed.includes(key))
      throw new SpecMarkError(`${where}: x-tallyport-convention names ${key}, not an enum value`);
    if (typeof reason !== 'string' || reason.trim() === '')
      throw new SpecMarkError(`${where}: x-tallyport-convention.${key} must be a sentence`);
    found[key] = reason.trim();
  }
  return found;
}

export function effectOf(operation: JsonObject, method: string, where: string): Effect {
  const value = operation['x-tallyport-effect'];
  if (value === undefined) {
    if (method === 'get' || method === 'head') return 'read';
    throw new SpecMarkError(
      `${where}: a ${method.toUpperCase()} operation needs x-tallyport-effect (${EFFECTS.join(', ')})`,
    );
  }
  if (typeof value !== 'string' || !(EFFECTS as readonly string[]).includes(value)) {
    throw new SpecMarkError(
      `${where}: x-tallyport-effect must be one of ${EFFECTS.join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  return value as Effect;
}

export function roleOf(node: JsonObject, where: string): ParameterRole | 'message' | undefined {
  const value = node['x-tallyport-role'];
  if (value === undefined) return undefined;
  const allowed = [...PARAMETER_ROLES, 'message'];
  if (typeof value !== 'string' || !allowed.includes(value)) {
    throw new SpecMarkError(
      `${where}: x-tallyport-role must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}`,
    );
  }
  return value as ParameterRole | 'message';
}

export function nameMark(node: JsonObject, mark: 'x-tallyport-identifies' | 'x-tallyport-echo', where: string) {
  const value = node[mark];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '')
    throw new SpecMarkError(`${where}: ${mark} must name a field or record`);
  return value;
}

export function flagMark(node: JsonObject, mark: 'x-tallyport-always-sent', where: string): boolean {
  const value = node[mark];
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new SpecMarkError(`${where}: ${mark} must be true or false`);
  return value;
}

export interface RecordMark {
  name: string;
  identifier?: string;
  label?: string;
}

export function recordMark(schema: Json, where: string): RecordMark | undefined {
  if (!isObject(schema) || schema['x-tallyport-record'] === undefined) return undefined;
  const value = schema['x-tallyport-record'];
  const fields = isObject(value) ? value : {};
  const { name, identifier, label, ...rest } = fields;
  if (typeof name !== 'string' || Object.keys(rest).length > 0) {
    throw new SpecMarkError(`${where}: x-tallyport-record must be {name, identifier?, label?}`);
  }
  for (const [key, field] of Object.entries({ identifier, label })) {
    if (field !== undefined && typeof field !== 'string')
      throw new SpecMarkError(`${where}: x-tallyport-record.${key} must name a field`);
  }
  return {
    name,
    ...(typeof identifier === 'string' ? { identifier } : {}),
    ...(typeof label === 'string' ? { label } : {}),
  };
}

export function outcomeMark(schema: Json, where: string): 'success' | 'error' | undefined {
  if (!isObject(schema) || schema['x-tallyport-outcome'] === undefined) return undefined;
  const value = schema['x-tallyport-outcome'];
  if ((value !== 'success' && value !== 'error') || !('const' in schema)) {
    throw new SpecMarkError(`${where}: x-tallyport-outcome must be success or error, on a schema with a const`);
  }
  return value;
}

export function errorMessagesOf(operation: JsonObject, where: string) {
  const value = operation['x-tallyport-error-messages'];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new SpecMarkError(`${where}: x-tallyport-error-messages must be a list`);
  return value.map((entry, index) => {
    if (
      !isObject(entry) ||
      typeof entry.code !== 'string' ||
      typeof entry.msg !== 'string' ||
      typeof entry.condition !== 'string'
    ) {
      throw new SpecMarkError(`${where}: x-tallyport-error-messages[${index}] must be {code, msg, condition}`);
    }
    const trigger = entry.trigger;
    if (
      trigger !== undefined &&
      !(typeof trigger === 'string' && (ERROR_TRIGGERS as readonly string[]).includes(trigger))
    )
      throw new SpecMarkError(
        `${where}: x-tallyport-error-messages[${index}].trigger must be one of ${ERROR_TRIGGERS.join(', ')}`,
      );
    const parameter = entry.parameter;
    if (parameter !== undefined && typeof parameter !== 'string')
      throw new SpecMarkError(`${where}: x-tallyport-error-messages[${index}].parameter must be a parameter name`);
    if (trigger === 'unrecognised-value' && parameter === undefined)
      throw new SpecMarkError(`${where}: x-tallyport-error-messages[${index}]: unrecognised-value needs a parameter`);
    return {
      code: entry.code,
      msg: entry.msg,
      condition: entry.condition,
      ...(trigger ? { trigger: trigger as ErrorTrigger } : {}),
      ...(parameter ? { parameter } : {}),
    };
  });
}

/**
 * What request provokes a documented error message, so contract runs can
 * send it: a key whose account holds no records, an identifier that selects
 * no record, or a value of `parameter` the deployment does not recognise.
 */
export const ERROR_TRIGGERS = ['key-without-records', 'unknown-identifier', 'unrecognised-value'] as const;
export type ErrorTrigger = (typeof ERROR_TRIGGERS)[number];

/** `x-tallyport-agree` on a link: the dotted fields that must be equal on both sides. */
export function agreeOf(link: JsonObject, where: string): string[] {
  const value = link['x-tallyport-agree'];
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((field) => typeof field !== 'string' || field === ''))
    throw new SpecMarkError(`${where}: x-tallyport-agree must be a list of dotted field names`);
  return value as string[];
}

/** `x-tallyport-scope` on an operation. */
export function scopeOf(operation: JsonObject, where: string): 'key' | undefined {
  const value = operation['x-tallyport-scope'];
  if (value === undefined) return undefined;
  if (value !== 'key') throw new SpecMarkError(`${where}: x-tallyport-scope must be key`);
  return value;
}

export function unknownsOf(root: JsonObject): Record<string, string> {
  const value = root['x-tallyport-unknowns'];
  if (value === undefined) return {};
  if (!isObject(value) || Object.values(value).some((entry) => typeof entry !== 'string')) {
    throw new SpecMarkError('x-tallyport-unknowns must map topics to sentences');
  }
  return value as Record<string, string>;
}
