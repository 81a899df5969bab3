// The spec under test, read through the repository's one spec model: the
// bundled document (with its $refs, as written), the dereferenced view, and
// the one schema engine. The facts tests ask their questions through here.
import {
  type ApiName,
  isRequiredPath,
  type Json,
  type JsonObject,
  type LoadedSpec,
  loadSpec,
  propertyOf,
  valueAt,
} from '@tallyport/spec-model';
import { createSchemaEngine } from '@tallyport/spec-model/validation';

export type { ApiName, Json, JsonObject };

export interface OperationEntry {
  path: string;
  /** Lower-case, as the key in the path item. */
  method: string;
  /** The operation as written (bundled, $refs kept). */
  operation: JsonObject;
}

const isRef = (node: Json | undefined): node is { $ref: string } =>
  typeof node === 'object' && node !== null && !Array.isArray(node) && typeof node.$ref === 'string';

export async function specUnderTest(api: ApiName) {
  const loaded: LoadedSpec = await loadSpec(api);
  const { model, dereferenced } = loaded;
  const doc = model.document;
  const engine = createSchemaEngine([model]);

  /** A schema in the dereferenced view: a `{$ref}` is looked up there, anything else is taken as it is. */
  const view = (schema: Json | undefined): Json | undefined =>
    isRef(schema) ? valueAt(dereferenced, schema.$ref) : schema;

  const operations = (): OperationEntry[] =>
    model.operations.map((op) => ({
      path: op.path,
      method: op.method.toLowerCase(),
      operation: valueAt(doc, op.pointer) as JsonObject,
    }));

  const operationById = (id: string): OperationEntry => {
    const found = operations().find((entry) => entry.operation.operationId === id);
    if (!found) throw new Error(`no operation ${id}`);
    return found;
  };

  return {
    api,
    model,
    doc,
    dereferenced,
    operations,
    operationById,
    /** The node a `$ref` points at, following chains, through openapi-core's resolution. */
    deref: (node: Json | undefined): Json | undefined => loaded.resolve(node),
    /** Path-level and operation-level parameters, dereferenced, keyed by `in:name`. */
    parametersOf(entry: OperationEntry): Map<string, JsonObject> {
      const op = model.operations.find((candidate) => candidate.id === entry.operation.operationId);
      const resolved = valueAt(dereferenced, op?.pointer ?? '') as JsonObject;
      const pathItem = valueAt(dereferenced, (op?.pointer ?? '').replace(/\/[a-z]+$/, '')) as JsonObject;
      const all = [...((pathItem.parameters as Json[]) ?? []), ...((resolved.parameters as Json[]) ?? [])];
      return new Map(
        all.map((parameter) => [
          `${(parameter as JsonObject).in}:${(parameter as JsonObject).name}`,
          parameter as JsonObject,
        ]),
      );
    },
    /** The schema of a (nested, `a.b.c`) property, looking through combinators. */
    propertySchema: (schema: Json, dottedPath: string) =>
      propertyOf(view(schema), dottedPath) as JsonObject | undefined,
    /** Whether `dottedPath` is required all the way down. */
    isRequired: (schema: Json, dottedPath: string) => isRequiredPath(view(schema), dottedPath),
    /** The 2XX response schema of an operation, as written. */
    successSchema(operationId: string): Json {
      const response = loaded.resolve(
        (operationById(operationId).operation.responses as JsonObject)['2XX'] as Json,
      ) as JsonObject;
      return ((response.content as JsonObject)['application/json'] as JsonObject).schema as Json;
    },
    /** Whether `value` matches `schema`: a `{$ref}` compiles where it points, any other schema on its own. */
    accepts(schema: Json, value: unknown): boolean {
      return engine.check(validatorOf(schema), value).valid;
    },
    /** The problems of `value` against `schema`, '' when it matches. */
    errorsOf(schema: Json, value: unknown): string {
      return engine.check(validatorOf(schema), value).problems.join('; ');
    },
  };

  function validatorOf(schema: Json) {
    return isRef(schema)
      ? engine.compile(api, schema.$ref.replace(/^#/, ''))
      : engine.compileSchema(schema as JsonObject);
  }
}

export type SpecUnderTest = Awaited<ReturnType<typeof specUnderTest>>;
