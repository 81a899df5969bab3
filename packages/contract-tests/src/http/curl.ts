// A reproducible curl for a recorded request. Secrets appear as shell
// variables ("$ANALYTICS_API_KEY") that the reader sets themselves; every other
// value is quoted so the command is copy-paste safe.
import { isSecretRef, type RequestTemplate, type TemplateValue } from './request.js';

const shellQuote = (text: string): string => `'${text.replace(/'/g, `'\\''`)}'`;

// Inside double quotes only \ " $ and ` are special.
const inDoubleQuotes = (text: string): string => text.replace(/([\\"$`])/g, '\\$1');

function pair(name: string, value: TemplateValue): string {
  if (isSecretRef(value)) return `"${inDoubleQuotes(`${name}=${value.prefix ?? ''}`)}$${value.secret}"`;
  return shellQuote(`${name}=${value}`);
}

function header(name: string, value: TemplateValue): string {
  if (isSecretRef(value)) return `"${inDoubleQuotes(`${name}: ${value.prefix ?? ''}`)}$${value.secret}"`;
  return shellQuote(`${name}: ${value}`);
}

export function toCurl(template: RequestTemplate): string {
  const parts = ['curl', '-sS', '-i', '-X', template.method];
  for (const [name, value] of template.headers) parts.push('-H', header(name, value));
  if (template.form) {
    for (const [name, value] of template.form) parts.push('--data-urlencode', pair(name, value));
  }
  const url = `${template.baseUrl}${template.path}`;
  if (template.query.length > 0) {
    // -G moves --data-urlencode pairs into the query string; a body, if any,
    // is already written above, so the query is spelt out instead.
    if (template.form) {
      const query = template.query
        .map(
          ([name, value]) =>
            `${encodeURIComponent(name)}=${isSecretRef(value) ? `$${value.secret}` : encodeURIComponent(value)}`,
        )
        .join('&');
      parts.push(`"${inDoubleQuotes(url)}?${query.replace(/[\\"`]/g, '\\$&')}"`);
      return parts.join(' ');
    }
    parts.push('-G');
    for (const [name, value] of template.query) parts.push('--data-urlencode', pair(name, value));
  }
  parts.push(shellQuote(url));
  return parts.join(' ');
}
