// linked_records_agree: a read a spec link leads to from an answer that names
// one record finds that record: a purchase's item is accepted (specified:
// item details return the item with the supplied id). A search a link leads
// to (a website read, then looked for by its domain) is a list answer, which
// the model of the state judges (list_matches_state). The fields the link
// says agree (`x-tallyport-agree`:
// the item's name and preview image) are compared too, as a convention: a
// purchase may keep the item as it was when it was bought. Links from a list
// to each row's read are read_matches_list's to judge.
import { listedKind, singleKind } from '@tallyport/spec-model/query';
import { type Answer, whileWriting } from '../answers/answer.js';
import { followLink, type LinkTarget, valueAtPath } from '../derived/links.js';
import { anyLinkToOneRecord } from './judging/applies.js';
import { sameValue } from './judging/compare.js';
import { fail, pass, skip, titleOf } from './judging/evidence.js';
import { acceptedConforming, mockSkip } from './judging/related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

const NAME = 'linked_records_agree';

/**
 * The answer to the request a link leads to: of the conforming requests of the target that sent those values (and
 * whose acceptance the source decides), the one that sent the fewest others, the closest to the link's own.
 */
function answerTo(run: RecordedRun, operationId: string, values: Record<string, unknown>): Answer | undefined {
  const sent = (answer: Answer) =>
    Object.entries(values).every(
      ([name, value]) => JSON.stringify(answer.case!.values[name]) === JSON.stringify(value),
    );
  return run.answers
    .filter(
      (answer) =>
        answer.operation.id === operationId &&
        answer.case?.auth === 'valid' &&
        answer.case.expect === 'success' &&
        (answer.case.basis ?? 'specified') === 'specified' &&
        !whileWriting(answer) &&
        sent(answer),
    )
    .sort((a, b) => Object.keys(a.case!.values).length - Object.keys(b.case!.values).length)[0];
}

/** The request a link leads to did not find what the first answer named. */
const unresolved = (target: Answer, source: Answer, title: string, expected: string, actual: string): CaseResult =>
  fail('reference-unresolved', target, expected, actual, { basis: 'specified', title, related: [source] });

/** A read the link leads to: the fields the link says agree are as the first answer showed them. */
function judgeRead(followed: LinkTarget, source: Answer, target: Answer, title: string): CaseResult {
  const record = target.records?.rows[0];
  if (!record) return unresolved(target, source, title, 'the record the link reads', 'no record in the answer');
  const differing = followed.link.agree.filter((field) => {
    const [before, now] = [valueAtPath(followed.source, field), valueAtPath(record, field)];
    return before !== undefined && now !== undefined && !sameValue(before, now);
  });
  if (differing.length === 0) return pass(title);
  return fail(
    'reference-differs',
    target,
    `${differing.join(', ')} as ${source.operation.id} showed (${followed.link.name})`,
    differing
      .map((field) => {
        const [before, now] = [valueAtPath(followed.source, field), valueAtPath(record, field)];
        return `${field} ${JSON.stringify(now)} (${JSON.stringify(before)} in the first answer)`;
      })
      .join('; '),
    { basis: 'convention', title, related: [source] },
  );
}

function judge(run: RecordedRun, source: Answer, followed: LinkTarget): CaseResult | undefined {
  const target = answerTo(run, followed.link.operationId, followed.values);
  if (!target) return undefined;
  const title = `${titleOf(target)}: ${followed.link.name} finds what ${source.operation.id} named`;
  if (!target.answered) return skip(title, target.exchange.error ?? 'no answer');
  if (target.verdict === 'inconclusive') return skip(title, `HTTP ${target.status} says nothing`);
  const named = `${target.operation.id} finds what ${source.operation.id} named`;
  if (target.verdict === 'refused') return unresolved(target, source, title, named, 'refused');
  // A search a link leads to (a read record looked for by its label) is the model of the state's to judge: every
  // list answer is held to what the state holds (list_matches_state).
  return target.records?.many ? undefined : judgeRead(followed, source, target, title);
}

export const linkedRecordsAgree: CheckDefinition = {
  name: NAME,
  description: "A request a spec link leads to finds the record the first answer named, with the link's fields equal.",
  needs: ['derived'],
  appliesTo: anyLinkToOneRecord,
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const results: CaseResult[] = [];
    const judged = new Set<string>();
    for (const source of run.answers) {
      // From answers that name one record, outside the writes (the write checks judge those).
      if (!acceptedConforming(source) || whileWriting(source)) continue;
      if (listedKind(source.operation) !== undefined || singleKind(source.operation) === undefined) continue;
      for (const link of source.operation.links) {
        const target = run.model.operations.find((operation) => operation.id === link.operationId);
        if (target?.effect !== 'read') continue;
        for (const followed of followLink(link, source)) {
          const key = `${link.name} ${JSON.stringify(followed.values)}`;
          if (judged.has(key)) continue;
          judged.add(key);
          const verdict = judge(run, source, followed);
          if (verdict) results.push(verdict);
        }
      }
    }
    return results.length > 0 ? results : [skip(NAME, 'no link was followed from an answer that named a record')];
  },
};
