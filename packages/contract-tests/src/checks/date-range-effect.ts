// date_range_effect: no row dated by its value (Y-m-d) lies outside the
// requested range, and a range inside another answers exactly the other's
// rows of its days (so a bound that is dropped or moved shows even when no
// row lands outside).
import { parameterWithRole, type OperationModel } from '@tallyport/spec-model/query';
import type { Exchange } from '../http/transport.js';
import { fail, pass, titleOf } from './evidence.js';
import { accepted, effectiveValue, judgeAccepted, mockSkip, rowsOf, valuesWithout } from './related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './types.js';

const NAME = 'date_range_effect';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Days this close to now may still be counting on a live deployment: two answers may differ on them. */
const SETTLING_DAYS = 2;

export const dateRangeEffect: CheckDefinition = {
  name: NAME,
  description: 'No row dated outside the requested range; a range inside another answers its rows of those days.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    const outside = judgeAccepted(run, NAME, 'no answer with dated rows to judge', (exchange, operation) => {
      const range = rangeOf(run, exchange, operation);
      const rows = rowsOf(run, exchange);
      if (!range || !rows) return undefined;
      const dated = rows.flatMap((row) => datesIn(row));
      if (dated.length === 0) return undefined;
      const title = `${titleOf(exchange)}: rows within ${range.from}..${range.to}`;
      const stray = dated.find(([, value]) => value < range.from || value > range.to);
      if (!stray) return pass(title);
      return fail(
        'outside-range',
        exchange,
        `dates within ${range.from}..${range.to}`,
        `a row with ${stray[0]} ${JSON.stringify(stray[1])}`,
        { basis: 'specified', title },
      );
    });
    return mockSkip(run, NAME) ? outside : [...outside, ...nestedRanges(run)];
  },
};

function rangeOf(run: RecordedRun, exchange: Exchange, operation: OperationModel) {
  const start = parameterWithRole(operation, 'range-start');
  const end = parameterWithRole(operation, 'range-end');
  if (!start || !end) return undefined;
  const [from, to] = [effectiveValue(run, exchange, start), effectiveValue(run, exchange, end)];
  if (!from || !to || !DAY.test(from) || !DAY.test(to)) return undefined;
  return { from, to, names: [start.name, end.name] };
}

const datesIn = (row: Record<string, unknown>): Array<[string, string]> =>
  Object.entries(row).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && DAY.test(entry[1]));

/** The answer holds every row of its query: fewer rows than the page size in effect. */
function whole(run: RecordedRun, exchange: Exchange, operation: OperationModel, rows: readonly unknown[]): boolean {
  const size = parameterWithRole(operation, 'page-size');
  const limit = size ? Number(effectiveValue(run, exchange, size)) : Number.NaN;
  return Number.isFinite(limit) && rows.length < limit;
}

/** Rows by their date, for the days both answers cover and that have settled. */
function byDay(rows: Record<string, unknown>[], from: string, to: string, settled: string): Map<string, string> {
  const days = new Map<string, string>();
  for (const row of rows) {
    const day = datesIn(row)[0]?.[1];
    if (day !== undefined && day >= from && day <= to && day < settled) days.set(day, JSON.stringify(row));
  }
  return days;
}

function nestedRanges(run: RecordedRun): CaseResult[] {
  const settled = new Date(Date.now() - SETTLING_DAYS * 86_400_000).toISOString().slice(0, 10);
  const candidates = run.exchanges.flatMap((exchange) => {
    if (!accepted(run, exchange)) return [];
    const operation = run.operation(exchange.template.operationId);
    const range = rangeOf(run, exchange, operation);
    const rows = rowsOf(run, exchange);
    const dated = rows?.some((row) => datesIn(row).length > 0);
    if (!range || !rows || !dated || !whole(run, exchange, operation, rows)) return [];
    return [{ exchange, range, rows, rest: `${operation.id} ${valuesWithout(run, exchange, range.names)}` }];
  });
  const results: CaseResult[] = [];
  for (const inner of candidates) {
    const outer = candidates.find(
      (other) =>
        other !== inner &&
        other.rest === inner.rest &&
        other.range.from <= inner.range.from &&
        other.range.to >= inner.range.to &&
        (other.range.from < inner.range.from || other.range.to > inner.range.to),
    );
    if (!outer) continue;
    const { from, to } = inner.range;
    const [expected, got] = [byDay(outer.rows, from, to, settled), byDay(inner.rows, from, to, settled)];
    const wider = `${outer.range.from}..${outer.range.to}`;
    const title = `${titleOf(inner.exchange)}: the rows of ${wider} within ${from}..${to}`;
    const missing = [...expected.keys()].filter((day) => got.get(day) !== expected.get(day));
    const extra = [...got.keys()].filter((day) => !expected.has(day));
    if (missing.length === 0 && extra.length === 0) {
      results.push(pass(title));
      continue;
    }
    const shown = (days: string[]) => days.slice(0, 3).join(', ') + (days.length > 3 ? ', …' : '');
    results.push(
      fail(
        'range-mismatch',
        inner.exchange,
        `the ${expected.size} dated rows the range ${wider} answered for these days`,
        [
          missing.length ? `missing or different: ${shown(missing)}` : '',
          extra.length ? `not in the wider answer: ${shown(extra)}` : '',
        ]
          .filter(Boolean)
          .join('; '),
        { basis: 'specified', title, related: [outer.exchange] },
      ),
    );
  }
  return results;
}
