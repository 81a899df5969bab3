// `pnpm contract` runs the built tester without asking turbo when nothing its
// build reads is newer. What tools write beside those inputs (turbo's logs,
// vitest's cache) and prose (a README) must not make it look stale, or every
// run pays for turbo and prints its banner.
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, without types.
import { INPUTS, testerIsFresh } from '../../../scripts/tester-freshness.mjs';

const BUILT = 'packages/contract-tests/dist/cli.js';

/** A scratch repository holding a file for every input, all older than the built tester. */
function repository(): { root: string; touch(path: string, secondsAfterBuild: number): void } {
  const root = mkdtempSync(join(tmpdir(), 'tallyport-fast-path-'));
  const touch = (path: string, seconds: number) => {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, 'x');
    const at = new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
    utimesSync(file, at, at);
  };
  for (const input of INPUTS as string[])
    touch(input.replace('*.yaml', 'analytics.yaml') + (/\.[a-z]+$/.test(input) ? '' : '/index.ts'), -60);
  // The folders' own times too: a folder is as old as its files.
  for (const input of INPUTS as string[]) {
    const folder = join(root, input.endsWith('*.yaml') ? dirname(input) : input);
    const at = new Date(Date.UTC(2026, 0, 1) - 60_000);
    if (!/\.[a-z]+$/.test(input) || input.endsWith('*.yaml')) utimesSync(folder, at, at);
  }
  touch(BUILT, 0);
  return { root, touch };
}

describe('the fast path of pnpm contract', () => {
  it('takes the built tester as fresh when only its own build ran since', () => {
    expect(testerIsFresh(repository().root, BUILT)).toBe(true);
  });

  it('is not fooled by what a test run writes (turbo logs), nor by the specs README', () => {
    const { root, touch } = repository();
    touch('specs/.turbo/turbo-test.log', 30);
    touch('specs/README.md', 30);
    touch('packages/contract-tests/.turbo/turbo-test.log', 30);
    expect(testerIsFresh(root, BUILT)).toBe(true);
  });

  it('builds again after a spec or a source file changed', () => {
    const spec = repository();
    spec.touch('specs/marketplace.yaml', 30);
    expect(testerIsFresh(spec.root, BUILT)).toBe(false);
    const source = repository();
    source.touch('packages/contract-tests/src/run/contract.ts', 30);
    expect(testerIsFresh(source.root, BUILT)).toBe(false);
  });
});
