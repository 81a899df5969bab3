// How a value shown compares with the value written (src/state/normalisation.ts).
import { describe, expect, it } from 'vitest';
import { compactValue } from '../../src/answers/records.js';
import { sameLabelForm, storedAs } from '../../src/state/normalisation.js';

describe('storedAs', () => {
  it.each([
    ['as written', 'a,b', 'a,b'],
    ['another case and separators', 'UTM_Source,fbclid', 'utm_source, fbclid'],
    ['sorted, without repeats, as an array', 'b,a,a', ['a', 'b']],
    ['one entry a line', '203.0.113.7,198.51.100.12', '203.0.113.7\n198.51.100.12'],
    ['a domain in its ASCII form', 'ñandú.example.com', 'xn--and-6ma2c.example.com'],
    ['an empty value as null', '', null],
    ['a number as a switch', '1', true],
    ['long text kept whole in the form rows keep it', 'x'.repeat(300), compactValue('x'.repeat(300))],
  ])('keeps what was written: %s', (_, written, shown) => {
    expect(storedAs(written, shown).verdict).toBe('kept');
  });

  it('tells an entry dropped, characters stripped, and text cut short', () => {
    expect(storedAs('a,b,c', 'a,c')).toEqual({ verdict: 'part-missing', missing: 'b' });
    expect(storedAs(`q'x"y`, 'qxy')).toMatchObject({ verdict: 'part-missing' });
    expect(storedAs('y'.repeat(300), compactValue('y'.repeat(255)))).toEqual({
      verdict: 'part-missing',
      missing: '45 of its 300 characters',
    });
  });

  it('tells nothing stored, an old value kept for an empty one, and another representation', () => {
    expect(storedAs('a,b', null).verdict).toBe('lost');
    expect(storedAs('', 'a,b').verdict).toBe('empty-not-stored');
    expect(storedAs('1', 'private').verdict).toBe('other-representation');
    expect(storedAs(1, 0).verdict).toBe('lost');
  });

  it('takes a form it cannot explain as the deployment’s own', () => {
    expect(storedAs('a<b', 'a_b')).toEqual({ verdict: 'kept', how: 'another form' });
  });

  it.each([
    ['HTML entities', `q'x"y;<b>&amp`, 'q&#039;x&quot;y;&lt;b&gt;&amp;amp'],
    ['backslashes', `q'x"y`, `q'x"y`],
    ['percent-encoding', 'a b,c/d', 'a%20b%2Cc%2Fd'],
    ['each entry in a form that holds it (CIDR)', '203.0.113.7,198.51.100.12', ['203.0.113.7/32', '198.51.100.12/32']],
  ])('keeps what was written, escaped or each entry in a form of its own: %s', (_, written, shown) => {
    expect(storedAs(written, shown).verdict).toBe('kept');
  });

  it('tells entries shown that were not written (an update that kept the old ones beside the new)', () => {
    expect(storedAs('c,d', 'a,b,c,d')).toEqual({ verdict: 'part-added', added: 'a, b' });
  });
});

describe('sameLabelForm', () => {
  it('takes a label in another case, its ASCII form or with a trailing dot, and nothing else', () => {
    expect(sameLabelForm('Ñandú.Example.com', 'xn--and-6ma2c.example.com.')).toBe(true);
    expect(sameLabelForm('shop.example.com', 'www.shop.example.com')).toBe(false);
    expect(sameLabelForm('shop.example.com', 'shop.example')).toBe(false);
  });
});
