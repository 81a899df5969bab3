// What a secret is matched against: the text lower-cased, without the
// characters that can be slipped into a secret without changing what a reader
// copies from it (zero-width and bidi controls, soft hyphens, ANSI colour
// codes, other control characters, line breaks of wrapped base64), raw,
// JSON-escaped or shown as a visible escape. Each character of the view
// remembers where it stands in the text, so a match is replaced there,
// invisible characters and all.

// ESC [ … final byte, raw or written as an escape; invisible format characters and controls, raw, `\u`-escaped or
// as a console shows them (`\x1f`); line breaks, raw, as JSON's `\r` / `\n`, a workflow command's `%0A` or XML's
// `&#10;`; escapes escaped again (`\\u200b`); and all but the first of a run of backslashes, so a form escaped again
// (`\\u0061`) reads as the form.
const IGNORED_SOURCE =
  '(?:\\u001b|\\\\+u001b|\\\\+x1b|\\\\+e)\\[[0-?]*[ -/]*[@-~]' +
  '|[\\u0000-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u180e\\u200b-\\u200f' +
  '\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\ufeff]' +
  '|\\\\+u(?:00[0189][0-9a-f]|007f|00ad|034f|061c|180e|200[b-f]|202[a-e]|206[0-46-9]|feff)' +
  '|\\\\+x(?:[0189][0-9a-f]|7f)' +
  '|\\\\+[rn]|%0[ad]|&#1[03];' +
  '|(?<=\\\\)\\\\';
// Pure: a bundle that never uses the thorough redactor drops them.
const IGNORED = /* @__PURE__ */ new RegExp(IGNORED_SOURCE, 'gi');
const HAS_IGNORED = /* @__PURE__ */ new RegExp(IGNORED_SOURCE, 'i');

export interface TextView {
  /** The normalised text. */
  view: string;
  /** Where the view's character `index` starts in the text (`index` may be the view's length). */
  start(index: number): number;
  /** Where the view's character `index` ends in the text. */
  end(index: number): number;
}

/** Lower-cases one character at a time where lower-casing would change the length (İ), so positions hold. */
function lowerKeepingLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let out = '';
  for (const char of text) {
    const low = char.toLowerCase();
    out += low.length === char.length ? low : char;
  }
  return out;
}

export function textView(text: string): TextView {
  if (!HAS_IGNORED.test(text)) {
    const view = lowerKeepingLength(text);
    return { view, start: (index) => index, end: (index) => index + 1 };
  }
  // Kept stretches of the text: where each starts in the view and in the text.
  const inView: number[] = [];
  const inText: number[] = [];
  const kept: string[] = [];
  let length = 0;
  let from = 0;
  const keep = (until: number) => {
    if (until <= from) return;
    inView.push(length);
    inText.push(from);
    kept.push(lowerKeepingLength(text.slice(from, until)));
    length += until - from;
  };
  for (const match of text.matchAll(IGNORED)) {
    keep(match.index);
    from = match.index + match[0].length;
  }
  keep(text.length);
  const start = (index: number): number => {
    if (index >= length) return text.length;
    let low = 0;
    let high = inView.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (inView[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return inText[low]! + index - inView[low]!;
  };
  return { view: kept.join(''), start, end: (index) => start(index) + 1 };
}

/** A secret's form as the view shows it, so a form holding an ignored character still matches. */
export const viewOfForm = (form: string): string => textView(form).view;
