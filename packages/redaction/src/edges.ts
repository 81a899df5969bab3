// Pieces of a secret left where a text was cut. A text cut before it was
// redacted (an excerpt of a body, a title cut to 40 characters) can end with
// the first characters of a secret, or start with its last ones; no whole
// form is there to match. A piece at least `min` characters long at a cut
// edge (the text's start or end, or either side of "…") is masked too.

/** Where a cut may have happened in a view: [ends of kept text, starts of kept text]. */
export function cutEdges(view: string): [number[], number[]] {
  const ends = [view.length];
  const starts = [0];
  for (let at = view.indexOf('…'); at >= 0; at = view.indexOf('…', at + 1)) {
    ends.push(at);
    starts.push(at + 1);
  }
  return [ends, starts];
}

/** A form with the ends a piece of it must show, precomputed once per secret. */
export interface PieceForm {
  form: string;
  /** The shortest piece masked. */
  min: number;
  /** The form's first and last `min` characters. */
  head: string;
  tail: string;
}

export const pieceForm = (form: string, min: number): PieceForm => ({
  form,
  min,
  head: form.slice(0, min),
  tail: form.slice(-min),
});

/** The longest prefix of the form (at least `min` long, shorter than the form) that ends at `end`. */
function prefixBefore(view: string, end: number, { form, min, head }: PieceForm): [number, number] | undefined {
  const last = end - min;
  for (let at = view.indexOf(head, Math.max(0, end - form.length + 1)); at >= 0 && at <= last; ) {
    if (view.startsWith(form.slice(min, end - at), at + min)) return [at, end];
    at = view.indexOf(head, at + 1);
  }
  return undefined;
}

/** The longest suffix of the form (at least `min` long, shorter than the form) that starts at `start`. */
function suffixAfter(view: string, start: number, { form, min, tail }: PieceForm): [number, number] | undefined {
  for (
    let at = view.lastIndexOf(tail, start + form.length - 1 - min);
    at >= start;
    at = view.lastIndexOf(tail, at - 1)
  ) {
    const length = at + min - start;
    if (view.startsWith(form.slice(form.length - length), start)) return [start, at + min];
    if (at === 0) break;
  }
  return undefined;
}

/** Spans of the view holding a piece of the form at a cut edge. */
export function piecesAtEdges(view: string, edges: [number[], number[]], piece: PieceForm): [number, number][] {
  if (piece.form.length <= piece.min) return [];
  const spans: [number, number][] = [];
  for (const end of edges[0]) {
    const span = end >= piece.min ? prefixBefore(view, end, piece) : undefined;
    if (span) spans.push(span);
  }
  for (const start of edges[1]) {
    const span = view.length - start >= piece.min ? suffixAfter(view, start, piece) : undefined;
    if (span) spans.push(span);
  }
  return spans;
}
