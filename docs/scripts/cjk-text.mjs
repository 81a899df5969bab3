// Which CJK characters the pages show: those of the specs, of their README and
// of the guide (what the pages are built from; Redoc's own bundle holds
// compressed data that looks like CJK but is never shown). The font subset is
// made for them and the build checks it covers them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Han ideographs, CJK symbols and punctuation, and full-width forms. */
const CJK = /[\p{Script=Han}\u3000-\u303f\uff00-\uffef]/gu;

/** The distinct CJK characters of a text, sorted. */
export const cjkCharactersOf = (text) => [...new Set(text.match(CJK) ?? [])].sort();

/** Every text the pages are built from: the spec files and README of `specsDir`, and the guide. */
export function pageSources(specsDir = join(docsDir, '..', 'specs')) {
  const contentDir = join(docsDir, 'content');
  const specFiles = readdirSync(specsDir).filter((name) => name.endsWith('.yaml') || name === 'README.md');
  const content = readdirSync(contentDir).filter((name) => name.endsWith('.md'));
  return [
    ...specFiles.map((name) => readFileSync(join(specsDir, name), 'utf8')),
    ...content.map((name) => readFileSync(join(contentDir, name), 'utf8')),
  ].join('\n');
}
