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
  RecordKind,
  RecordLocation,
} from '@tallyport/spec-model/query';
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

// The spec model's own questions, asked of the mock's lighter model: one set of answers for the mock and the tester.
export {
  echoParameter as echoing,
  identifyingParameter as identifying,
  listedKind,
  parameterWithRole,
  propertiesOf,
  recordLocations,
  singleKind,
  successResponses,
  typesOf,
} from '@tallyport/spec-model/query';
