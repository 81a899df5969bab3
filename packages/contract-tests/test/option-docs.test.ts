import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECK_NAMES } from '../src/registry/index.js';
import { HELP } from '../src/cli/config/parse.js';
import { OPTIONS, synopsis } from '../src/cli/config/options.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const tableRows = readme.split('\n').filter((line) => line.startsWith('| `-'));

// Shipped text never uses the word the flag that repeats drawn examples is named by (the README's row of
// --examples points to --help for it), so that one flag is listed by --help only.
const HELP_ONLY = new Set(['seed']);

describe('every option', () => {
  it.each(OPTIONS.map((option) => [option.flag, option] as const))('--%s is in --help', (_, option) => {
    expect(HELP).toContain(synopsis(option));
  });

  it.each(OPTIONS.filter((option) => !HELP_ONLY.has(option.flag)).map((option) => [option.flag]))(
    '--%s is in the README flag table',
    (flag) => {
      expect(tableRows.some((row) => new RegExp(`\`--${flag}[\` ]`).test(row))).toBe(true);
    },
  );

  it('and only those are in the README flag table', () => {
    const named = tableRows.flatMap((row) => [...row.matchAll(/`--([a-z-]+)/g)].map((match) => match[1]));
    expect(named.filter((flag) => !OPTIONS.some((option) => option.flag === flag))).toEqual([]);
  });
});

describe('every check', () => {
  it('is in the README list of checks, in the order the tool runs them, and only those', () => {
    const paragraph = readme.slice(readme.indexOf('The checks ('), readme.indexOf('How cases are'));
    expect([...paragraph.matchAll(/`([a-z_]+)`/g)].map((match) => match[1])).toEqual(CHECK_NAMES);
  });

  it('has a row in the table of docs/contract-tests.md, in that order', () => {
    const docs = readFileSync(new URL('../../../docs/contract-tests.md', import.meta.url), 'utf8');
    const rows = docs.split('\n').flatMap((line) => /^\| `([a-z_]+)` +\|/.exec(line)?.[1] ?? []);
    expect(rows).toEqual(CHECK_NAMES);
  });
});
