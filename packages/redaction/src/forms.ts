// Every form in which a secret can come back: as it is, percent-encoded (both
// hex cases, and form encoding), JSON-escaped (once and twice), HTML-escaped,
// and base64 (standard and URL-safe, at each of the three byte alignments it
// can have inside a longer base64 text).

const hexCases = (encoded: string): string[] => [encoded, encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase())];

const jsonEscaped = (text: string): string => JSON.stringify(text).slice(1, -1);

const htmlEscaped = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// btoa and TextEncoder exist in Node, browsers and workers alike (no Buffer).
const base64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

function base64Cores(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const padded = new Uint8Array(offset + bytes.length);
    padded.set(bytes, offset);
    const encoded = base64(padded);
    // Characters that depend only on the secret's bytes, whatever surrounds it.
    const start = offset === 0 ? 0 : offset === 1 ? 2 : 3;
    const end = Math.floor((offset + bytes.length) / 3) * 4;
    const core = encoded.slice(start, end);
    if (core.length >= 8) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** The distinct forms of `secret` worth looking for, longest first. */
export function formsOf(secret: string): string[] {
  const forms = new Set<string>([secret]);
  for (const encoded of [
    encodeURIComponent(secret),
    encodeURI(secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
  ]) {
    for (const variant of hexCases(encoded)) forms.add(variant);
  }
  forms.add(jsonEscaped(secret));
  forms.add(jsonEscaped(jsonEscaped(secret)));
  forms.add(htmlEscaped(secret));
  for (const core of base64Cores(secret)) forms.add(core);
  return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}
