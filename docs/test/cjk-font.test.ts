// The shipped CJK font covers what the pages show, and the build refuses
// pages with a CJK character it lacks instead of publishing boxes.
import { describe, expect, it } from 'vitest';
import { CJK_FONT_FAMILY, cjkFontFace, missingCharacters } from '../scripts/cjk-font.mjs';
import { cjkCharactersOf, pageSources } from '../scripts/cjk-text.mjs';

describe('the shipped CJK font', () => {
  it('has a glyph for every CJK character of the specs, their README and the guide, 成功 and 错误 among them', () => {
    const needed = cjkCharactersOf(pageSources());
    expect(needed).toEqual(expect.arrayContaining(['成', '功', '错', '误']));
    expect(missingCharacters(pageSources())).toEqual([]);
  });

  it('is inlined, limited to its characters, and refused for a page showing one it lacks', () => {
    const css = cjkFontFace('成功');
    expect(css).toContain(`font-family:'${CJK_FONT_FAMILY}'`);
    expect(css).toContain('url(data:font/woff;base64,');
    expect(css).toContain(`U+${'错'.codePointAt(0)!.toString(16).toUpperCase()}`);
    expect(() => cjkFontFace('成功 中文')).toThrow(/lacks \(中文\).*subset-cjk-font\.mjs/);
  });
});
