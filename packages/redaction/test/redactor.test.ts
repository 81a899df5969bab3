import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '../src/index.js';

const KEY = 'Zq8vX2mN4kLp"\\7';
const redactor = new Redactor().add(KEY);

const b64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('a registered secret is replaced in every form', () => {
  it.each([
    ['as it is', KEY],
    ['percent-encoded', encodeURIComponent(KEY)],
    ['percent-encoded with lower-case hex', encodeURIComponent(KEY).replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase())],
    ['form-encoded', new URLSearchParams({ k: KEY }).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(KEY).slice(1, -1)],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(KEY).slice(1, -1)).slice(1, -1)],
    ['HTML-escaped', KEY.replace(/"/g, '&quot;')],
  ])('%s', (_, form) => {
    expect(redactor.text(`before ${form} after`)).toBe(`before ${REDACTED} after`);
  });

  it('inside any base64 text, whatever its alignment', () => {
    for (const prefix of ['', 'a', 'ab', 'user:', 'x']) {
      const encoded = b64(`${prefix}${KEY}!tail`);
      const out = redactor.text(encoded);
      expect(out).toContain(REDACTED);
      expect(out).not.toContain(b64(KEY).slice(4, 12));
    }
  });

  it('never leaves the key in any text that contains it, fuzzed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(redactor.text(`${before}${KEY}${after}`)).not.toContain(KEY);
      }),
    );
  });
});

describe('cutting a text', () => {
  it('redacts before it cuts, so no part of a key survives', () => {
    const key = 'abcdefghijkl';
    const r = new Redactor().add(key);
    const body = `${'x'.repeat(395)}${key}${'y'.repeat(100)}`;
    const cut = r.truncate(body, 400);
    expect(cut).not.toMatch(/abcdefghij/);
    expect(cut.startsWith('x'.repeat(395))).toBe(true);
  });

  it('never splits a surrogate pair', () => {
    expect(new Redactor().truncate('ab😀cd', 3)).toBe('ab… (6 chars)');
  });
});

describe('a very short key', () => {
  const short = new Redactor().add('a');
  it('does not mangle ordinary words', () => {
    expect(short.text('Marketplace answered a refusal')).toBe(`Marketplace answered ${REDACTED} refusal`);
    expect(short.text('Marketplace data')).toBe('Marketplace data');
  });
  it('is still replaced where it stands alone', () => {
    expect(short.text('api_key=a&x=1')).toBe(`api_key=${REDACTED}&x=1`);
  });
  it('leaves the host and path of a URL alone, and is masked there by name', () => {
    const one = new Redactor().add('1');
    expect(one.url('http://127.0.0.1:4010/api/v1/websites/1?api_key=1')).toBe(
      `http://127.0.0.1:4010/api/v1/websites/1?api_key=${REDACTED}`,
    );
  });
});

describe('places that carry credentials by name', () => {
  it('masks secret-named query parameters, headers and form fields', () => {
    const r = new Redactor({ secretNames: ['X-Custom-Key'] });
    expect(r.url('https://h.example/p?api_key=zz&x=1')).toBe(`https://h.example/p?api_key=${REDACTED}&x=1`);
    expect(r.headers({ Authorization: 'Bearer q', 'x-custom-key': 'q', accept: 'a' })).toEqual({
      Authorization: REDACTED,
      'x-custom-key': REDACTED,
      accept: 'a',
    });
    expect(r.formBody('api_key=q&purchase_code=w&email=1')).toBe(
      `api_key=${REDACTED}&purchase_code=${REDACTED}&email=1`,
    );
  });

  it('copies JSON values without a prototype to hijack', () => {
    const parsed = JSON.parse('{"__proto__": {"polluted": true}, "msg": "ok"}');
    const copy = new Redactor().value(parsed) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBeNull();
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('cuts values nested deeper than the limit instead of overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => new Redactor().value(deep)).not.toThrow();
  });
});
