import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseChangeset, pendingBumps, readPendingChangesets } from '../src/changesets.js';

describe('changesets', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tallyport-changesets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the release kind of each package from the front matter', () => {
    const parsed = parseChangeset(
      'a.md',
      '---\n"@tallyport/types": minor\n\'@tallyport/client\': patch\n---\n\nAdd a field.\n',
    );
    expect(parsed.releases).toEqual({ '@tallyport/types': 'minor', '@tallyport/client': 'patch' });
  });

  it('accepts an empty changeset (a release of nothing)', () => {
    expect(parseChangeset('e.md', '---\n---\n').releases).toEqual({});
  });

  it('refuses a release kind that is not major, minor or patch', () => {
    expect(() => parseChangeset('b.md', '---\n"@tallyport/types": huge\n---\n')).toThrow(/b\.md.*"huge"/);
  });

  it('keeps the largest kind per package across changesets and skips the README', () => {
    writeFileSync(join(dir, 'README.md'), '# Changesets\n');
    writeFileSync(join(dir, 'one.md'), '---\n"@tallyport/types": patch\n"@tallyport/client": major\n---\nx\n');
    writeFileSync(join(dir, 'two.md'), '---\n"@tallyport/types": minor\n---\ny\n');
    writeFileSync(join(dir, 'config.json'), '{}');
    const changesets = readPendingChangesets(dir);
    expect(changesets.map((c) => c.file)).toEqual(['one.md', 'two.md']);
    expect(pendingBumps(changesets)).toEqual({ '@tallyport/types': 'minor', '@tallyport/client': 'major' });
  });

  it('finds no changeset in a missing folder', () => {
    expect(readPendingChangesets(join(dir, 'missing'))).toEqual([]);
  });
});
