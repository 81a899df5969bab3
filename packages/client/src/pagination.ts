// The source documentation shows no envelope and no way to ask for a page
// beyond `per_page`, so iteration follows whatever "next page" the server
// gives (a link, page counters), and when the payload says nothing while a
// page came back full, it asks for the next page by number (`pageParameter`,
// default `page`) or stops with an error naming the option: a helper named
// listAll never hands back part of a list quietly. The request for the next
// page always goes to the configured base address: a next link only
// contributes its query parameters, so the key never follows a link to
// another host.
import { PaginationError } from './errors.js';
import { isObject } from '@tallyport/spec-model/query';

export type PageQuery = Record<string, string>;

/** Returns the query parameters of the next page, or null when this was the last. */
export type NextPageStrategy =
  | 'auto'
  | 'none'
  | ((payload: unknown, currentQuery: Readonly<Record<string, unknown>>) => PageQuery | null | undefined);

function queryOf(link: string): PageQuery | null {
  try {
    const out: PageQuery = Object.fromEntries(new URL(link, 'http://relative.invalid').searchParams);
    return Object.keys(out).length ? out : null;
  } catch {
    return null;
  }
}

function pageFromCounters(holder: Record<string, unknown>): PageQuery | null {
  const current = Number(holder.current_page);
  const last = Number(holder.last_page);
  return Number.isFinite(current) && Number.isFinite(last) && current < last ? { page: String(current + 1) } : null;
}

/** Laravel-style `links.next`, `next_page_url`, then `meta.current_page/last_page`. */
function autoNextPage(payload: unknown): PageQuery | null {
  if (!isObject(payload)) return null;
  const { links, next_page_url: nextUrl, meta } = payload;
  if (isObject(links) && typeof links.next === 'string' && links.next) return queryOf(links.next);
  if (typeof nextUrl === 'string' && nextUrl) return queryOf(nextUrl);
  return (isObject(meta) && pageFromCounters(meta)) || pageFromCounters(payload);
}

/**
 * Whether pages follow this one: `true` when there is a next page, `false`
 * when the payload says this is the last (a null next link, the last page
 * number, or fewer items than a page holds), `undefined` when it cannot be
 * told (a bare list as long as a page, with no pagination details).
 */
export function hasMorePages(
  strategy: NextPageStrategy,
  payload: unknown,
  next: PageQuery | null,
  itemCount: number,
  pageSize: number,
): boolean | undefined {
  if (next) return true;
  if (typeof strategy === 'function' || itemCount < pageSize) return false;
  if (strategy === 'none' || !isObject(payload)) return undefined;
  const said = (holder: unknown) =>
    isObject(holder) &&
    ((isObject(holder.links) && 'next' in holder.links) ||
      'next_page_url' in holder ||
      (Number.isFinite(Number(holder.current_page)) && Number.isFinite(Number(holder.last_page))));
  return said(payload) || said(payload.meta) ? false : undefined;
}

export function nextPageQuery(
  strategy: NextPageStrategy,
  payload: unknown,
  currentQuery: Readonly<Record<string, unknown>>,
): PageQuery | null {
  if (strategy === 'none') return null;
  if (strategy === 'auto') return autoNextPage(payload);
  return strategy(payload, currentQuery) ?? null;
}

export interface PaginateOptions {
  operation: string;
  strategy: NextPageStrategy;
  maxPages: number;
  /** Items a full page holds (the `per_page` asked for, or its default). */
  pageSize: number;
  /** The query parameter that numbers pages from 1, asked for when the payload names no next page; null: stop. */
  pageParameter: string | null;
}

/**
 * Yields the items of every page, fetching the next page only when the
 * previous one is consumed; throws PaginationError rather than stop early
 * without knowing that the list is complete.
 */
export async function* paginate<T>(
  fetchPage: (extraQuery: PageQuery) => Promise<{ payload: unknown; items: T[] }>,
  baseQuery: Readonly<Record<string, unknown>>,
  options: PaginateOptions,
): AsyncGenerator<T, void, undefined> {
  const { operation, strategy, maxPages, pageSize, pageParameter } = options;
  const stop = (pagesRead: number, option: string, why: string) =>
    new PaginationError(`${operation} stopped after ${pagesRead} page(s): ${why}.`, operation, option, pagesRead);
  const instead = "set `pageParameter` to the deployment's page parameter, or pass a `nextPage` function";
  let extra: PageQuery = {};
  // The items of the last page, when the next one was asked for by number: a deployment that ignores the
  // page parameter answers the same page again, which must not pass for more items.
  let counted: string | undefined;
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const { payload, items } = await fetchPage(extra);
    if (counted !== undefined && counted === JSON.stringify(items)) {
      const asked = `${pageParameter}=${extra[pageParameter as string]}`;
      throw stop(page - 1, 'pageParameter', `${asked} brought the same items again; ${instead}`);
    }
    yield* items;
    const query = { ...baseQuery, ...extra };
    let next = nextPageQuery(strategy, payload, query);
    counted = undefined;
    if (!next) {
      if (hasMorePages(strategy, payload, null, items.length, pageSize) === false) return;
      if (pageParameter === null) {
        throw stop(page, 'pageParameter', `page ${page} is full and does not say if more follow; ${instead}`);
      }
      const number = Number(query[pageParameter] ?? page);
      next = { [pageParameter]: String((Number.isInteger(number) ? number : page) + 1) };
      counted = JSON.stringify(items);
    }
    const signature = JSON.stringify(Object.entries(next).sort());
    if (seen.has(signature)) throw stop(page, 'nextPage', `the next page, ${signature}, was read already`);
    seen.add(signature);
    if (page >= maxPages) throw stop(page, 'maxPages', 'more follow; raise `maxPages`');
    extra = next;
  }
}
