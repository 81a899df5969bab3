// Opt-in validation of successful responses against the spec, with
// validators compiled at build time (ajv standalone code of the specs'
// response schemas). A separate entry point, so that clients that do not use
// it do not carry the validators in their bundle; it hands the client a list
// of problems and shares no class with it. On a payload with very many
// problems the validators stop early, and the list stays capped.
import { describeProblems, type SchemaError } from '@tallyport/spec-model/query';
import * as analyticsValidators from './generated/analytics-responses.js';
import * as marketplaceValidators from './generated/marketplace-responses.js';
import type { ResponseValidator } from './response-check.js';

export type { ResponseValidator } from './response-check.js';

/** A compiled validator: true when the value matches; `errors` says why not. */
type CompiledValidator = ((value: unknown) => boolean) & { errors?: SchemaError[] | null };

function validatorFor(validators: Readonly<Record<string, unknown>>): ResponseValidator {
  return (operationId, payload) => {
    const validate = validators[operationId] as CompiledValidator | undefined;
    if (validate === undefined) return undefined;
    let errors: readonly SchemaError[];
    try {
      if (validate(payload)) return undefined;
      errors = validate.errors ?? [];
    } catch (stop) {
      // The generated validators stop once they hold more problems than anyone reads.
      const gathered = (stop as { schemaErrors?: SchemaError[] }).schemaErrors;
      if (!gathered) throw stop;
      errors = gathered;
    }
    return describeProblems(errors);
  };
}

/** Pass as `validateResponses` to createAnalyticsClient. */
export const analyticsResponseValidator: ResponseValidator = validatorFor(analyticsValidators);
/** Pass as `validateResponses` to createMarketplaceClient. */
export const marketplaceResponseValidator: ResponseValidator = validatorFor(marketplaceValidators);
