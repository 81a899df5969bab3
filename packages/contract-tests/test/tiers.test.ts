// Every test file of the contract tests runs in a tier: tiers.ts names each one once, so a new file that none of
// its lists names fails here instead of running nowhere (or everywhere) unnoticed; and a sweep split between
// `pnpm test` and `pnpm test:deployments` runs each of its cases in exactly one of them.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { casesOfTier, named } from './tier-cases.js';
import { DEPLOYMENTS, END_TO_END, filesOf, MEASUREMENTS, OWN_PROCESS, SPLIT, UNIT } from './tiers.js';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));

/** Every `*.test.ts` under test/, as the vitest config names them (`test/...`). */
const testFiles = (readdirSync(`${packageRoot}test`, { recursive: true, encoding: 'utf8' }) as string[])
  .map((file) => `test/${file.split('\\').join('/')}`)
  .filter((file) => file.endsWith('.test.ts') && !file.startsWith('test/fixtures/'))
  .filter((file) => !MEASUREMENTS.some((folder) => file.startsWith(folder)))
  .sort();

const LISTS = { UNIT, END_TO_END, SPLIT, DEPLOYMENTS } as const;

describe('the tiers of the contract tests', () => {
  it('name every test file in exactly one list of test/tiers.ts', () => {
    const placed = (file: string) =>
      Object.entries(LISTS)
        .filter(([, files]) => files.includes(file))
        .map(([list]) => list);
    const unplaced = testFiles.filter((file) => placed(file).length === 0);
    expect(
      unplaced,
      'a test file in no tier: add it to UNIT, END_TO_END, SPLIT or DEPLOYMENTS in test/tiers.ts',
    ).toEqual([]);
    const twice = testFiles.filter((file) => placed(file).length > 1).map((file) => `${file}: ${placed(file)}`);
    expect(twice, 'a test file in two lists of test/tiers.ts').toEqual([]);
  });

  it('name no file that is not there', () => {
    const listed = [...Object.values(LISTS).flat(), ...OWN_PROCESS];
    expect(listed.filter((file) => !testFiles.includes(file))).toEqual([]);
  });

  it('run every file in `pnpm test` or `pnpm test:deployments`, and only unit tests in `pnpm test:quick`', () => {
    const run = new Set([...filesOf('test'), ...filesOf('deployments')]);
    expect(testFiles.filter((file) => !run.has(file))).toEqual([]);
    expect(filesOf('quick')).toEqual(UNIT);
    expect(filesOf('deployments').filter((file) => filesOf('test').includes(file))).toEqual(SPLIT);
  });
});

describe('a sweep split between the tiers', () => {
  const sweep = Array.from({ length: 10 }, (_, index) => index);
  const isRepresentative = (item: number) => item % 4 === 0;

  it('runs its representatives in `pnpm test` and every other case in `pnpm test:deployments`', () => {
    const test = casesOfTier('test', 'a sweep', sweep, isRepresentative);
    const deployments = casesOfTier('deployments', 'a sweep', sweep, isRepresentative);
    expect(test).toEqual([0, 4, 8]);
    expect([...test, ...deployments].sort((a, b) => a - b)).toEqual(sweep);
    expect(deployments.filter((item) => test.includes(item))).toEqual([]);
  });

  it('runs whole under a config that names no tier (the bench)', () => {
    expect(casesOfTier(undefined, 'a sweep', sweep, isRepresentative)).toEqual(sweep);
  });

  it('refuses a split that leaves `pnpm test` no representative', () => {
    expect(() => casesOfTier('test', 'a sweep', sweep, () => false)).toThrow(/no case is a representative/);
  });

  it('refuses a representative named after no case', () => {
    expect(() => named('a sweep', ['one', 'two'], (name) => name, ['one', 'three'])).toThrow(/three/);
    const picks = named('a sweep', ['one', 'two'], (name) => name, ['two']);
    expect(['one', 'two'].filter(picks)).toEqual(['two']);
  });
});
