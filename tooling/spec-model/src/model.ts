// Builds the spec model from the two views of a loaded document: operations
// (one method list, see query.ts), their parameters and body fields with
// their marks, responses with their schema pointers and records, record
// kinds, and the outcome field of payloads that say success in their body.
import {
  agreeOf,
  conventionOf,
  effectOf,
  errorMessagesOf,
  appliesWhenOf,
  creationOrderOf,
  flagMark,
  nameMark,
  outcomeMark,
  recordMark,
  roleOf,
  scopeOf,
  SpecMarkError,
  sentence,
  unknownsOf,
  valueConventionsOf,
} from './marks.js';
import { escapePointer, HTTP_METHODS } from './query.js';
import { isForbidden, recordLocationsOf, requiredKeys, typesOf } from './schemas.js';
import type {
  ApiName,
  BodyModel,
  CredentialModel,
  ExampleModel,
  Json,
  JsonObject,
  LinkModel,
  OperationModel,
  OutcomeModel,
  ParameterLocation,
  ParameterModel,
  ParameterRole,
  RecordKind,
  ResponseModel,
  SpecModel,
} from './types.js';
import { isObject } from './json.js';

const obj = (value: Json | undefined): JsonObject => (isObject(value) ? value : {});
const text = (value: Json | undefined): string | undefined => (typeof value === 'string' ? value : undefined);

interface Views {
  api: ApiName;
  source: string;
  document: JsonObject;
  dereferenced: JsonObject;
}

export function buildModel(views: Views): SpecModel {
  const { api, source, document, dereferenced } = views;
  const info = obj(dereferenced.info);
  const operations: OperationModel[] = [];
  for (const [path, item] of Object.entries(obj(dereferenced.paths))) {
    for (const method of HTTP_METHODS) {
      const key = method.toLowerCase();
      const operation = obj(item)[key];
      if (!isObject(operation)) continue;
      const pointer = `/paths/${escapePointer(path)}/${key}`;
      const raw = obj(obj(obj(document.paths)[path])[key]);
      operations.push(operationModel(views, path, key, obj(item), { resolved: operation, raw }, pointer));
    }
  }
  const ids = operations.map((operation) => operation.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new SpecMarkError(`${source}: operationId ${duplicate} is used twice`);
  for (const operation of operations)
    for (const link of operation.links)
      if (!ids.includes(link.operationId))
        throw new SpecMarkError(
          `${source}: link ${link.name} of ${operation.id} names no operation (${link.operationId})`,
        );
  return {
    api,
    source,
    info: {
      title: text(info.title) ?? api,
      version: text(info.version) ?? '',
      ...(text(info.summary) ? { summary: text(info.summary) } : {}),
      ...(text(info.description) ? { description: text(info.description) } : {}),
    },
    document,
    operations,
    records: recordKinds(dereferenced, source),
    ...optional('outcome', outcomeOf(dereferenced, source)),
    unknowns: unknownsOf(document),
  };
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

function operationModel(
  views: Views,
  path: string,
  method: string,
  item: JsonObject,
  parts: { resolved: JsonObject; raw: JsonObject },
  pointer: string,
): OperationModel {
  const operation = parts.resolved;
  const where = `${views.source} ${method.toUpperCase()} ${path}`;
  if (typeof operation.operationId !== 'string') throw new SpecMarkError(`${where}: no operationId`);
  const byKey = new Map<string, JsonObject>();
  for (const parameter of [...arr(item.parameters), ...arr(operation.parameters)]) {
    const resolved = obj(parameter);
    byKey.set(`${resolved.in}:${resolved.name}`, resolved);
  }
  const parameters = [...byKey.values()].map((parameter) =>
    parameterModel(parameter, parameter.in as ParameterLocation, `${where} parameter ${parameter.name}`),
  );
  const body = bodyOf(operation, pointer, where);
  if (body) parameters.push(...body.fields);
  return {
    id: operation.operationId,
    method: method.toUpperCase() as OperationModel['method'],
    path,
    pointer,
    ...optional('summary', text(operation.summary)),
    ...optional('description', text(operation.description)),
    tags: arr(operation.tags).filter((tag): tag is string => typeof tag === 'string'),
    effect: effectOf(operation, method, where),
    ...optional('credential', credentialOf(views.dereferenced, operation, parameters)),
    parameters,
    ...optional('body', body?.model),
    responses: responsesOf(operation, parts.raw, pointer),
    errorMessages: errorMessagesOf(operation, where),
    links: linksOf(operation, where),
    ...optional('scope', scopeOf(operation, where)),
  };
}

function linksOf(operation: JsonObject, where: string): LinkModel[] {
  const links: LinkModel[] = [];
  for (const [key, response] of Object.entries(obj(operation.responses))) {
    for (const [name, value] of Object.entries(obj(obj(response).links))) {
      const link = obj(value);
      const at = `${where} response ${key} link ${name}`;
      if (typeof link.operationId !== 'string') throw new SpecMarkError(`${at}: a link names its operationId`);
      const parameters = Object.fromEntries(
        Object.entries(obj(link.parameters)).map(([parameter, expression]) => {
          if (typeof expression !== 'string')
            throw new SpecMarkError(`${at}: parameter ${parameter} is not an expression`);
          return [parameter, expression];
        }),
      );
      links.push({
        name,
        response: key,
        operationId: link.operationId,
        parameters,
        ...optional('description', text(link.description)),
        agree: agreeOf(link, at),
      });
    }
  }
  return links;
}

const arr = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

function parameterModel(
  node: JsonObject,
  location: ParameterLocation,
  where: string,
  required?: boolean,
): ParameterModel {
  const schema = location === 'body' ? (node as Json as boolean | JsonObject) : (node.schema as boolean | JsonObject);
  const schemaObject = obj(schema as Json);
  const marks = location === 'body' ? schemaObject : node;
  const role = roleOf(marks, where);
  if (role === 'message') throw new SpecMarkError(`${where}: the message role belongs on a response property`);
  const identifies = nameMark(marks, 'x-tallyport-identifies', where);
  const echo = nameMark(marks, 'x-tallyport-echo', where);
  const quirk = sentence(node, 'x-tallyport-quirk') ?? sentence(schemaObject, 'x-tallyport-quirk');
  const unknown = sentence(node, 'x-tallyport-unknown') ?? sentence(schemaObject, 'x-tallyport-unknown');
  const description = text(node.description) ?? text(schemaObject.description);
  const example = node.example ?? (Array.isArray(schemaObject.examples) ? schemaObject.examples[0] : undefined);
  return {
    name: location === 'body' ? '' : String(node.name),
    in: location,
    required: required ?? node.required === true,
    ...optional('description', description),
    schema: schema ?? true,
    types: typesOf(schema),
    ...optional('enum', Array.isArray(schemaObject.enum) ? schemaObject.enum : undefined),
    ...('default' in schemaObject ? { default: schemaObject.default } : {}),
    hasDefault: 'default' in schemaObject,
    ...optional('format', text(schemaObject.format)),
    ...optional('pattern', text(schemaObject.pattern)),
    ...optional('minLength', typeof schemaObject.minLength === 'number' ? schemaObject.minLength : undefined),
    ...optional('example', example),
    ...optional(
      'enumDescriptions',
      isObject(schemaObject['x-enumDescriptions']) ? enumLabels(schemaObject) : undefined,
    ),
    ...optional('quirk', quirk),
    ...optional('unknown', unknown),
    ...optional('conventions', valueConventionsOf(schemaObject, where)),
    ...optional('creationOrder', creationOrderOf(schemaObject, where)),
    ...optional('role', role as ParameterRole | undefined),
    ...optional('identifies', identifies),
    ...optional('echo', echo),
    alwaysSent: flagMark(marks, 'x-tallyport-always-sent', where),
    ...optional('appliesWhen', appliesWhenOf(marks, where)),
    forbidden: isForbidden(schema),
  };
}

function enumLabels(schema: JsonObject): Record<string, string> {
  return Object.fromEntries(
    Object.entries(obj(schema['x-enumDescriptions'])).map(([key, value]) => [key, String(value)]),
  );
}

function examplesOf(media: JsonObject): ExampleModel[] {
  const examples: ExampleModel[] = [];
  if ('example' in media) examples.push({ name: 'example', value: media.example as Json });
  for (const [name, example] of Object.entries(obj(media.examples))) {
    const entry = obj(example);
    if (!('value' in entry)) continue;
    examples.push({ name, ...optional('summary', text(entry.summary)), value: entry.value as Json });
  }
  return examples;
}

function bodyOf(
  operation: JsonObject,
  pointer: string,
  where: string,
): { model: BodyModel; fields: ParameterModel[] } | undefined {
  if (!isObject(operation.requestBody)) return undefined;
  const content = obj(operation.requestBody.content);
  const mediaTypes = Object.keys(content);
  if (mediaTypes.length !== 1) throw new SpecMarkError(`${where}: a request body must have exactly one media type`);
  const mediaType = mediaTypes[0] as string;
  const media = obj(content[mediaType]);
  const schema = obj(media.schema);
  const required = requiredKeys(schema);
  const fields = Object.entries(obj(schema.properties)).map(([name, property]) => ({
    ...parameterModel(property as JsonObject, 'body', `${where} body field ${name}`, required.has(name)),
    name,
    forbidden: isForbidden(property),
  }));
  const model: BodyModel = {
    mediaType,
    required: operation.requestBody.required === true,
    schemaPointer: `${pointer}/requestBody/content/${escapePointer(mediaType)}/schema`,
    examples: examplesOf(media),
  };
  return { model, fields };
}

function credentialOf(
  dereferenced: JsonObject,
  operation: JsonObject,
  parameters: ParameterModel[],
): CredentialModel | undefined {
  const requirements = arr((operation.security ?? dereferenced.security) as Json | undefined);
  const schemes = obj(obj(dereferenced.components).securitySchemes);
  for (const requirement of requirements) {
    for (const name of Object.keys(obj(requirement))) {
      const scheme = obj(schemes[name]);
      const unknown = sentence(scheme, 'x-tallyport-unknown');
      if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer') {
        return { in: 'bearer', scheme: name, ...optional('unknown', unknown) };
      }
      if (scheme.type === 'apiKey' && typeof scheme.name === 'string') {
        const location = scheme.in === 'header' || scheme.in === 'cookie' ? scheme.in : 'query';
        return { in: location, name: scheme.name, scheme: name, ...optional('unknown', unknown) };
      }
    }
  }
  const field = parameters.find((parameter) => parameter.role === 'credential');
  if (!field || field.in === 'path') return undefined;
  return { in: field.in, name: field.name, ...optional('unknown', field.unknown) };
}

/** `raw` is the operation as bundled, where a response given by `$ref` still says so. */
function responsesOf(operation: JsonObject, rawOperation: JsonObject, pointer: string): ResponseModel[] {
  const raw = obj(rawOperation.responses);
  return Object.entries(obj(operation.responses)).map(([key, response]) => {
    const resolved = obj(response);
    const rawResponse = obj(raw[key]);
    // A response given by $ref lives at its target; an inline one where it stands.
    const base =
      typeof rawResponse.$ref === 'string'
        ? rawResponse.$ref.replace(/^#/, '')
        : `${pointer}/responses/${escapePointer(key)}`;
    const content = obj(resolved.content);
    const json = obj(content['application/json']);
    return {
      key,
      ...optional('description', text(resolved.description)),
      ...optional('unknown', sentence(resolved, 'x-tallyport-unknown') ?? sentence(rawResponse, 'x-tallyport-unknown')),
      ...optional('convention', conventionOf(json.schema, `${pointer} response ${key}`)),
      mediaTypes: Object.keys(content),
      ...optional('schemaPointer', 'schema' in json ? `${base}/content/application~1json/schema` : undefined),
      examples: examplesOf(json),
      records: recordLocationsOf(json.schema),
    };
  });
}

function recordKinds(dereferenced: JsonObject, source: string): Record<string, RecordKind> {
  const kinds: Record<string, RecordKind> = {};
  for (const [name, schema] of Object.entries(obj(obj(dereferenced.components).schemas))) {
    const mark = recordMark(schema, `${source} schema ${name}`);
    if (!mark) continue;
    if (kinds[mark.name]) throw new SpecMarkError(`${source}: record ${mark.name} is marked on two schemas`);
    const where = `${source} schema ${name}`;
    const properties = Object.entries(propertiesOf(schema));
    kinds[mark.name] = {
      ...mark,
      schemaPointer: `/components/schemas/${escapePointer(name)}`,
      fields: properties.map(([field]) => field),
      required: [...requiredKeys(schema)],
      ...optional('convention', conventionOf(schema, where)),
      undecidedFields: properties
        .filter(
          ([field, property]) =>
            sentence(property, 'x-tallyport-unknown') !== undefined ||
            conventionOf(property, `${where} property ${field}`) !== undefined,
        )
        .map(([field]) => field),
      conventionFields: properties
        .filter(([field, property]) => conventionOf(property, `${where} property ${field}`) !== undefined)
        .map(([field]) => field),
    };
  }
  return kinds;
}

/** The properties a schema describes, its own and those of its allOf branches. */
function propertiesOf(schema: Json | undefined): Record<string, Json> {
  const node = obj(schema);
  const found: Record<string, Json> = {};
  for (const branch of arr(node.allOf)) Object.assign(found, propertiesOf(branch));
  Object.assign(found, obj(node.properties));
  return found;
}

function outcomeOf(dereferenced: JsonObject, source: string): OutcomeModel | undefined {
  const found: { field?: string; success?: Json; error?: Json; messageField?: string } = {};
  for (const [name, schema] of Object.entries(obj(obj(dereferenced.components).schemas))) {
    for (const [field, property] of Object.entries(obj(obj(schema).properties))) {
      const where = `${source} schema ${name} property ${field}`;
      const kind = outcomeMark(property, where);
      if (kind) {
        if (found.field !== undefined && found.field !== field) {
          throw new SpecMarkError(`${where}: the outcome is already carried by ${found.field}`);
        }
        found.field = field;
        found[kind] = obj(property).const as Json;
      }
      if (isObject(property) && roleOf(property, where) === 'message') found.messageField = field;
    }
  }
  if (found.field === undefined) return undefined;
  if (found.success === undefined || found.error === undefined) {
    throw new SpecMarkError(`${source}: x-tallyport-outcome needs both a success and an error value`);
  }
  return {
    field: found.field,
    success: found.success,
    error: found.error,
    ...optional('messageField', found.messageField),
  };
}
