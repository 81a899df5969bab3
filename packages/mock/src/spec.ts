// The specs as the mock reads them at run time: src/generated/*.mock-model.json,
// written by `pnpm generate` from the one spec model, so the published package
// never reads the repository. Also the few questions the engine asks of them.
import type {
  ApiName,
  ErrorMessageModel,
  Json,
  JsonObject,
  JsonSchema,
  OperationModel,
  OutcomeModel,
  ParameterModel,
  ParameterRole,
  RecordKind,
  RecordLocation,
} from '@tallyport/spec-model/query';
import { isObject } from '@tallyport/spec-model/query';
import analytics from './generated/analytics.mock-model.json' with { type: 'json' };
import marketplace from './generated/marketplace.mock-model.json' with { type: 'json' };

export type { ApiName, ErrorMessageModel, Json, JsonObject, JsonSchema, ParameterModel, RecordLocation };

export interface MockExample {
  name: string;
  value: Json;
}

export interface MockResponse {
  key: string;
  mediaTypes: string[];
  records: RecordLocation[];
  examples: MockExample[];
}

export type MockOperation = Pick<
  OperationModel,
  'id' | 'method' | 'path' | 'effect' | 'credential' | 'parameters' | 'body' | 'errorMessages'
> & { responses: MockResponse[] };

export interface MockSpec {
  api: ApiName;
  source: string;
  version: string;
  operations: MockOperation[];
  records: Record<string, Omit<RecordKind, 'schemaPointer'>>;
  outcome?: OutcomeModel;
  /** The schema of each record kind, `$ref`s resolved. */
  recordSchemas: Record<string, JsonSchema>;
}

export const SPECS: Record<ApiName, MockSpec> = {
  analytics: analytics.spec as unknown as MockSpec,
  marketplace: marketplace.spec as unknown as MockSpec,
};

export const API_NAMES = Object.keys(SPECS) as ApiName[];

export const parameterWithRole = (operation: MockOperation, role: ParameterRole): ParameterModel | undefined =>
  operation.parameters.find((parameter) => parameter.role === role);

export const successResponses = (operation: MockOperation): MockResponse[] =>
  operation.responses.filter((response) => response.key.startsWith('2'));

/** Where the success answer holds records (deepest first), of one kind or of any. */
export const recordLocations = (operation: MockOperation, kind?: string): RecordLocation[] =>
  successResponses(operation)
    .flatMap((response) => response.records)
    .filter((location) => kind === undefined || location.record === kind);

/** The kind of record an operation answers many of (a list), if any. */
export const listedKind = (operation: MockOperation): string | undefined =>
  recordLocations(operation).find((location) => location.many)?.record;

/** The kind of record an operation answers one of, if it answers no list. */
export const singleKind = (operation: MockOperation): string | undefined =>
  listedKind(operation) === undefined ? recordLocations(operation)[0]?.record : undefined;

/** The parameter that holds an identifier of `kind` (`x-tallyport-identifies`). */
export const identifying = (operation: MockOperation, kind?: string): ParameterModel | undefined =>
  operation.parameters.find((parameter) => parameter.identifies && (!kind || parameter.identifies === kind));

/** The parameter whose value equals a field of the answered record (`x-tallyport-echo`). */
export const echoing = (operation: MockOperation): ParameterModel | undefined =>
  operation.parameters.find((parameter) => parameter.echo !== undefined);

/** Properties a schema describes, looking through allOf/oneOf/anyOf. */
export function propertiesOf(schema: Json | undefined): Record<string, Json> {
  if (!isObject(schema)) return {};
  const found: Record<string, Json> = {};
  for (const combinator of ['allOf', 'oneOf', 'anyOf'] as const) {
    const branches = schema[combinator];
    if (Array.isArray(branches)) for (const branch of branches) Object.assign(found, propertiesOf(branch));
  }
  return { ...found, ...(isObject(schema.properties) ? schema.properties : {}) };
}

/** `schema.type` as a list. */
export function typesOf(schema: Json | undefined): string[] {
  if (!isObject(schema)) return [];
  const type = schema.type;
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return typeof type === 'string' ? [type] : [];
}
