// The three per-exchange verdicts shared by the generic checks and by the
// write lifecycle (whose exchanges are not baseline probes).
import { declaredResponseKeys, responseFor } from '../spec/operations.js';
import { validateAgainst } from '../spec/validator.js';
import { type Exchange, is2xx } from '../http/transport.js';
import type { RunContext } from '../context.js';
import { fail, noResponse, pass } from './evidence.js';
import type { CaseResult } from './types.js';

const MAX_SCHEMA_ERRORS = 6;

export function statusVerdict(
  ctx: RunContext,
  title: string,
  exchange: Exchange,
  expect: 'success' | 'error',
): CaseResult {
  const missing = noResponse(title, exchange);
  if (missing) return missing;
  const op = ctx.op(exchange.template.operationId);
  const status = exchange.response!.status;
  if (!responseFor(op, status)) {
    return fail(
      title,
      exchange,
      `a status declared by ${op.id} (${declaredResponseKeys(op)})`,
      `HTTP ${status} is not declared`,
    );
  }
  if (expect === 'success' && !is2xx(exchange)) {
    return fail(title, exchange, `2XX for a conforming request to ${op.id}`, `HTTP ${status}`);
  }
  return pass(title);
}

function mediaType(contentType: string | null): string | undefined {
  return contentType?.split(';')[0]?.trim().toLowerCase() || undefined;
}

export function contentTypeVerdict(ctx: RunContext, title: string, exchange: Exchange): CaseResult {
  const missing = noResponse(title, exchange);
  if (missing) return missing;
  const response = exchange.response!;
  const op = ctx.op(exchange.template.operationId);
  const declared = responseFor(op, response.status);
  if (!declared) return pass(title); // an undeclared status is status_code_conformance's finding
  if (response.text === '') return pass(title); // nothing to type
  const actual = mediaType(response.contentType);
  if (actual && declared.mediaTypes.includes(actual)) return pass(title);
  return fail(
    title,
    exchange,
    `Content-Type ${declared.mediaTypes.join(' or ') || '(no body)'} for ${declared.key} of ${op.id}`,
    `Content-Type ${response.contentType ?? '(none)'}`,
  );
}

export function schemaVerdict(ctx: RunContext, title: string, exchange: Exchange): CaseResult {
  const missing = noResponse(title, exchange);
  if (missing) return missing;
  const response = exchange.response!;
  const op = ctx.op(exchange.template.operationId);
  const declared = responseFor(op, response.status);
  if (!declared?.schemaPointer) return pass(title);
  if (response.jsonError !== undefined || response.json === undefined) {
    return fail(
      title,
      exchange,
      `a JSON body matching ${op.id} ${declared.key}`,
      response.text === '' ? 'an empty body' : 'a body that is not JSON',
    );
  }
  const verdict = validateAgainst(ctx.api, declared.schemaPointer, response.json);
  if (verdict.valid) return pass(title);
  const shown = verdict.problems.slice(0, MAX_SCHEMA_ERRORS).join('; ');
  const more =
    verdict.problems.length > MAX_SCHEMA_ERRORS ? ` (+${verdict.problems.length - MAX_SCHEMA_ERRORS} more)` : '';
  return fail(
    title,
    exchange,
    `the ${declared.key} schema of ${op.id} (${declared.schemaPointer})`,
    `schema errors: ${shown}${more}`,
  );
}
