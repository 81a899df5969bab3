// Writes the spec model of each API (the bundled document included) as JSON
// the published package carries, so nothing reads the repository's specs/
// folder at run time: the runner, the checks and the Prism mocks all start
// from this copy.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadSpecs } from '@tallyport/spec-model';

const outDir = new URL('../src/generated/', import.meta.url);

await mkdir(outDir, { recursive: true });
for (const { model } of Object.values(await loadSpecs())) {
  const generated =
    `generated, do not edit: the model of ${model.source} ` +
    'written by packages/contract-tests/scripts/generate.mjs (pnpm generate)';
  await writeFile(new URL(`${model.api}.model.json`, outDir), `${JSON.stringify({ generated, model }, null, 1)}\n`);
}
console.log('contract-tests: wrote src/generated/{analytics,marketplace}.model.json');
