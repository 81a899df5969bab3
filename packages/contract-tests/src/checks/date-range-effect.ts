// date_range_effect: no row dated by its value (Y-m-d) lies outside the
// requested range.
import { fail, pass, skip, titleOf } from './evidence.js';
import { accepted, effectiveValue, mockSkip, roleOf, rowsOf } from './related.js';
import type { CaseResult, CheckDefinition } from './types.js';

const NAME = 'date_range_effect';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const dateRangeEffect: CheckDefinition = {
  name: NAME,
  description: 'No row whose value is a date lies outside the requested range.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const results: CaseResult[] = [];
    for (const exchange of run.exchanges) {
      const operation = run.operation(exchange.template.operationId);
      const start = roleOf(operation, 'range-start');
      const end = roleOf(operation, 'range-end');
      if (!start || !end || !accepted(run, exchange)) continue;
      const [from, to] = [effectiveValue(run, exchange, start), effectiveValue(run, exchange, end)];
      const rows = rowsOf(run, exchange);
      if (!from || !to || !rows || !DAY.test(from) || !DAY.test(to)) continue;
      const dated = rows.flatMap((row) =>
        Object.entries(row).filter(([, value]) => typeof value === 'string' && DAY.test(value)),
      );
      const title = `${titleOf(exchange)}: rows within ${from}..${to}`;
      if (dated.length === 0) continue;
      const outside = dated.find(([, value]) => (value as string) < from || (value as string) > to);
      if (outside)
        results.push(
          fail(
            'outside-range',
            exchange,
            `dates within ${from}..${to}`,
            `a row with ${outside[0]} ${JSON.stringify(outside[1])}`,
            { title },
          ),
        );
      else results.push(pass(title));
    }
    return results.length > 0 ? results : [skip(NAME, 'no answer with dated rows to judge')];
  },
};
