// The hook through which an opt-in response validator sees every successful
// payload (see `@tallyport/client/response-validation`). A validator returns
// the problems it found and the client throws ResponseValidationError, so the
// validators' entry point needs none of the client's classes.
import { ResponseValidationError } from './errors.js';

/** Returns the problems of a payload as an array of texts (an empty array or nothing: valid); may also throw. */
export type ResponseValidator = (operationId: string, payload: unknown) => unknown;

/** How many problems the error message spells out (all of them, capped, are in `problems`). */
const SHOWN_IN_MESSAGE = 5;

export function checkResponse(validator: ResponseValidator | undefined, operationId: string, payload: unknown): void {
  const problems = validator?.(operationId, payload);
  if (!Array.isArray(problems) || problems.length === 0) return;
  const rest = problems.length > SHOWN_IN_MESSAGE ? ` (and ${problems.length - SHOWN_IN_MESSAGE} more)` : '';
  throw new ResponseValidationError(
    `The response of ${operationId} does not match the spec: ${problems.slice(0, SHOWN_IN_MESSAGE).join('; ')}${rest}.`,
    operationId,
    problems,
  );
}
