// sort_order: rows come ordered by the sort key in the sort direction (sent
// or documented defaults), for every key and direction. How text compares
// is not decided by the source documentation: an order passes when it
// follows any common collation (byte order, case-insensitive, locale, with
// punctuation ignored, natural numbers), and nulls may sort first or last.
// Where the spec marks a key's order as a convention (sort_by=id orders by
// the date created, which ids only usually follow), a break is a warning.
import { parameterWithRole } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { roleCheck } from './judging/check-kinds.js';
import { firstBreak, ordersFollowed } from './judging/compare.js';
import { fail, pass, skip, titleOf } from './judging/evidence.js';
import { effectiveValue } from './judging/related.js';
import type { CaseResult, RecordedRun } from './judging/types.js';

const NAME = 'sort_order';

function judge(run: RecordedRun, answer: Answer): CaseResult | undefined {
  const keyParameter = parameterWithRole(answer.operation, 'sort-key');
  const directionParameter = parameterWithRole(answer.operation, 'sort-direction');
  if (!keyParameter) return undefined;
  const rows = answer.records?.rows;
  const key = effectiveValue(run, answer, keyParameter);
  const direction = directionParameter ? effectiveValue(run, answer, directionParameter) : 'asc';
  if (!rows || !answer.records!.many || !key || (direction !== 'asc' && direction !== 'desc')) return undefined;
  const title = `${titleOf(answer)}: ordered by ${key} ${direction}`;
  if (rows.length < 2 || !rows.every((row) => key in row))
    return skip(title, rows.length < 2 ? 'fewer than two rows' : `rows do not show ${key}`);
  const values = rows.map((row) => row[key]);
  if (ordersFollowed(values, direction).length > 0) return pass(title);
  const [before, after] = firstBreak(values, direction) ?? [values[0], values[1]];
  const convention = keyParameter.conventions?.[key];
  return fail(
    'misordered',
    answer,
    `rows ordered by ${key} ${direction} under some collation${convention ? ` (${convention})` : ''}`,
    `${JSON.stringify(before)} comes before ${JSON.stringify(after)}, in no common order`,
    { basis: convention ? 'convention' : 'specified', title },
  );
}

export const sortOrder = roleCheck(
  NAME,
  'Rows are ordered by the sort key in the sort direction, under any common collation.',
  'sort-key',
  'no sorted answer to judge',
  judge,
);
