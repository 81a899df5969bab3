// Keys must never reach a message, a log line or a serialised error. Two
// layers: named places that carry credentials are masked, and any remaining
// occurrence of a known secret (raw or URL-encoded) is replaced.

export const REDACTED = '[REDACTED]';
const ENCODED = encodeURIComponent(REDACTED);
const readable = (s: string) => s.split(ENCODED).join(REDACTED);

const SENSITIVE_NAME =
  /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|key|token|access[-_]?token|password|purchase_code)$/i;

export class Redactor {
  private readonly secrets: string[];
  private readonly names: Set<string>;

  constructor(secrets: readonly string[], extraSensitiveNames: readonly string[] = []) {
    this.secrets = secrets
      .filter((s) => s.length > 0)
      .flatMap((s) => [...new Set([s, encodeURIComponent(s), new URLSearchParams({ s }).toString().slice(2)])]);
    this.names = new Set(extraSensitiveNames.map((n) => n.toLowerCase()));
  }

  isSensitiveName(name: string): boolean {
    return SENSITIVE_NAME.test(name) || this.names.has(name.toLowerCase());
  }

  /** Replaces every occurrence of a known secret. */
  text(value: string): string {
    let out = value;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  url(raw: string): string {
    try {
      const url = new URL(raw);
      if (url.username || url.password) {
        url.username = REDACTED;
        url.password = '';
      }
      for (const name of [...url.searchParams.keys()])
        if (this.isSensitiveName(name)) url.searchParams.set(name, REDACTED);
      return readable(this.text(url.toString()));
    } catch {
      return this.text(raw);
    }
  }

  headers(headers: Headers | Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    const put = (value: string, name: string) => {
      out[name] = this.isSensitiveName(name) ? REDACTED : this.text(value);
    };
    if (headers instanceof Headers) headers.forEach(put);
    else for (const [name, value] of Object.entries(headers)) put(value, name);
    return out;
  }

  /** A form-encoded body with its credential fields masked. */
  formBody(body: string): string {
    const params = new URLSearchParams(body);
    for (const name of [...params.keys()]) if (this.isSensitiveName(name)) params.set(name, REDACTED);
    return readable(this.text(params.toString()));
  }

  /** Any value, deep-copied with secrets replaced, for error bodies. */
  value<T>(value: T): T {
    if (typeof value === 'string') return this.text(value) as T;
    if (Array.isArray(value)) return value.map((v) => this.value(v)) as T;
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, this.isSensitiveName(k) ? REDACTED : this.value(v)]),
      ) as T;
    }
    return value;
  }
}
