// What a console may not hold, whatever a deployment answered: a character
// that acts on a terminal, what a CI runner reads as a command inside a line,
// a line of the deployment's own that starts with `::` or poses as our curl.
import { expect } from 'vitest';

/** Characters that act on a terminal, and what a CI runner reads as a command inside a line. */
const ACTIVE = new RegExp(
  [
    '[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f]',
    '[\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]',
    '##(?:vso)?\\[',
  ].join('|'),
  'i',
);

export function expectInertConsole(text: string): void {
  expect(text).not.toMatch(ACTIVE);
  for (const line of text.split('\n')) {
    // Our own annotations are the only lines that start with '::'.
    if (line.startsWith('::')) expect(line).toMatch(/^::(error|warning) title=(\[(analytics|marketplace)\]|tallyport)/);
    expect(line.trimStart().startsWith('curl: curl https://evil')).toBe(false);
  }
}
