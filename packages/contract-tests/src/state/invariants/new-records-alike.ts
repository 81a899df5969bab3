// new_records_alike: a record the run created, or updated, is treated as the
// records that were already there in every read. Found by a search for its
// own text: the source leaves the search's matching open, so the run learns
// it from the records the deployment already held (a search for a listed
// website's own domain lists it); where that holds, a created website's own
// domain must find it too (specified; a convention where no older record
// was searched for). Placed by its sort keys: `sort_by=id` orders by the
// date created (the spec's creation-order mark), so under it a record
// created later comes after (ascending) or before (descending) every record
// that existed earlier, an update never moves it, and two records whose
// creates were a second or more apart keep that order. Counted and paged as
// the others are: list_matches_state and pages_consistent judge every walk
// with the created records in it.
import { parameterWithRole } from '@tallyport/spec-model/query';
import { sameLabel } from '../../checks/judging/compare.js';
import { fail, pass } from '../../checks/judging/evidence.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import type { ModelRecord } from '../model.js';
import type { StateTimeline, WalkView } from '../timeline.js';
import { rowIdentity, walkRows } from '../walks.js';
import { type Finding, stateCheck } from './frame.js';
import { creationOrderKey, perWalk, sortOf, walkEvidence, walkKey } from './shared.js';
import type { Answer } from '../../answers/answer.js';

const NAME = 'new_records_alike';

/** Creation times closer than this may fall in the same second of a deployment's clock. */
const SAME_SECOND_MS = 1000;

/** What the record was labelled with and shows as its label: a search for either is a search for its own text. */
function labelsOf(record: ModelRecord, label: string): unknown[] {
  const shown = record.fields[label];
  return [record.label, shown?.how === 'seen' ? shown.value : undefined, shown?.shown?.value].filter(
    (value) => value !== undefined,
  );
}

const ownTextOf = (view: WalkView, record: ModelRecord, label: string): boolean =>
  labelsOf(record, label).some((value) => sameLabel(value, view.search));

/** Whether a search for a listed record's own label listed it: undefined where none was searched for. */
function searchFindsOwnText(timeline: StateTimeline, label: string, identifier: string): boolean | undefined {
  for (const view of timeline.walks) {
    if (view.torn || view.search === undefined) continue;
    const ids = new Set(walkRows(view.walk).map((row) => rowIdentity(row, identifier)));
    for (const record of view.records.values()) {
      if (record.origin !== 'listed' || !ownTextOf(view, record, label)) continue;
      if (ids.has(record.id)) return true;
      if (view.walk.complete) return false;
    }
  }
  return undefined;
}

function searchFindings(timeline: StateTimeline, label: string, identifier: string): Finding[] {
  const learned = searchFindsOwnText(timeline, label, identifier);
  if (learned === false) return [];
  const found: Finding[] = [];
  for (const view of timeline.walks) {
    if (view.torn || view.search === undefined) continue;
    const ids = new Set(walkRows(view.walk).map((row) => rowIdentity(row, identifier)));
    for (const record of view.records.values()) {
      if (record.origin !== 'created' || record.unsure || !ownTextOf(view, record, label)) continue;
      if (view.expectedIds && !view.expectedIds.has(record.id)) continue;
      const title = `${identifier} ${record.id}: found by a search for its own ${label}`;
      const subject = `search ${record.id} ${walkKey(view.walk)}`;
      if (ids.has(record.id)) found.push({ subject, version: view.version, result: pass(title) });
      else if (view.walk.complete) {
        const { answer, related } = walkEvidence(view.walk);
        found.push({
          subject,
          version: view.version,
          result: fail(
            'not-found-by-search',
            answer,
            learned
              ? `the record listed, as a search for an older record's own ${label} lists that record`
              : `the record listed when its own ${label} is searched for`,
            `not listed, after the deployment had time to show it`,
            {
              basis: learned ? 'specified' : 'convention',
              title,
              related: [...related, ...(record.created ? [record.created.answer] : [])],
            },
          ),
        });
      }
    }
  }
  return found;
}

/** Whether `a` was created before `b`, as far as the traffic shows; undefined when it cannot tell. */
function olderThan(a: ModelRecord, b: ModelRecord): boolean | undefined {
  const createdAt = (record: ModelRecord) => record.created;
  const [x, y] = [createdAt(a), createdAt(b)];
  if (!x && !y) return undefined;
  // A record that existed when an answer showed it was created by then; one the traffic created, after it was sent.
  const existedBy = (record: ModelRecord) => record.created?.answeredAt ?? record.firstSeenAt;
  if (y && existedBy(a) + SAME_SECOND_MS <= y.sentAt) return true;
  if (x && existedBy(b) + SAME_SECOND_MS <= x.sentAt) return false;
  return undefined;
}

function placementFinding(view: WalkView, identifier: string): Finding | undefined {
  const sort = sortOf(view.walk);
  if (view.torn || !sort || sort.key !== creationOrderKey(view.walk.operation)) return undefined;
  const records = walkRows(view.walk)
    .map((row) => view.records.get(rowIdentity(row, identifier)))
    .filter((record): record is ModelRecord => record !== undefined);
  if (!records.some((record) => record.origin === 'created')) return undefined;
  const title = `${walkKey(view.walk)}: created records placed by the date they were created`;
  const subject = `placed ${walkKey(view.walk)}`;
  for (let later = 1; later < records.length; later++) {
    for (let earlier = 0; earlier < later; earlier++) {
      const [first, second] = [records[earlier]!, records[later]!];
      if (first.origin !== 'created' && second.origin !== 'created') continue;
      const older = olderThan(first, second);
      if (older === undefined || older === (sort.direction === 'asc')) continue;
      const { answer, related } = walkEvidence(view.walk);
      const which = (record: ModelRecord) =>
        `${identifier} ${record.id} (${record.origin === 'created' ? 'created by the run' : 'there before it wrote'})`;
      return {
        subject,
        version: view.version,
        result: fail(
          'misplaced',
          answer,
          `${parameterWithRole(view.walk.operation, 'sort-key')!.name}=${sort.key} orders by the date created: ` +
            `${sort.direction === 'asc' ? 'older' : 'newer'} records first, and an update never moves one`,
          `${which(first)} comes before ${which(second)}, which was created ${older ? 'later' : 'earlier'}`,
          {
            basis: 'specified',
            title,
            related: [
              ...related,
              ...[first, second].flatMap((record) => (record.created ? [record.created.answer] : [])),
            ],
          },
        ),
      };
    }
  }
  return { subject, version: view.version, result: pass(title) };
}

const placed = new WeakMap<Answer, { pages: number; value: Finding | undefined }>();

function findings(_run: RecordedRun, timeline: StateTimeline): Finding[] {
  const kind = timeline.kind;
  if (!kind) return [];
  return [
    ...searchFindings(timeline, kind.label, kind.identifier),
    ...timeline.walks.flatMap(
      (view) => perWalk(placed, view.walk, () => placementFinding(view, kind.identifier)) ?? [],
    ),
  ];
}

export const newRecordsAlike = stateCheck(
  NAME,
  'Created and updated records are treated as the others in every read: found by a search for their own text, ' +
    'and placed by the date they were created under the creation-order sort.',
  { nothingToJudge: 'no created record was searched for or listed in creation order', findings },
);
