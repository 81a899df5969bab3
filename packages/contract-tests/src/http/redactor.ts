// The last line of defence: any text leaving the process (console, JUnit,
// JSON) passes through here, so a key echoed back by a server, or caught in an
// error message, is replaced by its placeholder.
import type { SecretName } from './request.js';

export class Redactor {
  private readonly secrets: Array<[string, string]> = [];

  add(name: SecretName, value: string | undefined): void {
    // Very short values would redact ordinary words; real keys are long.
    if (!value || value.length < 4) return;
    this.secrets.push([value, `$${name}`]);
    const encoded = encodeURIComponent(value);
    if (encoded !== value) this.secrets.push([encoded, `$${name}`]);
    this.secrets.sort((a, b) => b[0].length - a[0].length);
  }

  redact(text: string): string {
    let result = text;
    for (const [value, placeholder] of this.secrets) result = result.split(value).join(placeholder);
    return result;
  }
}
