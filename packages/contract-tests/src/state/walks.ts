// Walks: the pages of one list query, in order, from the first page until
// the deployment shows no more. The source documentation does not show how a
// further page is reached, so a run learns it from the deployment (a `next`
// link, a `Link` header, page numbers) and tags each page it asks for with
// its walk; a recorded file's pages are put back together from their
// requests: the same query, each page asked for as the one before linked it
// or numbered one more. A walk is complete when its last page says it is
// last, holds fewer rows than the page size, or the page after it is empty,
// refused, or the same page again (a framework that answers the last page
// for any page past the end).
import { type OperationModel, parameterWithRole } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import type { Row } from '../answers/records.js';
import { textOf } from '../answers/json-values.js';
import type { TemplateValue, Values } from '../spec/secrets.js';

export interface Walk {
  id: string;
  operation: OperationModel;
  kind: string;
  /** The spec's parameters in effect (documented defaults filled in), alike on every page. */
  query: Record<string, string>;
  /** The page size in effect, when the operation takes one and the value is allowed. */
  size: number | undefined;
  /** The pages that hold rows of the walk, in order. */
  pages: Answer[];
  /** Every row of the query was seen: the last page is the last one. */
  complete: boolean;
  /** Why the walk stopped short, when it did. */
  cut?: string;
}

/** Values a page request sent that the operation does not declare: how the deployment reaches its pages. */
export function pagingValues(answer: Answer): Record<string, string> {
  const declared = new Set(answer.operation.parameters.map((parameter) => parameter.name));
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.case?.values ?? {}))
    if (!declared.has(name) && typeof value === 'string') out[name] = value;
  return out;
}

/**
 * The declared parameters a request sent, with the documented default of each it left out: two requests with the
 * same query ask for the same rows, whichever of them spelled a default out.
 */
export function effectiveQuery(
  operation: OperationModel,
  values: Values,
  textOfValue: (value: TemplateValue) => string,
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.role === 'credential') continue;
    const sent = values[parameter.name];
    if (sent !== undefined) query[parameter.name] = textOfValue(sent);
    else if (parameter.hasDefault && parameter.default !== undefined && parameter.default !== null)
      query[parameter.name] = String(parameter.default);
  }
  return query;
}

const queryKey = (operation: OperationModel, query: Record<string, string>): string =>
  `${operation.id} ${Object.keys(query)
    .sort()
    .map((name) => `${name}=${query[name]}`)
    .join('&')}`;

/** The identity of a row within its list: its identifier, or the whole row where the kind has none. */
export function rowIdentity(row: Row, identifier: string | undefined): string {
  return identifier ? textOf(row[identifier]) : JSON.stringify(row);
}

/**
 * Whether an answer can be a page of a walk: a list accepted with the valid key; its first page, for a request that
 * follows the spec (a further page is asked for as the deployment offers it, which the spec does not show).
 */
function isPage(answer: Answer, first = true): boolean {
  return (
    answer.records?.many === true &&
    answer.verdict === 'accepted' &&
    answer.case?.auth === 'valid' &&
    (!first || (answer.case.expect === 'success' && (answer.case.basis ?? 'specified') === 'specified'))
  );
}

const sameIds = (a: Answer, b: Answer, identifier: string | undefined): boolean => {
  const [x, y] = [a.records?.rows ?? [], b.records?.rows ?? []];
  return (
    x.length > 0 &&
    x.length === y.length &&
    x.every((row, i) => rowIdentity(row, identifier) === rowIdentity(y[i]!, identifier))
  );
};

/**
 * Whether `answer` asks for the page that `previous` links or numbers next. Page numbers may count from 0 or 1, so
 * after a first page without a number either `page=1` or `page=2` may be the next, and a numbered page counts only
 * when it shows some row the page before did not (`page=1` of a deployment counting from 1 is the first again), or
 * repeats a numbered page exactly (past the end).
 */
function follows(previous: Answer, answer: Answer, identifier: string | undefined): boolean {
  const sent = pagingValues(answer);
  if (Object.keys(sent).length === 0) return false;
  const next = previous.page?.next;
  if (next?.every(([name, value]) => answer.case?.values[name] === value)) return true;
  if (sent.page === undefined || !/^\d+$/.test(sent.page)) return false;
  const before = pagingValues(previous).page;
  const expected = before === undefined ? [1, 2] : [Number(before) + 1];
  if (!expected.includes(Number(sent.page))) return false;
  const shown = new Set((previous.records?.rows ?? []).map((row) => rowIdentity(row, identifier)));
  const ids = (answer.records?.rows ?? []).map((row) => rowIdentity(row, identifier));
  // Past a numbered page, the same page again is a framework's overflow (the walk ends there); page=1 after an
  // unnumbered first page that repeats it is the first page asked again.
  if (before !== undefined && ids.length > 0 && sameIds(previous, answer, identifier)) return true;
  return ids.length > 0 && !sharesMostRows(shown, ids);
}

/**
 * Whether a page is the same page as one shown before, asked again: on a shared account another client may add or
 * remove a row between two asks, so the same page shifts by a row or two, while a further page shares at most as
 * many. Most rows shared make it the same page.
 */
export function sharesMostRows(shown: ReadonlySet<string>, ids: readonly string[]): boolean {
  const shared = ids.filter((id) => shown.has(id)).length;
  return shared > 0 && 2 * shared >= Math.max(shown.size, ids.length);
}

interface OpenWalk {
  walk: Walk;
  last: Answer;
  ended: boolean;
}

/**
 * The walks among a run's answers, in the order their first pages were sent. A run's own pages carry their walk
 * (`case.walk`); other list answers are put together by their requests. `identifierOf` names a kind's identifier.
 */
export function walksOf(
  answers: readonly Answer[],
  textOfValue: (value: TemplateValue) => string,
  identifierOf: (kind: string) => string | undefined,
): Walk[] {
  const walks: Walk[] = [];
  const tagged = new Map<string, OpenWalk>();
  const open = new Map<string, OpenWalk>();
  for (const answer of answers) {
    if (!answer.records?.many || !answer.answered) continue;
    const tag = answer.case?.walk;
    const query = effectiveQuery(answer.operation, answer.case?.values ?? {}, textOfValue);
    for (const name of Object.keys(pagingValues(answer))) delete query[name];
    const key = tag ? `tag ${tag.id}` : queryKey(answer.operation, query);
    const current = tag ? tagged.get(key) : open.get(key);
    const identifier = identifierOf(answer.records.kind);
    // A probe of how pages are numbered (tagged page 0) is no page of its walk.
    if (tag?.page === 0) continue;
    const continues = current && !current.ended && (tag ? tag.page > 1 : follows(current.last, answer, identifier));
    if (continues) {
      extend(current, answer, identifier);
      continue;
    }
    // Only a first page starts a walk: a later page whose walk is not known is left out.
    if (!isPage(answer) || (tag ? tag.page > 1 : Object.keys(pagingValues(answer)).length > 0)) continue;
    const size = pageSize(answer);
    const walk: Walk = {
      id: tag?.id ?? `recorded #${answer.exchange.id}`,
      operation: answer.operation,
      kind: answer.records.kind,
      query,
      size,
      pages: [answer],
      complete: answer.page?.complete === true || answer.page?.last === true,
    };
    walks.push(walk);
    // A page short of the size ends an untagged walk; a run's own walk goes on where its pages say (a `next` link).
    const started = { walk, last: answer, ended: !tag && walk.complete };
    (tag ? tagged : open).set(key, started);
  }
  return walks;
}

function pageSize(answer: Answer): number | undefined {
  return parameterWithRole(answer.operation, 'page-size') ? answer.page?.size : undefined;
}

/** Adds the page after `walk.last`, or ends the walk where that page shows there is no more. */
function extend(open: OpenWalk, answer: Answer, identifier: string | undefined): void {
  const { walk } = open;
  const rows = answer.records?.rows ?? [];
  open.ended = true;
  if (answer.verdict === 'refused') {
    // A page past the end refused (Django's "Invalid page."): the page before it was the last.
    walk.complete = true;
    return;
  }
  if (!isPage(answer, false)) {
    walk.cut = `page ${walk.pages.length + 1} was not answered as a page (#${answer.exchange.id})`;
    return;
  }
  if (rows.length === 0 || sameIds(open.last, answer, identifier)) {
    // An empty page, or the last page again (Pagy's overflow): the page before it was the last. A second page that
    // is the first again may as well be a deployment that does not read the page asked for: the walk is cut.
    if (rows.length > 0 && walk.pages.length === 1) walk.cut = 'page 2 is page 1 again';
    else walk.complete = true;
    return;
  }
  walk.pages.push(answer);
  open.last = answer;
  walk.complete = answer.page?.complete === true || answer.page?.last === true;
  open.ended = walk.complete && answer.case?.walk === undefined;
}

/**
 * A value computed once per walk: the run judges its answers again after every look at the state, and a walk it has
 * made no longer changes (the same first page and the same number of pages).
 */
export function perWalk<T>(cache: WeakMap<Answer, { pages: number; value: T }>, walk: Walk, compute: () => T): T {
  const first = walk.pages[0]!;
  const known = cache.get(first);
  if (known && known.pages === walk.pages.length) return known.value;
  const value = compute();
  cache.set(first, { pages: walk.pages.length, value });
  return value;
}

const rowsOfWalk = new WeakMap<Answer, { pages: number; value: Row[] }>();

/** Every row of a walk, page after page (gathered once for the pages it has). */
export const walkRows = (walk: Walk): Row[] =>
  perWalk(rowsOfWalk, walk, () => walk.pages.flatMap((page) => page.records?.rows ?? []));
