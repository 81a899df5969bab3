// The changesets configuration, exercised the way maintainers use it:
// `changeset version` in a scratch copy of the workspace's manifests.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './fixtures.js';

const config = JSON.parse(readFileSync(join(repoRoot, '.changeset', 'config.json'), 'utf8'));
const changesetBin = join(repoRoot, 'node_modules', '.bin', 'changeset');
const manifests = [
  'package.json',
  'pnpm-workspace.yaml',
  'tooling/spec-checks/package.json',
  'docs/package.json',
  'tooling/release/package.json',
  'packages/types/package.json',
  'packages/client/package.json',
  'packages/contract-tests/package.json',
];
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe('.changeset/config.json', () => {
  it('publishes with public access from main and keeps changelogs offline', () => {
    expect(config.access).toBe('public');
    expect(config.baseBranch).toBe('main');
    expect(config.changelog).toBe('@changesets/cli/changelog');
    expect(config.updateInternalDependencies).toBe('patch');
  });

  it('never versions or tags the private packages', () => {
    expect(config.privatePackages).toEqual({ version: false, tag: false });
  });
});

describe('changeset version on a scratch workspace', () => {
  const root = mkdtempSync(join(tmpdir(), 'tallyport-release-flow-'));
  const before: Record<string, string> = {};
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@example.test', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root, stdio: 'ignore' },
    );

  beforeAll(() => {
    for (const file of [...manifests, '.changeset/config.json']) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      copyFileSync(join(repoRoot, file), join(root, file));
    }
    for (const file of manifests.filter((f) => f.endsWith('package.json')))
      before[file] = readJson(join(root, file)).version;
    writeFileSync(
      join(root, '.changeset', 'drop-per-page.md'),
      '---\n"@tallyport/types": major\n---\n\nper_page no longer accepts 100.\n',
    );
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'scratch');
    execFileSync(changesetBin, ['version'], { cwd: root, stdio: 'ignore' });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('raises the named package by the changeset and writes its changelog', () => {
    const types = readJson(join(root, 'packages/types/package.json'));
    expect(types.version).toBe(`${Number(before['packages/types/package.json']!.split('.')[0]) + 1}.0.0`);
    expect(readFileSync(join(root, 'packages/types/CHANGELOG.md'), 'utf8')).toContain(
      'per_page no longer accepts 100.',
    );
  });

  it('gives the packages that depend on it a patch release with a changelog entry', () => {
    const client = readJson(join(root, 'packages/client/package.json'));
    expect(client.dependencies['@tallyport/types']).toMatch(/^workspace:/);
    expect(client.version).not.toBe(before['packages/client/package.json']);
    expect(readFileSync(join(root, 'packages/client/CHANGELOG.md'), 'utf8')).toContain('@tallyport/types@');
  });

  it('consumes the changeset and leaves the private packages alone', () => {
    expect(existsSync(join(root, '.changeset', 'drop-per-page.md'))).toBe(false);
    const privates = ['tooling/spec-checks/package.json', 'docs/package.json', 'tooling/release/package.json'];
    for (const file of [...privates, 'package.json']) {
      expect(readJson(join(root, file)).version, file).toBe(before[file]);
    }
  });
});
