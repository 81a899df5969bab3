// filter_effect: what every honest search does, whatever its semantics. The
// source documentation says only that `search` is search text matched
// against a field; a search may match a substring, a prefix, whole words,
// with or without case. Every such search finds the row whose field is the
// whole text, returns only rows the unfiltered list holds (unchanged), and
// is not ignored: it never answers the unfiltered rows when some of them
// share nothing with the text. How a deployment matches is reported among
// the observations, never judged.
import { parameterWithRole, SHAPING_ROLES, writableKind } from '@tallyport/spec-model/query';
import { type Answer, whileWriting } from '../answers/answer.js';
import { textOf } from '../answers/json-values.js';
import type { Row } from '../answers/records.js';
import { searchField } from '../cases/values.js';
import { roleCheck } from './judging/check-kinds.js';
import { sameValue } from './judging/compare.js';
import { fail, pass, skip, titleOf } from './judging/evidence.js';
import { cached, effectiveValue, othersWriteTo, sameRequestExcept, valuesWithout } from './judging/related.js';
import { comparedFields, rowKeyOf, sameRows } from './judging/rows.js';
import type { CaseResult, RecordedRun } from './judging/types.js';

const NAME = 'filter_effect';

/** Text as a lenient search compares it: without case, accents or other combining marks, compatibility forms folded. */
const folded = (text: string): string => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

const tokens = (text: string): string[] =>
  folded(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token.length >= 3);

/**
 * Whether a field value has anything in common with the search text, as any common search compares text (without
 * case or accents): a substring either way, or a word.
 */
export function relatedTo(value: unknown, text: string): boolean {
  const [field, needle] = [folded(textOf(value)), folded(text)];
  if (field.includes(needle) || (field.length >= 3 && needle.includes(field))) return true;
  const words = new Set(tokens(field));
  return tokens(needle).some((token) => words.has(token));
}

function searched(run: RecordedRun, answer: Answer) {
  const search = parameterWithRole(answer.operation, 'search');
  const text = search && answer.case?.values[search.name] !== undefined ? effectiveValue(run, answer, search) : '';
  if (!search || !text) return undefined;
  const fieldParameter = parameterWithRole(answer.operation, 'search-field');
  const sentField = fieldParameter ? answer.case?.values[fieldParameter.name] : undefined;
  const field = sentField !== undefined ? run.valueOf(sentField) : searchField(answer.operation)?.name;
  if (!field) return undefined;
  return { text, field, ignore: [search.name, ...(fieldParameter ? [fieldParameter.name] : [])] };
}

/** How a row is told apart from the others: its identifier, or else the searched field. */
function identityOf(run: RecordedRun, answer: Answer, field: string): (row: Row) => string {
  const identifier = answer.records ? run.model.records[answer.records.kind]?.identifier : undefined;
  return (row) => JSON.stringify(row[identifier ?? field]);
}

/**
 * Whether the text is a whole value of the field that an answer of the same operation and data showed: the same
 * values but for how rows are searched, sorted and paged (another statistic's rows are other data).
 */
function wholeValueSeen(run: RecordedRun, answer: Answer, field: string, text: string): boolean {
  if (othersWriteTo(run, answer)) return false;
  const shaping = answer.operation.parameters
    .filter((parameter) => parameter.role && SHAPING_ROLES.has(parameter.role))
    .map((parameter) => parameter.name);
  const data = valuesWithout(run, answer, shaping);
  return run.answers.some(
    (other) =>
      other.operation.id === answer.operation.id &&
      other.epoch === answer.epoch &&
      valuesWithout(run, other, shaping) === data &&
      !whileWriting(other) &&
      other.verdict === 'accepted' &&
      !!other.records?.rows.some((row) => row[field] === text),
  );
}

/**
 * The labels creates of the traffic sent: a search for one finds a record that may not show in a search at once (a
 * search index catching up), which the state model judges with patience, not this check.
 */
const createdLabelsCache = new WeakMap<readonly Answer[], Set<string>>();
const createdLabels = (run: RecordedRun): Set<string> =>
  cached(createdLabelsCache, run.answers, () => {
    const label = writableKind(run.model)?.label;
    const creates = run.answers.filter((answer) => label && answer.operation.effect === 'create');
    return new Set(creates.flatMap((answer) => answer.case?.values[label!] ?? []).map((value) => run.valueOf(value)));
  });

function judge(run: RecordedRun, answer: Answer): CaseResult | undefined {
  const search = searched(run, answer);
  const rows = answer.records?.many ? answer.records.rows : undefined;
  if (!search || !rows || createdLabels(run).has(search.text)) return undefined;
  const { text, field, ignore } = search;
  const title = `${titleOf(answer)}: a search of ${field} for "${text}"`;
  if (!rows.every((row) => field in row)) return skip(title, `rows do not show ${field}`);
  const pageSize = parameterWithRole(answer.operation, 'page-size');
  const unfiltered = sameRequestExcept(run, answer, [...ignore, ...(pageSize ? [pageSize.name] : [])]).filter(
    (other) => !ignore.some((name) => name in other.case!.values),
  );
  const identity = identityOf(run, answer, field);
  const whole = unfiltered.find((other) => other.page?.complete);
  if (whole) {
    const held = new Map(whole.records!.rows.map((row) => [identity(row), row]));
    const kind = run.model.records[answer.records!.kind];
    const documented = kind ? comparedFields(kind) : [];
    for (const row of rows) {
      const same = held.get(identity(row));
      const changed = same ? documented.find((name) => name in row && !sameValue(row[name], same[name])) : undefined;
      if (!same || changed)
        return fail(
          'filter-changed-rows',
          answer,
          'a search returns rows the unfiltered list holds, unchanged',
          same
            ? `the row ${identity(row)} shows ${changed} ${JSON.stringify(row[changed!])} ` +
                `(${JSON.stringify(same[changed!])} unfiltered)`
            : `the row ${identity(row)} is not in the complete unfiltered answer`,
          { basis: 'specified', title, related: [whole] },
        );
    }
  }
  if (
    wholeValueSeen(run, answer, field, text) &&
    answer.page?.complete &&
    !rows.some((row) => sameValue(row[field], text))
  )
    return fail('filter-ignored', answer, `the row whose ${field} is "${text}" is found`, 'it is missing', {
      basis: 'specified',
      title,
    });
  const samePage = unfiltered.find(
    (other) =>
      other.records?.count === rows.length &&
      (pageSize ? effectiveValue(run, other, pageSize) === effectiveValue(run, answer, pageSize) : true) &&
      sameRows(other.records.rows, rows, undefined, false, rowKeyOf(run, answer)),
  );
  const unrelated = rows.find((row) => !relatedTo(row[field], text));
  // A text with no letter or digit (emoji, punctuation) gives a word-based search nothing to match: it may be
  // dropped like a stop word, so answering the unfiltered rows is one honest reading of it.
  if (samePage && unrelated && /[\p{L}\p{N}]/u.test(text))
    return fail(
      'filter-ignored',
      answer,
      `a search that takes effect: not the unfiltered rows, some of which share nothing with "${text}"`,
      `the unfiltered rows, ${field} ${JSON.stringify(unrelated[field])} among them`,
      { basis: 'specified', title, related: [samePage] },
    );
  return pass(title);
}

export const filterEffect = roleCheck(
  NAME,
  'A search finds the whole value, returns only rows the list holds, and takes effect (its semantics are observed).',
  'search',
  'no search answer to judge',
  judge,
);
