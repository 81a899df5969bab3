// date_range_effect on recorded exchanges: no dated row outside the range, and a range inside another answers
// the other's rows of its days; a difference only on the first or last day (an exclusive bound) warns.
import { describe, expect, it } from 'vitest';
import { dateRangeEffect } from '../../src/checks/date-range-effect.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const days = (...dates: string[]) => dates.map((value, index) => ({ value, count: 100 + index }));
const pageviews = (from: string, to: string, rows: unknown[], epoch = 0): Recorded => ({
  operationId: 'getStats',
  values: { id: '42', name: 'pageviews', from, to },
  status: 200,
  body: { data: rows },
  epoch,
});
const OCTOBER = days('2026-10-05', '2026-10-10', '2026-10-15', '2026-10-20', '2026-10-25');

describe('date_range_effect', () => {
  it('fails a row dated outside the requested range, midnight timestamps read as their day', () => {
    const results = dateRangeEffect.judge(
      recordedRun([pageviews('2026-10-01', '2026-10-07', days('2026-10-01T00:00:00Z', '2026-09-30 00:00:00'))]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'outside-range', basis: 'specified' });
    expect(verdictOf(results, 'fail').actual).toContain('value "2026-09-30"');
  });

  it('fails a range inside another that misses a day the wider range answered, naming both answers', () => {
    const run = recordedRun([
      pageviews('2026-10-01', '2026-10-31', OCTOBER),
      pageviews('2026-10-10', '2026-10-20', [OCTOBER[1], OCTOBER[3]]),
    ]);
    const results = dateRangeEffect.judge(run);
    expect(statuses(results)).toEqual(['pass', 'pass', 'fail']);
    const failure = verdictOf(results, 'fail');
    expect(failure).toMatchObject({ kind: 'range-mismatch', basis: 'specified' });
    expect(failure.actual).toContain('missing or different: 2026-10-15');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
    const recounted = dateRangeEffect.judge(
      recordedRun([
        pageviews('2026-10-01', '2026-10-31', OCTOBER),
        pageviews('2026-10-10', '2026-10-20', [OCTOBER[1], { value: '2026-10-15', count: 7 }, OCTOBER[3]]),
      ]),
    );
    expect(verdictOf(recounted, 'fail')).toMatchObject({ kind: 'range-mismatch', basis: 'specified' });
  });

  it('warns when the ranges differ only on their last day (an exclusive end)', () => {
    const results = dateRangeEffect.judge(
      recordedRun([
        pageviews('2026-10-01', '2026-10-31', OCTOBER),
        pageviews('2026-10-10', '2026-10-20', [OCTOBER[1], OCTOBER[2]]),
      ]),
    );
    expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'range-mismatch', basis: 'convention' });
    expect(verdictOf(results, 'warn').expected).toContain('both ends of a range count');
  });

  it('passes rows within their range and a nested range that agrees; other data states are not compared', () => {
    const results = dateRangeEffect.judge(
      recordedRun([
        pageviews('2026-10-01', '2026-10-31', OCTOBER),
        pageviews('2026-10-10', '2026-10-20', OCTOBER.slice(1, 4)),
        pageviews('2026-10-12', '2026-10-18', [{ value: '2026-10-15', count: 1 }], 1),
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('skips statistics whose rows are not dated, and the mock', () => {
    const browsers: Recorded = {
      operationId: 'getStats',
      values: { id: '42', name: 'browser', from: '2026-10-01', to: '2026-10-31' },
      status: 200,
      body: [{ value: 'Chrome', count: 1520 }],
    };
    expect(dateRangeEffect.judge(recordedRun([browsers]))).toMatchObject([
      { status: 'skip', reason: 'no answer with dated rows to judge' },
    ]);
    const onMock = recordedRun([pageviews('2026-10-01', '2026-10-07', days('2026-09-30'))], { mock: true });
    expect(statuses(dateRangeEffect.judge(onMock))).toEqual(['skip']);
  });
});
