// Packs a workspace package the way `changeset publish` does (pnpm turns
// `workspace:` ranges into versions) and lists what the tarball holds.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';

export interface PackedPackage {
  name: string;
  file: string;
  bytes: number;
  /** Paths inside the tarball, without the leading `package/`. */
  entries: string[];
}

export function packPackage(name: string, packageDir: string, destination: string): PackedPackage {
  const output = execFileSync('pnpm', ['pack', '--pack-destination', destination], { cwd: packageDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const file = output
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('.tgz'))
    .at(-1);
  if (!file) throw new Error(`pnpm pack printed no tarball for ${name}:\n${output}`);
  const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ''))
    .sort();
  return { name, file, bytes: statSync(file).size, entries };
}

/** What a user of a published package needs; anything else should stay out. */
export const allowedEntry = /^(package\.json|README\.md|LICENSE(\.md|\.txt)?|CHANGELOG\.md|dist\/.+)$/;
/** Never shipped, even inside dist/. */
export const forbiddenEntry = /(^|\/)(src|test|tests|__tests__|specs)\/|\.(test|spec|test-d)\.[cm]?[jt]sx?$|(^|\/)tsconfig[^/]*\.json$|(^|\/)\.env/;
