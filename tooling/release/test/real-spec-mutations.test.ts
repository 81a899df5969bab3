// The classification on the real specs: every enum, every operation and
// every description of specs/*.yaml is mutated in turn, and each mutation
// must land in its class. Nothing here is retyped from the specs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffSpecs } from '../src/diff-spec.js';
import { OpenApiDocument, type Json, type JsonObject } from '../src/openapi-document.js';
import { isObject } from '@tallyport/spec-model/query';
import { repoRoot } from './fixtures.js';

const specsDir = join(repoRoot, 'specs');
const specs = readdirSync(specsDir).filter((name) => name.endsWith('.yaml'));
const load = (name: string) => OpenApiDocument.parse(readFileSync(join(specsDir, name), 'utf8'), name);
const loaded = Object.fromEntries(await Promise.all(specs.map(async (name) => [name, await load(name)] as const)));

/** A copy of the released document with one change, loaded again like any spec. */
async function mutated(released: OpenApiDocument, change: (root: JsonObject) => void): Promise<OpenApiDocument> {
  const root = structuredClone(released.root);
  change(root);
  return OpenApiDocument.fromObject(root);
}

// Every object in the document with the path leading to it.
function* walk(node: Json, path: string[] = []): Generator<[JsonObject, string[]]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* walk(item, [...path, String(i)]);
  } else if (isObject(node)) {
    yield [node, path];
    for (const [key, value] of Object.entries(node)) yield* walk(value, [...path, key]);
  }
}

const at = (root: JsonObject, path: string[]): JsonObject =>
  path.reduce<Json>((node, key) => (node as JsonObject)[key] as Json, root) as JsonObject;
const levels = (before: OpenApiDocument, after: OpenApiDocument) =>
  new Set(diffSpecs(before, after).map((c) => c.level));

describe.each(specs)('%s', (name) => {
  const released = loaded[name]!;
  const objects = [...walk(released.root)];
  const enums = objects.filter(
    ([node, path]) => Array.isArray(node.enum) && node.enum.length > 1 && !path.includes('examples'),
  );
  const operations = objects.filter(
    ([node, path]) => path.length === 3 && path[0] === 'paths' && typeof node.operationId === 'string',
  );
  const described = objects.filter(
    ([node, path]) => typeof node.description === 'string' && !path.includes('examples'),
  );

  it('has operations and descriptions to mutate', async () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(described.length).toBeGreaterThan(0);
  });

  it.runIf(enums.length > 0)('classifies removing any one enum value as breaking, naming the value', async () => {
    for (const [, path] of enums) {
      let removed: Json | undefined;
      const current = await mutated(released, (root) => {
        removed = (at(root, path).enum as Json[]).pop();
      });
      const changes = diffSpecs(released, current);
      expect(changes.length, path.join('.')).toBeGreaterThan(0);
      expect(
        changes.every(
          (c) =>
            c.level === 'major' &&
            c.what === `enum value ${typeof removed === 'string' ? removed : JSON.stringify(removed)} removed`,
        ),
        path.join('.'),
      ).toBe(true);
    }
  });

  it.runIf(enums.length > 0)('classifies adding an enum value as an addition', async () => {
    for (const [, path] of enums) {
      const current = await mutated(released, (root) => {
        (at(root, path).enum as Json[]).push('tallyport-new-value');
      });
      expect(levels(released, current), path.join('.')).toEqual(new Set(['minor']));
    }
  });

  it('classifies removing any operation as breaking', async () => {
    for (const [node, path] of operations) {
      const current = await mutated(released, (root) => {
        delete at(root, path.slice(0, 2))[path[2]!];
      });
      const changes = diffSpecs(released, current);
      expect(
        changes.map((c) => `${c.level} ${c.what}`),
        String(node.operationId),
      ).toContain('major operation removed');
    }
  });

  it('classifies rewording any description as documentation only', async () => {
    for (const [, path] of described) {
      const current = await mutated(released, (root) => {
        at(root, path).description = `${at(root, path).description} (reworded)`;
      });
      expect(levels(released, current), path.join('.')).toEqual(new Set(['patch']));
    }
  });

  it('classifies a new optional query parameter on every operation as an addition', async () => {
    for (const [node, path] of operations) {
      const current = await mutated(released, (root) => {
        const op = at(root, path);
        op.parameters = [
          ...((op.parameters as Json[]) ?? []),
          { name: 'tallyport_new', in: 'query', required: false, schema: { type: 'string' } },
        ];
      });
      expect(levels(released, current), String(node.operationId)).toEqual(new Set(['minor']));
    }
  });
});
