// Bundles the hand-written specs into JSON the published package carries, so
// nothing reads the repository's specs/ folder at run time. Every $ref in the
// specs is local, so "bundling" is a faithful YAML → JSON conversion plus a
// marker key that says the file is generated.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const specsDir = join(packageDir, '..', '..', 'specs');
const outDir = join(packageDir, 'src', 'generated');

await mkdir(outDir, { recursive: true });
for (const api of ['analytics', 'marketplace']) {
  const source = await readFile(join(specsDir, `${api}.yaml`), 'utf8');
  const document = parse(source);
  const refs = JSON.stringify(document).match(/"\$ref":"[^"]*"/g) ?? [];
  const external = refs.filter((ref) => !ref.startsWith('"$ref":"#'));
  if (external.length > 0)
    throw new Error(`${api}.yaml has non-local $refs, which this bundler does not resolve: ${external.join(', ')}`);
  const marked = {
    'x-tallyport-generated': `generated, do not edit: bundled from specs/${api}.yaml by packages/contract-tests/scripts/generate.mjs (pnpm generate)`,
    ...document,
  };
  await writeFile(join(outDir, `${api}.openapi.json`), JSON.stringify(marked, null, 2) + '\n');
}
console.log('contract-tests: wrote src/generated/{analytics,marketplace}.openapi.json');
