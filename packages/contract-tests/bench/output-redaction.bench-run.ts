// The output property of test/output-redaction.test.ts on many more cases
// than `pnpm test` runs, from a fresh seed each time (TALLYPORT_PROPERTY_SEED
// and TALLYPORT_PROPERTY_RUNS choose them): the seed and count are printed,
// and written to test-results/bench-output-redaction.json with the time taken.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { it } from 'vitest';
import { checkOutputs } from '../test/output-property.js';

const RUNS = Number(process.env.TALLYPORT_PROPERTY_RUNS ?? 30_000);
const SEED = Number(process.env.TALLYPORT_PROPERTY_SEED ?? Math.floor(Math.random() * 2_147_483_647));

it('holds the output property on many random answers', async () => {
  const started = performance.now();
  await checkOutputs(RUNS, SEED, (line) => console.log(line));
  const ms = Math.round(performance.now() - started);
  console.log(`output redaction property: ${RUNS} cases in ${ms} ms (${(ms / RUNS).toFixed(2)} ms a case)`);
  const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-results', 'bench-output-redaction.json');
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ seed: SEED, cases: RUNS, ms }, null, 2)}\n`);
}, 600_000);
