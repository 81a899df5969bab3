// The shipped CJK font (docs/fonts/tallyport-cjk.woff, a subset made by
// subset-cjk-font.mjs) as the pages carry it: inlined as a data: URL in an
// @font-face limited to the characters it has, so every page stays one
// offline file and Latin text keeps its own fonts. The build stops when a
// page shows a CJK character the subset lacks, naming the command that
// remakes it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { cjkCharactersOf } from './cjk-text.mjs';

export const CJK_FONT_FAMILY = 'Tallyport CJK';
export const CJK_FONT_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'fonts', 'tallyport-cjk.woff');

/** The tables of a WOFF 1.0 file (W3C WOFF File Format 1.0, section 5), decompressed, by tag. */
function woffTables(buffer) {
  if (buffer.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font');
  const tables = new Map();
  for (let index = 0; index < buffer.readUInt16BE(12); index++) {
    const entry = 44 + index * 20;
    const tag = buffer.toString('latin1', entry, entry + 4);
    const offset = buffer.readUInt32BE(entry + 4);
    const compressed = buffer.readUInt32BE(entry + 8);
    const original = buffer.readUInt32BE(entry + 12);
    const data = buffer.subarray(offset, offset + compressed);
    tables.set(tag, compressed < original ? inflateSync(data) : data);
  }
  return tables;
}

/** The code points a `cmap` table maps to a glyph (OpenType cmap formats 4 and 12). */
function mappedCodePoints(cmap) {
  const points = new Set();
  for (let index = 0; index < cmap.readUInt16BE(2); index++) {
    const table = cmap.readUInt32BE(4 + index * 8 + 4);
    const format = cmap.readUInt16BE(table);
    if (format === 4) {
      const segments = cmap.readUInt16BE(table + 6) / 2;
      const ends = table + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const ranges = deltas + segments * 2;
      for (let segment = 0; segment < segments; segment++) {
        const [start, end] = [cmap.readUInt16BE(starts + segment * 2), cmap.readUInt16BE(ends + segment * 2)];
        const delta = cmap.readInt16BE(deltas + segment * 2);
        const rangeAt = ranges + segment * 2;
        const rangeOffset = cmap.readUInt16BE(rangeAt);
        for (let code = start; code <= end && code !== 0xffff; code++) {
          const glyph =
            rangeOffset === 0 ? (code + delta) & 0xffff : cmap.readUInt16BE(rangeAt + rangeOffset + (code - start) * 2);
          if (glyph !== 0) points.add(code);
        }
      }
    } else if (format === 12) {
      for (let group = 0; group < cmap.readUInt32BE(table + 12); group++) {
        const at = table + 16 + group * 12;
        for (let code = cmap.readUInt32BE(at); code <= cmap.readUInt32BE(at + 4); code++) points.add(code);
      }
    }
  }
  return points;
}

/** The characters the shipped font has glyphs for. */
export function fontCharacters(file = CJK_FONT_FILE) {
  const cmap = woffTables(readFileSync(file)).get('cmap');
  if (!cmap) throw new Error(`${file} has no cmap table`);
  return new Set([...mappedCodePoints(cmap)].map((code) => String.fromCodePoint(code)));
}

/** The CJK characters of `text` the shipped font lacks. */
export function missingCharacters(text, file = CJK_FONT_FILE) {
  const has = fontCharacters(file);
  return cjkCharactersOf(text).filter((character) => !has.has(character));
}

/**
 * The @font-face of the shipped font, for pages built from `text`. Throws when `text` shows a CJK character
 * the font lacks.
 */
export function cjkFontFace(text, file = CJK_FONT_FILE) {
  const missing = missingCharacters(text, file);
  if (missing.length > 0)
    throw new Error(
      `the pages show CJK characters the shipped font lacks (${missing.join('')}): ` +
        'run `node docs/scripts/subset-cjk-font.mjs` (Debian: fonts-noto-cjk, python3-fonttools) and commit ' +
        'docs/fonts/tallyport-cjk.woff',
    );
  const ranges = [...fontCharacters(file)]
    .map((character) => `U+${character.codePointAt(0).toString(16).toUpperCase()}`)
    .join(',');
  const data = readFileSync(file).toString('base64');
  return (
    `@font-face{font-family:'${CJK_FONT_FAMILY}';src:url(data:font/woff;base64,${data}) format('woff');` +
    `unicode-range:${ranges};font-display:block}`
  );
}
