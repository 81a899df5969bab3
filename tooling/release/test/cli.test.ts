// The guard as maintainers meet it: `node dist/cli.js` on a repository whose
// spec changed. The scratch repositories copy the real specs and edit them.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { publicPackages } from '../src/public-packages.js';
import { repoRoot } from './fixtures.js';

const cli = join(repoRoot, 'tooling', 'release', 'dist', 'cli.js');
const scratch: string[] = [];

beforeAll(() => {
  // The CLI under test is the built one, as `pnpm lint` runs it.
  execFileSync('pnpm', ['run', 'build'], { cwd: join(repoRoot, 'tooling', 'release'), stdio: 'ignore' });
});
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A repository with the real specs, released as they are now, at version 0.1.0. */
function scratchRepo(): string {
  const root = mkdtempSync(join(tmpdir(), 'tallyport-guard-'));
  scratch.push(root);
  writeFileSync(join(root, 'pnpm-workspace.yaml'), 'packages: []\n');
  cpSync(join(repoRoot, 'specs'), join(root, 'specs'), {
    recursive: true,
    filter: (src) => !src.includes('node_modules'),
  });
  cpSync(join(root, 'specs'), join(root, 'tooling', 'release', 'baseline'), {
    recursive: true,
    filter: (src) => !/(node_modules|test|scripts)/.test(src.slice(root.length)),
  });
  mkdirSync(join(root, '.changeset'));
  const versions: Record<string, string> = {};
  for (const pkg of publicPackages) {
    mkdirSync(join(root, pkg.dir), { recursive: true });
    writeFileSync(join(root, pkg.dir, 'package.json'), JSON.stringify({ name: pkg.name, version: '0.1.0' }));
    versions[pkg.name] = '0.1.0';
  }
  writeFileSync(join(root, 'tooling', 'release', 'baseline', 'versions.json'), JSON.stringify(versions));
  return root;
}

/** Removes the last value of the per_page enum of the analytics spec. */
function removePerPageEnumValue(root: string): string {
  const file = join(root, 'specs', 'analytics.yaml');
  const doc = parseDocument(readFileSync(file, 'utf8'));
  const values = doc.getIn(['components', 'parameters', 'PerPage', 'schema', 'enum']) as { items: unknown[] };
  const removed = String((values.items.pop() as { value: unknown }).value);
  writeFileSync(file, doc.toString());
  return removed;
}

function changeset(root: string, name: string, level: string): void {
  const front = publicPackages.map((p) => `"${p.name}": ${level}`).join('\n');
  writeFileSync(join(root, '.changeset', `${name}.md`), `---\n${front}\n---\n\nper_page change.\n`);
}

const runGuard = (root: string) => spawnSync(process.execPath, [cli, '--root', root], { encoding: 'utf8' });

describe('tallyport-spec-guard', () => {
  it('passes the repository as it is committed', () => {
    const result = runGuard(repoRoot);
    expect(result.stdout).toContain('The pending release covers every spec change.');
    expect(result.status).toBe(0);
  });

  it('stops a maintainer who removes an enum value and adds a patch changeset, with the reason', () => {
    const root = scratchRepo();
    const removed = removePerPageEnumValue(root);
    changeset(root, 'tidy-per-page', 'patch');
    const result = runGuard(root);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`major  GET /api/v1/websites › query per_page: enum value ${removed} removed`);
    expect(result.stdout).toContain(
      'the spec changes need a major release of @tallyport/types, @tallyport/client, @tallyport/contract-tests',
    );
    expect(result.stdout).toContain('@tallyport/types: the pending changesets give it only patch');
    expect(result.stdout).toContain('analytics.yaml: the changes since the release need a major bump of info.version');
  });

  it('lets the change through with a major changeset and a major info.version', () => {
    const root = scratchRepo();
    removePerPageEnumValue(root);
    const file = join(root, 'specs', 'analytics.yaml');
    const doc = parseDocument(readFileSync(file, 'utf8'));
    const [major] = String(doc.getIn(['info', 'version'])).split('.');
    doc.setIn(['info', 'version'], `${Number(major) + 1}.0.0`);
    writeFileSync(file, doc.toString());
    changeset(root, 'drop-per-page', 'major');
    const result = runGuard(root);
    expect(result.stdout).toContain('The pending release covers every spec change.');
    expect(result.status).toBe(0);
  });

  it('compares with the newest release tag of @tallyport/types when there is one', () => {
    const root = scratchRepo();
    const git = (...args: string[]) =>
      execFileSync(
        'git',
        ['-c', 'user.name=t', '-c', 'user.email=t@example.test', '-c', 'commit.gpgsign=false', ...args],
        { cwd: root, stdio: 'ignore' },
      );
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'release');
    git('tag', '@tallyport/types@0.1.0');
    // Once there is a tag, the baseline folder is not needed any more.
    rmSync(join(root, 'tooling', 'release', 'baseline'), { recursive: true });
    removePerPageEnumValue(root);
    const result = runGuard(root);
    expect(result.stdout).toContain('comparing specs/*.yaml with git tag @tallyport/types@0.1.0');
    const version = parseDocument(readFileSync(join(root, 'specs', 'marketplace.yaml'), 'utf8')).getIn([
      'info',
      'version',
    ]);
    expect(result.stdout).toContain(`marketplace.yaml (info.version ${version} → ${version}): no change`);
    expect(result.status).toBe(1);
  });

  it('says what to do when there is neither a release tag nor a baseline', () => {
    const root = scratchRepo();
    rmSync(join(root, 'tooling', 'release', 'baseline'), { recursive: true });
    const result = runGuard(root);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('pnpm --filter @tallyport/release-tools baseline');
  });
});
