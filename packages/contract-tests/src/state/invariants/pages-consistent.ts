// pages_consistent: the pages of one walk agree with one another. Every page
// but the last is full (specified: `per_page` is the number of results per
// page, so a page short of it while more rows follow has lost some), and
// where a deployment states a total, it counts the rows it serves (the order
// of every page and across pages is list_matches_state's to judge). How a total is stated is not
// shown, so the run learns it from the deployment: only a total that counted
// the rows of a complete walk of several pages (any: the first may be one a
// lost row cut short) is held to counting them in every walk.
import { parameterWithRole } from '@tallyport/spec-model/query';
import { fail, pass } from '../../checks/judging/evidence.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import { othersWrite, type StateTimeline } from '../timeline.js';
import { type Walk, walkRows } from '../walks.js';
import { type Finding, stateCheck } from './frame.js';
import { walkEvidence, walkKey } from './shared.js';

const NAME = 'pages_consistent';

function fullPages(walk: Walk, version: number): Finding | undefined {
  if (walk.size === undefined || walk.pages.length < 2) return undefined;
  const parameter = parameterWithRole(walk.operation, 'page-size')!;
  const title = `${walkKey(walk)}: every page but the last holds ${walk.size} rows`;
  const short = walk.pages.slice(0, -1).findIndex((page) => (page.records?.count ?? 0) !== walk.size);
  const subject = `full ${walkKey(walk)}`;
  if (short < 0) return { subject, version, result: pass(title) };
  const page = walk.pages[short]!;
  return {
    subject,
    version,
    result: fail(
      'page-not-full',
      page,
      `${walk.size} rows on every page but the last (${parameter.name}=${walk.size})`,
      `page ${short + 1} of ${walk.pages.length} holds ${page.records?.count ?? 0} rows, and page ${short + 2} follows`,
      { basis: 'specified', title, related: [walk.pages[short + 1]!] },
    ),
  };
}

/**
 * Per operation: whether the deployment's stated total counted the rows of a complete walk of several pages (on one
 * page, a count of the page's rows could not be told from a total). Any such walk teaches it, not only the first:
 * the first may be the one a lost row cut short.
 */
function totalsCount(walks: readonly Walk[]): Map<string, boolean> {
  const learned = new Map<string, boolean>();
  for (const walk of walks) {
    const stated = walk.pages[0]!.page?.statedTotal;
    if (!walk.complete || walk.pages.length < 2 || stated === undefined || learned.get(walk.operation.id)) continue;
    learned.set(walk.operation.id, stated === walkRows(walk).length);
  }
  return learned;
}

function totals(walk: Walk, version: number, counts: boolean | undefined, shared: boolean): Finding | undefined {
  // Where another client writes, the total a first page states may count a record created or deleted before the
  // last page is asked for: only a walk of one page is judged.
  if (!walk.complete || !counts || (shared && walk.pages.length > 1)) return undefined;
  const rows = walkRows(walk).length;
  const wrong = walk.pages.find((page) => page.page?.statedTotal !== undefined && page.page.statedTotal !== rows);
  const title = `${walkKey(walk)}: the stated total counts the rows served`;
  const subject = `total ${walkKey(walk)}`;
  if (!wrong) return { subject, version, result: pass(title) };
  const { related } = walkEvidence(walk);
  return {
    subject,
    version,
    result: fail(
      'total-differs',
      wrong,
      `a total of ${rows}: the rows the pages serve (the total counted the rows of a complete walk)`,
      `a stated total of ${wrong.page!.statedTotal}`,
      { basis: 'specified', title, related: related.filter((page) => page !== wrong) },
    ),
  };
}

function findings(_run: RecordedRun, timeline: StateTimeline): Finding[] {
  const walks = [
    ...timeline.walks.filter((view) => !view.torn).map((view) => ({ walk: view.walk, version: view.version })),
    ...timeline.otherWalks.map((walk) => ({ walk, version: 0 })),
  ];
  const counts = totalsCount(walks.map(({ walk }) => walk));
  const shared = othersWrite(timeline);
  return walks.flatMap(({ walk, version }) =>
    [
      fullPages(walk, version),
      totals(walk, version, counts.get(walk.operation.id), shared && walk.kind === timeline.kind?.name),
    ].filter((finding): finding is Finding => finding !== undefined),
  );
}

export const pagesConsistent = stateCheck(
  NAME,
  'The pages of a list agree: every page but the last is full, and a total ' +
    'the deployment states counts the rows it serves.',
  { nothingToJudge: 'no list was walked through more than one page', findings },
);
