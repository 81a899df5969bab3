// What the docs need to know about each spec (title, version, the
// operations), read through the repository's one spec model, so that neither
// the index page nor the tests retype an API fact.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { isApiName, loadSpecFromText } from '@tallyport/spec-model';

/**
 * @typedef {{ method: string, path: string, operationId: string, summary: string | undefined }} SpecOperation
 * @typedef {import('@tallyport/spec-model').ApiName} ApiName
 * @typedef {import('@tallyport/spec-model').SpecModel} SpecModel
 * @typedef {{ api: ApiName, path: string, title: string, version: string, summary: string | undefined }} SpecHeading
 * @typedef {SpecHeading & { operations: SpecOperation[], model: SpecModel }} SpecInfo
 * @param {string} specsDir
 * @returns {Promise<SpecInfo[]>}
 */
export async function readSpecs(specsDir) {
  const files = readdirSync(specsDir)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  if (files.length === 0) throw new Error(`No OpenAPI specs (*.yaml) in ${specsDir}`);
  return Promise.all(
    files.map(async (name) => {
      const api = basename(name, '.yaml');
      if (!isApiName(api)) throw new Error(`${name}: the docs know the specs analytics.yaml and marketplace.yaml only`);
      const path = join(specsDir, name);
      const { model } = await loadSpecFromText(readFileSync(path, 'utf8'), api, path);
      return {
        api,
        path,
        title: model.info.title,
        version: model.info.version,
        summary: model.info.summary,
        operations: model.operations.map((op) => ({
          method: op.method,
          path: op.path,
          operationId: op.id,
          summary: op.summary,
        })),
        model,
      };
    }),
  );
}
