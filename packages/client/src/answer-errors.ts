// What a failed answer means: the error class its status and body call for,
// with the details every APIError carries (status, redacted URL, headers and
// a redacted copy of at most 4 kB of the body). Also the details of a
// successful answer the client cannot read, so that error says the same.
import type { Redactor } from '@tallyport/redaction';
import {
  APIError,
  type APIErrorDetails,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  UnexpectedResponseError,
  UnprocessableEntityError,
} from './errors.js';
import { retryAfterFetchHeadersMs } from '@tallyport/http-policy';
import { isObject } from '@tallyport/spec-model/query';

/** How much of an error body an error keeps (characters). */
const ERROR_BODY_KEPT = 4096;

export const CHECK_SETUP = 'Check `baseUrl` (without /api) and the API key.';

const ERROR_BY_STATUS: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

export const looksLikeHtml = (contentType: string, text: string): boolean =>
  contentType.includes('html') || /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);

/**
 * A value of an answer as JSON text, redacted. The redacted copy is cut at a
 * nesting depth, so a hostile answer nested a million levels deep cannot make
 * JSON.stringify overflow the stack.
 */
export const redactedJson = (redactor: Redactor, value: unknown): string =>
  JSON.stringify(redactor.value(value)) ?? String(value);

/** A parsed body as an error keeps it: redacted, and as cut text once longer than ERROR_BODY_KEPT. */
export function keptValue(redactor: Redactor, value: unknown): unknown {
  if (value === undefined) return undefined;
  const copy = redactor.value(value);
  const text = JSON.stringify(copy) ?? '';
  return text.length <= ERROR_BODY_KEPT ? copy : redactor.truncate(text, ERROR_BODY_KEPT);
}

export interface AnswerFacts {
  status: number;
  headers: Headers;
  method: string;
  /** The URL as sent (key included); redacted here before it goes anywhere. */
  url: string;
  redactor: Redactor;
}

/** The details an error about this answer carries, `body` already redacted and capped. */
export const detailsOf = (answer: AnswerFacts, body?: unknown): APIErrorDetails => ({
  status: answer.status,
  method: answer.method,
  url: answer.redactor.url(answer.url),
  body,
  headers: answer.redactor.headers(answer.headers),
});

/**
 * An error about an answer, said one way: `<status> from <method> <redacted URL>: <problem>` (no problem: the
 * status says it all), with its details. UnexpectedResponseError unless another class is given.
 */
export const answerError = (
  details: APIErrorDetails,
  problem: string,
  Class: typeof APIError = UnexpectedResponseError,
  fields?: object,
): APIError =>
  new Class(`${details.status} from ${details.method} ${details.url}${problem && `: ${problem}`}`, details, fields);

/** A successful payload without what the caller asked for: the status and a redacted, capped copy of it. */
export const unreadable = (answer: AnswerFacts, payload: unknown, problem: string): APIError =>
  answerError(detailsOf(answer, keptValue(answer.redactor, payload)), problem);

/** The first message a JSON error body holds under a usual name (its own fields only). */
const serverMessage = (body: unknown): string | undefined =>
  ['message', 'msg', 'error', 'detail', 'title']
    .map((key) => (isObject(body) && Object.hasOwn(body, key) ? body[key] : undefined))
    .find((said): said is string => typeof said === 'string');

/** Per-field messages of a Laravel-style `errors`, redacted, bounded, in a map without a prototype. */
function fieldErrors(redactor: Redactor, body: unknown): Record<string, string[]> {
  const errors = (body as { errors?: unknown } | null | undefined)?.errors;
  const out: Record<string, string[]> = Object.create(null);
  if (isObject(errors)) {
    for (const [field, messages] of Object.entries(errors).slice(0, 100)) {
      out[redactor.truncate(field, 200)] = (Array.isArray(messages) ? messages : [messages])
        .slice(0, 20)
        .map((m) => redactor.truncate(typeof m === 'string' ? m : redactedJson(redactor, m), 300));
    }
  }
  return out;
}

function redirectTarget(redactor: Redactor, location: string | null, base: string): string {
  if (!location) return '';
  try {
    return ` to ${redactor.url(new URL(location, base).href)}`;
  } catch {
    return ` to a malformed Location ${redactor.truncate(JSON.stringify(location), 200)}`;
  }
}

export type ClassifyErrorBody = (body: unknown, details: APIErrorDetails, redactor: Redactor) => APIError | undefined;

/** The error for a non-2XX answer whose body (`text`, possibly cut at the size limit) was read. */
export function toError(answer: AnswerFacts, text: string, exceeded: boolean, classify?: ClassifyErrorBody): APIError {
  const { redactor, headers, status } = answer;
  const html = looksLikeHtml(headers.get('content-type') ?? '', text);
  let parsed: unknown;
  if (!html && !exceeded) {
    try {
      parsed = JSON.parse(text);
    } catch {}
  }
  // JSON.parse never returns undefined: a body that parsed has a value.
  const json = parsed !== undefined;
  // The whole body is read (within maxResponseBytes) to classify it; an error keeps a few kB of it.
  const kept =
    html || text === '' ? undefined : json ? keptValue(redactor, parsed) : redactor.truncate(text, ERROR_BODY_KEPT);
  const details = detailsOf(answer, kept);
  const known = json && classify?.(parsed, details, redactor);
  if (known) return known;
  const redirect = status >= 300 && status < 400;
  const said = json && serverMessage(parsed);
  const wrong = redirect
    ? `a redirect${redirectTarget(redactor, headers.get('location'), answer.url)} where JSON was expected`
    : html && 'an HTML page';
  const problem = wrong ? `${wrong}. ${CHECK_SETUP}` : said ? redactor.truncate(said, 300) : '';
  const Class = redirect ? UnexpectedResponseError : status >= 500 ? InternalServerError : ERROR_BY_STATUS[status];
  const fields =
    status === 422
      ? { fields: fieldErrors(redactor, parsed) }
      : status === 429
        ? { retryAfterMs: retryAfterFetchHeadersMs(headers) }
        : undefined;
  return answerError(details, problem, Class ?? APIError, fields);
}
