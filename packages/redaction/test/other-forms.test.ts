import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, ThoroughRedactor } from '../src/index.js';

const KEY = 'tk_Live-9fQ2xW7mZp4R8sLb3VnY6c';
const redactor = new ThoroughRedactor().add(KEY);

const bytes = (text: string) => [...new TextEncoder().encode(text)];
const hex = (text: string) => bytes(text).map((byte) => byte.toString(16).padStart(2, '0'));
const b64 = (text: string) => btoa(String.fromCharCode(...bytes(text)));
const wrap = (text: string, width: number, newline: string) =>
  text.match(new RegExp(`.{1,${width}}`, 'g'))!.join(newline);
const spread = (text: string, between: string) => [...text].join(between);

/** Every run of six characters of the key, lower-cased: none may survive. */
const pieces = Array.from({ length: KEY.length - 5 }, (_, index) => KEY.slice(index, index + 6).toLowerCase());
const leaks = (text: string) => pieces.filter((piece) => text.toLowerCase().includes(piece));

describe('a key is found whatever its case and whatever invisible characters split it', () => {
  it.each([
    ['upper-cased', KEY.toUpperCase()],
    ['lower-cased', KEY.toLowerCase()],
    ['split by zero-width spaces', spread(KEY, '\u200b')],
    ['split by zero-width joiners and BOMs', spread(KEY, '\u200d\ufeff')],
    ['split by soft hyphens', spread(KEY, '\u00ad')],
    ['split by a bidi override', `${KEY.slice(0, 10)}\u202e${KEY.slice(10)}`],
    ['split by ANSI colour codes', `${KEY.slice(0, 8)}\u001b[31m${KEY.slice(8, 20)}\u001b[0;1m${KEY.slice(20)}`],
    ['split by JSON-escaped colour codes', `${KEY.slice(0, 8)}\\u001b[31m${KEY.slice(8)}`],
    ['split by JSON-escaped zero-width spaces', spread(KEY, '\\u200B')],
  ])('%s', (_, form) => {
    const out = redactor.text(`before ${form} after`);
    expect(out).toBe(`before ${REDACTED} after`);
  });
});

describe('a key is found in other encodings', () => {
  it.each([
    ['hex', hex(KEY).join('')],
    ['upper-case hex', hex(KEY).join('').toUpperCase()],
    [
      'fully percent-encoded',
      hex(KEY)
        .map((pair) => `%${pair}`)
        .join(''),
    ],
    [
      'fully percent-encoded, upper-case',
      hex(KEY)
        .map((pair) => `%${pair.toUpperCase()}`)
        .join(''),
    ],
    ['\\u-escaped', [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
    [
      '\\u-escaped, upper-case hex',
      [...KEY].map((char) => `\\u00${char.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
    ],
    ['base64 wrapped at 16 with CRLF', wrap(b64(KEY), 16, '\r\n')],
    ['base64 wrapped at 12 with LF', wrap(b64(KEY), 12, '\n')],
    ['base64 wrapped inside a JSON string', wrap(b64(KEY), 16, '\\n')],
  ])('%s', (_, form) => {
    const out = redactor.text(`before ${form} after`);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain(form.slice(4, 16));
  });
});

describe('pieces of a key', () => {
  it('masks the first characters of a key where a text was cut before it was redacted', () => {
    const excerpt = `${'x'.repeat(380)}${KEY}`.slice(0, 400);
    expect(leaks(redactor.text(`${excerpt}… (900 chars)`))).toEqual([]);
    expect(redactor.text(`${excerpt}… (900 chars)`)).toBe(`${'x'.repeat(380)}${REDACTED}… (900 chars)`);
  });

  it('masks a piece at the end of a text and the last characters of a key at its start', () => {
    expect(redactor.text(`title=${KEY.slice(0, 12)}`)).toBe(`title=${REDACTED}`);
    expect(redactor.text(`${KEY.slice(-9)} rest of the text`)).toBe(`${REDACTED} rest of the text`);
  });

  it('masks a piece in another form at a cut edge', () => {
    const cutHex = hex(KEY).join('').slice(0, 30);
    expect(redactor.text(`body 0x${cutHex}…`)).toBe(`body 0x${REDACTED}…`);
    const cutUpper = KEY.toUpperCase().slice(0, 7);
    expect(redactor.text(`name=${cutUpper}…`)).toBe(`name=${REDACTED}…`);
  });

  it('leaves a piece shorter than six characters', () => {
    expect(redactor.text(`cut ${KEY.slice(0, 5)}…`)).toBe(`cut ${KEY.slice(0, 5)}…`);
    expect(redactor.text(`the word ${KEY.slice(7, 12)} inside a sentence`)).toBe(
      `the word ${KEY.slice(7, 12)} inside a sentence`,
    );
  });

  it('never leaves six characters of a key wherever a text holding it is cut, fuzzed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.nat({ max: KEY.length + 30 }), (before, cut) => {
        const text = `${before}${KEY}`.slice(0, before.length + Math.min(cut, KEY.length));
        expect(leaks(redactor.text(`${text}…`).replace(before, ''))).toEqual([]);
      }),
    );
  });
});

describe('texts a key is not in', () => {
  it('are returned as they are, invisible characters and all', () => {
    const text = 'zero\u200bwidth, \u001b[31mred\u001b[0m, line\r\nbreaks, İstanbul, 😀';
    expect(redactor.text(text)).toBe(text);
  });

  it('keep their other characters where a key is replaced inside invisible ones', () => {
    expect(redactor.text(`İ\u200b${KEY}\u200b😀`)).toBe(`İ\u200b${REDACTED}\u200b😀`);
  });
});

describe('a key split by control characters', () => {
  it.each([
    ['a file separator', '\u001c'],
    ['NUL', '\u0000'],
    ['a C1 control', '\u0085'],
    ['a JSON-escaped control', '\\u001c'],
  ])('split by %s is found', (_, between) => {
    expect(redactor.text(`x ${KEY.slice(0, 12)}${between}${KEY.slice(12)} y`)).toBe(`x ${REDACTED} y`);
  });
});

describe('a key in a form escaped again', () => {
  const unicode = [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
  it.each([
    ['\\u escapes, JSON-escaped', JSON.stringify(unicode).slice(1, -1)],
    ['\\u escapes, JSON-escaped twice', JSON.stringify(JSON.stringify(unicode).slice(1, -1)).slice(1, -1)],
  ])('%s', (_, form) => {
    expect(redactor.text(`msg "${form}"`)).toBe(`msg "${REDACTED}"`);
  });
});

describe('pieces of a key wherever they stand', () => {
  it('masks a piece inside a sentence, in any case and in another form', () => {
    expect(redactor.text(`the word ${KEY.slice(3, 10)} inside`)).toBe(`the word ${REDACTED} inside`);
    expect(redactor.text(`x ${KEY.slice(9, 20).toUpperCase()} y`)).toBe(`x ${REDACTED} y`);
    expect(redactor.text(`hex ${hex(KEY).join('').slice(10, 30)} end`)).toBe(`hex ${REDACTED} end`);
  });

  it('masks all but the first character of a key, whatever comes before it', () => {
    for (const before of ['\\x', '\\u00', '\\', '&#', '%'])
      expect(leaks(redactor.text(`domain ${before}${KEY.slice(1)}`))).toEqual([]);
  });

  it('never shows a key whole when a text holding it is cut in two and the parts are joined, fuzzed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: KEY.length - 1 }), (around, cut) => {
        const [head, tail] = [`${around}${KEY.slice(0, cut)}`, `${KEY.slice(cut)}${around}`];
        const joined = `${redactor.text(head)}${redactor.text(tail)}`;
        expect(joined.toLowerCase()).not.toContain(KEY.toLowerCase());
        expect(leaks(joined.replace(around, ''))).toEqual([]);
      }),
    );
  });

  it('masks half of a short key, so one part of any cut is masked', () => {
    const short = new ThoroughRedactor().add('Qm7Zt2Lp9X');
    expect(short.text('a Qm7Zt b')).toBe(`a ${REDACTED} b`);
    expect(short.text('a Qm7Z b')).toBe('a Qm7Z b');
  });
});

describe('a text already written in a format', () => {
  const json = (value: unknown) => JSON.stringify(value);

  it('takes the whole escape a piece begins inside, so a JSON text stays valid', () => {
    for (const control of ['\u001c', '\t', '\n', '"', '\\', '\u202e']) {
      const text = json({ domain: `${control}${KEY.slice(1)}`, after: `${KEY.slice(0, 9)}${control}` });
      const out = redactor.text(text);
      expect(() => JSON.parse(out), out).not.toThrow();
      expect(leaks(out)).toEqual([]);
    }
  });

  it('takes a whole XML entity or percent escape', () => {
    expect(redactor.text(`<a b="&#10;${KEY.slice(0, 8)}&amp;x"/>`)).toBe(`<a b="&#10;${REDACTED}&amp;x"/>`);
    expect(redactor.text(`msg %0A${KEY}%0A`)).toBe(`msg %0A${REDACTED}%0A`);
  });

  it('keeps every JSON text valid whatever pieces of the key it holds, fuzzed', () => {
    const piece = fc
      .tuple(fc.nat({ max: KEY.length - 1 }), fc.integer({ min: 1, max: KEY.length }))
      .map(([at, length]) => KEY.slice(at, at + length));
    const part = fc.oneof(piece, fc.string({ maxLength: 4 }), fc.constantFrom('\u0000', '\u001f', '\t', '\\', '"'));
    fc.assert(
      fc.property(
        fc.array(
          fc.array(part, { maxLength: 6 }).map((parts) => parts.join('')),
          { maxLength: 4 },
        ),
        (values) => {
          const out = redactor.text(JSON.stringify(values, null, 2));
          expect(() => JSON.parse(out), out).not.toThrow();
        },
      ),
    );
  });
});

describe('the text a process prints of its own', () => {
  const wordy = new ThoroughRedactor({ ownText: ['analytics', 'marketplace'] }).add(
    'fake-analytics-key-2f9c81d0',
    '$ANALYTICS_API_KEY',
  );

  it('is left where a piece of a key is one of its words, and the whole key is still masked', () => {
    expect(wordy.text('[analytics] sort_order')).toBe('[analytics] sort_order');
    expect(wordy.text('key fake-analytics-key-2f9c81d0.')).toBe('key $ANALYTICS_API_KEY.');
    expect(wordy.text('piece ics-key-2f9c8 end')).toBe('piece $ANALYTICS_API_KEY end');
  });

  it('still masks a key it prints as a word, whole and in its other forms, though no piece of it is masked', () => {
    const ownWords = new ThoroughRedactor({ ownText: ['the analyticsmarketplace word'] }).add(
      'analyticsmarketplace',
      '$ANALYTICS_API_KEY',
    );
    expect(ownWords.text('[analytics] on the marketplace')).toBe('[analytics] on the marketplace');
    expect(ownWords.text('key analyticsmarketplace.')).toBe('key $ANALYTICS_API_KEY.');
    expect(ownWords.text('key ANALYTICSMARKETPLACE.')).toBe('key $ANALYTICS_API_KEY.');
  });

  it('includes the placeholders, so redacting twice changes nothing', () => {
    const once = wordy.text('key fake-analytics-key-2f9c81d0 and $ANALYTICS_API_KEY');
    expect(wordy.text(once)).toBe(once);
  });
});
