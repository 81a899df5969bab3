// Whether an answer of the mock is one the spec describes: its body checked
// with the repository's one schema engine against the response the spec
// declares for its status.
import { loadSpecs } from '@tallyport/spec-model';
import { type ApiName, operationById, responseFor } from '@tallyport/spec-model/query';
import { createSchemaEngine } from '@tallyport/spec-model/validation';
import type { Answer } from './call.js';

const loaded = await loadSpecs();
const engine = createSchemaEngine([loaded.analytics.model, loaded.marketplace.model]);

export const specModels = { analytics: loaded.analytics.model, marketplace: loaded.marketplace.model };

/** The schema problems of an answer (none when it conforms), or why it cannot conform. */
export function problems(api: ApiName, operationId: string, answer: Answer): string[] {
  const operation = operationById(specModels[api], operationId);
  const declared = responseFor(operation, answer.status);
  if (!declared) return [`HTTP ${answer.status} is not declared by ${operationId}`];
  if (!declared.schemaPointer) return [];
  return engine.check(engine.compile(api, declared.schemaPointer), answer.body).problems;
}
