// Whether an answer holds every row of its query. A page with fewer rows
// than the page size in effect is complete: no row of the query is missing
// from it, so it can be compared row for row with another complete answer.
// This is the one definition of "complete page" for the engine. A total the
// payload states is kept beside it, but only as a convention: the source
// documentation shows no envelope, so a field named `total` may count
// something else. How a further page is reached is not shown either: where
// the answer links its next page (a `next` URL in the body, HAL's
// `_links.next.href`, Hydra's `hydra:next`, an RFC 8288 `Link` header), the
// link's query is kept so the page after it can be asked for; a link to
// another origin or path is never followed.
import { isObject, type OperationModel, parameterWithRole } from '@tallyport/spec-model/query';
import type { Values } from '../spec/secrets.js';
import { validValues } from '../cases/values.js';

export interface PageReading {
  /** The page size in effect (sent, or the documented default), when it is an allowed value. */
  size?: number;
  /** Fewer rows than the page size, or a list without a page size: every row of the query is here. */
  complete: boolean;
  /** A total the payload states (`total`, `meta.total`, `count` beside the rows, ...): a convention. */
  statedTotal?: number;
  /** The query of the next page, as the answer links it (same origin and path as the request). */
  next?: Array<[string, string]>;
  /** The answer says no page follows (its next link is null, `has_more` is false). */
  last?: boolean;
}

/** Where the request of an answer went, to resolve the links it holds. */
export interface RequestPlace {
  baseUrl: string;
  /** The operation's concrete path, without the base URL's own path. */
  path: string;
}

const NEXT_KEY = /^(next|next_?page_?url|next_?link|next_?url|hydra:next)$/i;
const MORE_KEY = /^(has_?more|has_?next(_?page)?|more)$/i;

/** A link value: a URL string, or an object holding one under `href` (HAL, JSON:API), or null. */
function linkText(value: unknown): string | null | undefined {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  if (isObject(value) && typeof value.href === 'string') return value.href;
  return undefined;
}

/** The next link a payload states, searched three levels deep, and a has-more flag beside it. */
function statedNext(json: unknown, depth = 0): { link?: string | null; more?: boolean } {
  if (!isObject(json) || depth > 3) return {};
  const found: { link?: string | null; more?: boolean } = {};
  for (const [key, value] of Object.entries(json)) {
    if (NEXT_KEY.test(key) && found.link === undefined) {
      const link = linkText(value);
      if (link !== undefined) found.link = link;
    }
    if (MORE_KEY.test(key) && typeof value === 'boolean' && found.more === undefined) found.more = value;
  }
  for (const value of Object.values(json)) {
    if (found.link !== undefined && found.more !== undefined) break;
    const deeper = statedNext(value, depth + 1);
    // A stated `null` (no next page) is kept: `??=` would let a later branch's silence overwrite it.
    if (found.link === undefined) found.link = deeper.link;
    found.more ??= deeper.more;
  }
  return found;
}

/** The `rel="next"` target of an RFC 8288 `Link` header. */
export function linkHeaderNext(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(match[2]!)) return match[1];
  }
  return undefined;
}

/** The query of `link` when it names the same origin and path as the request, else undefined. */
export function sameListQuery(link: string, place: RequestPlace): Array<[string, string]> | undefined {
  try {
    const base = new URL(place.baseUrl);
    const own = new URL(`${base.pathname.replace(/\/$/, '')}${place.path}`, base);
    const target = new URL(link, own);
    const trimmed = (path: string) => path.replace(/\/+$/, '');
    if (target.origin !== own.origin || trimmed(target.pathname) !== trimmed(own.pathname)) return undefined;
    return [...target.searchParams];
  } catch {
    return undefined;
  }
}

/** How the answer reaches its next page, where it says. */
function continuation(
  json: unknown,
  headers: Readonly<Record<string, string>>,
  place: RequestPlace | undefined,
): Pick<PageReading, 'next' | 'last'> {
  const stated = statedNext(json);
  const link = stated.link ?? linkHeaderNext(headers.link);
  const next = typeof link === 'string' && link !== '' && place ? sameListQuery(link, place) : undefined;
  if (next) return { next };
  if (stated.link === null || stated.more === false) return { last: true };
  return {};
}

const TOTAL = /^(total|total_?count|totalElements|total_?results)$/i;

/** A total the payload states beside its rows, searched two levels deep. */
export function statedTotal(json: unknown, depth = 0): number | undefined {
  if (!isObject(json) || depth > 2) return undefined;
  for (const [key, value] of Object.entries(json))
    if (TOTAL.test(key) && typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  for (const value of Object.values(json)) {
    const found = statedTotal(value, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The page size a request asked for: the value sent, or the documented default; undefined when not allowed. */
export function pageSizeOf(operation: OperationModel, values: Values): number | undefined {
  const parameter = parameterWithRole(operation, 'page-size');
  if (!parameter) return undefined;
  const sent = values[parameter.name];
  const value = sent === undefined ? (parameter.hasDefault ? String(parameter.default) : undefined) : sent;
  if (typeof value !== 'string' || !validValues(parameter).includes(value)) return undefined;
  return Number(value);
}

export function pageOf(
  operation: OperationModel,
  values: Values,
  rows: number,
  json: unknown,
  headers: Readonly<Record<string, string>> = {},
  place?: RequestPlace,
): PageReading {
  const total = statedTotal(json);
  const extra = { ...(total === undefined ? {} : { statedTotal: total }), ...continuation(json, headers, place) };
  if (!parameterWithRole(operation, 'page-size')) return { complete: true, ...extra };
  const size = pageSizeOf(operation, values);
  if (size === undefined) return { complete: false, ...extra };
  return { size, complete: rows < size, ...extra };
}
