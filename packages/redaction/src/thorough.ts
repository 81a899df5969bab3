// The redactor for a process that prints what hostile servers send (the
// contract tester): a secret is also found in the forms only a hostile server
// makes (hex, `\u` escapes), in any case, with invisible
// characters slipped into it (zero-width, bidi, soft hyphens, colour codes,
// the line breaks of wrapped base64; see view.ts), and a piece of one left at
// a cut edge is masked (edges.ts), so a text cut before it reached here shows
// no part of a key.
import { cutEdges, pieceForm, piecesAtEdges } from './edges.js';
import { formsOf, hostileFormsOf } from './forms.js';
import { type Entry, Redactor } from './redactor.js';
import { textView, viewOfForm } from './view.js';

/** Pieces of a secret shorter than this, left at a cut edge, are not masked (in characters of the secret). */
export const SHORTEST_PIECE = 6;

/** Replaces the spans (sorted, possibly overlapping) of `text` by their placeholders. */
function replaceSpans(text: string, spans: Array<[number, number, string]>): string {
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  let out = '';
  let at = 0;
  for (const [start, end, placeholder] of spans) {
    if (end <= at) continue;
    out += start >= at ? `${text.slice(at, start)}${placeholder}` : '';
    at = end;
  }
  return out + text.slice(at);
}

export class ThoroughRedactor extends Redactor {
  protected override formsFor(secret: string): string[] {
    return [...new Set([...formsOf(secret), ...hostileFormsOf(secret)].map(viewOfForm))];
  }

  protected override replaceLong(value: string): string {
    const entries = this.entries.filter((entry) => !entry.wholeToken);
    if (entries.length === 0 || value.length < SHORTEST_PIECE) return value;
    const { view, start, end } = textView(value);
    const spans: Array<[number, number, string]> = [];
    const found = (from: number, to: number, placeholder: string) =>
      spans.push([start(from), end(to - 1), placeholder]);
    for (const { form, placeholder } of entries) {
      for (let at = view.indexOf(form); at >= 0; at = view.indexOf(form, at + form.length))
        found(at, at + form.length, placeholder);
    }
    const edges = cutEdges(view);
    for (const entry of entries)
      for (const [from, to] of piecesAtEdges(view, edges, pieceOf(entry))) found(from, to, entry.placeholder);
    return spans.length > 0 ? replaceSpans(value, spans) : value;
  }
}

/** Pieces masked at a cut edge: at least SHORTEST_PIECE characters of the secret, in this form. */
const pieces = /* @__PURE__ */ new WeakMap<Entry, ReturnType<typeof pieceForm>>();
function pieceOf(entry: Entry) {
  let piece = pieces.get(entry);
  if (!piece) {
    const min = Math.max(SHORTEST_PIECE, Math.ceil((SHORTEST_PIECE * entry.form.length) / entry.secretLength));
    piece = pieceForm(entry.form, min);
    pieces.set(entry, piece);
  }
  return piece;
}
