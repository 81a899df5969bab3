// Replaces secrets in anything that leaves a process: messages, log lines,
// URLs, headers, form bodies, parsed JSON values and reports. A secret is
// found in every form `formsOf` lists, as it stands. `ThoroughRedactor`
// (thorough.ts) also finds it in any case, with invisible characters slipped
// in, and in pieces at a cut edge: what a process that prints text from
// hostile servers needs (the contract tester); a client that redacts its own
// errors before cutting them does not carry that weight.
import { formsOf } from './forms.js';
import { isSecretName } from './names.js';

export const REDACTED = '[REDACTED]';

/** Secrets shorter than this are only replaced where they stand as a whole token, so short keys do not mangle text. */
export const WHOLE_TOKEN_BELOW = 8;

export interface RedactorOptions {
  /** Header, parameter or field names that carry a secret, beyond the shared list. */
  secretNames?: readonly string[];
}

export interface Entry {
  /** The form as the matcher looks for it. */
  form: string;
  placeholder: string;
  /** A short secret, replaced only where it stands as a whole token. */
  wholeToken: boolean;
  /** The secret's length, for matchers that measure pieces of it. */
  secretLength: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export class Redactor {
  protected entries: Entry[] = [];
  private readonly names: ReadonlySet<string>;

  constructor(options: RedactorOptions = {}) {
    this.names = new Set((options.secretNames ?? []).map((name) => name.toLowerCase()));
  }

  /** Registers a secret; its every form is replaced by `placeholder`. Empty values are ignored. */
  add(secret: string | undefined, placeholder = REDACTED): this {
    if (!secret) return this;
    const wholeToken = secret.length < WHOLE_TOKEN_BELOW;
    for (const form of wholeToken ? [secret] : this.formsFor(secret))
      this.entries.push({ form, placeholder, wholeToken, secretLength: secret.length });
    this.entries.sort((a, b) => b.form.length - a.form.length);
    return this;
  }

  /** The forms of a secret this redactor looks for, as it looks for them. */
  protected formsFor(secret: string): string[] {
    return formsOf(secret);
  }

  isSecretName(name: string): boolean {
    return isSecretName(name, this.names);
  }

  /** Every registered secret, in every form, replaced. */
  text(value: string): string {
    return this.replace(value, true);
  }

  private replace(value: string, shortOnes: boolean): string {
    let out = this.replaceLong(value);
    for (const { form, placeholder, wholeToken } of this.entries) {
      if (!wholeToken || !shortOnes || !out.includes(form)) continue;
      out = out.replace(new RegExp(`(?<![A-Za-z0-9_-])${escapeRegExp(form)}(?![A-Za-z0-9_-])`, 'g'), placeholder);
    }
    return out;
  }

  /** Every whole form of the secrets long enough to match anywhere (longest first, so none is half-replaced). */
  protected replaceLong(value: string): string {
    let out = value;
    for (const { form, placeholder, wholeToken } of this.entries)
      if (!wholeToken && out.includes(form)) out = out.split(form).join(placeholder);
    return out;
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
