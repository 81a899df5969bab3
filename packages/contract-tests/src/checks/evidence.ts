// How checks turn exchanges into verdicts: a short account of what came back
// and the curl that reproduces the request, one place for every check.
import { operationById } from '@tallyport/spec-model/query';
import { toCurl } from '../http/curl.js';
import { answered, type Exchange } from '../http/transport.js';
import { specModels } from '../specs.js';
import type { Basis, CaseResult, EvidenceStep, FailureKind } from './types.js';

const MAX_BODY = 400;

/** What came back, cut short; the reporters redact every text after cutting. */
export function describeResponse(exchange: Exchange): string {
  if (!exchange.response) return `no response: ${exchange.error ?? 'unknown error'}`;
  const { status, contentType, text } = exchange.response;
  const body = text.length > MAX_BODY ? `${text.slice(0, MAX_BODY)}… (${text.length} chars)` : text;
  return `HTTP ${status} (${contentType ?? 'no Content-Type'}) ${body || '(empty body)'}`;
}

export const titleOf = (exchange: Exchange): string => exchange.case?.title ?? exchange.template.label;

export const pass = (title: string): CaseResult => ({ status: 'pass', title });

export const skip = (title: string, reason: string): CaseResult => ({ status: 'skip', title, reason });

const writes = (exchange: Exchange): boolean =>
  operationById(specModels[exchange.template.api], exchange.template.operationId).effect !== 'read';

/** The exchanges a verdict rests on, in replay order: writes first, then the rest, each in the order sent. */
function stepsOf(exchanges: readonly Exchange[]): EvidenceStep[] {
  const unique = [...new Map(exchanges.map((exchange) => [exchange.id, exchange])).values()];
  return unique
    .sort((a, b) => Number(writes(b)) - Number(writes(a)) || a.id - b.id)
    .map((exchange) => ({
      exchangeId: exchange.id,
      title: titleOf(exchange),
      got: describeResponse(exchange),
      curl: toCurl(exchange.template),
    }));
}

export interface FailOptions {
  /** What the verdict rests on: a fact of the source documentation, or a convention. */
  basis: Basis;
  title?: string;
  /** Other exchanges the verdict rests on. */
  related?: Exchange[];
}

/** A verdict against `exchange`: an error when the source decides it, a warning when it rests on a convention. */
export function fail(
  kind: FailureKind,
  exchange: Exchange,
  expected: string,
  actual: string,
  options: FailOptions,
): CaseResult {
  const specified = options.basis === 'specified';
  return {
    status: specified ? 'fail' : 'warn',
    title: options.title ?? titleOf(exchange),
    reason: actual,
    kind,
    basis: options.basis,
    severity: specified ? 'error' : 'warning',
    operationId: exchange.template.operationId,
    expected,
    actual: `${actual}\n${describeResponse(exchange)}`,
    curl: toCurl(exchange.template),
    exchangeIds: [exchange.id, ...(options.related ?? []).map((other) => other.id)],
    steps: stepsOf([exchange, ...(options.related ?? [])]),
  };
}

export const interrupted = (title: string): CaseResult => ({
  status: 'interrupted',
  title,
  reason: 'the run was interrupted before an answer came',
});

/** An exchange with no complete answer cannot be judged: cut short by the interrupt, or why, as a skip. */
export function unanswered(exchange: Exchange): CaseResult | undefined {
  if (answered(exchange)) return undefined;
  if (exchange.interrupted) return interrupted(titleOf(exchange));
  return skip(titleOf(exchange), `no answer to judge: ${exchange.error}`);
}

/** 429 and 5XX say nothing about whether a request was acceptable. */
export const inconclusive = (status: number): boolean => status === 429 || status >= 500;
