// Replaces secrets in anything that leaves a process: messages, log lines,
// URLs, headers, form bodies, parsed JSON values and reports. A secret is
// found in every form `formsOf` lists, ignoring case and the invisible
// characters `textView` drops, and a piece of one left at a cut edge is
// masked too, so a text cut before it reached here shows no part of a key.
import { cutEdges, type PieceForm, pieceForm, piecesAtEdges } from './edges.js';
import { formsOf } from './forms.js';
import { isSecretName } from './names.js';
import { textView, viewOfForm } from './view.js';

export const REDACTED = '[REDACTED]';

/** Secrets shorter than this are only replaced where they stand as a whole token, so short keys do not mangle text. */
export const WHOLE_TOKEN_BELOW = 8;

/** Pieces of a secret shorter than this, left at a cut edge, are not masked (in characters of the secret). */
export const SHORTEST_PIECE = 6;

export interface RedactorOptions {
  /** Header, parameter or field names that carry a secret, beyond the shared list. */
  secretNames?: readonly string[];
}

interface Entry {
  /** The form as the view shows it (lower-cased, invisible characters dropped). */
  form: string;
  placeholder: string;
  /** Pieces masked at a cut edge: at least SHORTEST_PIECE characters of the secret, in this form. */
  piece: PieceForm;
}

interface ShortEntry {
  form: string;
  placeholder: string;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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

export class Redactor {
  private entries: Entry[] = [];
  private shortEntries: ShortEntry[] = [];
  private readonly names: ReadonlySet<string>;

  constructor(options: RedactorOptions = {}) {
    this.names = new Set((options.secretNames ?? []).map((name) => name.toLowerCase()));
  }

  /** Registers a secret; its every form is replaced by `placeholder`. Empty values are ignored. */
  add(secret: string | undefined, placeholder = REDACTED): this {
    if (!secret) return this;
    if (secret.length < WHOLE_TOKEN_BELOW) {
      this.shortEntries.push({ form: secret, placeholder });
      this.shortEntries.sort((a, b) => b.form.length - a.form.length);
      return this;
    }
    for (const raw of formsOf(secret)) {
      const form = viewOfForm(raw);
      if (this.entries.some((entry) => entry.form === form)) continue;
      const min = Math.max(SHORTEST_PIECE, Math.ceil((SHORTEST_PIECE * form.length) / secret.length));
      this.entries.push({ form, placeholder, piece: pieceForm(form, min) });
    }
    this.entries.sort((a, b) => b.form.length - a.form.length);
    return this;
  }

  isSecretName(name: string): boolean {
    return isSecretName(name, this.names);
  }

  /** Every registered secret, in every form, replaced. */
  text(value: string): string {
    return this.replace(value, true);
  }

  private replace(value: string, shortOnes: boolean): string {
    let out = this.entries.length > 0 && value.length >= SHORTEST_PIECE ? this.replaceLong(value) : value;
    if (!shortOnes) return out;
    for (const { form, placeholder } of this.shortEntries) {
      if (!out.includes(form)) continue;
      out = out.replace(new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(form)}(?![A-Za-z0-9_-])`, 'g'), placeholder);
    }
    return out;
  }

  /** Every whole form, and every piece at a cut edge, of the secrets long enough to match anywhere. */
  private replaceLong(value: string): string {
    const { view, start, end } = textView(value);
    const spans: Array<[number, number, string]> = [];
    const found = (from: number, to: number, placeholder: string) =>
      spans.push([start(from), end(to - 1), placeholder]);
    for (const { form, placeholder } of this.entries) {
      for (let at = view.indexOf(form); at >= 0; at = view.indexOf(form, at + form.length))
        found(at, at + form.length, placeholder);
    }
    const edges = cutEdges(view);
    for (const { placeholder, piece } of this.entries)
      for (const [from, to] of piecesAtEdges(view, edges, piece)) found(from, to, placeholder);
    return spans.length > 0 ? replaceSpans(value, spans) : value;
  }

  /** Redacts, then cuts to at most `max` characters (never inside a surrogate pair), saying how long it was. */
  truncate(value: string, max: number): string {
    const clean = this.text(value);
    if (clean.length <= max) return clean;
    let cut = clean.slice(0, max);
    if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
    return `${cut}… (${clean.length} chars)`;
  }

  /**
   * A URL with credentials, secret-named parameters and every known secret
   * replaced. A very short secret is masked there by name only: as a whole
   * token it would also match a host (`127.0.0.1` for the key `1`) or an id.
   */
  url(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return this.text(raw);
    }
    if (url.username || url.password) {
      url.username = REDACTED;
      url.password = '';
    }
    for (const name of [...url.searchParams.keys()]) if (this.isSecretName(name)) url.searchParams.set(name, REDACTED);
    return this.replace(url.toString(), false).split(encodeURIComponent(REDACTED)).join(REDACTED);
  }

  /** Headers as a plain record: secret-named ones masked, every other value redacted. */
  headers(headers: Headers | Readonly<Record<string, string>>): Record<string, string> {
    const out: Record<string, string> = Object.create(null);
    const put = (value: string, name: string) => {
      out[name] = this.isSecretName(name) ? REDACTED : this.text(value);
    };
    if (typeof Headers !== 'undefined' && headers instanceof Headers) headers.forEach(put);
    else for (const [name, value] of Object.entries(headers)) put(value, name);
    return out;
  }

  /** A form-encoded body with its secret-named fields masked and every known secret replaced. */
  formBody(body: string): string {
    const params = new URLSearchParams(body);
    for (const name of [...params.keys()]) if (this.isSecretName(name)) params.set(name, REDACTED);
    return this.text(params.toString()).split(encodeURIComponent(REDACTED)).join(REDACTED);
  }

  /**
   * A deep copy of a parsed JSON value with secrets replaced and secret-named
   * keys masked. Objects have no prototype (a `__proto__` key stays a key),
   * and nesting deeper than `maxDepth` is cut.
   */
  value<T>(value: T, maxDepth = 64): T {
    const copy = (node: unknown, depth: number): unknown => {
      if (typeof node === 'string') return this.text(node);
      if (node === null || typeof node !== 'object') return node;
      if (depth >= maxDepth) return '[nested too deep]';
      if (Array.isArray(node)) return node.map((item) => copy(item, depth + 1));
      const out: Record<string, unknown> = Object.create(null);
      for (const [key, item] of Object.entries(node)) {
        out[this.text(key)] = this.isSecretName(key) ? REDACTED : copy(item, depth + 1);
      }
      return out;
    };
    return copy(value, 0) as T;
  }
}
