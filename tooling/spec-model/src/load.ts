// Loading a spec: parsing, bundling and $ref resolution are delegated to
// @redocly/openapi-core (as openapi-typescript does), once per spec. The
// result keeps two views of the same document: bundled with its $refs (what
// validators and mocks load) and dereferenced (what generators walk).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  BaseResolver,
  bundle,
  createConfig,
  makeDocumentFromString,
  normalizeTypes,
  Oas3_1Types,
  resolveDocument,
} from '@redocly/openapi-core';
import { makeRefId } from '@redocly/openapi-core/lib/resolve.js';
import { assertKnownMarks } from './marks.js';
import { buildModel } from './model.js';
import type { ApiName, Json, JsonObject, SpecModel } from './types.js';

export interface LoadedDocument {
  /** The bundled document, `$ref`s kept. */
  document: JsonObject;
  /** The same document with every `$ref` replaced by its target (siblings of a `$ref` win). */
  dereferenced: JsonObject;
  /** The node a `$ref` object of `model.document` points at (any other node as it is). */
  resolve(node: Json | undefined): Json | undefined;
}

export interface LoadedSpec extends LoadedDocument {
  model: SpecModel;
}

export class SpecLoadError extends Error {
  override name = 'SpecLoadError';
}

const specsDir = new URL('../../../specs/', import.meta.url);

/** The repository path of a spec, for generated-file headers and messages. */
export const specSource = (api: ApiName): string => `specs/${api}.yaml`;

async function bundled(text: string, name: string, dereference: boolean): Promise<JsonObject> {
  const config = await createConfig({});
  const document = makeDocumentFromString(text, name);
  const result = await bundle({ doc: document, config, dereference });
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    throw new SpecLoadError(`${name}: ${errors.map((problem) => problem.message).join('; ')}`);
  }
  return result.bundle.parsed as JsonObject;
}

/**
 * Parses and bundles an OpenAPI 3.1 document without building the model, for
 * readers of any version of a spec (the release guard compares old ones).
 */
export async function loadDocumentFromText(text: string, source: string): Promise<LoadedDocument> {
  let document: JsonObject;
  try {
    document = await bundled(text, source, false);
  } catch (error) {
    if (error instanceof SpecLoadError) throw error;
    throw new SpecLoadError(`${source} could not be read: ${(error as Error).message}`);
  }
  if (typeof document?.openapi !== 'string' || !document.openapi.startsWith('3.1')) {
    throw new SpecLoadError(`${source} is not an OpenAPI 3.1 document`);
  }
  const dereferenced = await bundled(text, source, true);
  const refs = await resolveDocument({
    rootDocument: { source: makeDocumentFromString(text, source).source, parsed: document },
    rootType: normalizeTypes(Oas3_1Types).Root as NonNullable<ReturnType<typeof normalizeTypes>[string]>,
    externalRefResolver: new BaseResolver(),
  });
  const resolve = (node: Json | undefined): Json | undefined => {
    let current = node;
    for (let hops = 0; hops < 32; hops++) {
      if (current === null || typeof current !== 'object' || Array.isArray(current)) return current;
      const ref = current.$ref;
      if (typeof ref !== 'string') return current;
      const target = refs.get(makeRefId(source, ref));
      if (!target?.resolved) return current;
      current = target.node as Json;
    }
    throw new SpecLoadError(`${source}: a chain of $refs does not end`);
  };
  return { document, dereferenced, resolve };
}

/** Loads a spec from its text and builds its model (the marks are checked). */
export async function loadSpecFromText(text: string, api: ApiName, source = specSource(api)): Promise<LoadedSpec> {
  const loaded = await loadDocumentFromText(text, source);
  assertKnownMarks(loaded.document, source);
  return { ...loaded, model: buildModel({ api, source, ...loaded }) };
}

/** Loads `specs/<api>.yaml` of this repository. */
export async function loadSpec(api: ApiName): Promise<LoadedSpec> {
  const file = new URL(`${api}.yaml`, specsDir);
  return loadSpecFromText(await readFile(fileURLToPath(file), 'utf8'), api);
}

/** Both specs of the repository. */
export async function loadSpecs(): Promise<Record<ApiName, LoadedSpec>> {
  const [analytics, marketplace] = await Promise.all([loadSpec('analytics'), loadSpec('marketplace')]);
  return { analytics, marketplace };
}
