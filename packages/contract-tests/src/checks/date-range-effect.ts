// date_range_effect: no row dated by its value (Y-m-d) lies outside the
// requested range.
import { fail, pass, titleOf } from './evidence.js';
import { effectiveValue, judgeAccepted, roleOf, rowsOf } from './related.js';
import type { CheckDefinition } from './types.js';

const NAME = 'date_range_effect';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const dateRangeEffect: CheckDefinition = {
  name: NAME,
  description: 'No row whose value is a date lies outside the requested range.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    return judgeAccepted(run, NAME, 'no answer with dated rows to judge', (exchange, operation) => {
      const start = roleOf(operation, 'range-start');
      const end = roleOf(operation, 'range-end');
      if (!start || !end) return undefined;
      const [from, to] = [effectiveValue(run, exchange, start), effectiveValue(run, exchange, end)];
      const rows = rowsOf(run, exchange);
      if (!from || !to || !rows || !DAY.test(from) || !DAY.test(to)) return undefined;
      const dated = rows.flatMap((row) =>
        Object.entries(row).filter(([, value]) => typeof value === 'string' && DAY.test(value)),
      );
      const title = `${titleOf(exchange)}: rows within ${from}..${to}`;
      if (dated.length === 0) return undefined;
      const outside = dated.find(([, value]) => (value as string) < from || (value as string) > to);
      if (outside)
        return fail(
          'outside-range',
          exchange,
          `dates within ${from}..${to}`,
          `a row with ${outside[0]} ${JSON.stringify(outside[1])}`,
          { title },
        );
      else return pass(title);
    });
  },
};
