// Regenerates every derived file from the specs and fails when the result
// differs from what is committed: a spec edit without `pnpm generate`, or a
// hand edit of a generated file, must not land.
import { execFileSync } from 'node:child_process';

const run = (cmd, args) => execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });

run('pnpm', ['exec', 'turbo', 'run', 'generate', '--force', '--output-logs=errors-only']);
const drift = run('git', ['status', '--porcelain', '--untracked-files=all', '--', ':(glob)**/src/generated/**']).trim();
if (drift) {
  console.error(`Generated files differ from the specs. Run \`pnpm generate\` and commit the result:\n${drift}`);
  process.exit(1);
}
console.log('Generated files match the specs.');
