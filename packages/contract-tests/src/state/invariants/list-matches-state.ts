// list_matches_state: every page of a list, together, holds exactly what the
// deployment holds. Specified: a list lists the records (each once: an id
// names one record), and `per_page` only says how many rows a page holds, so
// a row lost, or shown twice, between one page and the next is a fault
// whatever the paging. Judged on walks through every page (walks.ts)
// against the model: no row twice; once every record is known, none
// missing and no deleted one still listed; walks at other page sizes of the
// same query show the same rows in the same order (where the order is by a
// unique key). Statistics rows too: each value once, and the same rows at
// every page size and order of the same range (a range that ended before
// today, so new traffic cannot change it).
import type { Answer } from '../../answers/answer.js';
import type { Row } from '../../answers/records.js';
import { fail, pass } from '../../checks/judging/evidence.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import { rowKeyOf } from '../../checks/judging/rows.js';
import type { StateTimeline, WalkView } from '../timeline.js';
import { rowIdentity, type Walk, walkRows } from '../walks.js';
import { type Finding, stateCheck } from './frame.js';
import { endedBeforeToday, few, perWalk, plural, rowIdentityField, sortOf, walkEvidence, walkKey } from './shared.js';

const NAME = 'list_matches_state';

/** Rows of a walk told apart by `field`, and those shown more than once with the pages that show them. */
function repeated(walk: Walk, field: string | undefined): { ids: string[]; twice: string[]; pages: Answer[] } {
  const seen = new Map<string, Answer>();
  const twice: string[] = [];
  const pages = new Set<Answer>();
  const ids: string[] = [];
  for (const page of walk.pages)
    for (const row of page.records?.rows ?? []) {
      const id = rowIdentity(row, field);
      ids.push(id);
      const first = seen.get(id);
      if (first) {
        twice.push(id);
        pages.add(first).add(page);
      } else seen.set(id, page);
    }
  return { ids, twice, pages: [...pages] };
}

function twiceFinding(walk: Walk, field: string | undefined, version: number): Finding | undefined {
  if (!walk.complete && walk.pages.length < 2) return undefined;
  const { twice, pages } = repeated(walk, field);
  const title = `${walkKey(walk)}: each row once across ${plural(walk.pages.length, 'page')}`;
  const subject = `twice ${walkKey(walk)}`;
  if (twice.length === 0) return { subject, version, result: pass(title) };
  const [answer, ...related] = pages.length > 0 ? pages : [walk.pages.at(-1)!];
  return {
    subject,
    version,
    result: fail(
      'listed-twice',
      answer!,
      `every row once: the pages of a list together list each ${field ?? 'row'} once`,
      `${field ?? 'row'} ${few(twice)} shown twice across the pages`,
      { basis: 'specified', title, related },
    ),
  };
}

/** A complete walk without a search against the records the model holds. */
function stateFindings(view: WalkView, identifier: string, refusedLater: (id: string) => boolean): Finding[] {
  const { walk, version } = view;
  const ids = new Set(walkRows(walk).map((row) => rowIdentity(row, identifier)));
  const key = walkKey(walk);
  const { answer, related } = walkEvidence(walk);
  const findings: Finding[] = [];
  if (view.expectedIds) {
    const missing = [...view.expectedIds].filter(
      (id) => !ids.has(id) && !view.records.get(id)?.unsure && !refusedLater(id),
    );
    const title = `${key}: every record the state holds is listed`;
    const lastShown = missing.flatMap((id) => {
      const from = Object.values(view.records.get(id)?.fields ?? {})[0]?.from;
      return from ? [from] : [];
    });
    findings.push({
      subject: `missing ${key}`,
      version,
      result:
        missing.length === 0
          ? pass(title)
          : fail(
              'row-missing',
              answer,
              `all ${plural(view.expectedIds.size, 'record')} the state holds, across every page`,
              `${identifier} ${few(missing)} not on any of the ${plural(walk.pages.length, 'page')}, ` +
                'although nothing deleted them and they still read by id',
              { basis: 'specified', title, related: [...related, ...lastShown.slice(0, 2)] },
            ),
    });
  }
  const deleted = [...ids].filter((id) => view.deleted.has(id) && !view.records.has(id));
  const deletedTitle = `${key}: no deleted record is listed`;
  findings.push({
    subject: `deleted ${key}`,
    version,
    result:
      deleted.length === 0
        ? pass(deletedTitle)
        : fail(
            'still-listed',
            answer,
            'a deleted record leaves the list',
            `${identifier} ${few(deleted)} still listed after the delete`,
            { basis: 'specified', title: deletedTitle, related: [...deleted.map((id) => view.deleted.get(id)!)] },
          ),
  });
  return findings;
}

/**
 * Walks of one query at other page sizes, ordered by a unique key, at the same version: the rows of the shorter one
 * are the first rows of the longer one (all of them, when both are complete), the freshest complete walk being the
 * one the others are compared with.
 */
function sizeFindings(views: readonly WalkView[], identifier: string): Finding[] {
  const groups = new Map<string, WalkView[]>();
  for (const view of views) {
    const sort = sortOf(view.walk);
    if (view.torn || view.search !== undefined || sort?.key !== identifier) continue;
    const key = `${view.version} ${walkKey(view.walk, ['page-size'])}`;
    groups.set(key, [...(groups.get(key) ?? []), view]);
  }
  const findings: Finding[] = [];
  for (const group of groups.values()) {
    // The freshest complete walk is the one the others are held to (an earlier one may have lagged a write).
    const first = [...group].reverse().find((view) => view.walk.complete) ?? group.at(-1);
    for (const other of group) {
      if (other.walk.size === first!.walk.size) continue;
      const a = walkRows(first!.walk).map((row) => rowIdentity(row, identifier));
      const b = walkRows(other.walk).map((row) => rowIdentity(row, identifier));
      const shared = Math.min(a.length, b.length);
      const bothComplete = first!.walk.complete && other.walk.complete;
      const at = a.slice(0, shared).findIndex((id, index) => id !== b[index]);
      const title = `${walkKey(other.walk)}: the same rows as at ${first!.walk.size} a page`;
      const agree = at < 0 && (!bothComplete || a.length === b.length);
      const { answer, related } = walkEvidence(other.walk);
      findings.push({
        subject: `sizes ${walkKey(other.walk)}`,
        version: other.version,
        result: agree
          ? pass(title)
          : fail(
              'sizes-disagree',
              answer,
              `the same rows in the same order at every page size (as at ${first!.walk.size} a page)`,
              at >= 0
                ? `row ${at + 1} is ${identifier} ${b[at]} here and ${a[at]} at ${first!.walk.size} a page`
                : `${b.length} rows here, ${a.length} at ${first!.walk.size} a page`,
              { basis: 'specified', title, related: [...related, ...first!.walk.pages] },
            ),
      });
    }
  }
  return findings;
}

/** Complete walks of one statistics range in every size and order show the same rows. */
const readOnlyTwice = new WeakMap<Answer, { pages: number; value: Finding | undefined }>();
const readOnlyPairs = new WeakMap<Answer, { pages: number; value: Finding }>();
const sortedKeys = new WeakMap<Answer, { pages: number; value: string[] }>();

function readOnlyFindings(run: RecordedRun, walks: readonly Walk[]): Finding[] {
  const findings: Finding[] = [];
  const groups = new Map<string, Walk[]>();
  for (const walk of walks) {
    const twice = perWalk(readOnlyTwice, walk, () => twiceFinding(walk, rowIdentityField(run, walk), 0));
    if (twice) findings.push(twice);
    if (!walk.complete || run.model.records[walk.kind]?.identifier || !endedBeforeToday(walk)) continue;
    const key = walkKey(walk, ['page-size', 'sort-key', 'sort-direction']);
    groups.set(key, [...(groups.get(key) ?? []), walk]);
  }
  for (const group of groups.values()) {
    const [first, ...others] = group;
    const rowKey = rowKeyOf(run, first!.pages[0]!);
    const rows = (walk: Walk) =>
      perWalk(sortedKeys, walk, () =>
        walkRows(walk)
          .map((row: Row) => rowKey(row))
          .sort(),
      );
    for (const other of others)
      findings.push(perWalk(readOnlyPairs, other, () => samePairFinding(first!, other, rows(first!), rows(other))));
  }
  return findings;
}

/** Two complete walks of one range in other sizes or orders: the same rows. */
function samePairFinding(first: Walk, other: Walk, expected: readonly string[], got: readonly string[]): Finding {
  const title = `${walkKey(other)}: the same rows as ${walkKey(first)}`;
  const [had, have] = [new Set(expected), new Set(got)];
  const lost = expected.filter((row) => !have.has(row));
  const added = got.filter((row) => !had.has(row));
  const { answer, related } = walkEvidence(other);
  return {
    subject: `sizes ${walkKey(other)}`,
    version: 0,
    result:
      lost.length === 0 && added.length === 0 && got.length === expected.length
        ? pass(title)
        : fail(
            'sizes-disagree',
            answer,
            'the same rows in every page size and order of one range',
            `${got.length} rows here, ${expected.length} in the other walk` +
              (lost.length > 0 ? `; missing here: ${few(lost, 3)}` : '') +
              (added.length > 0 ? `; only here: ${few(added, 3)}` : ''),
            { basis: 'specified', title, related: [...related, ...first.pages] },
          ),
  };
}

const repeatedRows = new WeakMap<Answer, { pages: number; value: Finding | undefined }>();

function findings(run: RecordedRun, timeline: StateTimeline): Finding[] {
  const found: Finding[] = [];
  const identifier = timeline.kind?.identifier;
  if (identifier) {
    for (const view of timeline.walks) {
      if (view.torn) continue;
      const twice = perWalk(repeatedRows, view.walk, () => twiceFinding(view.walk, identifier, view.version));
      if (twice) found.push(twice);
      if (!view.walk.complete || view.search !== undefined) continue;
      const last = view.walk.pages.at(-1)!.exchange.id;
      // A record gone (its read refused) after the walk is write_isolated's to judge, not a row lost by paging.
      const refusedLater = (id: string) =>
        timeline.refusedReads.some(
          (read) => read.id === id && read.version === view.version && read.answer.exchange.id > last,
        );
      found.push(...stateFindings(view, identifier, refusedLater));
    }
    found.push(...sizeFindings(timeline.walks, identifier));
  }
  found.push(...readOnlyFindings(run, timeline.otherWalks));
  return found;
}

export const listMatchesState = stateCheck(
  NAME,
  'Every page of a list together holds exactly what the state holds: no row twice, none missing, the same rows at ' +
    'every page size (statistics rows too).',
  { nothingToJudge: 'no list was walked through more than one page', findings },
);
