// Validation of response bodies with the repository's one schema engine
// (JSON Schema 2020-12, formats on): each bundled document is registered
// whole, so schemas compile where they stand and their $refs keep working.
// The engine is verbose, so a failure can be explained: where a body matches
// none of a oneOf's shapes, only the problems of the shape it fits best are
// listed, each with the value that came back.
import { createSchemaEngine, type Verdict } from '@tallyport/spec-model/validation';
import { API_NAMES, type ApiName, specModels } from './models.js';

const engine = createSchemaEngine(Object.values(specModels), { verbose: true });

export type SchemaVerdict = Verdict;

/** Whether `value` matches the schema at `schemaPointer`; the problems are worked out only when they are read. */
export function validateAgainst(api: ApiName, schemaPointer: string, value: unknown): SchemaVerdict {
  const validate = engine.compile(api, schemaPointer);
  if (validate(value)) return { valid: true, problems: [] };
  let problems: string[] | undefined;
  return {
    valid: false,
    get problems() {
      problems ??= engine.explain(validate, value).problems;
      return problems;
    },
  };
}

/**
 * Compiles the schema of every declared response now, so a run that waits for something anyway (the embedded
 * mocks starting) does not compile them between requests later.
 */
export function compileResponseSchemas(): void {
  for (const api of API_NAMES)
    for (const operation of specModels[api].operations)
      for (const response of operation.responses)
        if (response.schemaPointer) engine.compile(api, response.schemaPointer);
}
