// The tests of a package that runs outside Node too (the client, the fetch
// mock) run again under Bun and Deno: vitest itself runs on each runtime, so
// the test files are the very ones Node runs, and the runtimes are the npm
// packages `bun` and `deno` that the lockfile installs (nothing else is
// downloaded; Deno is told to use its cache only and not to look for a newer
// release). Run from the package's folder, as its `test` script does; extra
// arguments go to vitest.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const vitest = join(process.cwd(), 'node_modules', 'vitest', 'vitest.mjs');
if (!existsSync(vitest)) {
  console.error(`test-on-runtimes: ${vitest} is missing; run it from a package that has vitest`);
  process.exit(2);
}
// Type tests are the compiler's, whatever runs the code: Node's run has them.
const args = ['run', '--typecheck.enabled=false', ...process.argv.slice(2)];
const runtimes = [
  { name: 'Bun', command: 'bun', args: ['--bun', vitest, ...args] },
  { name: 'Deno', command: 'deno', args: ['run', '--allow-all', '--cached-only', vitest, ...args] },
];
const env = { ...process.env, DENO_NO_UPDATE_CHECK: '1', DO_NOT_TRACK: '1' };

let failed = 0;
for (const runtime of runtimes) {
  console.log(`\n${runtime.name}: vitest run`);
  // The runtimes' bins are on PATH when a package script runs this (pnpm adds node_modules/.bin).
  const run = spawnSync(runtime.command, runtime.args, { stdio: 'inherit', env });
  if (run.error) console.error(`test-on-runtimes: could not start ${runtime.command}: ${run.error.message}`);
  if (run.status !== 0) failed++;
}
process.exit(failed > 0 ? 1 : 0);
