// Analytics error answers. The source documentation shows neither their body nor their status ("error body shape
// and error codes: not shown"), so each style here is the one a real framework writes by default (SILENCES.md
// 14, 17, 22, 24, 25), including the non-JSON answers Laravel, Express and Go give in some cases.
import { STATUS_CODES } from 'node:http';
import type { Choices } from './choices.js';
import { type Answer, jsonAnswer } from './http-kit.js';

export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'unsupported-media-type'
  | 'payload-too-large'
  | 'too-many-requests'
  | 'bad-request'
  | 'not-acceptable'
  | 'gone'
  | 'range-not-satisfiable'
  | 'payment-required';

export interface FieldError {
  field: string;
  message: string;
  location: 'query' | 'body' | 'path';
  input?: string;
}

export interface ApiError {
  kind: ErrorKind;
  status: number;
  message: string;
  fields?: FieldError[];
  headers?: Record<string, string>;
  /** A refusal of the key, whose body some frameworks leave empty or write as text (`authErrorBody`). */
  auth?: boolean;
  /** A parameter that did not bind, which ASP.NET Core minimal APIs answer 400 without a body (choice 130). */
  empty?: boolean;
}

export interface ErrorContext {
  /** The request path, as the client sent it. */
  path: string;
  /** Scheme, host and mount path of the deployment, for redirects. */
  origin: string;
  /** Whether the request asked for JSON (Laravel's web handling of the others). */
  wantsJson: boolean;
}

export function validationError(choices: Choices, fields: FieldError[]): ApiError {
  const first = fields[0]?.message ?? 'The given data was invalid.';
  const more = fields.length > 1 ? ` (and ${fields.length - 1} more error${fields.length > 2 ? 's' : ''})` : '';
  return { kind: 'validation', status: choices.validationStatus, message: `${first}${more}`, fields };
}

export function simpleError(kind: ErrorKind, status: number, message: string, headers?: Record<string, string>) {
  return { kind, status, message, ...(headers ? { headers } : {}) } satisfies ApiError;
}

function reason(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

function grouped(fields: FieldError[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const field of fields) out[field.field] = [...(out[field.field] ?? []), field.message];
  return out;
}

const HTML_PAGE = (status: number) =>
  `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${reason(status)}</title>\n</head>\n` +
  `<body>\n<div class="code">${status}</div><div class="message">${reason(status)}</div>\n</body>\n</html>\n`;

/** A body as JSON to write, or as text already written (plain text, an HTML page), or none at all. */
type ErrorBody = { value: unknown; type: string } | { text: string; type: string } | undefined;

function body(error: ApiError, choices: Choices, context: ErrorContext): ErrorBody {
  const json = choices.jsonContentType;
  const fields = error.fields ?? [];
  switch (choices.alwaysOk ? 'envelope' : choices.errorStyle) {
    case 'laravel':
      return {
        value: fields.length ? { message: error.message, errors: grouped(fields) } : { message: error.message },
        type: json,
      };
    case 'problem':
      return {
        value: {
          type: 'about:blank',
          title: reason(error.status),
          status: error.status,
          detail: error.message,
          instance: context.path,
          ...(fields.length ? { errors: fields.map((f) => ({ detail: f.message, parameter: f.field })) } : {}),
        },
        type: 'application/problem+json',
      };
    case 'drf':
      return { value: fields.length ? grouped(fields) : { detail: error.message }, type: json };
    case 'rails':
      return {
        value: fields.length ? { errors: grouped(fields) } : { status: error.status, error: error.message },
        type: json,
      };
    case 'fastapi':
      return {
        value: fields.length
          ? {
              detail: fields.map((f) => ({
                type: f.message.startsWith('Extra inputs') ? 'extra_forbidden' : 'value_error',
                loc: [f.location, f.field],
                msg: f.message,
                input: f.input ?? null,
              })),
            }
          : { detail: error.message },
        type: json,
      };
    case 'express':
      return {
        value: fields.length
          ? { error: 'Validation failed', details: fields.map((f) => ({ field: f.field, message: f.message })) }
          : { error: error.message },
        type: json,
      };
    case 'nest':
      return {
        value: {
          statusCode: error.status,
          message: fields.length ? fields.map((f) => f.message) : error.message,
          error: reason(error.status),
        },
        type: json,
      };
    case 'go-text':
      return {
        text: `${fields.length ? fields.map((f) => f.message).join('; ') : error.message}\n`,
        type: 'text/plain; charset=utf-8',
      };
    case 'stripe':
      return {
        value: {
          error: {
            type: error.kind === 'unauthenticated' ? 'authentication_error' : 'invalid_request_error',
            message: error.message,
            ...(fields[0] ? { param: fields[0].field } : {}),
          },
        },
        type: json,
      };
    case 'jsonapi':
      // JSON:API error objects: status as text, a source pointer or parameter.
      return {
        value: {
          errors: (fields.length ? fields : [undefined]).map((f) => ({
            status: String(error.status),
            title: reason(error.status),
            detail: f?.message ?? error.message,
            ...(f
              ? {
                  source: f.location === 'body' ? { pointer: `/data/attributes/${f.field}` } : { parameter: f.field },
                }
              : {}),
          })),
        },
        type: json,
      };
    case 'hydra':
      // API Platform 3: a ConstraintViolationList for validation, a hydra:Error otherwise.
      return {
        value: fields.length
          ? {
              '@context': '/api/v1/contexts/ConstraintViolationList',
              '@type': 'ConstraintViolationList',
              'hydra:title': 'An error occurred',
              'hydra:description': fields.map((f) => `${f.field}: ${f.message}`).join('\n'),
              violations: fields.map((f) => ({ propertyPath: f.field, message: f.message })),
            }
          : {
              '@context': '/api/v1/contexts/Error',
              '@type': 'hydra:Error',
              'hydra:title': 'An error occurred',
              'hydra:description': error.message,
            },
        type: 'application/ld+json; charset=utf-8',
      };
    case 'odata':
      // ASP.NET Core OData's ODataError.
      return {
        value: {
          error: {
            code: error.kind,
            message: error.message,
            ...(fields.length
              ? { details: fields.map((f) => ({ code: 'validation', target: f.field, message: f.message })) }
              : {}),
          },
        },
        type: json,
      };
    case 'jsend':
      // JSend: `fail` for data the client sent (with a message per field), `error` for everything else.
      return {
        value: fields.length
          ? { status: 'fail', data: Object.fromEntries(fields.map((f) => [f.field, f.message])) }
          : { status: 'error', message: error.message, code: error.status },
        type: json,
      };
    case 'django-html':
      return djangoErrorPage(error);
    case 'koa-text':
      // Koa's default error handler: the message of an exposed (4xx) error as plain text, nothing else.
      return {
        text: fields.length ? fields.map((f) => f.message).join('. ') : error.message,
        type: 'text/plain; charset=utf-8',
      };
    case 'postgrest':
      return { value: postgrestError(error), type: 'application/json; charset=utf-8' };
    case 'github':
      return { value: githubError(error), type: json };
    case 'envelope':
      return {
        value: {
          status: 'error',
          code: error.status,
          message: error.message,
          ...(fields.length ? { errors: grouped(fields) } : {}),
        },
        type: json,
      };
  }
}

/** The answer a variant gives for an error, status, media type and headers included. */
export function errorAnswer(error: ApiError, choices: Choices, context: ErrorContext): Answer {
  const headers = { ...(error.headers ?? {}) };
  if (choices.nonJsonAccept === 'laravel-web' && !context.wantsJson && !choices.alwaysOk) {
    // Laravel's handler for a client that did not ask for JSON: back with the errors in the session, to the
    // login page, or an HTML error page.
    if (error.kind === 'validation') return { status: 302, headers: { ...headers, Location: `${context.origin}/` } };
    if (error.kind === 'unauthenticated') {
      return { status: 302, headers: { ...headers, Location: `${context.origin}/login` } };
    }
    return { status: error.status, headers, body: { text: HTML_PAGE(error.status), type: 'text/html; charset=UTF-8' } };
  }
  const status = choices.alwaysOk ? 200 : error.status;
  if (error.auth && !choices.alwaysOk && choices.authErrorBody === 'empty') return { status, headers };
  if (error.auth && !choices.alwaysOk && choices.authErrorBody === 'rails-text') {
    return { status, headers, body: { text: 'HTTP Token: Access denied.\n', type: 'text/plain; charset=utf-8' } };
  }
  if (error.empty && !choices.alwaysOk) return { status, headers };
  const rendered = body(error, choices, context);
  if (rendered === undefined) return { status, headers };
  if ('text' in rendered) return { status, headers, body: rendered };
  return jsonAnswer(status, rendered.value, rendered.type, headers);
}

/**
 * Plain Django views (DEBUG off): refused input raises `BadRequest` and Django writes its stock 400 page, a missing
 * object its 404 page, `PermissionDenied` its 403 page; `require_http_methods` answers 405 without a body; the key
 * decorator answers JSON.
 */
function djangoErrorPage(error: ApiError): ErrorBody {
  if (error.auth) return { value: { error: error.message }, type: 'application/json' };
  if (error.kind === 'method-not-allowed') return undefined;
  if (error.kind === 'not-found' || error.kind === 'gone') {
    return { text: djangoNotFound('').body!.text, type: 'text/html; charset=utf-8' };
  }
  const title =
    error.status === 403 ? '403 Forbidden' : error.status >= 500 ? 'Server Error (500)' : `Bad Request (400)`;
  const text =
    `<!doctype html>\n<html lang="en">\n<head>\n  <title>${title}</title>\n</head>\n<body>\n` +
    `  <h1>${title}</h1><p></p>\n</body>\n</html>\n`;
  return { text, type: 'text/html; charset=utf-8' };
}

/**
 * GitHub's REST error bodies: a message and a link to the documentation; a 422 says "Validation Failed" and lists
 * each field's error with a code (`missing_field`, `already_exists`, `invalid`).
 */
function githubError(error: ApiError): Record<string, unknown> {
  const documentation_url = 'https://docs.analytics.example/rest';
  const fields = error.fields ?? [];
  if (!fields.length) return { message: error.message, documentation_url };
  const code = (f: FieldError) =>
    /required/.test(f.message) ? 'missing_field' : /already been taken/.test(f.message) ? 'already_exists' : 'invalid';
  return {
    message: 'Validation Failed',
    errors: fields.map((f) => ({ resource: 'Website', field: f.field, code: code(f), message: f.message })),
    documentation_url,
  };
}

/** PostgREST's error object: a PGRST code (or a Postgres SQLSTATE), `details`, `hint` and `message`. */
function postgrestError(error: ApiError): Record<string, unknown> {
  const fields = error.fields ?? [];
  const details = fields.length ? fields.map((f) => `${f.field}: ${f.message}`).join('; ') : null;
  switch (error.kind) {
    case 'range-not-satisfiable':
      return { code: 'PGRST103', details, hint: null, message: 'Requested range not satisfiable' };
    case 'not-found':
      return {
        code: 'PGRST116',
        details: 'The result contains 0 rows',
        hint: null,
        message: 'JSON object requested, multiple (or no) rows returned',
      };
    case 'unauthenticated':
      return { code: 'PGRST301', details: null, hint: null, message: error.message };
    case 'validation':
      // A CHECK constraint or a failed cast in the gateway's function: Postgres' SQLSTATE, the fields in details.
      return { code: '22023', details, hint: null, message: error.message };
    default:
      return { code: 'PGRST000', details: null, hint: null, message: error.message };
  }
}

/** Express's own answer when no route matches: an HTML page, whatever the API's error style. */
export function expressNoRoute(method: string, path: string): Answer {
  const text =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
    `<pre>Cannot ${method} ${path.replace(/[<>&]/g, '')}</pre>\n</body>\n</html>\n`;
  return {
    status: 404,
    headers: { 'Content-Security-Policy': "default-src 'none'" },
    body: { text, type: 'text/html; charset=utf-8' },
  };
}

/** Django's own 404 page for a URL no pattern matches (DEBUG off), whatever the API's error style. */
export function djangoNotFound(path: string): Answer {
  const text =
    '<!doctype html>\n<html lang="en">\n<head>\n  <title>Not Found</title>\n</head>\n<body>\n  <h1>Not Found</h1>' +
    '<p>The requested resource was not found on this server.</p>' +
    `<!-- ${path.replace(/[<>&-]/g, '')} -->\n</body>\n</html>\n`;
  return { status: 404, body: { text, type: 'text/html; charset=utf-8' } };
}

/** Go's ServeMux answers for an unknown path or a method the pattern lacks. */
export function goMuxAnswer(status: 404 | 405, allow?: string): Answer {
  const text = status === 404 ? '404 page not found\n' : 'Method Not Allowed\n';
  return {
    status,
    headers: { 'X-Content-Type-Options': 'nosniff', ...(allow ? { Allow: allow } : {}) },
    body: { text, type: 'text/plain; charset=utf-8' },
  };
}
