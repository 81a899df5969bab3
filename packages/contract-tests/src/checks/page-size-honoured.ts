// page_size_honoured: a page never holds more rows than its page size, and
// never fewer while more exist. "More exist" is specified when a larger page
// of the same request shows them; a total the payload states is only read
// by convention (no envelope is shown, so `total` may count something else).
import { parameterWithRole } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { roleCheck } from './judging/check-kinds.js';
import { fail, pass, skip, titleOf } from './judging/evidence.js';
import { sameRequestExcept } from './judging/related.js';
import { rowKeyOf } from './judging/rows.js';
import type { CaseResult, RecordedRun } from './judging/types.js';

const NAME = 'page_size_honoured';

/**
 * The different rows the same query (other values equal; any page size, sort key or direction) shows across its
 * answers: more than a page holds means the page is short. A row is told apart by its identifier, or by what the
 * source documents of it.
 */
function distinctRows(run: RecordedRun, page: Answer, pageSize: string) {
  const sorting = (['sort-key', 'sort-direction'] as const).map(
    (role) => parameterWithRole(page.operation, role)?.name,
  );
  const ignore = [pageSize, ...sorting.filter((name) => name !== undefined)];
  const identifier = page.records ? run.model.records[page.records.kind]?.identifier : undefined;
  const rowKey = rowKeyOf(run, page);
  const answers = [page, ...sameRequestExcept(run, page, ignore)].filter((other) => other.records?.many);
  const seen = new Set<string>();
  for (const other of answers)
    for (const row of other.records!.rows) seen.add(identifier ? JSON.stringify(row[identifier]) : rowKey(row));
  return { count: seen.size, answers: answers.filter((other) => other !== page) };
}

function judge(run: RecordedRun, page: Answer): CaseResult | undefined {
  const parameter = parameterWithRole(page.operation, 'page-size');
  const size = page.page?.size;
  if (!parameter || !page.records?.many || size === undefined) return undefined;
  const rows = page.records.count;
  const title = `${titleOf(page)}: at most and not fewer than ${parameter.name}=${size}`;
  if (rows > size)
    return fail('page-too-long', page, `at most ${size} rows (${parameter.name})`, `${rows} rows`, {
      basis: 'specified',
      title,
    });
  if (rows === size) return pass(title);
  const larger = sameRequestExcept(run, page, [parameter.name]).find((other) => (other.records?.count ?? 0) > rows);
  const seen = distinctRows(run, page, parameter.name);
  if (!larger && seen.count > rows)
    return fail(
      'page-too-short',
      page,
      `${Math.min(size, seen.count)} rows: answers to the same query in other orders and sizes show ${seen.count} ` +
        'different rows',
      `${rows} rows`,
      { basis: 'specified', title, related: seen.answers.slice(0, 3) },
    );
  if (larger) {
    const more = larger.records!.count;
    return fail(
      'page-too-short',
      page,
      `${Math.min(size, more)} rows: a larger page of the same request shows ${more}`,
      `${rows} rows`,
      { basis: 'specified', title, related: [larger] },
    );
  }
  const total = page.page?.statedTotal;
  if (total !== undefined && rows < Math.min(size, total))
    return fail(
      'page-too-short',
      page,
      `${Math.min(size, total)} rows, if the stated total (${total}) counts the rows`,
      `${rows} rows`,
      { basis: 'convention', title },
    );
  return total === undefined && rows === 0 ? skip(title, 'no rows to judge') : pass(title);
}

export const pageSizeHonoured = roleCheck(
  NAME,
  'A page holds at most its page size, and not fewer while more rows exist.',
  'page-size',
  'no answer with a page size to judge',
  judge,
);
