import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { parse } from 'yaml';

export type ApiName = 'analytics' | 'marketplace';
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const specUrl = (api: ApiName) => new URL(`../../${api}.yaml`, import.meta.url);

export function loadSpec(api: ApiName): JsonObject {
  return parse(readFileSync(fileURLToPath(specUrl(api)), 'utf8')) as JsonObject;
}

/** Follows a local `#/...` JSON pointer. */
export function resolvePointer(doc: JsonObject, pointer: string): Json {
  if (!pointer.startsWith('#/')) throw new Error(`only local refs are used in the specs: ${pointer}`);
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, key) => {
      if (node === null || typeof node !== 'object' || !(key in node)) throw new Error(`unresolved ${pointer}`);
      return (node as JsonObject)[key] as Json;
    }, doc);
}

/** Replaces a `$ref` object (and chains of them) by its target. */
export function deref<T extends Json>(doc: JsonObject, node: T): Json {
  let current: Json = node;
  while (current && typeof current === 'object' && !Array.isArray(current) && typeof current.$ref === 'string') {
    current = resolvePointer(doc, current.$ref);
  }
  return current;
}

/**
 * A JSON Schema 2020-12 validator over a whole spec: every `$ref` of the spec
 * resolves inside the document, the way OpenAPI 3.1 tools read it. The spec's
 * own extensions (`x-...`) are accepted as annotations.
 */
export class SpecValidator {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(
    private readonly doc: JsonObject,
    readonly api: ApiName,
  ) {
    this.ajv = new Ajv2020({
      strict: true,
      strictRequired: false,
      allErrors: true,
      strictTypes: false,
      allowUnionTypes: true,
    });
    // ajv-formats is CommonJS: its default export arrives wrapped under NodeNext.
    const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin.default }).default;
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: 'x-enumDescriptions' });
    this.ajv.addKeyword({ keyword: 'x-tallyport-unknown' });
    this.ajv.addKeyword({ keyword: 'x-tallyport-quirk' });
    const schemas = (doc.components as JsonObject).schemas as JsonObject;
    // Each component schema is registered under its spec pointer, so `$ref`s
    // between them resolve and validators can be built from any location.
    for (const [name, schema] of Object.entries(schemas)) {
      this.ajv.addSchema(this.rebase(schema) as object, `${api}:#/components/schemas/${name}`);
    }
  }

  /** Rewrites local refs so they point at the registered component schemas. */
  private rebase(schema: Json): Json {
    if (Array.isArray(schema)) return schema.map((item) => this.rebase(item));
    if (schema === null || typeof schema !== 'object') return schema;
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' ? `${this.api}:${value}` : this.rebase(value),
      ]),
    );
  }

  validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const validate = this.ajv.compile(this.rebase(schema) as object);
    this.cache.set(key, validate);
    return validate;
  }

  component(name: string): ValidateFunction {
    return this.validator({ $ref: `#/components/schemas/${name}` });
  }

  errorsOf(schema: Json, value: unknown): string {
    const validate = this.validator(schema);
    return validate(value) ? '' : this.ajv.errorsText(validate.errors);
  }
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export interface OperationEntry {
  path: string;
  method: (typeof HTTP_METHODS)[number];
  operation: JsonObject;
  pathItem: JsonObject;
}

export function operations(doc: JsonObject): OperationEntry[] {
  const entries: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries(doc.paths as JsonObject)) {
    for (const method of HTTP_METHODS) {
      const operation = (pathItem as JsonObject)[method];
      if (operation)
        entries.push({ path, method, operation: operation as JsonObject, pathItem: pathItem as JsonObject });
    }
  }
  return entries;
}

export function operationById(doc: JsonObject, operationId: string): OperationEntry {
  const found = operations(doc).find((entry) => entry.operation.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
}

/** Path-level and operation-level parameters, resolved, keyed by `in:name`. */
export function parametersOf(doc: JsonObject, entry: OperationEntry): Map<string, JsonObject> {
  const all = [...((entry.pathItem.parameters as Json[]) ?? []), ...((entry.operation.parameters as Json[]) ?? [])];
  return new Map(
    all.map((parameter) => {
      const resolved = deref(doc, parameter) as JsonObject;
      return [`${resolved.in}:${resolved.name}`, resolved];
    }),
  );
}

/**
 * The schema of a (possibly nested) property, following `$ref`, `allOf` and
 * `anyOf`/`oneOf` branches; `a.b.c` walks nested objects.
 */
export function propertySchema(doc: JsonObject, schema: Json, dottedPath: string): JsonObject | undefined {
  let current: Json | undefined = schema;
  for (const key of dottedPath.split('.')) {
    current = findProperty(doc, current, key);
    if (current === undefined) return undefined;
  }
  return deref(doc, current) as JsonObject;
}

function findProperty(doc: JsonObject, schema: Json | undefined, key: string): Json | undefined {
  const resolved = schema === undefined ? undefined : (deref(doc, schema) as JsonObject);
  if (!resolved || typeof resolved !== 'object') return undefined;
  const properties = resolved.properties as JsonObject | undefined;
  if (properties && key in properties) return properties[key];
  for (const combinator of ['allOf', 'oneOf', 'anyOf'] as const) {
    for (const branch of (resolved[combinator] as Json[] | undefined) ?? []) {
      const found = findProperty(doc, branch, key);
      if (found !== undefined && found !== false) return found;
    }
  }
  return undefined;
}

/** Whether `dottedPath` is required all the way down from `schema`. */
export function isRequired(doc: JsonObject, schema: Json, dottedPath: string): boolean {
  const keys = dottedPath.split('.');
  let current: Json | undefined = schema;
  for (const key of keys) {
    const resolved = deref(doc, current as Json) as JsonObject;
    if (!requiredKeys(doc, resolved).has(key)) return false;
    current = findProperty(doc, resolved, key);
  }
  return true;
}

function requiredKeys(doc: JsonObject, schema: JsonObject): Set<string> {
  const keys = new Set<string>((schema.required as string[] | undefined) ?? []);
  for (const branch of (schema.allOf as Json[] | undefined) ?? []) {
    for (const key of requiredKeys(doc, deref(doc, branch) as JsonObject)) keys.add(key);
  }
  // A key is required by a oneOf/anyOf only when every branch requires it.
  for (const combinator of ['oneOf', 'anyOf'] as const) {
    const branches = ((schema[combinator] as Json[] | undefined) ?? []).map((b) =>
      requiredKeys(doc, deref(doc, b) as JsonObject),
    );
    const [first, ...rest] = branches;
    for (const key of first ?? []) if (rest.every((branch) => branch.has(key))) keys.add(key);
  }
  return keys;
}

/** The 2XX response schema of an operation. */
export function successSchema(doc: JsonObject, operationId: string): Json {
  const { operation } = operationById(doc, operationId);
  const response = deref(doc, (operation.responses as JsonObject)['2XX'] as Json) as JsonObject;
  return ((response.content as JsonObject)['application/json'] as JsonObject).schema as Json;
}
