// The shape of a body, without its values: the JSON type of each value and the
// names of an object's members, a few levels deep. Where the source
// documentation shows no error body, the run reports (and a baseline pins) the
// shape the refusals share; the raw body is dropped once an answer is read, so
// its shape is kept here, never a value of it (nor a count, nor an id).
import { isObject } from '@tallyport/spec-model/query';

export type JsonType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

export interface BodyShape {
  /** Absent where the bodies compared hold the member with types that vary. */
  type?: JsonType;
  /** An object's members, each with its own shape (down to `SHAPE_DEPTH` levels). */
  members?: Record<string, BodyShape>;
}

/** How deep a shape follows nested objects: a refusal's `error.code` is kept, a deeper detail is not. */
export const SHAPE_DEPTH = 3;
/** Members kept of one object: an error body with more is a record, not a shape worth pinning. */
const MAX_MEMBERS = 40;

/** The JSON type of a value, as JSON Schema names it (an integral number is an `integer`). */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean') return typeof value as JsonType;
  return 'object';
}

/** The shape of a parsed JSON value; undefined for a body that is not JSON. */
export function bodyShapeOf(json: unknown, depth = 0): BodyShape | undefined {
  if (json === undefined) return undefined;
  const type = jsonTypeOf(json);
  if (type !== 'object' || !isObject(json) || depth >= SHAPE_DEPTH) return { type };
  const names = Object.keys(json).slice(0, MAX_MEMBERS);
  return { type, members: Object.fromEntries(names.map((name) => [name, bodyShapeOf(json[name], depth + 1)!])) };
}

/**
 * What every one of `shapes` holds: the type they share, and the members present in all of them with the shape those
 * share. A member only some hold is left out; one all hold whose type varies keeps its name and no type.
 */
export function commonShape(shapes: readonly BodyShape[]): BodyShape {
  const first = shapes[0];
  if (!first || shapes.some((shape) => shape.type !== first.type)) return {};
  if (first.type !== 'object') return { type: first.type };
  const names = Object.keys(first.members ?? {})
    .filter((name) => shapes.every((shape) => shape.members?.[name] !== undefined))
    .sort();
  return {
    type: 'object',
    members: Object.fromEntries(names.map((name) => [name, commonShape(shapes.map((shape) => shape.members![name]!))])),
  };
}
