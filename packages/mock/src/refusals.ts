// The answers that refuse a request, in the spec's error shapes. An API whose
// spec marks an outcome field (the marketplace) answers `{status: 错误, msg}`
// with the documented message of the condition; the source documentation ties
// no message to a refused key or parameter, so those carry the API's message
// for an invalid request (the documented message without a trigger, 无效请求).
// An API without one (analytics, whose error bodies are not shown) answers as
// the spec's examples illustrate: `{message}`, with `errors` naming each
// refused parameter. Status codes are not shown either: 401 for a key, 404 for
// what does not exist, 405 for a method, 415 for a body that is no form, 422
// for a refused value, and 404 for the documented conditions.
import type { Problem } from './inputs.js';
import type { ErrorMessageModel, Json, MockSpec } from './spec.js';

export interface MockAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: Json;
}

export type RefusalReason = 'key' | 'not-found' | 'method' | 'invalid';

const STATUS: Record<RefusalReason, number> = { key: 401, 'not-found': 404, method: 405, invalid: 422 };

const label = (field: string): string => field.replace(/_/g, ' ');

/** A Laravel-style sentence for one refused value, as the spec's `invalidParameter` example reads. */
export function problemMessage(problem: Problem): string {
  const name = label(problem.field);
  switch (problem.rule) {
    case 'required':
      return `The ${name} field is required.`;
    case 'not-allowed':
      return `The selected ${name} is invalid.`;
    case 'integer':
      return `The ${name} field must be an integer.`;
    case 'number':
      return `The ${name} field must be a number.`;
    case 'boolean':
      return `The ${name} field must be true or false.`;
    case 'date':
      return `The ${name} field must match the format Y-m-d.`;
    case 'pattern':
      return `The ${name} field format is invalid.`;
    case 'too-short':
      return `The ${name} field must be at least ${problem.limit ?? 1} characters.`;
    case 'forbidden':
      return `The ${name} field is prohibited.`;
    case 'media-type':
      return 'The body must be application/x-www-form-urlencoded.';
  }
}

const TEXT: Record<Exclude<RefusalReason, 'invalid'>, string> = {
  key: 'Unauthenticated.',
  'not-found': 'Not found.',
  method: 'Method not allowed.',
};

/** The message an outcome-marking API gives requests no documented condition names. */
function generalMessage(spec: MockSpec): string {
  const untriggered = spec.operations.flatMap((operation) => operation.errorMessages).find((entry) => !entry.trigger);
  return untriggered?.msg ?? 'invalid request';
}

function outcomeBody(spec: MockSpec, msg: string): Json {
  const outcome = spec.outcome!;
  return { [outcome.field]: outcome.error, [outcome.messageField ?? 'msg']: msg };
}

/** A refusal for `reason`, with the problems of a refused request when there are some. */
export function refusal(spec: MockSpec, reason: RefusalReason, problems: Problem[] = []): MockAnswer {
  const mediaType = problems.some((problem) => problem.rule === 'media-type');
  const status = mediaType ? 415 : STATUS[reason];
  if (spec.outcome) return { status, body: outcomeBody(spec, generalMessage(spec)) };
  if (reason !== 'invalid' || problems.length === 0) return { status, body: { message: TEXT[reason as 'key'] } };
  const errors: Record<string, string[]> = {};
  for (const problem of problems) errors[problem.field] = [...(errors[problem.field] ?? []), problemMessage(problem)];
  const [first] = problems.map(problemMessage);
  const more = problems.length - 1;
  const message = more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first;
  return { status, body: { message: message ?? 'The given data was invalid.', errors } };
}

/** The answer of a documented condition: its exact message, or a plain not-found where the spec has none. */
export function documentedRefusal(spec: MockSpec, message: ErrorMessageModel | undefined): MockAnswer {
  if (!message || !spec.outcome) return refusal(spec, 'not-found');
  return { status: 404, body: outcomeBody(spec, message.msg) };
}
