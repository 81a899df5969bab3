// Small questions about parsed JSON values, shared by the answer readers.
import { isObject, type JsonObject } from '@tallyport/spec-model/query';

export type { JsonObject };

/** A short description of a payload's shape, for observations: `object {data, links, meta}`, `bare array`. */
export function shapeOf(json: unknown): string {
  if (json === undefined) return 'no JSON body';
  if (Array.isArray(json)) return 'bare array';
  if (isObject(json)) {
    const keys = Object.keys(json);
    return `object {${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}}`;
  }
  return typeof json;
}

/**
 * A value as text, whatever a deployment put there: JSON for an object or an array. `String()` would throw on an
 * object whose own `toString` is not a function (`{"toString": 1}`), which any JSON answer can hold.
 */
export const textOf = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** An identifier as a row shows it (a string or a number), as text; anything else names no record. */
export const idText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/**
 * A copy of a short piece of a long text that holds nothing of the text it was cut from. V8 keeps a whole string
 * alive for as long as any slice of it lives, so an excerpt of an 8 MB body would keep the 8 MB: this copy does
 * not (UTF-16 code units round-trip exactly, lone surrogates included).
 */
export const detach = (piece: string): string => Buffer.from(piece, 'utf16le').toString('utf16le');
