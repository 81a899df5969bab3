// list_matches_state: every list answer of the run, whichever part of the run
// sent it, against the model's prediction of it. Which records: every record
// the state holds once (an id names one record), none the traffic deleted (a
// search included), and for a search, every record each reading of "search
// text" still open finds, and none that no reading could (readings.ts). In
// which order: the rows of every page, and across pages, by the sort key and
// direction in effect, under the collations every earlier answer of the same
// key followed; under the creation-order key, records the run created placed
// by the date they were created. On which page: walks at other page sizes of
// the same query show the same records in the same order. Statistics rows
// too: each value once, in order, the same rows in every page size and order
// of a range that ended before today. The account may be shared: records the
// run did not write may appear or vanish between two views, so a walk that
// shows a record no write of the run made, or misses one that then turns out
// gone, is judged only for what another client's write cannot explain (the
// order, and the records the run deleted).
import { parameterWithRole } from '@tallyport/spec-model/query';
import { type Answer, ofSequence } from '../../answers/answer.js';
import { textOf } from '../../answers/json-values.js';
import { ordersFollowed } from '../../checks/judging/compare.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import { rowKeyOf } from '../../checks/judging/rows.js';
import type { ModelRecord } from '../model.js';
import { ALL_SEARCH_READINGS, consistentReadings, expectedInSearch, type SearchReading } from '../readings.js';
import { goneAfter, othersWrite, shownAfter, type StateTimeline, type WalkView } from '../timeline.js';
import { perWalk, rowIdentity, type Walk, walkRows } from '../walks.js';
import { type Finding, stateCheck } from './frame.js';
import {
  creationOrderKey,
  endedBeforeToday,
  few,
  finding,
  type FindingFailure,
  rowIdentityField,
  sortOf,
  walkEvidence,
  walkKey,
} from './shared.js';
import { plural } from '../../text/plural.js';

const NAME = 'list_matches_state';
const WHOLE_VALUE_READING = 'a search for a whole value finds it';
const ANY_READING = ', under any reading';

/** Creation times closer than this may fall in the same second of a deployment's clock. */
const SAME_SECOND_MS = 1000;

const lastExchange = (walk: Walk): number => walk.pages.at(-1)!.exchange.id;

/** Rows of a walk shown more than once (told apart by `field`), and the pages that show them. */
function twiceFinding(walk: Walk, field: string | undefined, version: number, churn = false): Finding | undefined {
  if (!walk.complete && walk.pages.length < 2) return undefined;
  const seen = new Map<string, Answer>();
  const twice: string[] = [];
  const pages = new Set<Answer>();
  for (const page of walk.pages)
    for (const row of page.records?.rows ?? []) {
      const id = rowIdentity(row, field);
      const first = seen.get(id);
      if (first) {
        twice.push(id);
        pages.add(first).add(page);
      } else seen.set(id, page);
    }
  const title = `${walkKey(walk)}: each row once across ${plural(walk.pages.length, 'page')}`;
  // Where another client writes, a record it created between two pages pushes the last row of a page onto the next:
  // a row shown again right across a page boundary is its doing.
  const atBoundary = (id: string) =>
    walk.pages.some((page, index) => {
      const [last, next] = [page.records?.rows.at(-1), walk.pages[index + 1]?.records?.rows[0]];
      return (
        last !== undefined && next !== undefined && rowIdentity(last, field) === id && rowIdentity(next, field) === id
      );
    });
  const [answer, ...related] = pages.size > 0 ? [...pages] : [walk.pages.at(-1)!];
  const explained = twice.length === 0 || (churn && twice.every(atBoundary));
  const listedTwice: FindingFailure | false = !explained && {
    kind: 'listed-twice',
    answer: answer!,
    expected: `every row once: the pages of a list together list each ${field ?? 'row'} once`,
    actual: `${field ?? 'row'} ${few(twice)} shown twice across the pages`,
    related,
  };
  return finding(`twice ${walkKey(walk)}`, version, title, listedTwice, churn);
}

/**
 * The collations each sort key of each operation has been seen to follow: the order of text is the deployment's
 * own, but one deployment orders one key one way, so a walk is held to the collations every earlier walk of the same
 * key followed.
 */
class Orders {
  private readonly learnt = new Map<string, string[]>();

  judge(walk: Walk, version: number): Finding | undefined {
    const sort = sortOf(walk);
    const rows = walkRows(walk);
    // Under the creation-order key the order is the dates records were created (placement judges it); that ids
    // follow them is only a convention, sort_order's to judge.
    if (!sort || sort.key === creationOrderKey(walk.operation)) return undefined;
    if (rows.length < 2 || !rows.every((row) => sort.key in row)) return undefined;
    const pages = walk.pages.map((page) => (page.records?.rows ?? []).map((row) => row[sort.key]));
    const values = pages.flat();
    // One key of one selection (a statistic's name): other selections hold other values (hours, countries).
    const selection = walk.operation.parameters
      .filter((parameter) => parameter.enum && !parameter.role && parameter.in !== 'path')
      .map((parameter) => walk.query[parameter.name]);
    const key = `${walk.operation.id} ${sort.key} ${selection.join(' ')}`;
    const before = this.learnt.get(key);
    const followed = ordersFollowed(values, sort.direction);
    const left = before ? followed.filter((name) => before.includes(name)) : followed;
    const across = walk.pages.length > 1 ? ` across ${plural(walk.pages.length, 'page')}` : '';
    const title = `${walkKey(walk)}: ordered by ${sort.key} ${sort.direction}${across}`;
    const subject = `order ${walkKey(walk)}`;
    if (left.length > 0) {
      if (new Set(values.map((value) => JSON.stringify(value))).size > 1) this.learnt.set(key, left);
      return finding(subject, version, title);
    }
    const held = before && followed.length > 0 ? before : undefined;
    const under = (list: readonly unknown[]) =>
      held
        ? ordersFollowed(list, sort.direction).some((name) => held.includes(name))
        : ordersFollowed(list, sort.direction).length > 0;
    const alone = pages.findIndex((list) => !under(list));
    const boundary = pages.findIndex(
      (list, index) => index + 1 < pages.length && !under([...list.slice(-1), ...pages[index + 1]!.slice(0, 1)]),
    );
    const at = alone >= 0 ? alone : Math.max(boundary, 0);
    const actual =
      alone >= 0
        ? `page ${alone + 1} of ${walk.pages.length} is out of order on its own: ${breakIn(pages[alone]!, under)}`
        : boundary >= 0
          ? `page ${boundary + 1} ends with ${JSON.stringify(pages[boundary]!.at(-1))} and page ${boundary + 2} ` +
            `starts with ${JSON.stringify(pages[boundary + 1]![0])}`
          : held
            ? `in no collation the earlier answers of ${sort.key} followed (${held.join(', ')})`
            : 'each page is in order, but no one collation orders them all';
    return finding(subject, version, title, {
      kind: 'misordered',
      answer: walk.pages[alone >= 0 ? alone : Math.min(at + 1, walk.pages.length - 1)]!,
      expected:
        `rows ordered by ${sort.key} ${sort.direction} on every page and across pages, under one collation` +
        (held ? ` (as earlier answers: ${held.join(', ')})` : '') +
        (sort.convention ? ` (${sort.convention})` : ''),
      actual,
      related: walk.pages.filter((_, index) => index !== at),
      ...(sort.convention ? { basis: 'convention' } : {}),
    });
  }
}

/** The first pair of a page's values that breaks the order. */
function breakIn(values: readonly unknown[], ordered: (values: readonly unknown[]) => boolean): string {
  for (let index = 1; index < values.length; index++)
    if (!ordered(values.slice(0, index + 1)))
      return `${JSON.stringify(values[index - 1])} comes before ${JSON.stringify(values[index])}`;
  return 'no one collation orders its rows';
}

/** The label a record shows, as its last view showed it or as written. */
function labelOf(record: ModelRecord, label: string): string | undefined {
  const field = record.fields[label];
  const value = field?.shown?.value ?? field?.value ?? record.label;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The readings of "search text" still open for each operation: each complete search walk, with no write of the run
 * and no other client's in the way, rules out the readings that disagree with what it showed of a record that was
 * there before it and stayed put. Records the run created are judged by what is learnt, never teach it.
 */
function learnSearch(timeline: StateTimeline, label: string): Map<string, SearchReading[]> {
  const left = new Map<string, SearchReading[]>();
  for (const view of timeline.walks) {
    if (view.torn || view.search === undefined || !view.walk.complete || disturbedByOthers(timeline, view)) continue;
    const ids = new Set(walkRows(view.walk).map((row) => textOf(row[timeline.kind!.identifier])));
    const end = lastExchange(view.walk);
    let readings = left.get(view.walk.operation.id) ?? ALL_SEARCH_READINGS;
    for (const record of view.records.values()) {
      const text = labelOf(record, label);
      if (record.origin !== 'listed' || record.unsure || text === undefined || view.deleted.has(record.id)) continue;
      if (!ids.has(record.id) && !stayedPut(timeline, record.id, end)) continue;
      readings = consistentReadings(readings, view.search, text, ids.has(record.id));
    }
    left.set(view.walk.operation.id, readings);
  }
  return left;
}

/** Shown again after exchange `after`, and not gone since: a record there before the run that stayed put. */
const stayedPut = (timeline: StateTimeline, id: string, after: number): boolean =>
  shownAfter(timeline, id, after) && !goneAfter(timeline, id, after);

/**
 * Whether another client wrote while a walk went from page to page: it shows a record no write of the run made, or
 * misses one it held that then turned out gone.
 */
function disturbedByOthers(timeline: StateTimeline, view: WalkView): boolean {
  if (view.appeared.length > 0) return true;
  if (!view.expectedIds || !view.walk.complete) return false;
  const ids = new Set(walkRows(view.walk).map((row) => rowIdentity(row, timeline.kind!.identifier)));
  const end = lastExchange(view.walk);
  return [...view.expectedIds].some(
    (id) => !ids.has(id) && view.records.get(id)?.origin === 'listed' && !stayedPut(timeline, id, end),
  );
}

/** A complete walk without a search holds every record the state holds; no walk holds a deleted one. */
function membership(
  timeline: StateTimeline,
  view: WalkView,
  readings: readonly SearchReading[],
  shared: boolean,
): Finding[] {
  const { walk, version } = view;
  const kind = timeline.kind!;
  const rows = walkRows(walk);
  const ids = new Set(rows.map((row) => rowIdentity(row, kind.identifier)));
  const key = walkKey(walk);
  const { answer, related } = walkEvidence(walk);
  const end = lastExchange(walk);
  const findings: Finding[] = [];
  const deleted = [...ids].filter((id) => view.deleted.has(id) && !view.records.has(id));
  const stillListed: FindingFailure | false = deleted.length > 0 && {
    kind: 'still-listed',
    answer,
    expected: `a deleted record leaves the list${view.search === undefined ? '' : ' and its searches'}`,
    actual: `${kind.identifier} ${few(deleted)} still listed after the delete`,
    related: deleted.map((id) => view.deleted.get(id)!),
  };
  findings.push(finding(`deleted ${key}`, version, `${key}: no deleted record is listed`, stillListed));
  if (!walk.complete) return findings;
  // What the run did not write may be created or deleted by another client while the walk goes from page to page.
  const disturbed = disturbedByOthers(timeline, view);
  if (view.search === undefined && view.expectedIds) {
    const missing = [...view.expectedIds].filter((id) => {
      const record = view.records.get(id);
      if (ids.has(id) || record?.unsure) return false;
      return record?.origin === 'created' ? !goneAfter(timeline, id, end) : stayedPut(timeline, id, end);
    });
    const title = `${key}: every record the state holds is listed`;
    const rowMissing: FindingFailure | false = missing.length > 0 && {
      kind: 'row-missing',
      answer,
      expected: `all ${plural(view.expectedIds.size, 'record')} the state holds, across every page`,
      actual:
        `${kind.identifier} ${few(missing)} not on any of the ${plural(walk.pages.length, 'page')}, ` +
        'although nothing deleted them and they are shown again later',
      related,
    };
    if (!disturbed) findings.push(finding(`missing ${key}`, version, title, rowMissing, shared));
  }
  if (view.search !== undefined) findings.push(...searchMembership(timeline, view, ids, readings, disturbed, shared));
  return findings;
}

/**
 * A complete search: every record every reading left finds is listed (one the run created included: it is treated
 * as the others), and no row is one that no reading of a search could find.
 */
function searchMembership(
  timeline: StateTimeline,
  view: WalkView,
  ids: ReadonlySet<string>,
  readings: readonly SearchReading[],
  disturbed: boolean,
  shared: boolean,
): Finding[] {
  const kind = timeline.kind!;
  const text = view.search!;
  const { answer, related } = walkEvidence(view.walk);
  const end = lastExchange(view.walk);
  const findings: Finding[] = [];
  for (const record of view.records.values()) {
    const label = labelOf(record, kind.label);
    if (record.unsure || label === undefined || view.deleted.has(record.id)) continue;
    if (view.expectedIds && !view.expectedIds.has(record.id)) continue;
    if (expectedInSearch(readings, text, label) !== 'in') continue;
    // A record there before the run stayed put only if shown again; the run's own records are there until deleted.
    const there =
      record.origin === 'created'
        ? !goneAfter(timeline, record.id, end)
        : !disturbed && shownAfter(timeline, record.id, end);
    if (!there && !ids.has(record.id)) continue;
    const title = `${kind.identifier} ${record.id}: found by a search for ${JSON.stringify(text)}`;
    const notFound: FindingFailure | false = !ids.has(record.id) && {
      kind: 'not-found-by-search',
      answer,
      expected:
        `${kind.label} ${JSON.stringify(label)} listed: every reading of the search the deployment's answers ` +
        `left open (${readings.length > 0 ? readings.join('; ') : WHOLE_VALUE_READING}) finds it`,
      actual: 'not listed, after the deployment had time to show it',
      related: [...related, ...(record.created ? [record.created.answer] : [])],
    };
    const subject = `search ${record.id} ${walkKey(view.walk)}`;
    findings.push(finding(subject, view.version, title, notFound, shared && record.origin === 'listed'));
  }
  // A row no reading of a search could list: judged on the model's own searches (filter_effect judges the others).
  if (view.walk.pages.every(ofSequence)) {
    const stray = walkRows(view.walk).filter((row) => {
      const label = row[kind.label];
      return typeof label === 'string' && expectedInSearch(readings, text, label) === 'out';
    });
    const title = `${walkKey(view.walk)}: every row matches the search`;
    const shown = stray.map((row) => JSON.stringify(row[kind.label]));
    const strayRows: FindingFailure | false = stray.length > 0 && {
      kind: 'filter-changed-rows',
      answer,
      expected: `only rows whose ${kind.label} a search for ${JSON.stringify(text)} could match${ANY_READING}`,
      actual: `${kind.label} ${few(shown, 3)} listed`,
      related,
    };
    findings.push(finding(`stray ${walkKey(view.walk)}`, view.version, title, strayRows));
  }
  return findings;
}

/** Whether `a` was created before `b`, as far as the traffic shows; undefined when it cannot tell. */
function olderThan(a: ModelRecord, b: ModelRecord): boolean | undefined {
  const [x, y] = [a.created, b.created];
  if (!x && !y) return undefined;
  // A record that existed when an answer showed it was created by then; one the traffic created, after it was sent.
  const existedBy = (record: ModelRecord) => record.created?.answeredAt ?? record.firstSeenAt;
  if (y && existedBy(a) + SAME_SECOND_MS <= y.sentAt) return true;
  if (x && existedBy(b) + SAME_SECOND_MS <= x.sentAt) return false;
  return undefined;
}

/**
 * Under the creation-order key, a record the run created comes after (ascending) or before (descending) every record
 * that existed when it was created, and an update never moves it.
 */
function placement(view: WalkView, identifier: string): Finding | undefined {
  const sort = sortOf(view.walk);
  if (!sort || sort.key !== creationOrderKey(view.walk.operation)) return undefined;
  const records = walkRows(view.walk)
    .map((row) => view.records.get(rowIdentity(row, identifier)))
    .filter((record): record is ModelRecord => record !== undefined);
  if (!records.some((record) => record.origin === 'created')) return undefined;
  const title = `${walkKey(view.walk)}: created records placed by the date they were created`;
  const subject = `placed ${walkKey(view.walk)}`;
  for (let later = 1; later < records.length; later++)
    for (let earlier = 0; earlier < later; earlier++) {
      const [first, second] = [records[earlier]!, records[later]!];
      if (first.origin !== 'created' && second.origin !== 'created') continue;
      const older = olderThan(first, second);
      if (older === undefined || older === (sort.direction === 'asc')) continue;
      const which = (record: ModelRecord) =>
        `${identifier} ${record.id} (${record.origin === 'created' ? 'created by the run' : 'there before it wrote'})`;
      const { answer, related } = walkEvidence(view.walk);
      return finding(subject, view.version, title, {
        kind: 'misplaced',
        answer,
        expected:
          `${parameterWithRole(view.walk.operation, 'sort-key')!.name}=${sort.key} orders by the date created: ` +
          `${sort.direction === 'asc' ? 'older' : 'newer'} records first, and an update never moves one`,
        actual: `${which(first)} comes before ${which(second)}, which was created ${older ? 'later' : 'earlier'}`,
        related: [...related, ...[first, second].flatMap((record) => (record.created ? [record.created.answer] : []))],
      });
    }
  return finding(subject, view.version, title);
}

/**
 * Walks of one query at other page sizes, ordered by a unique key, at the same version: they show the records they
 * share in the same order, and, where no other client's write came in between, the same records (all of them, when
 * both are complete), the freshest complete walk being the one the others are held to.
 */
function sizeFindings(views: readonly WalkView[], identifier: string, churned: (view: WalkView) => boolean): Finding[] {
  const groups = new Map<string, WalkView[]>();
  for (const view of views) {
    if (view.torn || view.search !== undefined || sortOf(view.walk)?.key !== identifier) continue;
    const key = `${view.version} ${walkKey(view.walk, ['page-size'])}`;
    groups.set(key, [...(groups.get(key) ?? []), view]);
  }
  const findings: Finding[] = [];
  for (const group of groups.values()) {
    const first = [...group].reverse().find((view) => view.walk.complete) ?? group.at(-1)!;
    for (const other of group) {
      if (other.walk.size === first.walk.size) continue;
      let a = walkRows(first.walk).map((row) => rowIdentity(row, identifier));
      let b = walkRows(other.walk).map((row) => rowIdentity(row, identifier));
      const churn = churned(first) || churned(other);
      if (churn) {
        // Another client's records come and go (and shift a row across a page boundary, shown twice): the records
        // both walks show keep their order.
        const [inA, inB] = [new Set(a), new Set(b)];
        [a, b] = [[...new Set(a.filter((id) => inB.has(id)))], [...new Set(b.filter((id) => inA.has(id)))]];
      }
      const common = Math.min(a.length, b.length);
      const bothComplete = first.walk.complete && other.walk.complete;
      const at = a.slice(0, common).findIndex((id, index) => id !== b[index]);
      const title = `${walkKey(other.walk)}: the same rows as at ${first.walk.size} a page`;
      const agree = at < 0 && (churn || !bothComplete || a.length === b.length);
      const { answer, related } = walkEvidence(other.walk);
      const disagree: FindingFailure | false = !agree && {
        kind: 'sizes-disagree',
        answer,
        expected: `the same rows in the same order at every page size (as at ${first.walk.size} a page)`,
        actual:
          at >= 0
            ? `row ${at + 1} is ${identifier} ${b[at]} here and ${a[at]} at ${first.walk.size} a page`
            : `${b.length} rows here, ${a.length} at ${first.walk.size} a page`,
        related: [...related, ...first.walk.pages],
      };
      findings.push(finding(`sizes ${walkKey(other.walk)}`, other.version, title, disagree));
    }
  }
  return findings;
}

/** Complete walks of one statistics range in other sizes or orders: the same rows. */
function samePairFinding(first: Walk, other: Walk, expected: readonly string[], got: readonly string[]): Finding {
  const title = `${walkKey(other)}: the same rows as ${walkKey(first)}`;
  const [had, have] = [new Set(expected), new Set(got)];
  const lost = expected.filter((row) => !have.has(row));
  const added = got.filter((row) => !had.has(row));
  const { answer, related } = walkEvidence(other);
  const same = lost.length === 0 && added.length === 0 && got.length === expected.length;
  const subject = `sizes ${walkKey(other)}`;
  if (same) return finding(subject, 0, title);
  return finding(subject, 0, title, {
    kind: 'sizes-disagree',
    answer,
    expected: 'the same rows in every page size and order of one range',
    actual:
      `${got.length} rows here, ${expected.length} in the other walk` +
      (lost.length > 0 ? `; missing here: ${few(lost, 3)}` : '') +
      (added.length > 0 ? `; only here: ${few(added, 3)}` : ''),
    related: [...related, ...first.pages],
  });
}

const readOnlyTwice = new WeakMap<Answer, { pages: number; value: Finding | undefined }>();
const readOnlyPairs = new WeakMap<Answer, { pages: number; value: Finding }>();
const sortedKeys = new WeakMap<Answer, { pages: number; value: string[] }>();

function readOnlyFindings(run: RecordedRun, walks: readonly Walk[], orders: Orders): Finding[] {
  const findings: Finding[] = [];
  const groups = new Map<string, Walk[]>();
  for (const walk of walks) {
    const twice = perWalk(readOnlyTwice, walk, () => twiceFinding(walk, rowIdentityField(run, walk), 0));
    if (twice) findings.push(twice);
    const order = orders.judge(walk, 0);
    if (order) findings.push(order);
    if (!walk.complete || run.model.records[walk.kind]?.identifier || !endedBeforeToday(walk)) continue;
    const key = walkKey(walk, ['page-size', 'sort-key', 'sort-direction']);
    groups.set(key, [...(groups.get(key) ?? []), walk]);
  }
  for (const group of groups.values()) {
    const [first, ...others] = group;
    const rowKey = rowKeyOf(run, first!.pages[0]!);
    const rows = (walk: Walk) => perWalk(sortedKeys, walk, () => walkRows(walk).map(rowKey).sort());
    for (const other of others)
      findings.push(perWalk(readOnlyPairs, other, () => samePairFinding(first!, other, rows(first!), rows(other))));
  }
  return findings;
}

const repeatedRows = new WeakMap<Answer, { pages: number; value: Finding | undefined }>();
const placed = new WeakMap<Answer, { pages: number; value: Finding | undefined }>();

function findings(run: RecordedRun, timeline: StateTimeline): Finding[] {
  const found: Finding[] = [];
  const orders = new Orders();
  const kind = timeline.kind;
  if (kind) {
    const readings = learnSearch(timeline, kind.label);
    // Another client writes to the same account: records the run did not write came, changed or went.
    const shared = othersWrite(timeline);
    for (const view of timeline.walks) {
      if (view.torn) continue;
      const twice = perWalk(repeatedRows, view.walk, () =>
        twiceFinding(view.walk, kind.identifier, view.version, shared),
      );
      const order = orders.judge(view.walk, view.version);
      const placedFinding = perWalk(placed, view.walk, () => placement(view, kind.identifier));
      for (const one of [twice, order, placedFinding]) if (one) found.push(one);
      const left = readings.get(view.walk.operation.id) ?? ALL_SEARCH_READINGS;
      found.push(...membership(timeline, view, left, shared));
    }
    found.push(...sizeFindings(timeline.walks, kind.identifier, (view) => shared || disturbedByOthers(timeline, view)));
  }
  found.push(...readOnlyFindings(run, timeline.otherWalks, orders));
  return found;
}

export const listMatchesState = stateCheck(
  NAME,
  'Every list answer holds what the state holds, as predicted: each record once and none deleted, every record a ' +
    'search finds under every reading still open, rows in order on every page and across pages, created records ' +
    'placed by their creation, the same rows at every page size (statistics rows too).',
  { nothingToJudge: 'no list was read', findings },
);
