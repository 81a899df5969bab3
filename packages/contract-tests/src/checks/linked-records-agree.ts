// linked_records_agree: a request a spec link leads to finds the record the
// first answer named. A read it leads to (a purchase's item) is accepted
// (specified: item details return the item with the supplied id); a search
// of a list it leads to (a website read, then looked for by its domain)
// lists that record whenever the search answer is complete (specified: a
// whole domain searched for finds its website whatever the search
// semantics). The fields the link says agree (`x-tallyport-agree`: the
// item's name and preview image) are compared too, as a convention: a
// purchase may keep the item as it was when it was bought.
import { singleKind } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { followLink, valueAtPath } from '../cases/links.js';
import { sameValue } from './compare.js';
import { fail, pass, skip, titleOf } from './evidence.js';
import { mockSkip } from './related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './types.js';

const NAME = 'linked_records_agree';

function judge(run: RecordedRun, target: Answer): CaseResult | undefined {
  const { link: name, exchangeId } = target.case!.linkedFrom!;
  const source = run.answers.find((answer) => answer.exchange.id === exchangeId);
  const link = source?.operation.links.find((candidate) => candidate.name === name);
  if (!source || !link) return undefined;
  const title = `${titleOf(target)}: ${link.name} finds what #${exchangeId} named`;
  if (!target.answered) return skip(title, target.exchange.error ?? 'no answer');
  if (target.verdict === 'inconclusive') return skip(title, `HTTP ${target.status} says nothing`);
  const followed = followLink(link, source).find(
    (candidate) => JSON.stringify(candidate.values) === JSON.stringify(pick(target, Object.keys(candidate.values))),
  );
  if (target.verdict === 'refused')
    return fail(
      'reference-unresolved',
      target,
      `${target.operation.id} finds what ${source.operation.id} answered`,
      'refused',
      {
        basis: 'specified',
        title,
        related: [source],
      },
    );
  const kind = target.records ? run.model.records[target.records.kind] : undefined;
  if (target.records?.many) {
    // A list the link leads to (a search by a label): the record the first answer showed is among its rows.
    const identifier = kind?.identifier;
    const named = identifier ? source.records?.rows[0]?.[identifier] : undefined;
    if (!identifier || named === undefined || singleKind(source.operation) === undefined) return undefined;
    if (target.records.rows.some((row) => sameValue(row[identifier], named))) return pass(title);
    if (!target.page?.complete) return skip(title, 'a full page without it: it may be on another');
    return fail(
      'reference-unresolved',
      target,
      `the list searched by ${link.name} shows ${identifier} ${JSON.stringify(named)}`,
      'it is not listed',
      {
        basis: 'specified',
        title,
        related: [source],
      },
    );
  }
  const record = target.records?.rows[0];
  if (!record)
    return fail('reference-unresolved', target, 'the record the link reads', 'no record in the answer', {
      basis: 'specified',
      title,
      related: [source],
    });
  const differing = link.agree.filter((field) => {
    const [a, b] = [valueAtPath(followed?.source, field), valueAtPath(record, field)];
    return a !== undefined && b !== undefined && !sameValue(a, b);
  });
  if (differing.length === 0) return pass(title);
  return fail(
    'reference-differs',
    target,
    `${differing.join(', ')} as ${source.operation.id} showed (${link.name})`,
    differing
      .map((field) => {
        const [now, before] = [valueAtPath(record, field), valueAtPath(followed?.source, field)];
        return `${field} ${JSON.stringify(now)} (${JSON.stringify(before)} in the first answer)`;
      })
      .join('; '),
    { basis: 'convention', title, related: [source] },
  );
}

/** The values a target request sent for the given parameters (secrets stay references). */
function pick(answer: Answer, names: string[]) {
  return Object.fromEntries(names.map((name) => [name, answer.case!.values[name]]));
}

export const linkedRecordsAgree: CheckDefinition = {
  name: NAME,
  description: "A request a spec link leads to finds the record the first answer named, with the link's fields equal.",
  needs: ['derived'],
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const results = run.answers
      .filter((answer) => answer.case?.linkedFrom && answer.case.step === 'follow-link')
      .flatMap((answer) => judge(run, answer) ?? []);
    return results.length > 0 ? results : [skip(NAME, 'no link was followed from an answer that named a record')];
  },
};
