// Every form in which a secret can come back: as it is, percent-encoded (as
// URLs and forms do, both hex cases), JSON-escaped (once and twice),
// HTML-escaped, and base64 (standard and URL-safe, at each of the three byte
// alignments it can have inside a longer base64 text). The forms only a
// hostile server makes (every byte percent-encoded, hex, `\u`-escaped) are
// `hostileFormsOf`, for the thorough redactor.

const jsonEscaped = (text: string): string => JSON.stringify(text).slice(1, -1);

// A secret with a lone surrogate has no percent-encoded form (encodeURI throws); its other forms still count.
const encoded = (encode: (text: string) => string, text: string): string => {
  try {
    return encode(text);
  } catch {
    return '';
  }
};

const htmlEscaped = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// btoa and TextEncoder exist in Node, browsers and workers alike (no Buffer).
const base64 = (bytes: Uint8Array): string => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

const hex = (bytes: Uint8Array, before = ''): string =>
  Array.from(bytes, (byte) => `${before}${byte.toString(16).padStart(2, '0')}`).join('');

const unicodeEscaped = (text: string): string =>
  Array.from({ length: text.length }, (_, index) => `\\u${text.charCodeAt(index).toString(16).padStart(4, '0')}`).join(
    '',
  );

function base64Cores(bytes: Uint8Array): string[] {
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
  const bytes = new TextEncoder().encode(secret);
  const forms = new Set<string>([
    secret,
    encoded(encodeURIComponent, secret),
    encoded(encodeURIComponent, secret).replace(/%[0-9A-F]{2}/g, (byte) => byte.toLowerCase()),
    encoded(encodeURI, secret),
    new URLSearchParams({ s: secret }).toString().slice(2),
    jsonEscaped(secret),
    jsonEscaped(jsonEscaped(secret)),
    htmlEscaped(secret),
    ...base64Cores(bytes),
  ]);
  return [...forms].filter((form) => form.length > 0).sort((a, b) => b.length - a.length);
}

/** The forms only a hostile server makes: every byte percent-encoded, hex, `\u`-escaped. */
export function hostileFormsOf(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  return [hex(bytes, '%'), hex(bytes), unicodeEscaped(secret)];
}
