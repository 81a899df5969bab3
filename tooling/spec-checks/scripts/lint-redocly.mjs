// Runs `redocly lint` with the recommended ruleset and fails on any problem,
// warnings included: Redocly itself exits 0 when only warnings are found.
// The specs live in the repository's specs/ folder, two levels up.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { API_NAMES } from '@tallyport/spec-model';

const require = createRequire(import.meta.url);
const cli = require.resolve('@redocly/cli/bin/cli.js');
// Both specs unless files are named.
const files = process.argv.length > 2 ? process.argv.slice(2) : API_NAMES.map((api) => `../../specs/${api}.yaml`);
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (file, format) =>
  execFileSync(process.execPath, [cli, 'lint', file, '--config', '../../redocly.yaml', `--format=${format}`], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

let failed = false;
for (const file of files) {
  let output;
  try {
    output = run(file, 'json');
  } catch (error) {
    // Redocly exits non-zero on errors but still prints its JSON report.
    output = error.stdout ?? '';
    if (!output.trim().startsWith('{')) {
      console.error(error.stderr || String(error));
      process.exit(1);
    }
  }
  const report = JSON.parse(output);
  const { errors = 0, warnings = 0 } = report.totals ?? {};
  if (errors + warnings === 0) {
    console.log(`redocly lint (recommended) ${file}: no errors, no warnings.`);
    continue;
  }
  failed = true;
  for (const problem of report.problems ?? []) {
    console.error(
      `${file}: ${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location?.[0]?.pointer}`,
    );
  }
  console.error(`redocly lint ${file}: ${errors} error(s), ${warnings} warning(s); the specs must lint clean.`);
}
process.exit(failed ? 1 : 0);
