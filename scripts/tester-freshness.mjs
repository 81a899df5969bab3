// Whether the built contract tester is newer than everything its build reads
// (turbo.json's build inputs, and those of the packages it bundles), for the
// fast path of `pnpm contract`. Only the files a build reads count: a log
// turbo writes beside a package, or a README, never makes the tester stale.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the tester's build reads: folders and files, and the specs (their YAML only). */
export const INPUTS = [
  'packages/contract-tests/src',
  'packages/contract-tests/assets',
  'packages/contract-tests/scripts',
  'packages/contract-tests/package.json',
  'packages/contract-tests/tsup.config.ts',
  'packages/contract-tests/tsconfig.json',
  'packages/redaction/src',
  'packages/redaction/package.json',
  'tooling/spec-model/src',
  'tooling/spec-model/package.json',
  'tooling/spec-model/tsconfig.build.json',
  'specs/*.yaml',
  'pnpm-lock.yaml',
];

/** The newest modification time under `path` (0 when it does not exist); `folder/*.ext` reads those files only. */
function newest(path) {
  const pattern = /^(.*)\/\*(\.[a-z]+)$/.exec(path);
  if (pattern) {
    let entries;
    try {
      entries = readdirSync(pattern[1]);
    } catch {
      return 0;
    }
    return Math.max(
      0,
      ...entries.filter((name) => name.endsWith(pattern[2])).map((name) => newest(join(pattern[1], name))),
    );
  }
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath ?? entry.path, entry.name)).mtimeMs);
  return latest;
}

/** Whether `built` (a path under `root`) is newer than every input of the tester's build. */
export function testerIsFresh(root, built) {
  let builtAt;
  try {
    builtAt = statSync(join(root, built)).mtimeMs;
  } catch {
    return false;
  }
  return INPUTS.every((input) => newest(join(root, input)) <= builtAt);
}
