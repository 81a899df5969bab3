// How checks turn answers into verdicts: a short account of what came back
// and the curl of every request a verdict rests on, one place for every check.
import { toCurl } from '../../transport/curl.js';
import type { Answer } from '../../answers/answer.js';
import type { CaseResult, EvidenceStep, FailureKind } from './types.js';
import { type Basis, failsByDefault } from '../../spec/basis.js';

const MAX_BODY = 400;

/** What came back, cut short (the excerpt is already redacted, so cutting cannot half-show a secret). */
export function describeResponse(answer: Answer): string {
  const { exchange } = answer;
  const response = exchange.response;
  if (!response) return `no response: ${exchange.error ?? 'unknown error'}`;
  const { excerpt, length } = answer.body;
  const body = length > MAX_BODY ? `${excerpt.slice(0, MAX_BODY)}… (${length} chars)` : excerpt;
  return `HTTP ${response.status} (${response.contentType ?? 'no Content-Type'}) ${body || '(empty body)'}`;
}

export const titleOf = (answer: Answer): string => answer.case?.title ?? answer.exchange.template.label;

export const pass = (title: string): CaseResult => ({ status: 'pass', title });

export const skip = (title: string, reason: string): CaseResult => ({ status: 'skip', title, reason });

/** One request a verdict rests on: its exchange, its title, what came back, and the curl that sends it again. */
export const evidenceStep = (answer: Answer): EvidenceStep => ({
  exchangeId: answer.exchange.id,
  title: titleOf(answer),
  got: describeResponse(answer),
  curl: toCurl(answer.exchange.template),
});

/** The answers a verdict rests on, in replay order: writes first, then the rest, each in the order sent. */
function stepsOf(answers: readonly Answer[]): EvidenceStep[] {
  const unique = [...new Map(answers.map((answer) => [answer.exchange.id, answer])).values()];
  const writes = (answer: Answer) => answer.operation.effect !== 'read';
  return unique
    .sort((a, b) => Number(writes(b)) - Number(writes(a)) || a.exchange.id - b.exchange.id)
    .map(evidenceStep);
}

export interface FailOptions {
  /** What the verdict rests on: a fact of the source documentation, or a convention. */
  basis: Basis;
  title?: string;
  /** Other answers the verdict rests on. */
  related?: Answer[];
}

/** A verdict against `answer`: an error when the source decides it, a warning when it rests on a convention. */
export function fail(
  kind: FailureKind,
  answer: Answer,
  expected: string,
  actual: string,
  options: FailOptions,
): CaseResult {
  const specified = failsByDefault(options.basis);
  return {
    status: specified ? 'fail' : 'warn',
    title: options.title ?? titleOf(answer),
    reason: actual,
    kind,
    basis: options.basis,
    severity: specified ? 'error' : 'warning',
    operationId: answer.operation.id,
    expected,
    actual: `${actual}\n${describeResponse(answer)}`,
    curl: toCurl(answer.exchange.template),
    exchangeIds: [answer.exchange.id, ...(options.related ?? []).map((other) => other.exchange.id)],
    steps: stepsOf([answer, ...(options.related ?? [])]),
  };
}

export const interrupted = (title: string): CaseResult => ({
  status: 'interrupted',
  title,
  reason: 'the run was interrupted before an answer came',
});

/** An answer that never completed cannot be judged: cut short by the interrupt, or why, as a skip. */
export function unanswered(answer: Answer): CaseResult | undefined {
  if (answer.answered) return undefined;
  if (answer.exchange.interrupted) return interrupted(titleOf(answer));
  return skip(titleOf(answer), `no answer to judge: ${answer.exchange.error}`);
}

/** A verdict for every answer of a run: `judge` reads each one that came; one that did not is skipped. */
export const eachAnswered = (
  run: { answers: readonly Answer[] },
  judge: (answer: Answer) => CaseResult,
): CaseResult[] => run.answers.map((answer) => unanswered(answer) ?? judge(answer));

/**
 * What a refusal settles before anything else is judged, for a request that should be refused: an answer that
 * never came or says nothing (a 429, a 5XX) is skipped, naming `about`; a refusal passes. Undefined for an answer
 * that accepted the request, which the check judges further.
 */
export function settledByRefusal(answer: Answer, about: string): CaseResult | undefined {
  const waiting = unanswered(answer);
  if (waiting) return waiting;
  if (answer.verdict === 'inconclusive')
    return skip(titleOf(answer), `HTTP ${answer.status} says nothing about ${about}`);
  if (answer.verdict === 'refused') return pass(titleOf(answer));
  return undefined;
}
