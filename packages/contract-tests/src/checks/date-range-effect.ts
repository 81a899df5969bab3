// date_range_effect: no row dated by its value (Y-m-d) lies outside the
// requested range, and a range inside another answers exactly the other's
// rows of its days, so a bound that is dropped or moved shows even when no
// row lands outside. Both are specified for the days inside a range; whether
// its first and last days count (an inclusive `to`) is the usual reading of
// "start date" and "end date" but not stated, so a difference only on those
// days is a warning. Only the fields the record schema documents are read
// as dates (a deployment may add others, such as when a value was first seen).
import { parameterWithRole } from '@tallyport/spec-model/query';
import { type Answer, whileWriting } from '../answers/answer.js';
import type { Row } from '../answers/records.js';
import { DAY_MS, ymd } from '../cases/values.js';
import { anyParameterWithRole } from './judging/applies.js';
import { VARYING_PARAMETERS } from './judging/check-kinds.js';
import { fail, pass, titleOf } from './judging/evidence.js';
import { acceptedConforming, effectiveValue, judgeAccepted, mockSkip, valuesWithout } from './judging/related.js';
import { rowKeyOf } from './judging/rows.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

const NAME = 'date_range_effect';
// A day, alone or as the midnight that starts it (`2026-10-01T00:00:00Z`, `2026-10-01 00:00:00`): how a row shows
// its day is not shown by the source documentation.
const DAY = /^(\d{4}-\d{2}-\d{2})(?:[T ]00:00(?::00(?:\.0+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
/** Days this close to now may still be counting on a live deployment: two answers may differ on them. */
const SETTLING_DAYS = 2;

function rangeOf(run: RecordedRun, answer: Answer) {
  const start = parameterWithRole(answer.operation, 'range-start');
  const end = parameterWithRole(answer.operation, 'range-end');
  if (!start || !end) return undefined;
  const [from, to] = [effectiveValue(run, answer, start), effectiveValue(run, answer, end)];
  if (!from || !to || DAY.exec(from)?.[1] !== from || DAY.exec(to)?.[1] !== to) return undefined;
  return { from, to, names: [start.name, end.name] };
}

/** The day a row stands for: a documented field of its record holding a day (`DAY`). */
function dayOf(run: RecordedRun, answer: Answer, row: Row): [string, string] | undefined {
  const fields = run.model.records[answer.records?.kind ?? '']?.fields ?? [];
  for (const field of fields) {
    const value = row[field];
    const day = typeof value === 'string' ? DAY.exec(value)?.[1] : undefined;
    if (day) return [field, day];
  }
  return undefined;
}

function outside(run: RecordedRun, answer: Answer): CaseResult | undefined {
  const range = rangeOf(run, answer);
  const rows = answer.records?.many ? answer.records.rows : undefined;
  if (!range || !rows) return undefined;
  const dated: Array<[string, string]> = rows.flatMap((row) => {
    const day = dayOf(run, answer, row);
    return day ? [day] : [];
  });
  if (dated.length === 0) return undefined;
  const title = `${titleOf(answer)}: rows within ${range.from}..${range.to}`;
  const stray = dated.find(([, value]) => value < range.from || value > range.to);
  if (!stray) return pass(title);
  return fail(
    'outside-range',
    answer,
    `dates within ${range.from}..${range.to}`,
    `a row with ${stray[0]} ${JSON.stringify(stray[1])}`,
    { basis: 'specified', title },
  );
}

/** Rows by their day, for the days from..to that have settled. */
function byDay(run: RecordedRun, answer: Answer, from: string, to: string, settled: string): Map<string, string> {
  const days = new Map<string, string>();
  const rowKey = rowKeyOf(run, answer);
  for (const row of answer.records!.rows) {
    const day = dayOf(run, answer, row)?.[1];
    if (day !== undefined && day >= from && day <= to && day < settled) days.set(day, rowKey(row));
  }
  return days;
}

function nestedRanges(run: RecordedRun): CaseResult[] {
  const settled = ymd(Date.now() - SETTLING_DAYS * DAY_MS);
  const candidates = run.answers.flatMap((answer) => {
    if (!acceptedConforming(answer) || whileWriting(answer)) return [];
    const range = rangeOf(run, answer);
    const rows = answer.records?.many ? answer.records.rows : undefined;
    const dated = rows?.some((row) => dayOf(run, answer, row));
    if (!range || !rows || !dated || !answer.page?.complete) return [];
    return [
      { answer, range, rest: `${answer.epoch} ${answer.operation.id} ${valuesWithout(run, answer, range.names)}` },
    ];
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
    const expected = byDay(run, outer.answer, from, to, settled);
    const got = byDay(run, inner.answer, from, to, settled);
    const wider = `${outer.range.from}..${outer.range.to}`;
    const title = `${titleOf(inner.answer)}: the rows of ${wider} within ${from}..${to}`;
    const missing = [...expected.keys()].filter((day) => got.get(day) !== expected.get(day));
    const extra = [...got.keys()].filter((day) => !expected.has(day));
    const differing = [...missing, ...extra];
    if (differing.length === 0) {
      results.push(pass(title));
      continue;
    }
    // The first and last day of either range are where an exclusive bound shows.
    const edges = new Set([from, to, outer.range.from, outer.range.to]);
    const onEdges = differing.every((day) => edges.has(day));
    const shown = (days: string[]) => days.slice(0, 3).join(', ') + (days.length > 3 ? ', …' : '');
    results.push(
      fail(
        'range-mismatch',
        inner.answer,
        `the ${expected.size} dated rows the range ${wider} answered for these days` +
          (onEdges ? ' (both ends of a range count as part of it)' : ''),
        [
          missing.length ? `missing or different: ${shown(missing)}` : '',
          extra.length ? `not in the wider answer: ${shown(extra)}` : '',
        ]
          .filter(Boolean)
          .join('; '),
        { basis: onEdges ? 'convention' : 'specified', title, related: [outer.answer] },
      ),
    );
  }
  return results;
}

export const dateRangeEffect: CheckDefinition = {
  name: NAME,
  description: 'No row dated outside the requested range; a range inside another answers its rows of those days.',
  needs: VARYING_PARAMETERS,
  appliesTo: anyParameterWithRole('range-start'),
  judge: (run) => {
    const within = judgeAccepted(run, NAME, 'no answer with dated rows to judge', (answer) => outside(run, answer));
    return mockSkip(run, NAME) ? within : [...within, ...nestedRanges(run)];
  },
};
