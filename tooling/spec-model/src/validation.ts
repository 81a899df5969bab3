// The one JSON Schema engine of the repository: ajv (JSON Schema 2020-12,
// the dialect of OpenAPI 3.1) with formats, configured once. The contract
// tester validates answers with it at run time, the client compiles it to
// standalone code at build time, and the spec tests check examples with it.
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import { MARKS } from './marks.js';
import { describeProblems } from './problems.js';
import type { ApiName, JsonSchema, SpecModel } from './types.js';

// ajv-formats is CommonJS (module.exports = plugin); its shape differs between
// the ESM and CJS builds of a consumer, so the callable is picked at run time.
type FormatsPlugin = (ajv: Ajv2020) => unknown;
const formatsExport = formatsModule as unknown as { default?: unknown };
const addFormats = (
  typeof formatsExport.default === 'function' ? formatsExport.default : formatsModule
) as FormatsPlugin;

/** Keywords of the specs that are annotations to JSON Schema: OpenAPI's own, and the x- marks. */
const ANNOTATIONS = ['example', 'x-enumDescriptions', ...Object.keys(MARKS)];

/** The document's id inside the engine: `analytics.json`, `marketplace.json`. */
export const documentId = (api: ApiName): string => `${api}.json`;

export interface Verdict {
  valid: boolean;
  /** `$.path: reason` lines, at most `MAX_PROBLEMS`. */
  problems: string[];
}

export interface SchemaEngine {
  readonly ajv: Ajv2020;
  /** The compiled schema at a JSON pointer of a registered spec (its `$ref`s resolve in place). */
  compile(api: ApiName, pointer: string): ValidateFunction;
  /** A ref-free schema (from the dereferenced view) compiled on its own. */
  compileSchema(schema: JsonSchema): ValidateFunction;
  check(validate: ValidateFunction, value: unknown): Verdict;
}

/** Engine options; `code` is set by the client's generator for standalone output. */
export function engineOptions(extra: Options = {}): Options {
  return { strict: false, allErrors: true, validateFormats: true, allowUnionTypes: true, ...extra };
}

/** An engine holding every given spec document whole, so schemas compile where they stand. */
export function createSchemaEngine(models: readonly SpecModel[], extra: Options = {}): SchemaEngine {
  const ajv = new Ajv2020(engineOptions(extra));
  addFormats(ajv);
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  for (const model of models) ajv.addSchema(model.document, documentId(model.api));
  const byPointer = new Map<string, ValidateFunction>();
  const bySchema = new WeakMap<object, ValidateFunction>();
  return {
    ajv,
    compile(api, pointer) {
      const key = `${documentId(api)}#${pointer}`;
      let validate = byPointer.get(key);
      if (!validate) {
        validate = ajv.getSchema(key);
        if (!validate) throw new Error(`no schema at ${key}`);
        byPointer.set(key, validate);
      }
      return validate;
    },
    compileSchema(schema) {
      if (typeof schema === 'boolean') return ajv.compile(schema);
      let validate = bySchema.get(schema);
      if (!validate) {
        validate = ajv.compile(schema);
        bySchema.set(schema, validate);
      }
      return validate;
    },
    check(validate, value) {
      const valid = validate(value) as boolean;
      return { valid, problems: valid ? [] : describeProblems(validate.errors ?? []) };
    },
  };
}
