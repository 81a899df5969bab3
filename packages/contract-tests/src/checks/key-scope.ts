// key_scope: operations whose answer is what the key selects
// (`x-tallyport-scope: key`: account details, the item list) are compared
// across the two valid keys a run may have. The key without items never
// gets another key's items (specified: the list holds the items linked to
// the key). That two keys select two different accounts is the usual case,
// but the source documentation links an account to a key without saying a
// key's account is its own: the same account twice is a warning.
import type { Answer } from '../answers/answer.js';
import { API_SECRETS } from '../spec/deployment.js';
import { anyScopedByKey } from './judging/applies.js';
import { fail, pass, skip, titleOf } from './judging/evidence.js';
import { acceptedConforming, mockSkip } from './judging/related.js';
import { rowKeyOf, sameRows } from './judging/rows.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

const NAME = 'key_scope';

/** Why nothing could be compared: no second key, named by its variable (or: the spec documents none). */
function noSecondKey(run: RecordedRun): string {
  const variable = API_SECRETS[run.api].keyWithoutRecords;
  return variable
    ? `no second valid key is configured (set ${variable} to a key whose account holds no records)`
    : 'the spec documents no second key for this API';
}

function judge(run: RecordedRun, other: Answer): CaseResult | undefined {
  const main = run.answers.find(
    (answer) =>
      answer.operation.id === other.operation.id && answer.case?.family === 'baseline' && acceptedConforming(answer),
  );
  if (!main || !other.answered || other.verdict !== 'accepted' || !other.records || !main.records) return undefined;
  const title = `${titleOf(other)}: what the other key selects`;
  const identifier = run.model.records[other.records.kind]?.identifier;
  if (other.records.many && identifier) {
    const mine = new Set(main.records.rows.map((row) => JSON.stringify(row[identifier])));
    const foreign = other.records.rows.find((row) => mine.has(JSON.stringify(row[identifier])));
    if (!foreign) return pass(title);
    return fail(
      'foreign-items',
      other,
      `a key's list holds only the ${other.records.kind} records linked to it`,
      `the other key lists ${identifier} ${JSON.stringify(foreign[identifier])} of the main key`,
      { basis: 'specified', title, related: [main] },
    );
  }
  if (!sameRows(other.records.rows, main.records.rows, undefined, false, rowKeyOf(run, main))) return pass(title);
  return fail('same-account', other, 'two keys select two accounts', 'both keys answer the same account', {
    basis: 'convention',
    title,
    related: [main],
  });
}

export const keyScope: CheckDefinition = {
  name: NAME,
  description: 'What a key selects (its account, its items) differs between keys; no key gets another key’s items.',
  needs: ['auth', 'documented', 'baseline'],
  appliesTo: anyScopedByKey,
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const scoped = run.answers.filter(
      (answer) => answer.operation.scope === 'key' && answer.case?.auth === 'key-without-records',
    );
    if (scoped.length === 0) return [skip(NAME, noSecondKey(run))];
    const results = scoped.flatMap((answer) => judge(run, answer) ?? []);
    return results.length > 0 ? results : [skip(NAME, 'no answer of both keys to compare')];
  },
};
