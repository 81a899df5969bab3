// sort_order: rows come ordered by the sort key in the sort direction (sent
// or documented defaults), for every key and direction. Ties and collation
// differences are tolerated.
import { fail, pass, skip, titleOf } from './evidence.js';
import { accepted, compareValues, effectiveValue, mockSkip, roleOf, rowsOf } from './related.js';
import type { CaseResult, CheckDefinition } from './types.js';

const NAME = 'sort_order';

export const sortOrder: CheckDefinition = {
  name: NAME,
  description: 'Rows are ordered by the sort key in the sort direction.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const results: CaseResult[] = [];
    for (const exchange of run.exchanges) {
      const operation = run.operation(exchange.template.operationId);
      const keyParameter = roleOf(operation, 'sort-key');
      const directionParameter = roleOf(operation, 'sort-direction');
      if (!keyParameter || !accepted(run, exchange)) continue;
      const rows = rowsOf(run, exchange);
      const key = effectiveValue(run, exchange, keyParameter);
      const direction = directionParameter ? effectiveValue(run, exchange, directionParameter) : 'asc';
      if (!rows || !key || (direction !== 'asc' && direction !== 'desc')) continue;
      const title = `${titleOf(exchange)}: ordered by ${key} ${direction}`;
      if (rows.length < 2 || !rows.every((row) => key in row)) {
        results.push(skip(title, rows.length < 2 ? 'fewer than two rows' : `rows do not show ${key}`));
        continue;
      }
      const sign = direction === 'asc' ? 1 : -1;
      const step = rows.findIndex(
        (row, index) => index > 0 && sign * compareValues(rows[index - 1]![key], row[key]) > 0,
      );
      if (step < 0) results.push(pass(title));
      else
        results.push(
          fail(
            'misordered',
            exchange,
            `rows ordered by ${key} ${direction}`,
            `row ${step} (${JSON.stringify(rows[step - 1]![key])}) comes before row ${step + 1} ` +
              `(${JSON.stringify(rows[step]![key])})`,
            { title },
          ),
        );
    }
    return results.length > 0 ? results : [skip(NAME, 'no sorted answer to judge')];
  },
};
