// Validation of response bodies with the repository's one schema engine
// (JSON Schema 2020-12, formats on): each bundled document is registered
// whole, so schemas compile where they stand and their $refs keep working.
import { createSchemaEngine, type Verdict } from '@tallyport/spec-model/validation';
import { API_NAMES, type ApiName, specModels } from '../specs.js';

const engine = createSchemaEngine(API_NAMES.map((api) => specModels[api]));

export type SchemaVerdict = Verdict;

export function validateAgainst(api: ApiName, schemaPointer: string, value: unknown): SchemaVerdict {
  return engine.check(engine.compile(api, schemaPointer), value);
}
