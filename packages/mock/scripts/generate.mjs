// Writes what the mock reads from the specs at run time: each API's operations
// (parameters with their roles, record locations, examples, documented
// messages), record kinds with their schemas, and the outcome field, from the
// one spec model. Descriptions are left out: the mock never shows them, and the
// package stays small. Never read the specs folder at run time.
import { mkdir, writeFile } from 'node:fs/promises';
import { loadSpecs, valueAt } from '@tallyport/spec-model';

const outDir = new URL('../src/generated/', import.meta.url);
// Prose and notes of the specs, which the mock has no use for.
const PROSE = new Set(['description', 'summary', 'title', 'unknown', 'quirk', 'enumDescriptions', 'schemaPointer']);

function withoutProse(node) {
  if (Array.isArray(node)) return node.map(withoutProse);
  if (node === null || typeof node !== 'object') return node;
  const kept = {};
  for (const [key, value] of Object.entries(node)) {
    if (PROSE.has(key) || key.startsWith('x-')) continue;
    kept[key] = key === 'properties' ? namedSchemas(value) : withoutProse(value);
  }
  return kept;
}

// The keys of `properties` are field names (an item has a `description`), never prose.
const namedSchemas = (properties) =>
  Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, withoutProse(schema)]));

await mkdir(outDir, { recursive: true });
for (const { model, dereferenced } of Object.values(await loadSpecs())) {
  const generated =
    `generated, do not edit: what the mock reads from ${model.source}, ` +
    'written by packages/mock/scripts/generate.mjs (pnpm generate)';
  const recordSchemas = Object.fromEntries(
    Object.values(model.records).map((kind) => [kind.name, withoutProse(valueAt(dereferenced, kind.schemaPointer))]),
  );
  const spec = {
    api: model.api,
    source: model.source,
    version: model.info.version,
    // Examples keep their names (the mock picks none by name) but lose their summaries with the rest of the prose.
    operations: model.operations.map((operation) => ({
      ...withoutProse({ ...operation, responses: undefined, pointer: undefined, tags: undefined }),
      responses: operation.responses.map((response) => ({
        key: response.key,
        mediaTypes: response.mediaTypes,
        records: response.records,
        examples: response.examples.map((example) => ({ name: example.name, value: example.value })),
      })),
    })),
    records: withoutProse(model.records),
    ...(model.outcome ? { outcome: model.outcome } : {}),
    recordSchemas,
  };
  await writeFile(new URL(`${model.api}.mock-model.json`, outDir), `${JSON.stringify({ generated, spec }, null, 1)}\n`);
}
console.log('mock: wrote src/generated/{analytics,marketplace}.mock-model.json');
