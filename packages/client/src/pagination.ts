// The seed documents no page parameter and no envelope, so iteration follows
// whatever "next page" the server gives and stops when there is none. The
// request for the next page always goes to the configured base address: a
// next link only contributes its query parameters, so the key never follows
// a link to another host.
import { TallyportError } from './errors.js';

export type PageQuery = Record<string, string>;

/** Returns the query parameters of the next page, or null when this was the last. */
export type NextPageStrategy =
  | 'auto'
  | 'none'
  | ((payload: unknown, currentQuery: Readonly<Record<string, unknown>>) => PageQuery | null | undefined);

/** How a list is found inside a payload: 'auto' takes a bare array or the array under `data`. */
export type Unwrap = 'auto' | ((payload: unknown) => unknown);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function queryOf(link: string): PageQuery | null {
  try {
    const params = new URL(link, 'http://relative.invalid').searchParams;
    const out: PageQuery = {};
    for (const [k, v] of params) out[k] = v;
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
export function autoNextPage(payload: unknown): PageQuery | null {
  if (!isObject(payload)) return null;
  const links = payload.links;
  if (isObject(links) && typeof links.next === 'string' && links.next) return queryOf(links.next);
  if (typeof payload.next_page_url === 'string' && payload.next_page_url) return queryOf(payload.next_page_url);
  if (isObject(payload.meta)) {
    const next = pageFromCounters(payload.meta);
    if (next) return next;
  }
  return pageFromCounters(payload);
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
  if (typeof strategy === 'function') return false;
  if (itemCount < pageSize) return false;
  if (strategy === 'none' || !isObject(payload)) return undefined;
  const said = (holder: Record<string, unknown>) =>
    (isObject(holder.links) && 'next' in holder.links) ||
    'next_page_url' in holder ||
    (Number.isFinite(Number(holder.current_page)) && Number.isFinite(Number(holder.last_page)));
  return said(payload) || (isObject(payload.meta) && said(payload.meta)) ? false : undefined;
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

/** The payload itself when it is not an envelope, else its `data`. */
export function unwrapPayload(payload: unknown, unwrap: Unwrap): unknown {
  if (typeof unwrap === 'function') return unwrap(payload);
  return isObject(payload) && 'data' in payload && (isObject(payload.data) || Array.isArray(payload.data))
    ? payload.data
    : payload;
}

export function unwrapList<T>(payload: unknown, unwrap: Unwrap, operation: string): T[] {
  const list = unwrapPayload(payload, unwrap);
  if (Array.isArray(list)) return list as T[];
  throw new TallyportError(
    `${operation}: found no list in the response (neither a bare array nor an array under "data"); ` +
      'pass an `unwrap` function that returns it.',
  );
}

export interface PaginateOptions {
  strategy: NextPageStrategy;
  maxPages: number;
  onCapReached?: () => void;
}

/** Yields the items of every page, fetching the next page only when the previous one is consumed. */
export async function* paginate<T>(
  fetchPage: (extraQuery: PageQuery) => Promise<unknown>,
  baseQuery: Readonly<Record<string, unknown>>,
  toItems: (payload: unknown) => T[],
  options: PaginateOptions,
): AsyncGenerator<T, void, undefined> {
  let extra: PageQuery = {};
  const seen = new Set<string>();
  for (let page = 1; ; page++) {
    const payload = await fetchPage(extra);
    yield* toItems(payload);
    const next = nextPageQuery(options.strategy, payload, { ...baseQuery, ...extra });
    if (!next) return;
    const signature = JSON.stringify(Object.entries(next).sort());
    if (seen.has(signature)) return;
    seen.add(signature);
    if (page >= options.maxPages) {
      options.onCapReached?.();
      return;
    }
    extra = next;
  }
}
