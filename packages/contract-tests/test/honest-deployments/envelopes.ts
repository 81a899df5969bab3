// Paging and the envelopes around lists and records: the source documentation gives `per_page` only and shows no
// payload shape, so each envelope here is one a real framework produces by default (SILENCES.md 27-30, 52).
import type { Choices } from './choices.js';

export interface PageOf<T> {
  rows: T[];
  total: number;
  perPage: number;
  /** Offset of the first row of this page. */
  offset: number;
  /** URL of the page starting at an offset, or null when paging is not offered. */
  urlAt: (offset: number) => string | null;
  cursorAt: (offset: number) => string;
}

export type PageChoice = { offset: number } | { invalid: 'page' | 'cursor' };

/** The query parameters that choose a page, beside `per_page`. */
export function pageParamNames(choices: Pick<Choices, 'pagination'>): string[] {
  switch (choices.pagination) {
    case 'page':
    case 'page-from-zero':
      return ['page'];
    case 'cursor':
      return ['cursor'];
    case 'after':
      return ['after'];
    case 'offset-limit':
      return ['limit', 'offset'];
    case 'none':
      return [];
  }
}

const KEYSET_PREFIX = 'cursor:v1:';

/** A keyset cursor: the sort key of the last row shown, opaque to clients (as GitHub's `after` cursors are). */
export function encodeKeyset(key: unknown): string {
  return Buffer.from(`${KEYSET_PREFIX}${JSON.stringify(key)}`).toString('base64url');
}

export function decodeKeyset(text: string): unknown {
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  if (!decoded.startsWith(KEYSET_PREFIX)) return undefined;
  try {
    return JSON.parse(decoded.slice(KEYSET_PREFIX.length));
  } catch {
    return undefined;
  }
}

export function encodeCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

function decodeCursor(text: string): number | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'o' in parsed && Number.isSafeInteger(parsed.o)) {
      const offset = parsed.o as number;
      return offset >= 0 ? offset : undefined;
    }
  } catch {
    // not a cursor this deployment wrote
  }
  return undefined;
}

/** Where the asked page starts, as the framework reads its page parameter. */
export function choosePage(
  choices: Pick<Choices, 'pagination' | 'pageErrors'>,
  raw: string | undefined,
  total: number,
  perPage: number,
): PageChoice {
  const lastOffset = Math.max(0, Math.ceil(total / perPage) - 1) * perPage;
  switch (choices.pagination) {
    case 'none':
    case 'after':
    case 'offset-limit':
      // The last two are read by the caller, which knows the rows' order and the limit.
      return { offset: 0 };
    case 'cursor': {
      if (raw === undefined) return { offset: 0 };
      const offset = decodeCursor(raw);
      return offset === undefined ? { invalid: 'cursor' } : { offset };
    }
    case 'page-from-zero': {
      // Spring Data: a page it cannot read is page 0; past the end is an empty page.
      const index = raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : 0;
      return { offset: index * perPage };
    }
    case 'page': {
      const valid = raw !== undefined && /^\d+$/.test(raw) && Number(raw) >= 1;
      if (raw !== undefined && !valid && choices.pageErrors === 'drf-404') return { invalid: 'page' };
      const offset = valid ? (Number(raw) - 1) * perPage : 0;
      if (offset > lastOffset && choices.pageErrors === 'drf-404') return { invalid: 'page' };
      // Pagy's `overflow: :last_page`: a page past the end answers the last page (choice 30).
      if (offset > lastOffset && choices.pageErrors === 'last-page') return { offset: lastOffset };
      return { offset };
    }
  }
}

function pageNumber(offset: number, perPage: number, fromZero: boolean): number {
  return Math.floor(offset / perPage) + (fromZero ? 0 : 1);
}

/** Where hypermedia envelopes point: the collection's path and each website's own path (absolute paths). */
export interface Hyperlinks {
  /** The collection's path, e.g. `/api/v1/websites` (the IRI a Hydra collection carries). */
  collection: string;
  /** A website's path from its id text. */
  website: (id: string) => string;
  /** Scheme and host, for the absolute URLs HAL and OData write. */
  origin: string;
}

type Row = Record<string, unknown>;

/** One JSON:API resource object: `id` as text at the top, the other fields under `attributes`. */
function jsonApiResource(root: 'websites' | 'stats', row: Row, links: Hyperlinks | undefined): Row {
  if (root === 'stats') return { type: 'stats', id: String(row.value), attributes: row };
  const { id, ...attributes } = row;
  return {
    type: 'websites',
    id: String(id),
    attributes,
    ...(links ? { links: { self: `${links.origin}${links.website(String(id))}` } } : {}),
  };
}

let genid = 0;

/** A Hydra member: the resource's IRI and type first (API Platform gives rows without an IRI a `genid`). */
function hydraMember(root: 'websites' | 'stats', row: Row, links: Hyperlinks | undefined): Row {
  if (root === 'stats') {
    genid += 1;
    return { '@id': `/.well-known/genid/${genid.toString(16).padStart(20, '0')}`, '@type': 'StatisticRow', ...row };
  }
  return { '@id': links?.website(String(row.id)) ?? null, '@type': 'Website', ...row };
}

function halMember(root: 'websites' | 'stats', row: Row, links: Hyperlinks | undefined): Row {
  if (root === 'stats' || !links) return row;
  const href = `${links.origin}${links.website(String(row.id))}`;
  return { ...row, _links: { self: { href }, website: { href } } };
}

/** The list body in the variant's envelope; `root` names the collection for a root-key envelope. */
export function listBody<T>(
  choices: Choices,
  root: 'websites' | 'stats',
  page: PageOf<T>,
  links?: Hyperlinks,
): unknown {
  const { rows, total, perPage, offset } = page;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = pageNumber(offset, perPage, false);
  const from = rows.length ? offset + 1 : null;
  const to = rows.length ? offset + rows.length : null;
  const next = offset + perPage < total ? page.urlAt(offset + perPage) : null;
  const prev = offset > 0 ? page.urlAt(Math.max(0, offset - perPage)) : null;
  const first = page.urlAt(0);
  const last = page.urlAt((pages - 1) * perPage);
  const path = first?.split('?')[0] ?? null;
  switch (choices.listEnvelope) {
    case 'bare':
      return rows;
    case 'laravel-resource':
      return {
        data: rows,
        links: { first, last, prev, next },
        meta: { current_page: current, from, last_page: pages, path, per_page: perPage, to, total },
      };
    case 'laravel-paginator':
      return {
        current_page: current,
        data: rows,
        first_page_url: first,
        from,
        last_page: pages,
        last_page_url: last,
        links: [
          { url: prev, label: '&laquo; Previous', active: false },
          { url: page.urlAt(offset), label: String(current), active: true },
          { url: next, label: 'Next &raquo;', active: false },
        ],
        next_page_url: next,
        path,
        per_page: perPage,
        prev_page_url: prev,
        to,
        total,
      };
    case 'drf':
      return { count: total, next, previous: prev, results: rows };
    case 'spring-page': {
      const number = pageNumber(offset, perPage, true);
      const sort = { empty: false, sorted: true, unsorted: false };
      return {
        content: rows,
        pageable: { pageNumber: number, pageSize: perPage, sort, offset, paged: true, unpaged: false },
        last: offset + perPage >= total,
        totalPages: Math.ceil(total / perPage),
        totalElements: total,
        size: perPage,
        number,
        sort,
        first: offset === 0,
        numberOfElements: rows.length,
        empty: rows.length === 0,
      };
    }
    case 'root-key':
      return {
        [root]: rows,
        meta: { current_page: current, per_page: perPage, total_pages: pages, total_count: total },
      };
    case 'fastapi-page':
      return { items: rows, total, page: current, size: perPage, pages };
    case 'cursor-list':
      return {
        object: 'list',
        data: rows,
        has_more: offset + perPage < total,
        next_cursor: offset + perPage < total ? page.cursorAt(offset + perPage) : null,
      };
    case 'status-envelope':
      return { status: 'success', data: rows, pagination: { page: current, per_page: perPage, total, pages } };
    case 'nest-meta':
      return { data: rows, meta: { total, page: current, limit: perPage, totalPages: pages } };
    case 'jsonapi':
      // jsonapi-serializer in a Rails controller, with paging links and a meta total.
      return {
        data: (rows as Row[]).map((row) => jsonApiResource(root, row, links)),
        meta: { total, pages },
        links: { self: page.urlAt(offset), first, prev, next, last },
      };
    case 'hydra': {
      // API Platform 3: a hydra:Collection with a PartialCollectionView.
      const relative = (url: string | null) => (url === null ? undefined : url.replace(/^[a-z]+:\/\/[^/]+/, ''));
      const view: Row = {
        '@id': relative(page.urlAt(offset)),
        '@type': 'hydra:PartialCollectionView',
        'hydra:first': relative(first),
        'hydra:last': relative(last),
      };
      if (prev) view['hydra:previous'] = relative(prev);
      if (next) view['hydra:next'] = relative(next);
      return {
        '@context': root === 'stats' ? '/api/v1/contexts/StatisticRow' : '/api/v1/contexts/Website',
        '@id': links?.collection ?? null,
        '@type': 'hydra:Collection',
        'hydra:totalItems': total,
        'hydra:member': (rows as Row[]).map((row) => hydraMember(root, row, links)),
        'hydra:view': view,
      };
    }
    case 'hal': {
      // Spring Data REST: embedded members, links, and a zero-based page block.
      const href = (url: string | null) => (url === null ? undefined : { href: url });
      const halLinks: Row = { self: href(page.urlAt(offset)), first: href(first), last: href(last) };
      if (prev) halLinks.prev = href(prev);
      if (next) halLinks.next = href(next);
      return {
        _embedded: { [root]: (rows as Row[]).map((row) => halMember(root, row, links)) },
        _links: halLinks,
        page: { size: perPage, totalElements: total, totalPages: Math.ceil(total / perPage), number: current - 1 },
      };
    }
    case 'odata': {
      // ASP.NET Core OData: the rows under `value`, a count, and a next link while there are more.
      const set = root === 'stats' ? 'Collection(Analytics.StatisticRow)' : 'Websites';
      const context = `${links?.origin ?? ''}/api/v1/$metadata#${set}`;
      return {
        '@odata.context': context,
        '@odata.count': total,
        value: rows,
        ...(next ? { '@odata.nextLink': next } : {}),
      };
    }
  }
}

/**
 * `Link` (RFC 8288) and `X-Total-Count` headers, as GitHub-style APIs send them; with a forward-only cursor
 * (`next-only`, choice 137), `rel="next"` alone while there is more, and no count.
 */
export function pageHeaders<T>(page: PageOf<T>, rels: Choices['linkRels'] = 'all'): Record<string, string> {
  const links: string[] = [];
  const { offset, perPage, total } = page;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const add = (at: number, rel: string) => {
    const url = page.urlAt(at);
    if (url) links.push(`<${url}>; rel="${rel}"`);
  };
  if (offset + perPage < total) add(offset + perPage, 'next');
  if (rels === 'next-only') return links.length ? { Link: links.join(', ') } : {};
  if (offset > 0) add(Math.max(0, offset - perPage), 'prev');
  add(0, 'first');
  add((pages - 1) * perPage, 'last');
  return { 'X-Total-Count': String(total), ...(links.length ? { Link: links.join(', ') } : {}) };
}

export function recordBody(choices: Choices, record: unknown, links?: Hyperlinks): unknown {
  const row = record as Row;
  switch (choices.recordEnvelope) {
    case 'jsonapi':
      return { data: jsonApiResource('websites', row, links) };
    case 'hydra':
      return { '@context': '/api/v1/contexts/Website', ...hydraMember('websites', row, links) };
    case 'hal':
      return halMember('websites', row, links);
    case 'odata':
      return { '@odata.context': `${links?.origin ?? ''}/api/v1/$metadata#Websites/$entity`, ...row };
    case 'bare':
      return record;
    case 'data':
      return { data: record };
    case 'root-key':
      return { website: record };
    case 'status-envelope':
      return { status: 'success', data: record };
  }
}
