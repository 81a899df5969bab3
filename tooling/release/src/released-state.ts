// What was last released: the specs and package versions of the newest
// release tag of @tallyport/types (as `changeset publish` creates them), or,
// before the first release or in a clone without tags, the committed
// baseline in tooling/release/baseline/.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import semver from 'semver';
import { publicPackages, specReleaseTagPackage } from './public-packages.js';

export interface ReleasedState {
  /** Where the released state was read from, for the report. */
  source: string;
  /** Spec file name → its text at the release; undefined when the spec did not exist then. */
  specs: Record<string, string | undefined>;
  /** Package name → its released version, when known. */
  packageVersions: Record<string, string | undefined>;
}

export interface CurrentState {
  specs: Record<string, string>;
  packageVersions: Record<string, string>;
}

export const baselineDir = (rootDir: string) => join(rootDir, 'tooling', 'release', 'baseline');

export function readCurrentState(rootDir: string): CurrentState {
  const specsDir = join(rootDir, 'specs');
  const specs: Record<string, string> = {};
  for (const name of readdirSync(specsDir)
    .filter((n) => n.endsWith('.yaml'))
    .sort())
    specs[name] = readFileSync(join(specsDir, name), 'utf8');
  const packageVersions: Record<string, string> = {};
  for (const pkg of publicPackages) {
    const manifest = join(rootDir, pkg.dir, 'package.json');
    if (existsSync(manifest)) packageVersions[pkg.name] = String(JSON.parse(readFileSync(manifest, 'utf8')).version);
  }
  return { specs, packageVersions };
}

export function readReleasedState(rootDir: string, specNames: string[]): ReleasedState {
  const tagOf = (name: string) => latestReleaseTag(rootDir, name);
  const specTag = tagOf(specReleaseTagPackage);
  if (!specTag) return readBaseline(rootDir, specNames);
  const specs: Record<string, string | undefined> = {};
  for (const name of specNames) specs[name] = gitShow(rootDir, `${specTag.tag}:specs/${name}`);
  // A package without a tag of its own was last released at its baseline version, if any.
  const baselineVersions = existsSync(join(baselineDir(rootDir), 'versions.json'))
    ? readBaseline(rootDir, []).packageVersions
    : {};
  const packageVersions: Record<string, string | undefined> = {};
  for (const pkg of publicPackages) packageVersions[pkg.name] = tagOf(pkg.name)?.version ?? baselineVersions[pkg.name];
  return { source: `git tag ${specTag.tag}`, specs, packageVersions };
}

function readBaseline(rootDir: string, specNames: string[]): ReleasedState {
  const dir = baselineDir(rootDir);
  const versionsFile = join(dir, 'versions.json');
  if (!existsSync(versionsFile)) {
    throw new Error(
      `No release tag ${specReleaseTagPackage}@* and no committed baseline (${versionsFile}): ` +
        'run `pnpm --filter @tallyport/release-tools baseline` once before the first release.',
    );
  }
  const specs: Record<string, string | undefined> = {};
  for (const name of specNames) {
    const file = join(dir, basename(name));
    specs[name] = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  }
  return {
    source: 'the committed baseline tooling/release/baseline/',
    specs,
    packageVersions: JSON.parse(readFileSync(versionsFile, 'utf8')),
  };
}

function latestReleaseTag(rootDir: string, packageName: string): { tag: string; version: string } | undefined {
  let tags: string[];
  try {
    tags = execFileSync('git', ['-C', rootDir, 'tag', '--list', `${packageName}@*`], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\n')
      .filter(Boolean);
  } catch {
    return undefined; // not a git checkout: the baseline decides
  }
  const versions = tags
    .map((tag) => ({ tag, version: tag.slice(packageName.length + 1) }))
    .filter((t) => semver.valid(t.version));
  versions.sort((a, b) => semver.rcompare(a.version, b.version));
  return versions[0];
}

function gitShow(rootDir: string, object: string): string | undefined {
  try {
    return execFileSync('git', ['-C', rootDir, 'show', object], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}
