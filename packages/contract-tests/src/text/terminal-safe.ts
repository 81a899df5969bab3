// Text a deployment sent reaches a person's terminal and a CI log. Printed
// raw, it could set the clipboard (OSC 52), hide a link (OSC 8), clear the
// screen, reorder what is read (bidi overrides), or start a line of its own
// that a CI runner takes for a command (`::warning …::`, `##vso[…]`) or that
// overwrites ours (`\r`). Every such character is shown as a visible escape
// instead, so a console line is our own text plus inert deployment text.

// C0 controls but tab, DEL, C1, bidi controls, line and paragraph separators, lone surrogates, and the `##` that
// opens an Azure Pipelines logging command anywhere in a line.
const UNSAFE = new RegExp(
  [
    '[\\u0000-\\u0008\\u000a-\\u001f\\u007f-\\u009f]',
    '[\\u061c\\u200e\\u200f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
    '#(?=#(?:vso)?\\[)',
  ].join('|'),
  'gi',
);

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '#': '\\x23' };

/** `\x1b`, `\u202e`: the visible escape of one unsafe character. */
export function visibleEscape(char: string): string {
  const named = NAMED[char];
  if (named) return named;
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** The text with every character that could act on a terminal or a CI log shown as a visible escape. */
export function terminalSafe(text: string, escapeOf: (char: string) => string = visibleEscape): string {
  return text.replace(UNSAFE, escapeOf);
}

/** Whether the text holds a character `terminalSafe` would escape. */
export function needsEscaping(text: string): boolean {
  UNSAFE.lastIndex = 0;
  const found = UNSAFE.test(text);
  UNSAFE.lastIndex = 0;
  return found;
}
