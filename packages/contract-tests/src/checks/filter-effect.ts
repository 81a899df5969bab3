// filter_effect: a search keeps only rows whose searched field contains the
// text (case-insensitively), and keeps the row whose field equals it.
import { parameterWithRole } from '@tallyport/spec-model/query';
import { searchField } from '../cases/derived.js';
import { fail, pass, skip, titleOf } from './evidence.js';
import type { Exchange } from '../http/transport.js';
import { accepted, effectiveValue, judgeAccepted, rowsOf, valuesWithout } from './related.js';
import type { CheckDefinition, RecordedRun } from './types.js';

const NAME = 'filter_effect';

export const filterEffect: CheckDefinition = {
  name: NAME,
  description: 'A search keeps only rows whose searched field contains the text, and the row that equals it.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    return judgeAccepted(run, NAME, 'no search answer to judge', (exchange, operation) => {
      const search = parameterWithRole(operation, 'search');
      const text =
        search && exchange.case?.values[search.name] !== undefined ? effectiveValue(run, exchange, search) : '';
      if (!search || !text) return undefined;
      const fieldParameter = parameterWithRole(operation, 'search-field');
      const sentField = fieldParameter ? exchange.case?.values[fieldParameter.name] : undefined;
      const field = sentField !== undefined ? run.valueOf(sentField) : searchField(operation)?.name;
      const rows = rowsOf(run, exchange);
      if (!field || !rows) return undefined;
      const title = `${titleOf(exchange)}: only rows whose ${field} contains it`;
      if (!rows.every((row) => field in row)) {
        return skip(title, `rows do not show ${field}`);
      }
      const needle = text.toLowerCase();
      const stray = rows.find((row) => !String(row[field]).toLowerCase().includes(needle));
      if (stray) {
        return fail(
          'filter-ignored',
          exchange,
          `every row's ${field} contains "${text}"`,
          `a row with ${field} ${JSON.stringify(stray[field])}`,
          { basis: 'specified', title },
        );
      }
      const dropped = droppedMatch(run, exchange, field, needle, rows.length);
      if (dropped) {
        return fail(
          'filter-ignored',
          exchange,
          `every row whose ${field} contains "${text}" is kept`,
          `the row with ${field} ${JSON.stringify(dropped.row[field])} is missing`,
          { basis: 'specified', title, related: [dropped.exchange] },
        );
      }
      if (exchange.case?.step === 'search-whole') {
        const pageSize = parameterWithRole(operation, 'page-size');
        const size = pageSize ? Number(effectiveValue(run, exchange, pageSize)) : Number.POSITIVE_INFINITY;
        const found = rows.some((row) => String(row[field]).toLowerCase() === needle);
        if (!found && rows.length < size) {
          return fail('filter-ignored', exchange, `the row whose ${field} is "${text}" is kept`, 'it is missing', {
            basis: 'specified',
            title,
          });
        }
      }
      return pass(title);
    });
  },
};

/**
 * A row an unfiltered answer of the same request shows whose field contains
 * the text, missing from the filtered answer. Judged only when both answers
 * are complete (fewer rows than their page size), so paging cannot explain it.
 */
function droppedMatch(run: RecordedRun, filtered: Exchange, field: string, needle: string, count: number) {
  const operation = run.operation(filtered.template.operationId);
  const pageSize = parameterWithRole(operation, 'page-size');
  const search = parameterWithRole(operation, 'search')!;
  const fieldParameter = parameterWithRole(operation, 'search-field');
  const sizeOf = (exchange: Exchange) =>
    pageSize ? Number(effectiveValue(run, exchange, pageSize)) : Number.POSITIVE_INFINITY;
  if (count >= sizeOf(filtered)) return undefined;
  const ignore = [search.name, ...(fieldParameter ? [fieldParameter.name] : []), ...(pageSize ? [pageSize.name] : [])];
  const key = valuesWithout(run, filtered, ignore);
  const shown = new Set((rowsOf(run, filtered) ?? []).map((row) => JSON.stringify(row[field])));
  for (const other of run.exchanges) {
    if (other.template.operationId !== operation.id || !accepted(run, other)) continue;
    if (other.case?.values[search.name] !== undefined || valuesWithout(run, other, ignore) !== key) continue;
    const rows = rowsOf(run, other) ?? [];
    if (rows.length >= sizeOf(other)) continue;
    const row = rows.find(
      (candidate) =>
        String(candidate[field]).toLowerCase().includes(needle) && !shown.has(JSON.stringify(candidate[field])),
    );
    if (row) return { row, exchange: other };
  }
  return undefined;
}
