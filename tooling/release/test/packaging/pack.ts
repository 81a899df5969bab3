// Packs a workspace package the way `changeset publish` does (pnpm turns
// `workspace:` ranges into versions) and lists what the tarball holds.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';

export interface PackedPackage {
  name: string;
  file: string;
  bytes: number;
  unpackedBytes: number;
  /** Paths inside the tarball, without the leading `package/`. */
  entries: string[];
}

export function packPackage(name: string, packageDir: string, destination: string): PackedPackage {
  const output = execFileSync('pnpm', ['pack', '--pack-destination', destination], {
    cwd: packageDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const file = output
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.tgz'))
    .at(-1);
  if (!file) throw new Error(`pnpm pack printed no tarball for ${name}:\n${output}`);
  // `tar -tv` lines: mode owner size date time path
  const listing = execFileSync('tar', ['-tvzf', file], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((line) => /^\S+\s+\S+\s+(\d+)\s+\S+\s+\S+\s+(.+)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  const entries = listing.map((match) => match[2]!.replace(/^package\//, '')).sort();
  const unpackedBytes = listing.reduce((sum, match) => sum + Number(match[1]), 0);
  return { name, file, bytes: statSync(file).size, unpackedBytes, entries };
}

/** What a user of a published package needs; anything else should stay out. */
export const allowedEntry = /^(package\.json|README\.md|LICENSE(\.md|\.txt)?|CHANGELOG\.md|dist\/.+|bin\/[\w-]+\.js)$/;
/** Never shipped, even inside dist/. */
export const forbiddenEntry =
  /(^|\/)(src|test|tests|__tests__|specs)\/|\.(test|spec|test-d)\.[cm]?[jt]sx?$|(^|\/)tsconfig[^/]*\.json$|(^|\/)\.env/;
