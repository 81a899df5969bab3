// `pnpm contract`: runs the built contract tester, building it first only
// when it is missing or older than one of its inputs. Asking turbo costs about
// a second even when everything is cached; comparing the modification times of
// the few hundred input files costs a few milliseconds. When in doubt (a file
// newer than the build), turbo builds as before: it stays the judge of what is
// fresh. The tester then runs in this process (no second Node start).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const tester = join(root, 'packages', 'contract-tests');
const built = join(tester, 'dist', 'cli.js');

// What the tester's build reads (turbo.json's build inputs, and those of the packages it bundles).
const INPUTS = [
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
  'specs',
  'pnpm-lock.yaml',
];

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
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

function fresh() {
  let builtAt;
  try {
    builtAt = statSync(built).mtimeMs;
  } catch {
    return false;
  }
  return INPUTS.every((input) => newest(join(root, input)) <= builtAt);
}

if (!fresh()) {
  // Turbo's own lines go to stderr, so `pnpm contract --json -` keeps stdout for the report.
  const turbo = spawnSync(
    join(root, 'node_modules', '.bin', 'turbo'),
    ['run', 'build', '--filter=@tallyport/contract-tests', '--output-logs=errors-only'],
    { cwd: root, stdio: ['ignore', 2, 2] },
  );
  if (turbo.status !== 0) process.exit(turbo.status ?? 1);
}
await import(pathToFileURL(built).href);
