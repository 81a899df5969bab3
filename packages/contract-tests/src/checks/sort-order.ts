// sort_order: rows come ordered by the sort key in the sort direction (sent
// or documented defaults), for every key and direction. Ties and collation
// differences are tolerated.
import { parameterWithRole } from '@tallyport/spec-model/query';
import { fail, pass, skip, titleOf } from './evidence.js';
import { compareValues, effectiveValue, judgeAccepted, rowsOf } from './related.js';
import type { CheckDefinition } from './types.js';

const NAME = 'sort_order';

export const sortOrder: CheckDefinition = {
  name: NAME,
  description: 'Rows are ordered by the sort key in the sort direction.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    return judgeAccepted(run, NAME, 'no sorted answer to judge', (exchange, operation) => {
      const keyParameter = parameterWithRole(operation, 'sort-key');
      const directionParameter = parameterWithRole(operation, 'sort-direction');
      if (!keyParameter) return undefined;
      const rows = rowsOf(run, exchange);
      const key = effectiveValue(run, exchange, keyParameter);
      const direction = directionParameter ? effectiveValue(run, exchange, directionParameter) : 'asc';
      if (!rows || !key || (direction !== 'asc' && direction !== 'desc')) return undefined;
      const title = `${titleOf(exchange)}: ordered by ${key} ${direction}`;
      if (rows.length < 2 || !rows.every((row) => key in row)) {
        return skip(title, rows.length < 2 ? 'fewer than two rows' : `rows do not show ${key}`);
      }
      const sign = direction === 'asc' ? 1 : -1;
      const step = rows.findIndex(
        (row, index) => index > 0 && sign * compareValues(rows[index - 1]![key], row[key]) > 0,
      );
      if (step < 0) return pass(title);
      else
        return fail(
          'misordered',
          exchange,
          `rows ordered by ${key} ${direction}`,
          `row ${step} (${JSON.stringify(rows[step - 1]![key])}) comes before row ${step + 1} ` +
            `(${JSON.stringify(rows[step]![key])})`,
          { basis: 'specified', title },
        );
    });
  },
};
