// Every example and every default of a spec, found through the spec model,
// each paired with the schema it must match.
import { escapePointer, type Json, type JsonObject } from '@tallyport/spec-model';
import type { SpecUnderTest } from './spec.js';

export interface ExampleCase {
  /** Where the example stands, for the test name. */
  where: string;
  /** A `{$ref}` to the schema's place in the document, or a dereferenced schema. */
  schema: Json;
  value: Json;
}

const at = (pointer: string): Json => ({ $ref: `#${pointer}` });

export function examplesOf(spec: SpecUnderTest): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const op of spec.model.operations) {
    const label = `${op.method} ${op.path}`;
    for (const parameter of op.parameters) {
      if (parameter.in !== 'body' && parameter.example !== undefined) {
        cases.push({
          where: `${label} parameter ${parameter.name}`,
          schema: parameter.schema,
          value: parameter.example,
        });
      }
    }
    for (const example of op.body?.examples ?? []) {
      const where = `${label} request ${op.body?.mediaType} example "${example.name}"`;
      cases.push({ where, schema: at(op.body?.schemaPointer ?? ''), value: example.value });
    }
    for (const response of op.responses) {
      for (const example of response.examples) {
        if (!response.schemaPointer) continue;
        const where = `${label} ${response.key} application/json example "${example.name}"`;
        cases.push({ where, schema: at(response.schemaPointer), value: example.value });
      }
    }
  }
  const schemas = (spec.doc.components as JsonObject).schemas as JsonObject;
  for (const [name, schema] of Object.entries(schemas)) {
    for (const [index, value] of (((schema as JsonObject).examples as Json[] | undefined) ?? []).entries()) {
      cases.push({
        where: `schema ${name} examples[${index}]`,
        schema: at(`/components/schemas/${escapePointer(name)}`),
        value,
      });
    }
  }
  return cases;
}

export interface DefaultCase {
  where: string;
  /** The dereferenced schema that declares the default, with its siblings. */
  schema: JsonObject;
  value: Json;
  quirk: string | undefined;
}

/** Every `default` declared by a schema of the components, in the dereferenced view. */
export function defaultsOf(spec: SpecUnderTest): DefaultCase[] {
  const cases: DefaultCase[] = [];
  const visit = (where: string, schema: Json | undefined) => {
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
      for (const [index, branch] of ((schema[key] as Json[] | undefined) ?? []).entries()) {
        visit(`${where}.${key}[${index}]`, branch);
      }
    }
    for (const key of ['items', 'additionalProperties', 'not'] as const) visit(`${where}.${key}`, schema[key] as Json);
  };
  const components = spec.dereferenced.components as JsonObject;
  for (const [name, schema] of Object.entries(components.schemas as JsonObject))
    visit(`${spec.api} schema ${name}`, schema);
  for (const [name, parameter] of Object.entries((components.parameters as JsonObject | undefined) ?? {})) {
    visit(`${spec.api} parameter ${name}`, (parameter as JsonObject).schema as Json);
  }
  return cases;
}
