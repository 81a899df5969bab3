// How checks turn an exchange into evidence for a report: a short description
// of what came back and the curl that reproduces the request.
import { toCurl } from '../http/curl.js';
import type { Exchange } from '../http/transport.js';
import type { CaseResult } from './types.js';

const MAX_BODY = 400;

export function describeResponse(exchange: Exchange): string {
  if (!exchange.response) return `no response: ${exchange.error ?? 'unknown error'}`;
  const { status, contentType, text } = exchange.response;
  const body = text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} chars)` : text;
  return `HTTP ${status} (${contentType ?? 'no Content-Type'}) ${body || '(empty body)'}`;
}

export function pass(title: string): CaseResult {
  return { title, status: 'pass' };
}

export function skip(title: string, reason: string): CaseResult {
  return { title, status: 'skip', reason };
}

export function fail(title: string, exchange: Exchange | undefined, expected: string, actual?: string): CaseResult {
  return {
    title,
    status: 'fail',
    reason: actual ?? (exchange ? describeResponse(exchange) : 'failed'),
    expected,
    actual: exchange
      ? actual
        ? `${actual}\n${describeResponse(exchange)}`
        : describeResponse(exchange)
      : (actual ?? ''),
    ...(exchange ? { curl: toCurl(exchange.template) } : {}),
  };
}

/** A case that needs a response; when none came, it fails with the reason. */
export function noResponse(title: string, exchange: Exchange): CaseResult | undefined {
  if (exchange.response) return undefined;
  return fail(title, exchange, 'a response', `no response: ${exchange.error ?? 'unknown error'}`);
}
