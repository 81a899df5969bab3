import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HELP } from '../src/config.js';
import { OPTIONS, synopsis } from '../src/config/options.js';

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
