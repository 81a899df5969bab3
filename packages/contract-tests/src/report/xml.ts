// XML 1.0 text and attribute values that stay well-formed whatever they hold.
// XML 1.0 has no way to write most C0 controls, U+FFFE, U+FFFF or a lone
// surrogate, even as a character reference, so those are shown as visible
// escapes (\x1c, \ufffe) instead of being dropped without a trace.
import { visibleEscape } from '../text/terminal-safe.js';

const NOT_XML = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'g',
);

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // In an attribute, a raw line break or tab would be normalised to a space.
  '\n': '&#10;',
  '\r': '&#13;',
  '\t': '&#9;',
};

const representable = (text: string): string => text.replace(NOT_XML, visibleEscape);

/** Character data: `&`, `<` and `>` escaped (`>` for `]]>`), line breaks kept. */
export const xmlText = (text: string): string => representable(text).replace(/[&<>\r]/g, (char) => ENTITIES[char]!);

/** An attribute value, to be put between double quotes. */
export const xmlAttribute = (text: string): string =>
  representable(text).replace(/[&<>"'\n\r\t]/g, (char) => ENTITIES[char]!);
