// Opt-in validation of successful responses against the spec. A separate
// entry point so that clients that do not use it do not carry the schemas.
import { ResponseValidationError } from './errors.js';
import { analyticsResponseDefinitions, analyticsResponseSchemas } from './generated/analytics-responses.js';
import { marketplaceResponseDefinitions, marketplaceResponseSchemas } from './generated/marketplace-responses.js';
import { checkSchema, type SchemaDefinitions } from './json-schema-check.js';
import type { ResponseValidator } from './response-check.js';

export type { ResponseValidator } from './response-check.js';
export { checkSchema, type SchemaDefinitions } from './json-schema-check.js';

function validatorFor(schemas: Record<string, unknown>, definitions: SchemaDefinitions): ResponseValidator {
  return (operationId, payload) => {
    const schema = schemas[operationId];
    if (schema === undefined) return;
    const problems = checkSchema(schema as boolean | Record<string, unknown>, payload, '$', definitions);
    if (problems.length) {
      throw new ResponseValidationError(
        `The response of ${operationId} does not match the spec: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''}.`,
        operationId,
        problems,
      );
    }
  };
}

/** Pass as `validateResponses` to createAnalyticsClient. */
export const analyticsResponseValidator: ResponseValidator = validatorFor(
  analyticsResponseSchemas,
  analyticsResponseDefinitions as SchemaDefinitions,
);
/** Pass as `validateResponses` to createMarketplaceClient. */
export const marketplaceResponseValidator: ResponseValidator = validatorFor(
  marketplaceResponseSchemas,
  marketplaceResponseDefinitions as SchemaDefinitions,
);
