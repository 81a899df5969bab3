// The one JSON Schema engine of the repository: ajv (JSON Schema 2020-12,
// the dialect of OpenAPI 3.1) with formats, configured once. The contract
// tester validates answers with it at run time, the client compiles it to
// standalone code at build time, and the spec tests check examples with it.
// A verbose engine can also explain a failure: where a value matches none of
// the alternatives of a oneOf / anyOf, only the problems of the alternative it
// fits best are kept (ajv lists every alternative's), each with its value.
import { Ajv2020, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import * as formatsModule from 'ajv-formats';
import { MARKS } from './marks.js';
import { closestAlternative, describeProblems, type SchemaError } from './problems.js';
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
  /**
   * Like `check`, but a value matching none of the alternatives of a oneOf / anyOf is described by the
   * alternative it fits best, each problem with the value found. Needs an engine made with `{ verbose: true }`;
   * without it, the same as `check`.
   */
  explain(validate: ValidateFunction, value: unknown): Verdict;
}

/** Where each schema object of the documents stands, so an error's parentSchema leads back to its alternatives. */
function schemaLocations(models: readonly SpecModel[]): WeakMap<object, string> {
  const where = new WeakMap<object, string>();
  for (const model of models) {
    const stack: Array<[unknown, string]> = [[model.document, '']];
    while (stack.length > 0) {
      const [node, pointer] = stack.pop()!;
      if (!node || typeof node !== 'object' || where.has(node)) continue;
      where.set(node, `${documentId(model.api)}#${pointer}`);
      for (const [key, child] of Object.entries(node))
        stack.push([child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`]);
    }
  }
  return where;
}

const valueAt = (root: unknown, instancePath: string): unknown =>
  instancePath
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, raw) =>
        node && typeof node === 'object'
          ? (node as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')]
          : undefined,
      root,
    );

const within = (path: string, base: string): boolean => path === base || path.startsWith(`${base}/`);

const rebased = (errors: readonly SchemaError[], base: string): SchemaError[] =>
  errors.map((error) => ({ ...error, instancePath: `${base}${error.instancePath}` }));

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
  let locations: WeakMap<object, string> | undefined;

  /**
   * The errors of `validate` on `value`, with each set of alternatives the value matched none of replaced by the
   * problems of the closest one (refined the same way), and how many errors ajv itself listed.
   */
  function explained(
    validate: ValidateFunction,
    value: unknown,
    depth: number,
  ): { listed: number; errors: SchemaError[] } {
    if (validate(value)) return { listed: 0, errors: [] };
    const listed: SchemaError[] = [...(validate.errors ?? [])];
    if (depth > 8) return { listed: listed.length, errors: listed };
    locations ??= schemaLocations(models);
    // What each listed error became: itself, or (for a combinator) the closest alternative's problems, which stand
    // for the combinator's own error and every alternative error listed before it.
    const out: Array<{ errors: SchemaError[]; listed: number }> = [];
    const keep = (error: SchemaError) => out.push({ errors: [error], listed: 1 });
    for (const error of listed) {
      const where = error.parentSchema && typeof error.parentSchema === 'object' && locations.get(error.parentSchema);
      const combinator = error.keyword === 'oneOf' || error.keyword === 'anyOf';
      if (!combinator || !Array.isArray(error.schema) || !where) {
        keep(error);
        continue;
      }
      // ajv lists every alternative's errors just before the combinator's own; each alternative alone lists them again.
      const at = valueAt(value, error.instancePath);
      const each = error.schema.map((_, index) => {
        const alternative = ajv.getSchema(`${where}/${error.keyword}/${index}`);
        return alternative && explained(alternative, at, depth + 1);
      });
      const count = each.reduce((sum, entry) => sum + (entry ? entry.listed : 0), 0);
      let taken = 0;
      let from = out.length;
      while (from > 0 && taken < count) taken += out[--from]!.listed;
      const block = out.slice(from).flatMap((entry) => entry.errors);
      const matches = taken === count && block.every((other) => within(other.instancePath, error.instancePath));
      if (each.some((entry) => !entry) || !matches) {
        keep(error);
        continue;
      }
      out.length = from;
      if (error.keyword === 'oneOf' && error.params?.passingSchemas !== null) {
        // More than one matched: what the others lacked says nothing useful.
        out.push({ errors: [error], listed: count + 1 });
        continue;
      }
      const problems = each.map((entry) => rebased(entry ? entry.errors : [], error.instancePath));
      out.push({ errors: problems[closestAlternative(problems, error.instancePath)] ?? [], listed: count + 1 });
    }
    return { listed: listed.length, errors: out.flatMap((entry) => entry.errors) };
  }

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
    explain(validate, value) {
      const { listed, errors } = explained(validate, value, 0);
      return { valid: listed === 0, problems: listed === 0 ? [] : describeProblems(errors) };
    },
  };
}
