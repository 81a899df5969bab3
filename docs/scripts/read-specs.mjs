// Reads what the docs need to know about each spec (title, version, the
// operations) from specs/*.yaml, so that neither the index page nor the tests
// retype an API fact.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'yaml';

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * @typedef {{ method: string, path: string, operationId: string | undefined, summary: string | undefined }} SpecOperation
 * @typedef {{ api: string, path: string, title: string, version: string, summary: string | undefined, operations: SpecOperation[] }} SpecInfo
 * @param {string} specsDir
 * @returns {SpecInfo[]}
 */
export function readSpecs(specsDir) {
  const files = readdirSync(specsDir)
    .filter((name) => name.endsWith('.yaml'))
    .sort();
  if (files.length === 0) throw new Error(`No OpenAPI specs (*.yaml) in ${specsDir}`);
  return files.map((name) => {
    const path = join(specsDir, name);
    const doc = parse(readFileSync(path, 'utf8'));
    const operations = [];
    for (const [route, item] of Object.entries(doc.paths ?? {})) {
      for (const method of httpMethods) {
        const op = item?.[method];
        if (op)
          operations.push({
            method: method.toUpperCase(),
            path: route,
            operationId: op.operationId,
            summary: op.summary,
          });
      }
    }
    return {
      api: basename(name, '.yaml'),
      path,
      title: doc.info?.title ?? basename(name, '.yaml'),
      version: String(doc.info?.version ?? ''),
      summary: doc.info?.summary,
      operations,
    };
  });
}
