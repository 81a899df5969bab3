// page_size_honoured: a page never holds more rows than its page size, and
// never fewer while more exist, judged by a total the payload states or by a
// larger page of the same request.
import { parameterWithRole } from '@tallyport/spec-model/query';
import { statedTotal } from '../payload.js';
import { fail, pass, skip, titleOf } from './evidence.js';
import { accepted, effectiveValue, judgeAccepted, rowsOf, valuesWithout } from './related.js';
import type { CheckDefinition } from './types.js';

const NAME = 'page_size_honoured';

export const pageSizeHonoured: CheckDefinition = {
  name: NAME,
  description: 'A page holds at most its page size, and not fewer while more rows exist.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    const pages = run.exchanges.filter((exchange) => {
      const operation = run.operation(exchange.template.operationId);
      return (
        parameterWithRole(operation, 'page-size') && accepted(run, exchange) && rowsOf(run, exchange) !== undefined
      );
    });
    return judgeAccepted(run, NAME, 'no answer with a page size to judge', (page, operation) => {
      const parameter = parameterWithRole(operation, 'page-size');
      if (!parameter || rowsOf(run, page) === undefined) return undefined;
      const size = Number(effectiveValue(run, page, parameter));
      if (!Number.isFinite(size)) return undefined;
      const rows = rowsOf(run, page)!.length;
      const title = `${titleOf(page)}: at most and not fewer than ${parameter.name}=${size}`;
      if (rows > size) {
        return fail('page-too-long', page, `at most ${size} rows (${parameter.name})`, `${rows} rows`, {
          basis: 'specified',
          title,
        });
      }
      if (rows === size) {
        return pass(title);
      }
      const total = statedTotal(page.response!.json);
      if (total !== undefined && rows < Math.min(size, total)) {
        return fail(
          'page-too-short',
          page,
          `${Math.min(size, total)} rows (the payload states ${total} in all)`,
          `${rows} rows`,
          { basis: 'specified', title },
        );
      }
      const key = valuesWithout(run, page, [parameter.name]);
      const larger = pages.find(
        (other) =>
          other !== page &&
          other.template.operationId === operation.id &&
          valuesWithout(run, other, [parameter.name]) === key &&
          rowsOf(run, other)!.length > rows,
      );
      if (larger) {
        const more = rowsOf(run, larger)!.length;
        return fail(
          'page-too-short',
          page,
          `${Math.min(size, more)} rows: a larger page of the same request shows ${more}`,
          `${rows} rows`,
          { basis: 'specified', title, related: [larger] },
        );
      }
      return total === undefined && rows === 0 ? skip(title, 'no rows to judge') : pass(title);
    });
  },
};
