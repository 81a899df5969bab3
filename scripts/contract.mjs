// `pnpm contract`: runs the built contract tester, building it first only
// when it is missing or older than one of its inputs. Asking turbo costs about
// a second even when everything is cached; comparing the modification times of
// the few hundred input files costs a few milliseconds (tester-freshness.mjs).
// When in doubt (a file newer than the build), turbo builds as before: it stays
// the judge of what is fresh. The tester then runs in this process (no second
// Node start).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { testerIsFresh } from './tester-freshness.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const built = 'packages/contract-tests/dist/cli.js';

if (!testerIsFresh(root, built)) {
  // Turbo's own lines go to stderr, so `pnpm contract --json -` keeps stdout for the report.
  const turbo = spawnSync(
    join(root, 'node_modules', '.bin', 'turbo'),
    ['run', 'build', '--filter=@tallyport/contract-tests', '--output-logs=errors-only'],
    { cwd: root, stdio: ['ignore', 2, 2] },
  );
  if (turbo.status !== 0) process.exit(turbo.status ?? 1);
}
await import(pathToFileURL(join(root, built)).href);
