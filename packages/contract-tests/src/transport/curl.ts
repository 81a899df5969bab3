// A reproducible curl for a recorded request. Secrets appear as shell
// variables ("$ANALYTICS_API_KEY") that the reader sets themselves; every other
// value is quoted so the command is copy-paste safe. A value holding a control,
// bidi or line-breaking character (a search text taken from a deployment's
// rows, say) is written with bash's $'…' quoting and visible escapes, so the
// command still sends it exactly while the printed line stays inert.
import { needsEscaping, terminalSafe, visibleEscape } from '../text/terminal-safe.js';
import { encodeComponent, wellFormed } from '../text/well-formed.js';
import { jsonBody, type RequestTemplate } from './request.js';
import { isSecretRef, type TemplateValue } from '../spec/secrets.js';

// In bash's $'…', \xHH is a byte, so characters above ASCII are written \uHHHH (their UTF-8 is sent).
const ansiCEscape = (char: string): string =>
  char.charCodeAt(0) < 0x80 ? visibleEscape(char) : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

function shellQuote(raw: string): string {
  // Lone surrogates travel as U+FFFD (URL encoding replaces them), so the curl shows what was sent.
  const text = wellFormed(raw);
  if (!needsEscaping(text)) return `'${text.replace(/'/g, `'\\''`)}'`;
  return `$'${terminalSafe(text.replace(/[\\']/g, '\\$&'), ansiCEscape)}'`;
}

// Inside double quotes only \ " $ and ` are special.
const inDoubleQuotes = (text: string): string => text.replace(/([\\"$`])/g, '\\$1');

/** A field (`name=value`) or a header (`name: value`) as one shell word, a secret as its variable. */
function named(name: string, separator: '=' | ': ', value: TemplateValue): string {
  if (isSecretRef(value)) return `"${inDoubleQuotes(`${name}${separator}${value.prefix ?? ''}`)}$${value.secret}"`;
  return shellQuote(`${name}${separator}${value}`);
}

/**
 * A JSON body as one shell word: literal stretches quoted like any value, each secret as its variable in double
 * quotes, side by side (the shell joins adjacent quoted pieces).
 */
function jsonWord(template: RequestTemplate): string {
  const marker = '\u0000tallyport-secret\u0000';
  const secrets: string[] = [];
  const text = jsonBody(template, (value) => {
    if (!isSecretRef(value)) return value;
    secrets.push(`"${inDoubleQuotes(value.prefix ?? '')}$${value.secret}"`);
    return marker;
  });
  // JSON.stringify writes the marker's NULs as \u0000, so it is found as written.
  const literal = JSON.stringify(marker).slice(1, -1);
  return text
    .split(literal)
    .map((piece, index) => `${piece === '' ? '' : shellQuote(piece)}${secrets[index] ?? ''}`)
    .join('');
}

export function toCurl(template: RequestTemplate): string {
  const parts = ['curl', '-sS', '-i', '-X', template.method];
  for (const [name, value] of template.headers) parts.push('-H', named(name, ': ', value));
  if (template.form && template.json)
    parts.push('-H', shellQuote('Content-Type: application/json'), '--data-raw', jsonWord(template));
  else if (template.form) {
    for (const [name, value] of template.form) parts.push('--data-urlencode', named(name, '=', value));
  }
  const url = `${template.baseUrl}${template.path}`;
  if (template.query.length > 0) {
    // -G moves --data-urlencode pairs into the query string; a body, if any,
    // is already written above, so the query is spelt out instead.
    if (template.form) {
      const query = template.query
        .map(
          ([name, value]) =>
            `${encodeComponent(name)}=${isSecretRef(value) ? `$${value.secret}` : encodeComponent(value)}`,
        )
        .join('&');
      parts.push(`"${inDoubleQuotes(url)}?${query.replace(/[\\"`]/g, '\\$&')}"`);
      return parts.join(' ');
    }
    parts.push('-G');
    for (const [name, value] of template.query) parts.push('--data-urlencode', named(name, '=', value));
  }
  parts.push(shellQuote(url));
  return parts.join(' ');
}
