// Picks the "Quirks" and "Unknowns" sections out of specs/README.md so the
// guide shows them exactly as the spec maintainers wrote them.
import { Lexer } from 'marked';

const wanted = /\b(quirks?|unknowns?)\b/i;

/**
 * @param {string} markdown the whole of specs/README.md
 * @returns {string} markdown holding every wanted section, each titled with its ancestors' headings
 */
export function extractQuirksAndUnknowns(markdown) {
  const tokens = Lexer.lex(markdown);
  const ancestors = [];
  const parts = [];
  let capturing = null;
  for (const token of tokens) {
    if (token.type === 'heading') {
      if (capturing && token.depth <= capturing.depth) capturing = null;
      while (ancestors.length > 0 && ancestors.at(-1).depth >= token.depth) ancestors.pop();
      if (!capturing && wanted.test(token.text)) {
        const trail = ancestors.filter((a) => a.depth > 1).map((a) => a.text);
        capturing = { depth: token.depth };
        parts.push(`### ${[...trail, token.text].join(' · ')}\n\n`);
        ancestors.push({ depth: token.depth, text: token.text });
        continue;
      }
      ancestors.push({ depth: token.depth, text: token.text });
    }
    if (capturing) {
      // Nested headings keep their place under the section's own heading.
      parts.push(token.type === 'heading' ? `#### ${token.text}\n\n` : token.raw);
    }
  }
  if (parts.length === 0) {
    throw new Error(
      'specs/README.md has no "Quirks" or "Unknowns" section: ' +
        'the docs guide shows those sections and cannot be built without them.',
    );
  }
  return parts.join('');
}
