import { deref, operations, type ApiName, type Json, type JsonObject } from './spec.js';

export interface ExampleCase {
  /** Where the example stands, for the test name. */
  where: string;
  schema: Json;
  value: Json;
}

/** Every example of the spec paired with the schema it illustrates. */
export function examplesOf(doc: JsonObject): ExampleCase[] {
  const cases: ExampleCase[] = [];
  const fromMedia = (where: string, media: JsonObject) => {
    if ('example' in media) cases.push({ where, schema: media.schema as Json, value: media.example as Json });
    for (const [name, example] of Object.entries((media.examples as JsonObject | undefined) ?? {})) {
      const resolved = deref(doc, example) as JsonObject;
      cases.push({ where: `${where} example "${name}"`, schema: media.schema as Json, value: resolved.value as Json });
    }
  };
  for (const { path, method, operation, pathItem } of operations(doc)) {
    const label = `${method.toUpperCase()} ${path}`;
    const parameters = [...((pathItem.parameters as Json[]) ?? []), ...((operation.parameters as Json[]) ?? [])];
    for (const parameter of parameters.map((p) => deref(doc, p) as JsonObject)) {
      fromMedia(`${label} parameter ${parameter.name}`, parameter);
    }
    const body = operation.requestBody ? (deref(doc, operation.requestBody as Json) as JsonObject) : undefined;
    for (const [type, media] of Object.entries((body?.content as JsonObject | undefined) ?? {})) {
      fromMedia(`${label} request ${type}`, media as JsonObject);
    }
    for (const [status, response] of Object.entries(operation.responses as JsonObject)) {
      const resolved = deref(doc, response) as JsonObject;
      for (const [type, media] of Object.entries((resolved.content as JsonObject | undefined) ?? {})) {
        fromMedia(`${label} ${status} ${type}`, media as JsonObject);
      }
    }
  }
  for (const [name, schema] of Object.entries((doc.components as JsonObject).schemas as JsonObject)) {
    for (const [index, value] of (((schema as JsonObject).examples as Json[] | undefined) ?? []).entries()) {
      cases.push({
        where: `schema ${name} examples[${index}]`,
        schema: { $ref: `#/components/schemas/${name}` },
        value,
      });
    }
  }
  return cases;
}

export interface DefaultCase {
  where: string;
  /** The schema that declares the default, with its siblings. */
  schema: JsonObject;
  value: Json;
  quirk: string | undefined;
}

/** Every `default` declared by a schema anywhere in the spec. */
export function defaultsOf(doc: JsonObject, api: ApiName): DefaultCase[] {
  const cases: DefaultCase[] = [];
  const visit = (where: string, schema: Json) => {
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
    if ('default' in schema) {
      cases.push({
        where,
        schema,
        value: schema.default as Json,
        quirk: schema['x-tallyport-quirk'] as string | undefined,
      });
    }
    for (const [name, property] of Object.entries((schema.properties as JsonObject | undefined) ?? {})) {
      visit(`${where}.${name}`, property);
    }
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
      ((schema[key] as Json[] | undefined) ?? []).forEach((branch, index) =>
        visit(`${where}.${key}[${index}]`, branch),
      );
    }
    for (const key of ['items', 'additionalProperties', 'not'] as const) visit(`${where}.${key}`, schema[key] as Json);
  };
  const components = doc.components as JsonObject;
  for (const [name, schema] of Object.entries(components.schemas as JsonObject)) visit(`${api} schema ${name}`, schema);
  for (const [name, parameter] of Object.entries((components.parameters as JsonObject | undefined) ?? {})) {
    visit(`${api} parameter ${name}`, (parameter as JsonObject).schema as Json);
  }
  return cases;
}
