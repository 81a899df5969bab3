// Where a masked span may begin and end in a text that is already written in
// a format: a JSON string (`\u001f`, `\n`, `\\`), XML (`&#10;`, `&amp;`), a
// workflow command (`%0A`), a console line (`\x1f`). A piece of a key can
// begin inside an escape (the escape's last letter is the key's first) or end
// inside one; the span then takes the whole escape, so what replaces it never
// leaves half an escape behind and the text stays well-formed in its format.
// A surrogate pair is never cut either.

/** The longest escape looked for, from its first character. */
const LONGEST = 12;
const ENTITY = /^&(?:#[0-9]{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,8});/i;
const HEX = /^[0-9a-f]+$/i;

/** Whether the backslash at `at` starts an escape: an even number of backslashes stands before it. */
function startsEscape(text: string, at: number): boolean {
  let before = 0;
  while (at - before - 1 >= 0 && text.charCodeAt(at - before - 1) === 0x5c) before++;
  return before % 2 === 0;
}

/** The length of the escape (or surrogate pair) that starts at `at`, or 0. */
function escapeAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code === 0x5c) {
    if (at + 1 >= text.length || !startsEscape(text, at)) return 0;
    const next = text[at + 1];
    if (next === 'u' && HEX.test(text.slice(at + 2, at + 6)) && at + 6 <= text.length) return 6;
    if (next === 'x' && HEX.test(text.slice(at + 2, at + 4)) && at + 4 <= text.length) return 4;
    return 2;
  }
  if (code === 0x26) return ENTITY.exec(text.slice(at, at + LONGEST))?.[0].length ?? 0;
  if (code === 0x25) return HEX.test(text.slice(at + 1, at + 3)) && at + 3 <= text.length ? 3 : 0;
  if (code >= 0xd800 && code <= 0xdbff) {
    const low = text.charCodeAt(at + 1);
    return low >= 0xdc00 && low <= 0xdfff ? 2 : 0;
  }
  return 0;
}

/** The span `[start, end)` of `text`, widened to take every escape it begins or ends inside. */
export function widenToEscapes(text: string, start: number, end: number): [number, number] {
  let from = start;
  for (let at = Math.max(0, start - LONGEST); at < start; at++) {
    const length = escapeAt(text, at);
    if (length > 0 && at + length > start) {
      from = at;
      break;
    }
  }
  let to = end;
  for (let at = Math.max(from, end - LONGEST); at < to; at++) {
    const length = escapeAt(text, at);
    if (length > 0 && at + length > to) to = at + length;
  }
  return [from, to];
}
