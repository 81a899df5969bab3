// resource_availability: what the run writes is visible where the spec's
// links say it is. A created record reads back by its id (specified; read
// a few times, since a deployment may be slow to show a write), shows in
// its list when searched for by its label, and its linked reads (its
// statistics) answer; the answer to an update is the record as a read
// right after shows it; the list shows it as the read does; a deleted
// record leaves the list. How soon a write shows in a search, and whether a
// new record's statistics answer before it has any, are not decided by the
// source documentation: those are warnings.
import { writableKind } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { anyWritable } from './judging/applies.js';
import { sameValue } from './judging/compare.js';
import { fail, pass, titleOf } from './judging/evidence.js';
import { acceptedConforming, judgeWriteTrails, labelsReadById } from './judging/related.js';
import { comparedFields } from './judging/rows.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

const NAME = 'resource_availability';

const last = (steps: Answer[], step: string) => steps.filter((answer) => answer.case!.step === step).at(-1);

/** The row of `answer` that shows the record: its label as sent, or as a read of it by id showed it. */
function rowWithLabel(answer: Answer | undefined, field: string, names: ReadonlySet<unknown>) {
  return answer?.records?.rows.find((row) => names.has(row[field]));
}

/** The label as sent, and as the reads of the record by id show it (in the deployment's own form). */
const namesOf = (steps: readonly Answer[], field: string, label: string): ReadonlySet<unknown> =>
  new Set<unknown>([label, ...labelsReadById(steps, field)]);

/** The documented fields (those shown the same way everywhere) on which two views of one record differ. */
function differing(run: RecordedRun, a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  return comparedFields(writableKind(run.model)!).filter(
    (field) => field in a && field in b && !sameValue(a[field], b[field]),
  );
}

function judgeRecord(run: RecordedRun, label: string, steps: Answer[]): CaseResult[] {
  const kind = writableKind(run.model)!;
  const create = steps.find((answer) => answer.case!.step === 'create');
  if (!create || create.case!.expect !== 'success' || create.verdict !== 'accepted') return [];
  const results: CaseResult[] = [];
  const title = titleOf(create);
  const names = namesOf(steps, kind.label, label);
  const reads = steps.filter((answer) => answer.case!.step === 'verify');
  const readBack = reads.find((answer) => rowWithLabel(answer, kind.label, names));
  if (!readBack && reads.length > 0 && reads.every((answer) => answer.verdict === 'refused'))
    results.push(
      fail(
        'not-available',
        reads.at(-1)!,
        'the created record reads back by the id its create answered',
        `${reads.length} reads were refused`,
        {
          basis: 'specified',
          title: `${title}: reads back by its id`,
          related: [create, ...reads.slice(0, -1)],
        },
      ),
    );
  const found = last(steps, 'find-after-create');
  if (found?.verdict === 'accepted')
    results.push(
      rowWithLabel(found, kind.label, names)
        ? pass(`${title}: listed when searched for`)
        : fail(
            'not-available',
            found,
            `the created record is listed when its ${kind.label} is searched for`,
            'it is not listed, after a few tries',
            {
              basis: 'convention',
              title: `${title}: listed when searched for`,
              related: [create],
            },
          ),
    );
  for (const followed of steps.filter((answer) => answer.case!.step === 'follow-created' && answer.answered)) {
    const followTitle = `${title}: ${titleOf(followed)}`;
    if (followed.verdict === 'accepted') results.push(pass(followTitle));
    else if (followed.verdict === 'refused')
      results.push(
        fail(
          'not-available',
          followed,
          `${followed.operation.id} answers for the created record`,
          `refused (HTTP ${followed.status})`,
          {
            basis: 'convention',
            title: followTitle,
            related: [create],
          },
        ),
      );
  }
  results.push(...updatesAgree(run, steps, label, names));
  const afterUpdates = last(steps, 'find-after-update');
  const lastRead = [...steps]
    .reverse()
    .find((answer) => answer.case!.step === 'read-after-update' && acceptedConforming(answer));
  const listed = rowWithLabel(afterUpdates, kind.label, names);
  const read = lastRead?.records?.rows[0];
  if (afterUpdates?.verdict === 'accepted' && !listed)
    results.push(
      fail(
        'not-available',
        afterUpdates,
        `an updated record is still listed when its ${kind.label} is searched for`,
        'it is not listed, after a few tries',
        {
          basis: 'convention',
          title: `${title}: listed after the updates`,
        },
      ),
    );
  if (afterUpdates && listed && read) {
    const fields = differing(run, listed, read);
    results.push(
      fields.length === 0
        ? pass(`${title}: listed as it reads after the updates`)
        : fail(
            'answers-disagree',
            afterUpdates,
            'the list shows the record as a read does',
            fields
              .map((field) => `${field} ${JSON.stringify(listed[field])} (read ${JSON.stringify(read[field])})`)
              .join('; '),
            { basis: 'specified', title: `${title}: listed as it reads after the updates`, related: [lastRead!] },
          ),
    );
  }
  const afterDelete = last(steps, 'find-after-delete');
  if (afterDelete?.verdict === 'accepted')
    results.push(
      rowWithLabel(afterDelete, kind.label, names)
        ? fail(
            'still-listed',
            afterDelete,
            'a deleted record leaves the list',
            'it is still listed, after a few tries',
            {
              basis: 'convention',
              title: `${title}: not listed once deleted`,
            },
          )
        : pass(`${title}: not listed once deleted`),
    );
  return results;
}

/** Where the update after the one at `index` starts, if there is one. */
const nextUpdate = (steps: Answer[], index: number) =>
  steps.slice(index + 1).find((step) => step.case!.step === 'update')?.exchange.id;

/** The answer to each update against the read made right after it (the last, when a slow one was read again). */
function updatesAgree(run: RecordedRun, steps: Answer[], label: string, names: ReadonlySet<unknown>): CaseResult[] {
  const kind = writableKind(run.model)!;
  const results: CaseResult[] = [];
  steps.forEach((update, index) => {
    if (update.case!.step !== 'update' || update.case!.auth !== 'valid' || !acceptedConforming(update)) return;
    const shown = update.records?.many === false ? update.records.rows[0] : undefined;
    // The reads that followed this update (before the next one); the last is the one that settled.
    const until = nextUpdate(steps, index) ?? Number.POSITIVE_INFINITY;
    const after = steps
      .slice(index + 1)
      .filter((step) => step.case!.step === 'read-after-update' && step.exchange.id < until)
      .at(-1);
    const read = after && acceptedConforming(after) ? after.records?.rows[0] : undefined;
    if (shown && kind.label in shown && !names.has(shown[kind.label])) {
      results.push(
        fail(
          'answers-disagree',
          update,
          `the update answers the record it updated (${kind.label} ${label})`,
          `${kind.label} ${JSON.stringify(shown[kind.label])}`,
          {
            basis: 'specified',
            title: `${titleOf(update)}: answers the record it updated`,
          },
        ),
      );
      return;
    }
    const answered = rowWithLabel(update, kind.label, names);
    if (!answered || !read) return;
    const fields = differing(run, answered, read);
    const title = `${titleOf(update)}: answers the record a read right after shows`;
    results.push(
      fields.length === 0
        ? pass(title)
        : fail(
            'answers-disagree',
            update,
            'the update answers the record as a read right after shows it',
            fields
              .map((field) => `${field} ${JSON.stringify(answered[field])} (read ${JSON.stringify(read[field])})`)
              .join('; '),
            { basis: 'specified', title, related: [after!] },
          ),
    );
  });
  return results;
}

export const resourceAvailability: CheckDefinition = {
  name: NAME,
  description:
    'What the run writes shows where the links say: a created record reads back and is listed; an update answers ' +
    'what a read shows; a deleted record leaves the list.',
  needs: ['write'],
  appliesTo: anyWritable,
  judge: (run) => judgeWriteTrails(run, NAME, (label, steps) => judgeRecord(run, label, steps)),
};
