// The published packages, and the spec files each one is built from. Every
// one of them carries both specs (as types, as client validators, as the
// contract tester's bundled copy, as the mock's model), so a spec change
// affects all four.
import { execFileSync } from 'node:child_process';

export const publicPackages = [
  { name: '@tallyport/types', dir: 'packages/types' },
  { name: '@tallyport/client', dir: 'packages/client' },
  { name: '@tallyport/contract-tests', dir: 'packages/contract-tests' },
  { name: '@tallyport/mock', dir: 'packages/mock' },
] as const;

export type PublicPackageName = (typeof publicPackages)[number]['name'];

/** The package whose release tags mark a released version of the specs. */
export const specReleaseTagPackage: PublicPackageName = '@tallyport/types';

export interface WorkspacePackage {
  name: string;
  version: string;
  /** Absolute folder of the package. */
  dir: string;
  private: boolean;
}

/**
 * Every package of a pnpm workspace, as pnpm itself sees it (`pnpm ls -r`). The release rehearsal reads the
 * public ones from here, not from the list above: `changeset publish` publishes every package that is not
 * private, so a package added to the workspace is rehearsed the day it is added.
 */
export function listWorkspacePackages(rootDir: string, env: NodeJS.ProcessEnv = process.env): WorkspacePackage[] {
  const output = execFileSync('pnpm', ['ls', '-r', '--depth', '-1', '--json'], {
    cwd: rootDir,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 16 * 1024 * 1024,
  });
  const listed = JSON.parse(output) as { name?: string; version?: string; path: string; private?: boolean }[];
  return listed.map((pkg) => ({
    name: pkg.name ?? '',
    version: pkg.version ?? '',
    dir: pkg.path,
    private: pkg.private === true,
  }));
}

/** The packages `changeset publish` would publish: every workspace package that is not private. */
export function discoverPublicPackages(rootDir: string, env: NodeJS.ProcessEnv = process.env): WorkspacePackage[] {
  return listWorkspacePackages(rootDir, env)
    .filter((pkg) => !pkg.private)
    .sort((a, b) => a.name.localeCompare(b.name));
}
