// JSON Schema 2020-12 validation of response bodies against the bundled specs.
// Each OpenAPI document is registered whole, so schemas are compiled where they
// stand and their local $refs (media rules, timestamps, ...) keep working.
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { specDocuments, API_NAMES, type ApiName } from '../specs.js';

// ajv-formats is CommonJS (module.exports = plugin); its shape differs between
// the ESM and CJS builds, so the callable is picked at run time.
type FormatsPlugin = (ajv: Ajv2020) => unknown;
const formatsExport = formatsModule as unknown as { default?: unknown };
const addFormats = (
  typeof formatsExport.default === 'function' ? formatsExport.default : formatsModule
) as FormatsPlugin;

// strict: false because OpenAPI documents carry keywords JSON Schema does not
// know (x-tallyport-unknown, x-enumDescriptions, example).
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
for (const api of API_NAMES) ajv.addSchema(specDocuments[api], `${api}.json`);

const cache = new Map<string, ValidateFunction>();

export interface SchemaVerdict {
  valid: boolean;
  errors: string[];
}

function describe(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(body)' : error.instancePath;
  const detail = error.params && 'missingProperty' in error.params ? ` '${String(error.params.missingProperty)}'` : '';
  if (error.keyword === 'false schema') return `${where} must be absent`;
  return `${where} ${error.message ?? error.keyword}${detail && !error.message?.includes(String(detail).trim()) ? detail : ''}`;
}

export function validateAgainst(api: ApiName, schemaPointer: string, value: unknown): SchemaVerdict {
  const key = `${api}.json#${schemaPointer}`;
  let validate = cache.get(key);
  if (!validate) {
    const compiled = ajv.getSchema(key);
    if (!compiled) throw new Error(`No schema at ${key}`);
    validate = compiled;
    cache.set(key, compiled);
  }
  const run = validate;
  const valid = run(value) as boolean;
  const errors = valid ? [] : [...new Set((run.errors ?? []).map(describe))];
  return { valid, errors };
}
