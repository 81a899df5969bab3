// Helpers for the checks that judge exchanges against each other or against
// the roles the spec gives parameters: the rows an answer holds, the value a
// case sent (or the documented default it left out), and comparisons that
// tolerate what honest deployments differ in (collation, number vs string).
import type { OperationModel, ParameterModel } from '@tallyport/spec-model/query';
import { type Exchange, is2xx } from '../http/transport.js';
import { recordsOf } from '../payload.js';
import { refusedInBody } from '../verdict.js';
import { skip } from './evidence.js';
import type { CaseResult, RecordedRun } from './types.js';

export const MOCK_REASON = 'the embedded mock answers with the spec examples, whatever is sent';

export function mockSkip(run: RecordedRun, title: string): CaseResult[] | undefined {
  return run.mock ? [skip(title, MOCK_REASON)] : undefined;
}

/**
 * The common frame of the checks that judge accepted answers of a live
 * deployment: the mock is skipped, `judge` gives a verdict (or none) per
 * accepted exchange, and a check with no verdict at all says why.
 */
export function judgeAccepted(
  run: RecordedRun,
  name: string,
  nothingToJudge: string,
  judge: (exchange: Exchange, operation: OperationModel) => CaseResult | undefined,
): CaseResult[] {
  const onMock = mockSkip(run, name);
  if (onMock) return onMock;
  const results: CaseResult[] = [];
  for (const exchange of run.exchanges) {
    if (!accepted(run, exchange)) continue;
    const verdict = judge(exchange, run.operation(exchange.template.operationId));
    if (verdict) results.push(verdict);
  }
  return results.length > 0 ? results : [skip(name, nothingToJudge)];
}

/** An answer that accepted a conforming request with the configured key. */
export function accepted(run: RecordedRun, exchange: Exchange): boolean {
  return (
    is2xx(exchange) &&
    exchange.case?.auth === 'valid' &&
    exchange.case.expect !== 'refusal' &&
    // An error outcome in the body is one such refusal.
    !refusedInBody(run.api, exchange)
  );
}

export function rowsOf(run: RecordedRun, exchange: Exchange): Record<string, unknown>[] | undefined {
  return recordsOf(run.operation(exchange.template.operationId), exchange.response?.json);
}

/** The value sent for a parameter, or its documented default when it was left out. */
export function effectiveValue(run: RecordedRun, exchange: Exchange, parameter: ParameterModel): string | undefined {
  const sent = exchange.case?.values[parameter.name];
  if (sent !== undefined) return run.valueOf(sent);
  return parameter.default === undefined ? undefined : String(parameter.default);
}

/** The values a case sent, with those of `except` left out, as one comparable text. */
export function valuesWithout(run: RecordedRun, exchange: Exchange, except: readonly string[]): string {
  const values = exchange.case?.values ?? {};
  return Object.keys(values)
    .filter((name) => !except.includes(name))
    .sort()
    .map((name) => `${name}=${run.valueOf(values[name]!)}`)
    .join('&');
}

const numeric = (value: unknown): number | undefined => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
};

/**
 * Order of two row values. Numbers (or numeric strings) compare as numbers;
 * text compares case-insensitively, and a step counts only when locale
 * collation and code-point order agree, so no honest database collation fails.
 */
export function compareValues(a: unknown, b: unknown): number {
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== undefined && y !== undefined) return x - y;
  const collated = String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  const [p, q] = [String(a).toLowerCase(), String(b).toLowerCase()];
  const plain = p < q ? -1 : p > q ? 1 : 0;
  return Math.sign(collated) === Math.sign(plain) ? collated : 0;
}

/** Equality that ignores the difference between 42 and "42". */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== undefined && y !== undefined && (typeof a !== 'string' || typeof b !== 'string')) return x === y;
  return JSON.stringify(a) === JSON.stringify(b);
}
