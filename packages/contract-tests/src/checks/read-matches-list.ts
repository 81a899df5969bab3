// read_matches_list: every listed record can be read by its id, and the read
// returns that record with every documented field the list shows equal
// (specified: a setting does not change between two calls, and whatever
// format a deployment gives a field, it gives it in both). Fields the spec
// marks as shown by convention (a password, which may be masked in a list)
// differing, or links differing in their query only (signed for each
// answer), is a warning; fields the spec does not document (live counters,
// timestamps) are not compared.
import type { Answer } from '../answers/answer.js';
import { textOf } from '../answers/json-values.js';
import { sameButUrlQueries, sameValue } from './judging/compare.js';
import { fail, interrupted, pass, skip, titleOf } from './judging/evidence.js';
import { acceptedConforming, mockSkip } from './judging/related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';
import { comparedFields } from './judging/rows.js';

const NAME = 'read_matches_list';

function judge(run: RecordedRun, read: Answer): CaseResult | undefined {
  const kind = read.records?.kind ?? read.operation.responses.flatMap((response) => response.records)[0]?.record;
  const record = kind ? run.model.records[kind] : undefined;
  const identifier = record?.identifier;
  const id = read.case!.record!;
  if (!record || !identifier) return undefined;
  const title = `${titleOf(read)}: equals the listed ${kind}`;
  let listed: { row: Record<string, unknown>; answer: Answer } | undefined;
  for (const answer of run.answers) {
    const records = answer.records;
    if (!records || records.kind !== kind || !records.many || !acceptedConforming(answer)) continue;
    const row = records.rows.find((candidate) => textOf(candidate[identifier]) === id);
    if (row) {
      listed = { row, answer };
      break;
    }
  }
  if (!listed) return undefined;
  if (read.exchange.interrupted) return interrupted(title);
  if (!read.answered) return skip(title, read.exchange.error ?? 'no answer');
  if (read.verdict === 'inconclusive') return skip(title, `HTTP ${read.status} says nothing about the record`);
  if (read.verdict === 'refused')
    return fail('read-differs', read, `the listed ${kind} ${id} can be read`, 'the read was refused', {
      basis: 'specified',
      title,
      related: [listed.answer],
    });
  const shown = read.records?.rows[0];
  if (!shown)
    return fail('read-differs', read, `the ${kind} ${id}`, 'no record in the answer', {
      basis: 'specified',
      title,
      related: [listed.answer],
    });
  if (!sameValue(shown[identifier], listed.row[identifier]))
    return fail(
      'read-differs',
      read,
      `the ${kind} whose ${identifier} is ${id}`,
      `${identifier} ${JSON.stringify(shown[identifier])}`,
      { basis: 'specified', title, related: [listed.answer] },
    );
  const differing = record.fields.filter(
    (field) => field in shown && field in listed!.row && !sameValue(shown[field], listed!.row[field]),
  );
  if (differing.length === 0) return pass(title);
  // A link signed or stamped for each answer differs in its query only: that it is the same string is a convention.
  const compared = new Set(comparedFields(record));
  const decided = differing.filter(
    (field) => compared.has(field) && !sameButUrlQueries(shown[field], listed!.row[field]),
  );
  const shownFields = (decided.length > 0 ? decided : differing)
    .slice(0, 4)
    .map((field) => `${field} ${JSON.stringify(shown[field])} (listed ${JSON.stringify(listed!.row[field])})`)
    .join('; ');
  return fail('read-differs', read, `the documented fields the list shows for ${kind} ${id}`, shownFields, {
    basis: decided.length > 0 ? 'specified' : 'convention',
    title,
    related: [listed.answer],
  });
}

export const readMatchesList: CheckDefinition = {
  name: NAME,
  description: 'Every listed record can be read by its id, and the read equals the listed record.',
  needs: ['baseline', 'coverage', 'derived'],
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const results = run.answers
      .filter((answer) => answer.case?.step === 'read-listed')
      .flatMap((read) => judge(run, read) ?? []);
    return results.length > 0 ? results : [skip(NAME, 'no listed record was read back')];
  },
};
