// What a registry actually holds after a release, read back as npm and pnpm will read it: the version's
// manifest in the packument and the tarball itself. The faults that reach users live here and nowhere in the
// workspace: a `workspace:` range left in a manifest, a package published without its build, a dependency on a
// sibling the registry does not have (or one that is never published, reached through the type declarations), a
// bin whose file is not in the tarball.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import semver from 'semver';

export interface ExpectedRelease {
  name: string;
  version: string;
}

type Manifest = Record<string, unknown>;
type Packument = { versions?: Record<string, Manifest> };

const dependencyFields = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'] as const;
// Ranges only a workspace understands; a registry user cannot install them.
const workspaceOnlyRange = /^(workspace|catalog|link|file|portal):/;

/** The URL of a package's document on a registry (`@scope%2fname`, as npm asks for it). */
export const packumentUrl = (registry: string, name: string): string =>
  `${registry}${name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}` : encodeURIComponent(name)}`;

export async function fetchPackument(registry: string, name: string): Promise<Packument | undefined> {
  const response = await fetch(packumentUrl(registry, name), { headers: { accept: 'application/json' } });
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`${packumentUrl(registry, name)} answered HTTP ${response.status}`);
  return (await response.json()) as Packument;
}

/** Every range of the manifest that only a workspace can resolve, as `field › name: range`. */
export function workspaceRanges(manifest: Manifest): string[] {
  return dependencyFields.flatMap((field) =>
    Object.entries((manifest[field] ?? {}) as Record<string, string>)
      .filter(([, range]) => workspaceOnlyRange.test(String(range)))
      .map(([dep, range]) => `${field} › ${dep}: ${range}`),
  );
}

/** Every file the manifest points users at: exports targets, main, module, types and bins. */
export function manifestTargets(manifest: Manifest): { what: string; file: string }[] {
  const targets: { what: string; file: string }[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') targets.push({ what: `exports${path}`, file: node });
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) walk(value, `${path}[${JSON.stringify(key)}]`);
  };
  walk(manifest.exports, '');
  for (const field of ['main', 'module', 'types', 'typings'] as const)
    if (typeof manifest[field] === 'string') targets.push({ what: field, file: manifest[field] as string });
  const bin = manifest.bin;
  if (typeof bin === 'string') targets.push({ what: 'bin', file: bin });
  else if (bin && typeof bin === 'object')
    for (const [name, file] of Object.entries(bin)) targets.push({ what: `bin ${name}`, file: String(file) });
  return targets
    .filter((target) => !target.file.includes('*'))
    .map((target) => ({ ...target, file: target.file.replace(/^\.\//, '') }));
}

/**
 * Checks each expected release on the registry and returns one problem per fault found (empty when all is
 * well). The tarballs are downloaded into `dir`.
 */
export async function publishedProblems(registry: string, expected: ExpectedRelease[], dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const problems: string[] = [];
  const packuments = new Map<string, Packument | undefined>();
  const packumentOf = async (name: string) => {
    if (!packuments.has(name)) packuments.set(name, await fetchPackument(registry, name));
    return packuments.get(name);
  };

  for (const { name, version } of expected) {
    const id = `${name}@${version}`;
    const packument = await packumentOf(name);
    const manifest = packument?.versions?.[version];
    if (!manifest) {
      const found = Object.keys(packument?.versions ?? {});
      problems.push(`${id} is not on the registry (it has ${found.length ? found.join(', ') : 'no version of it'})`);
      continue;
    }
    for (const range of workspaceRanges(manifest)) problems.push(`${id}: the published manifest has ${range}`);

    // A sibling it depends on must be installable from the same registry at a version in range.
    for (const field of ['dependencies', 'peerDependencies'] as const) {
      for (const [dep, range] of Object.entries((manifest[field] ?? {}) as Record<string, string>)) {
        if (!dep.startsWith('@tallyport/') || workspaceOnlyRange.test(range)) continue;
        const versions = Object.keys((await packumentOf(dep))?.versions ?? {});
        if (!versions.some((v) => semver.satisfies(v, range)))
          problems.push(`${id}: ${field} › ${dep}@${range}, and the registry has no such version of ${dep}`);
      }
    }

    const tarballUrl = String((manifest.dist as { tarball?: string } | undefined)?.tarball ?? '');
    if (!tarballUrl.startsWith(registry)) {
      problems.push(`${id}: its tarball is not on the registry under test (${tarballUrl || 'no dist.tarball'})`);
      continue;
    }
    const response = await fetch(tarballUrl);
    if (!response.ok) {
      problems.push(`${id}: its tarball ${tarballUrl} answered HTTP ${response.status}`);
      continue;
    }
    const file = join(dir, `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    problems.push(...tarballProblems(id, file));
  }
  return problems;
}

/**
 * The tarball as npm unpacks it: its own package.json, every file that manifest points at, and the packages its
 * type declarations import (each must be one it depends on, or users' compilers cannot find it).
 */
export function tarballProblems(id: string, file: string): string[] {
  const dir = mkdtempSync(join(dirname(file), 'unpacked-'));
  try {
    execFileSync('tar', ['-xzf', file, '-C', dir]);
    const root = join(dir, 'package');
    const entries = new Set(listFiles(root));
    if (!entries.has('package.json')) return [`${id}: the tarball has no package.json`];
    const read = (entry: string) => readFileSync(join(root, entry), 'utf8');
    const manifest = JSON.parse(read('package.json')) as Manifest;
    const problems = workspaceRanges(manifest).map((range) => `${id}: the package.json in its tarball has ${range}`);
    for (const { what, file: target } of manifestTargets(manifest)) {
      if (!entries.has(target)) {
        problems.push(`${id}: ${what} → ${target} is not in the tarball`);
        continue;
      }
      // npm links a bin and makes it executable, but only a shebang makes it run under node.
      if (what.startsWith('bin') && !read(target).startsWith('#!'))
        problems.push(`${id}: ${what} → ${target} has no #! line, so it cannot run as a command`);
    }
    const declared = new Set(
      ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) =>
        Object.keys((manifest[field] ?? {}) as Record<string, string>),
      ),
    );
    for (const entry of [...entries].filter((e) => /\.d\.[cm]?ts$/.test(e)).sort()) {
      for (const specifier of importedPackages(read(entry))) {
        const name = packageName(specifier);
        if (name === manifest.name || declared.has(name) || isBuiltin(specifier)) continue;
        problems.push(`${id}: ${entry} imports ${specifier}, and ${name} is not among its dependencies`);
      }
    }
    return problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

/** The bare module specifiers a declaration file imports or re-exports (relative paths excluded). */
export function importedPackages(declarations: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bfrom\s+['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\bimport\s+['"]([^'"]+)['"]/g,
  ];
  for (const pattern of patterns)
    for (const match of declarations.matchAll(pattern)) if (!match[1]!.startsWith('.')) found.add(match[1]!);
  return [...found];
}

const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const isBuiltin = (specifier: string): boolean =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);
