// Integrators feed the specs to generators and validators that read older JSON
// Schema (orval, openapi-examples-validator): a boolean schema crashes them, so
// "must be absent" is written `not: {}`. This keeps a `false` from coming back.
import { API_NAMES } from '@tallyport/spec-model';
import { describe, expect, it } from 'vitest';
import { type Json, specUnderTest } from './support/spec.js';

/** JSON pointers of every schema position holding a boolean instead of a Schema Object. */
function booleanSchemas(node: Json, pointer = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => booleanSchemas(item, `${pointer}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const here = `${pointer}/${key}`;
    const schemaMap = key === 'properties' || key === 'patternProperties';
    const schemaList = key === 'allOf' || key === 'oneOf' || key === 'anyOf' || key === 'prefixItems';
    const schemaSlot = key === 'items' || key === 'not' || key === 'schema' || key === 'contains';
    if (schemaMap && typeof value === 'object' && value !== null) {
      for (const [name, schema] of Object.entries(value)) {
        if (typeof schema === 'boolean') found.push(`${here}/${name}`);
      }
    }
    if (schemaList && Array.isArray(value)) {
      for (const [index, schema] of value.entries()) if (typeof schema === 'boolean') found.push(`${here}/${index}`);
    }
    if (schemaSlot && typeof value === 'boolean') found.push(here);
    found.push(...booleanSchemas(value as Json, here));
  }
  return found;
}

describe.each(API_NAMES)('%s.yaml for older JSON Schema readers', (api) => {
  it('writes every schema as an object, never as `true` or `false`', async () => {
    const { doc } = await specUnderTest(api);
    expect(booleanSchemas(doc)).toEqual([]);
  });

  it('writes its must-be-absent properties as `not: {}`', async () => {
    const { doc } = await specUnderTest(api);
    expect(JSON.stringify(doc).match(/"not":\{\}/g)?.length ?? 0).toBeGreaterThan(0);
  });
});
