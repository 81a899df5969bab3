// The redactor for a process that prints what hostile servers send (the
// contract tester): a secret is also found in the forms only a hostile server
// makes (hex, `\u` escapes), in any case, with invisible characters slipped
// into it (zero-width, bidi, soft hyphens, colour codes, the line breaks of
// wrapped base64; see view.ts), and any piece of six characters of it is
// masked wherever it stands (pieces.ts). It is meant to run last, on the text
// that leaves the process: a span to mask takes any escape it begins or ends
// inside (escapes.ts), so a JSON or XML report stays well-formed.
import { widenToEscapes } from './escapes.js';
import { formsOf, hostileFormsOf } from './forms.js';
import { PieceIndex, windowsOf } from './pieces.js';
import { Redactor, type RedactorOptions } from './redactor.js';
import { textView, viewOfForm } from './view.js';

export { SHORTEST_PIECE } from './pieces.js';

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

export interface ThoroughRedactorOptions extends RedactorOptions {
  /**
   * Texts the process prints of its own (the words of its specs, its check names). A piece of a secret found in
   * them is no leak and is left where it stands; a whole secret is masked all the same.
   */
  ownText?: readonly string[];
}

/** Texts up to this length are remembered once redacted, at most REMEMBERED_TEXTS of them. */
const REMEMBERED_LENGTH = 256;
const REMEMBERED_TEXTS = 10_000;

export class ThoroughRedactor extends Redactor {
  private index: PieceIndex | undefined;
  /** Whether a window stands in what the process prints of its own (built once: the text never changes). */
  private readonly inOwnText: (window: string) => boolean;
  /**
   * Short texts already redacted: a report repeats the same names, statuses and titles many times over. Emptied
   * whenever a secret is added.
   */
  private readonly done = new Map<string, string>();

  constructor(options: ThoroughRedactorOptions = {}) {
    super(options);
    this.inOwnText = windowsOf((options.ownText ?? []).map(viewOfForm).join('\n'));
  }

  override add(secret: string | undefined, placeholder?: string): this {
    this.index = undefined;
    this.done.clear();
    return super.add(secret, placeholder);
  }

  protected override formsFor(secret: string): string[] {
    return [...new Set([...formsOf(secret), ...hostileFormsOf(secret)].map(viewOfForm))];
  }

  /** The pieces looked for; the placeholders are text the redactor prints of its own. */
  private pieces(): PieceIndex {
    if (this.index) return this.index;
    const placeholders = [...new Set(this.entries.map((entry) => viewOfForm(entry.placeholder)))].join('\n');
    this.index = new PieceIndex(
      this.entries.filter((entry) => !entry.wholeToken),
      (window) => this.inOwnText(window) || placeholders.includes(window),
    );
    return this.index;
  }

  /** Every whole form and every piece of a secret, masked with any escape it begins or ends inside. */
  protected override replaceLong(value: string): string {
    const index = this.pieces();
    if (value.length < index.shortest) return value;
    const remembered = value.length <= REMEMBERED_LENGTH;
    const known = remembered ? this.done.get(value) : undefined;
    if (known !== undefined) return known;
    const redacted = this.masked(value, index);
    if (remembered) {
      if (this.done.size >= REMEMBERED_TEXTS) this.done.clear();
      this.done.set(value, redacted);
    }
    return redacted;
  }

  private masked(value: string, index: PieceIndex): string {
    const { view, start, end } = textView(value);
    const spans: Array<[number, number, string]> = [];
    const found = (from: number, to: number, placeholder: string) =>
      spans.push([...widenToEscapes(value, start(from), end(to - 1)), placeholder]);
    const pieces = index.spans(view);
    // Nearly every text holds no piece, and then no whole form but those with no indexed window: one scan of the
    // text instead of a search for every form.
    for (const { form, placeholder, wholeToken } of this.entries) {
      if (wholeToken || form.length > view.length || (pieces.length === 0 && !index.unindexedForms.has(form))) continue;
      for (let at = view.indexOf(form); at >= 0; at = view.indexOf(form, at + form.length))
        found(at, at + form.length, placeholder);
    }
    for (const [from, to, placeholder] of pieces) found(from, to, placeholder);
    return spans.length > 0 ? replaceSpans(value, spans) : value;
  }
}
