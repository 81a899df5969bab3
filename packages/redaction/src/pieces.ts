// Pieces of a secret, wherever they stand. A text can hold part of a key and
// not the whole of it: cut before it was redacted (an excerpt, a title cut to
// 40 characters), split over two lines or two fields of a report, or
// completed by what was added after it (an escape whose last letter is the
// key's first). Any run of SHORTEST_PIECE characters of a secret (in another
// form, the same share of that form) is masked wherever it stands. A secret
// cut in two therefore never shows whole when the parts are joined: one part
// holds half of it, and half of a key of twelve characters or more is a piece.
// A piece that the process prints of its own (a word of its specs, a
// placeholder) is no leak, and is left: a key holding the word "analytics"
// must not mask every mention of the API.

/** Runs of a secret shorter than this (in characters of the secret) are left where they stand. */
export const SHORTEST_PIECE = 6;

export interface PieceSource {
  /** A form of the secret, as the view shows it. */
  form: string;
  secretLength: number;
  placeholder: string;
}

/**
 * The length of the shortest piece masked in a form: SHORTEST_PIECE characters of the secret, or half of a secret
 * shorter than twice that (so one half of any cut is masked), scaled to the form's length.
 */
export function pieceLength(secretLength: number, formLength: number): number {
  const characters = Math.min(SHORTEST_PIECE, Math.ceil(secretLength / 2));
  return Math.min(formLength, Math.max(characters, Math.ceil((characters * formLength) / secretLength)));
}

/** The first two characters of a text from `at`, as one number. */
const pairAt = (text: string, at: number): number => text.charCodeAt(at) * 0x10000 + text.charCodeAt(at + 1);

/** How many leading characters of a window the sieve hashes. */
const SIEVED = 4;
const SIEVE_BITS = 18;

/** A hash of `count` characters of a text from `at`, within the sieve's size. */
function sieveHash(text: string, at: number, count: number): number {
  let hash = 0;
  for (let index = 0; index < count; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(at + index)) | 0;
  return (hash ^ (hash >>> SIEVE_BITS)) & ((1 << SIEVE_BITS) - 1);
}

/** Every window of the forms at its piece length, found by its first two characters, so a view is scanned once. */
export class PieceIndex {
  private readonly byLength = new Map<number, Map<string, string>>();
  /** The piece lengths whose windows start with a pair of characters. */
  private readonly lengthsByPair = new Map<number, number[]>();
  /**
   * Whether some window starts with characters of this hash: a text's places are nearly all passed over on it alone,
   * without cutting a window out of the text to look it up.
   */
  private readonly sieve = new Uint8Array(1 << SIEVE_BITS);
  /** How many leading characters the sieve hashes: fewer than SIEVED where a piece is shorter. */
  private readonly sieved: number;
  /** The shortest piece of any form: a text shorter than it holds none. */
  readonly shortest: number;
  /**
   * The forms none of whose windows is indexed (every one is text the process prints of its own). Any other form,
   * where it stands whole, holds a window `spans` finds: a text with no span holds none of them whole.
   */
  readonly unindexedForms = new Set<string>();

  /** `isOwn`: whether a window is printed by the process of its own (as the view shows it); such a piece is left. */
  constructor(sources: readonly PieceSource[], isOwn: (window: string) => boolean = () => false) {
    const lengths = sources.map(({ form, secretLength }) => pieceLength(secretLength, form.length));
    this.shortest = Math.min(Number.POSITIVE_INFINITY, ...lengths);
    this.sieved = Math.min(SIEVED, this.shortest);
    sources.forEach(({ form, placeholder }, source) => {
      const length = lengths[source]!;
      const windows = this.byLength.get(length) ?? new Map<string, string>();
      this.byLength.set(length, windows);
      let indexed = false;
      // The first source wins a window two forms share (sources come longest first).
      for (let at = 0; at + length <= form.length; at++) {
        const window = form.slice(at, at + length);
        if (windows.has(window)) {
          indexed = true;
          continue;
        }
        if (isOwn(window)) continue;
        indexed = true;
        windows.set(window, placeholder);
        const lengths = this.lengthsByPair.get(pairAt(window, 0)) ?? [];
        if (!lengths.includes(length)) lengths.push(length);
        this.lengthsByPair.set(pairAt(window, 0), lengths);
        this.sieve[sieveHash(window, 0, this.sieved)] = 1;
      }
      if (!indexed) this.unindexedForms.add(form);
    });
  }

  /** Spans `[from, to, placeholder]` of the view that are pieces of a form; overlapping pieces are merged. */
  spans(view: string): Array<[number, number, string]> {
    const spans: Array<[number, number, string]> = [];
    const open = new Map<number, [number, number, string]>();
    const { sieve, sieved } = this;
    for (let at = 0; at + this.shortest <= view.length; at++) {
      if (sieve[sieveHash(view, at, sieved)] === 0) continue;
      const lengths = this.lengthsByPair.get(pairAt(view, at));
      if (!lengths) continue;
      for (const length of lengths) {
        const placeholder = this.byLength.get(length)!.get(view.slice(at, at + length));
        if (placeholder === undefined) continue;
        const last = open.get(length);
        if (last && at <= last[1] && last[2] === placeholder) last[1] = at + length;
        else {
          const span: [number, number, string] = [at, at + length, placeholder];
          open.set(length, span);
          spans.push(span);
        }
      }
    }
    return spans;
  }
}

/**
 * Whether a window stands in a text, for every window of the lengths asked: the text's windows of each length are
 * gathered once (a lookup instead of a search of the whole text for every window of every secret).
 */
export function windowsOf(text: string): (window: string) => boolean {
  // Every redactor of a process prints the same text of its own: its windows are gathered once for all of them.
  const known = lookups.get(text);
  if (known) return known;
  const byLength = new Map<number, Set<string>>();
  const lookup = (window: string) => {
    let windows = byLength.get(window.length);
    if (!windows) {
      windows = new Set<string>();
      for (let at = 0; at + window.length <= text.length; at++) windows.add(text.slice(at, at + window.length));
      byLength.set(window.length, windows);
    }
    return windows.has(window);
  };
  lookups.set(text, lookup);
  return lookup;
}

const lookups = new Map<string, (window: string) => boolean>();
