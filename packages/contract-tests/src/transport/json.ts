// Parsing a deployment's JSON within bounds. A body under the size cap can
// still hold millions of nested brackets or values: parsed as is, it exhausts
// the heap, and a deep row later overflows the stack of whatever walks it.
// One pass over the text measures nesting and values first, without
// allocating; only a body within both bounds is handed to JSON.parse.

/** Deepest nesting of arrays and objects a body may have. */
export const MAX_JSON_DEPTH = 64;
/** Most values (scalars, arrays and objects) a body may hold. */
export const MAX_JSON_VALUES = 1_000_000;

export type ParsedJson = { ok: true; value: unknown } | { ok: false; error: string };

/** Depth and value count of a JSON text, stopping as soon as a bound is passed. */
function measure(text: string): string | undefined {
  let depth = 0;
  let values = 0;
  let inString = false;
  let scalar = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) {
      inString = true;
      values++;
      scalar = false;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      values++;
      scalar = false;
      if (depth > MAX_JSON_DEPTH) return `nested deeper than ${MAX_JSON_DEPTH} levels`;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
      scalar = false;
    } else if (code === 0x2c || code === 0x3a || code <= 0x20) {
      scalar = false;
    } else if (!scalar) {
      scalar = true;
      values++;
    }
    if (values > MAX_JSON_VALUES) return `more than ${MAX_JSON_VALUES} values`;
  }
  return undefined;
}

/** A body's JSON as a response record holds it: parsed, or why it was not (nothing for an empty body). */
export function bodyJson(text: string): { json?: unknown; jsonError?: string } {
  if (text.trim() === '') return {};
  const parsed = parseBoundedJson(text);
  return parsed.ok ? { json: parsed.value } : { jsonError: parsed.error };
}

/** JSON.parse of a body that stays within the bounds; a body beyond them is refused with why. */
export function parseBoundedJson(text: string): ParsedJson {
  const beyond = measure(text);
  if (beyond) return { ok: false, error: `the body was not parsed: it is ${beyond}` };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}
