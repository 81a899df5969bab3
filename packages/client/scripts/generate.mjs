// Derives, from the hand-written specs, everything the client needs at run
// time: zod/mini input schemas, per-parameter facts for error messages
// (allowed values, defaults, quirks), operation metadata (method, path, where
// api_key travels), the known marketplace error messages and the JSON schemas
// of successful responses. Nothing here is retyped: edit the specs and run
// `pnpm generate`.
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { parse } from 'yaml';

const specsDir = new URL('../../../specs/', import.meta.url);
const outDir = new URL('../src/generated/', import.meta.url);

// Choices of the client, not facts of the API: the seed does not say whether
// `domain` is required on create, but a create request always carries it, so
// the client demands it.
const CLIENT_REQUIRED = { createWebsite: ['domain'] };

function deref(spec, node, seen = new Set()) {
  if (Array.isArray(node)) return node.map((n) => deref(spec, n, seen));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) throw new Error(`cyclic $ref ${node.$ref}`);
    const target = node.$ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
    const { $ref, ...siblings } = node;
    const resolved = deref(spec, target, new Set([...seen, $ref]));
    return typeof resolved === 'object' && resolved !== null
      ? { ...resolved, ...deref(spec, siblings, seen) }
      : resolved;
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(spec, v, seen)]));
}

// Keeps only the keywords a validator needs, so the shipped schemas stay small.
const VALIDATION_KEYS = new Set([
  'type',
  'enum',
  'const',
  'required',
  'properties',
  'items',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'pattern',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
]);
// Assertions the response checker (src/json-schema-check.ts) does not know:
// a spec using one must fail generation rather than be checked loosely.
const UNSUPPORTED_KEYS = new Set([
  'if',
  'then',
  'else',
  'dependentRequired',
  'dependentSchemas',
  'patternProperties',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contains',
  'prefixItems',
  'multipleOf',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  '$dynamicRef',
]);
const COMPONENT_SCHEMA = '#/components/schemas/';
function componentName(ref) {
  if (!ref.startsWith(COMPONENT_SCHEMA))
    throw new Error(`response schemas may only reference component schemas: ${ref}`);
  return ref.slice(COMPONENT_SCHEMA.length);
}

/** Names of the component schemas a slimmed `schema` reaches, directly or through other components. */
function reachableComponents(spec, schema, found = new Set()) {
  if (Array.isArray(schema)) schema.forEach((s) => reachableComponents(spec, s, found));
  else if (schema && typeof schema === 'object') {
    for (const [k, v] of Object.entries(schema)) {
      if (k === '$ref') {
        if (!found.has(v)) {
          found.add(v);
          reachableComponents(spec, slim(spec.components.schemas[v]), found);
        }
      } else reachableComponents(spec, v, found);
    }
  }
  return found;
}

function slim(schema) {
  if (typeof schema === 'boolean' || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map(slim);
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (UNSUPPORTED_KEYS.has(k))
      throw new Error(`response schema keyword "${k}" is not supported by src/json-schema-check.ts`);
    if (k === '$ref') {
      out.$ref = componentName(v);
      continue;
    }
    if (!VALIDATION_KEYS.has(k)) continue;
    if (k === 'properties') out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, slim(s)]));
    else if (['items', 'additionalProperties', 'not'].includes(k)) out[k] = slim(v);
    else if (['anyOf', 'oneOf', 'allOf'].includes(k)) out[k] = v.map(slim);
    else out[k] = v;
  }
  return out;
}

function zodFor(schema, { required = false } = {}) {
  if (schema === false) return 'z.never()';
  if (schema === true || !schema || Object.keys(slim(schema)).length === 0) return 'z.unknown()';
  if ('const' in schema) return `z.literal(${JSON.stringify(schema.const)})`;
  if (Array.isArray(schema.enum)) {
    return schema.enum.every((v) => typeof v === 'string')
      ? `z.enum(${JSON.stringify(schema.enum)})`
      : `z.literal(${JSON.stringify(schema.enum)})`;
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const parts = types.map((type) => {
    switch (type) {
      case 'integer':
        return 'z.int()';
      case 'number':
        return 'z.number()';
      case 'boolean':
        return 'z.boolean()';
      case 'string': {
        if (schema.format === 'date') return 'z.iso.date()';
        const checks = [];
        // A required value sent as an empty string is as good as missing.
        const min = Math.max(schema.minLength ?? 0, required ? 1 : 0);
        if (min > 0) checks.push(`z.minLength(${min})`);
        if (schema.pattern) checks.push(`z.regex(new RegExp(${JSON.stringify(schema.pattern)}))`);
        return checks.length ? `z.string().check(${checks.join(', ')})` : 'z.string()';
      }
      default:
        throw new Error(`unsupported input schema type ${type}`);
    }
  });
  return parts.length === 1 ? parts[0] : `z.union([${parts.join(', ')}])`;
}

function factsFor(schema, required) {
  const fact = { required };
  if (schema && typeof schema === 'object') {
    if (Array.isArray(schema.enum)) fact.allowed = schema.enum;
    if ('default' in schema) fact.default = schema.default;
    if (schema.format) fact.format = schema.format;
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length) fact.type = types.join(' | ');
    if (schema['x-tallyport-quirk']) fact.quirk = schema['x-tallyport-quirk'].trim();
  }
  return fact;
}

function objectSchemaCode(fields) {
  const entries = Object.entries(fields).map(
    ([name, { code, required }]) => `  ${JSON.stringify(name)}: ${required ? code : `z.optional(${code})`},`,
  );
  return `z.strictObject({\n${entries.join('\n')}\n})`;
}

function describeOperation(spec, pathKey, method, rawOp, rawPathItem) {
  const op = deref(spec, rawOp);
  const pathParams = deref(spec, rawPathItem.parameters ?? []);
  const params = [...pathParams, ...(op.parameters ?? [])];
  const security = op.security ?? spec.security ?? [];
  const schemes = spec.components?.securitySchemes ?? {};
  let apiKey = null;
  for (const requirement of security) {
    for (const name of Object.keys(requirement)) {
      const scheme = schemes[name];
      if (scheme?.type === 'apiKey') apiKey = { in: scheme.in, name: scheme.name };
      if (scheme?.type === 'http' && scheme.scheme === 'bearer') apiKey = { in: 'bearer' };
    }
  }
  const keyParamNames = new Set(
    Object.values(schemes)
      .filter((s) => s.type === 'apiKey')
      .map((s) => s.name),
  );
  const groups = { path: {}, query: {}, body: {} };
  const facts = {};
  const forbidden = [];
  for (const p of params) {
    groups[p.in][p.name] = { code: zodFor(p.schema, { required: p.required }), required: !!p.required };
    facts[p.name] = factsFor(p.schema, !!p.required);
  }
  let bodyType = null;
  const content = op.requestBody?.content ?? {};
  const [mediaType] = Object.keys(content);
  if (mediaType) {
    bodyType = mediaType;
    const body = content[mediaType].schema;
    const required = new Set([...(body.required ?? []), ...(CLIENT_REQUIRED[op.operationId] ?? [])]);
    for (const [name, prop] of Object.entries(body.properties ?? {})) {
      if (prop === false) {
        forbidden.push(name);
        continue;
      }
      // A body field named like an apiKey scheme's parameter is the credential
      // itself (the spec sends it in the form body there): the client fills it.
      if (!apiKey && keyParamNames.has(name)) {
        apiKey = { in: 'form', name };
        continue;
      }
      groups.body[name] = { code: zodFor(prop, { required: required.has(name) }), required: required.has(name) };
      facts[name] = factsFor(prop, required.has(name));
    }
  }
  // Response schemas keep their $refs (resolved against the shared definitions
  // at check time) so each component is shipped once.
  const rawSuccess = rawOp.responses?.['2XX'] ?? rawOp.responses?.['200'];
  const success = rawSuccess?.$ref ? deref(spec, rawSuccess) : rawSuccess;
  const responseSchema = success?.content?.['application/json']?.schema;
  return {
    id: op.operationId,
    method: method.toUpperCase(),
    path: pathKey,
    apiKey,
    bodyType,
    facts,
    forbidden,
    groups,
    errorMessages: (op['x-tallyport-error-messages'] ?? []).map(({ code, msg }) => ({ code, msg })),
    responseSchema: responseSchema === undefined ? true : slim(responseSchema),
  };
}

function render(api, file, operations) {
  const lines = [
    `// generated by packages/client/scripts/generate.mjs from specs/${file}, do not edit; run \`pnpm generate\`.`,
    `import * as z from 'zod/mini';`,
    '',
  ];
  for (const op of operations) {
    for (const where of ['path', 'query', 'body']) {
      const fields = op.groups[where];
      if (!Object.keys(fields).length) continue;
      lines.push(
        `export const ${op.id}${where[0].toUpperCase()}${where.slice(1)}Schema = ${objectSchemaCode(fields)};`,
        '',
      );
    }
  }
  const meta = Object.fromEntries(
    operations.map((op) => [
      op.id,
      {
        method: op.method,
        path: op.path,
        apiKey: op.apiKey,
        facts: op.facts,
        forbidden: op.forbidden,
        errorMessages: op.errorMessages,
      },
    ]),
  );
  lines.push(`export const ${api}Operations = ${JSON.stringify(meta, null, 2)} as const;`, '');
  return lines.join('\n');
}

// Kept in their own module so that only clients that opt into response
// validation carry them in their bundle.
function renderResponses(api, file, spec, operations) {
  const responses = Object.fromEntries(operations.map((op) => [op.id, op.responseSchema]));
  const names = [
    ...reachableComponents(
      spec,
      operations.map((op) => op.responseSchema),
    ),
  ].sort();
  const definitions = Object.fromEntries(names.map((name) => [name, slim(spec.components.schemas[name])]));
  return [
    `// generated by packages/client/scripts/generate.mjs from specs/${file}, do not edit; run \`pnpm generate\`.`,
    `/** JSON schemas of the successful (2XX) responses of each operation; \`$ref\` names a definition below. */`,
    `export const ${api}ResponseSchemas = ${JSON.stringify(responses, null, 1)} as const;`,
    '',
    `/** The component schemas those responses reference, by name. */`,
    `export const ${api}ResponseDefinitions = ${JSON.stringify(definitions, null, 1)} as const;`,
    '',
  ].join('\n');
}

await mkdir(outDir, { recursive: true });
for (const api of ['analytics', 'marketplace']) {
  const file = `${api}.yaml`;
  const spec = parse(await readFile(new URL(file, specsDir), 'utf8'));
  const operations = [];
  for (const [pathKey, item] of Object.entries(spec.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch']) {
      if (item[method]) operations.push(describeOperation(spec, pathKey, method, item[method], item));
    }
  }
  await writeFile(new URL(`${api}.ts`, outDir), render(api, file, operations));
  await writeFile(new URL(`${api}-responses.ts`, outDir), renderResponses(api, file, spec, operations));
  console.log(`wrote src/generated/${api}.ts (${operations.length} operations)`);
}
