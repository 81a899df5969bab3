// The guard's verdict on fixture pairs: which release each package needs,
// whether the pending changesets (or versions already raised) give it, and
// whether info.version moved by exactly the kind of change.
import { describe, expect, it } from 'vitest';
import { runGuard, type GuardInput } from '../src/guard.js';
import type { BumpLevel } from '../src/levels.js';
import { fixtureText } from './fixtures.js';

const all = (level: BumpLevel) => ({
  '@tallyport/types': level,
  '@tallyport/client': level,
  '@tallyport/contract-tests': level,
  '@tallyport/mock': level,
});
const versions = (version: string) => ({
  '@tallyport/types': version,
  '@tallyport/client': version,
  '@tallyport/contract-tests': version,
  '@tallyport/mock': version,
});

function input(
  pair: string,
  pending: Record<string, BumpLevel>,
  currentVersion = '0.1.0',
  infoVersion?: string,
): GuardInput {
  let after = fixtureText(`${pair}/after.yaml`);
  if (infoVersion) after = after.replace(/^ {2}version: .*$/m, `  version: ${infoVersion}`);
  return {
    released: {
      source: 'fixtures',
      specs: { 'api.yaml': fixtureText('base.yaml') },
      packageVersions: versions('0.1.0'),
    },
    current: { specs: { 'api.yaml': after }, packageVersions: versions(currentVersion) },
    pending,
  };
}

describe('runGuard', () => {
  it('stops a release that removes an enum value with only a patch changeset, and says why', async () => {
    const report = await runGuard(input('enum-value-removed', all('patch')));
    expect(report.ok).toBe(false);
    expect(report.packages.map((p) => [p.name, p.required, p.pending, p.ok])).toEqual([
      ['@tallyport/types', 'major', 'patch', false],
      ['@tallyport/client', 'major', 'patch', false],
      ['@tallyport/contract-tests', 'major', 'patch', false],
      ['@tallyport/mock', 'major', 'patch', false],
    ]);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toContain(
      'the spec changes need a major release of @tallyport/types, @tallyport/client, @tallyport/contract-tests, ' +
        '@tallyport/mock',
    );
    expect(report.problems[0]).toContain('@tallyport/types: the pending changesets give it only patch');
    expect(report.problems[0]).toContain('api.yaml: GET /things › query per_page: enum value 100 removed');
  });

  it('lets the same change through with major changesets and info.version 2.0.0', async () => {
    const report = await runGuard(input('enum-value-removed', all('major')));
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('fails each package that the changesets leave out', async () => {
    const report = await runGuard(input('enum-value-removed', { '@tallyport/types': 'major' }));
    expect(report.packages.filter((p) => !p.ok).map((p) => p.name)).toEqual([
      '@tallyport/client',
      '@tallyport/contract-tests',
      '@tallyport/mock',
    ]);
    expect(report.problems.join('\n')).toContain(
      'the spec changes need a major release of @tallyport/client, @tallyport/contract-tests, @tallyport/mock',
    );
    expect(report.problems.join('\n')).toContain('@tallyport/client: no pending changeset names it');
  });

  it('lets a package never released out at any version: a spec change has no user of it to break', async () => {
    const never = input('enum-value-removed', {}, '1.0.0');
    never.released.packageVersions['@tallyport/mock'] = undefined;
    never.current.packageVersions['@tallyport/mock'] = '0.1.0';
    const report = await runGuard(never);
    expect(report.packages.find((p) => p.name === '@tallyport/mock')?.ok).toBe(true);
    expect(report.ok).toBe(true);
  });

  it('counts a version already raised by `changeset version` once the changesets are consumed', async () => {
    expect((await runGuard(input('enum-value-removed', {}, '1.0.0'))).ok).toBe(true);
    const tooSmall = await runGuard(input('enum-value-removed', {}, '0.2.0'));
    expect(tooSmall.ok).toBe(false);
    expect(tooSmall.problems[0]).toContain('its version was already raised by minor');
  });

  it('requires info.version to move by exactly the kind of change', async () => {
    const unchanged = await runGuard(input('additions', all('minor'), '0.1.0', '1.0.0'));
    expect(unchanged.problems).toEqual([
      'api.yaml: the changes since the release need a minor bump of info.version (1.0.0 → 1.1.0), found 1.0.0',
    ]);
    const tooLarge = await runGuard(input('additions', all('minor'), '0.1.0', '2.0.0'));
    expect(tooLarge.problems).toEqual([
      'api.yaml: the changes since the release need a minor bump of info.version (1.0.0 → 1.1.0), found 2.0.0',
    ]);
    expect((await runGuard(input('additions', all('minor')))).ok).toBe(true);
  });

  it('accepts documentation changes with patch changesets and a patch info.version', async () => {
    const report = await runGuard(input('docs-only', all('patch')));
    expect(report.specs[0]!.required).toBe('patch');
    expect(report.ok).toBe(true);
  });

  it('reports an info.version change without any change to the description', async () => {
    const report = await runGuard(input('identical', {}, '0.1.0', '1.0.1'));
    expect(report.problems).toEqual([
      'api.yaml: info.version changed from 1.0.0 to 1.0.1 but the description did not change',
    ]);
  });

  it('needs nothing when nothing changed', async () => {
    const report = await runGuard(input('identical', {}));
    expect(report.packages.every((p) => p.required === 'none' && p.ok)).toBe(true);
    expect(report.ok).toBe(true);
  });

  it('treats a removed spec as breaking and a new one as an addition', async () => {
    const removed = await runGuard({
      released: {
        source: 'fixtures',
        specs: { 'api.yaml': fixtureText('base.yaml') },
        packageVersions: versions('0.1.0'),
      },
      current: { specs: {}, packageVersions: versions('0.1.0') },
      pending: all('minor'),
    });
    expect(removed.specs[0]!.changes).toEqual([{ level: 'major', where: 'api.yaml', what: 'spec removed' }]);
    expect(removed.ok).toBe(false);
    const added = await runGuard({
      released: { source: 'fixtures', specs: { 'api.yaml': undefined }, packageVersions: versions('0.1.0') },
      current: { specs: { 'api.yaml': fixtureText('base.yaml') }, packageVersions: versions('0.1.0') },
      pending: all('minor'),
    });
    expect(added.ok).toBe(true);
  });
});
