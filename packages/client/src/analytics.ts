// createAnalyticsClient: resource methods over the Analytics API, each a line
// of the method table at the end (resource.ts turns the arguments into a
// checked request), with the pages of a list read here.
import type { ListWebsitesQuery, StatsQuery, WebsiteCreateBody, WebsiteId } from '@tallyport/types';
import type {
  AnalyticsDeployment,
  Deleted,
  PagePayload,
  StatRecord,
  UpdateWebsiteParams,
  WebsiteRecord,
} from './deployment.js';
import { analyticsPathPrefix, analyticsOperations as ops } from './generated/analytics.js';
import type { Outcome, PerRequestOptions } from './http.js';
import type { Rules } from './option-checks.js';
import { type CallInit, type ClientOptions, wireClient } from './options.js';
import { type NextPageStrategy, type PageQuery, hasMorePages, nextPageQuery, paginate } from './pagination.js';
import { checkedRecords } from './records.js';
import { methods, prepare } from './resource.js';
import { type Unwrap, locate } from './unwrap.js';

export interface AnalyticsClientOptions extends ClientOptions {
  /**
   * How a website or a list is found in a payload whose envelope is not shown.
   * Default 'auto' (bare value or `data`).
   */
  unwrap?: Unwrap;
  /**
   * How the iterators find the next page.
   * Default 'auto' (`links.next`, `next_page_url`, `meta.current_page/last_page`).
   */
  nextPage?: NextPageStrategy;
  /**
   * The query parameter that numbers pages from 1, which `listAll` and
   * `stats.iterate` ask for when a page comes back full and the payload names
   * no next page (a bare array). Default 'page'. With null they throw
   * PaginationError there instead.
   */
  pageParameter?: string | null;
  /** Most pages an iterator fetches; with more to read it throws PaginationError. Default 1000. */
  maxPages?: number;
}

/** Create parameters: the client always sends `domain`. */
export type CreateWebsiteParams = WebsiteCreateBody & { domain: string };
export type ListWebsitesParams = ListWebsitesQuery;
export type StatsParams = StatsQuery;
export type RequestOptions = PerRequestOptions;

/** What a page says beyond its items. */
export interface PageInfo<P = unknown> {
  /** The whole payload (for totals and other envelope fields); declare its type as `page` of AnalyticsDeployment. */
  payload: P;
  /** Pass as `pageQuery` to read the next page; null when the payload names none. */
  nextPage: PageQuery | null;
  /**
   * Whether more pages follow: `true` when the payload names a next page,
   * `false` when it says this is the last (or the page came back shorter than
   * `per_page`), `undefined` when the payload does not let the client know.
   */
  hasMore: boolean | undefined;
}

/** One page, with the raw payload and the query of the next page. */
export interface Page<T, P = unknown> extends PageInfo<P> {
  items: T[];
}

/**
 * The items of one page as an array, which also carries the page's `hasMore`,
 * `nextPage` and `payload` (not enumerable: spreading, `JSON.stringify` and
 * equality see the items only).
 */
export type PageItems<T, P = unknown> = T[] & Readonly<PageInfo<P>>;

export interface PageRequestOptions extends RequestOptions {
  /** A `nextPage` of a previous page: query parameters the server asked for, sent as given. */
  pageQuery?: PageQuery;
}

export interface AnalyticsClient<D extends AnalyticsDeployment = AnalyticsDeployment> {
  websites: {
    /** The websites of one page (the first, unless `pageQuery` says otherwise); the array has `hasMore`. */
    list(
      query?: ListWebsitesParams,
      options?: PageRequestOptions,
    ): Promise<PageItems<WebsiteRecord<D>, PagePayload<D>>>;
    /** One page as `{ items, hasMore, nextPage, payload }`. */
    listPage(query?: ListWebsitesParams, options?: PageRequestOptions): Promise<Page<WebsiteRecord<D>, PagePayload<D>>>;
    /** Every website, page after page; PaginationError rather than part of the list. */
    listAll(query?: ListWebsitesParams, options?: RequestOptions): AsyncGenerator<WebsiteRecord<D>, void, undefined>;
    get(id: WebsiteId, options?: RequestOptions): Promise<WebsiteRecord<D>>;
    /** Never retried: a create that timed out may have happened. */
    create(body: CreateWebsiteParams, options?: RequestOptions): Promise<WebsiteRecord<D>>;
    /** Sends only the fields given; a field left out is not changed. */
    update(id: WebsiteId, body: UpdateWebsiteParams, options?: RequestOptions): Promise<WebsiteRecord<D>>;
    delete(id: WebsiteId, options?: RequestOptions): Promise<Deleted<D>>;
  };
  stats: {
    /** The rows of one page of a statistic (the first, unless `pageQuery` says otherwise); the array has `hasMore`. */
    get(
      id: WebsiteId,
      query: StatsParams,
      options?: PageRequestOptions,
    ): Promise<PageItems<StatRecord<D>, PagePayload<D>>>;
    /** One page of rows with its payload and the query of the next page. */
    getPage(
      id: WebsiteId,
      query: StatsParams,
      options?: PageRequestOptions,
    ): Promise<Page<StatRecord<D>, PagePayload<D>>>;
    /** Every row of a statistic, page after page; PaginationError rather than part of the rows. */
    iterate(
      id: WebsiteId,
      query: StatsParams,
      options?: RequestOptions,
    ): AsyncGenerator<StatRecord<D>, void, undefined>;
  };
}

type OperationId = keyof typeof ops;

/** What a payload whose records the client cannot find calls for. */
const UNWRAP = 'Pass an `unwrap` function that finds them.';
type Query = Readonly<Record<string, unknown>>;

/**
 * Creates a client of the Analytics API. The type argument declares what your
 * deployment returns where the source documentation does not show it (see
 * AnalyticsDeployment); without one, records have the documented fields only.
 */
export function createAnalyticsClient<D extends AnalyticsDeployment = AnalyticsDeployment>(
  options: AnalyticsClientOptions = {},
): AnalyticsClient<D> {
  const { call, bind } = wireClient(
    'ANALYTICS',
    options,
    (parts, apiKey) => {
      parts.headers.authorization = `Bearer ${apiKey}`;
    },
    {
      ownOptions: {
        unwrap: [(v) => v === 'auto' || typeof v === 'function', "'auto' or a function"],
        nextPage: [(v) => v === 'auto' || v === 'none' || typeof v === 'function', "'auto', 'none' or a function"],
        pageParameter: [(v) => v === null || (typeof v === 'string' && v !== ''), 'a query parameter name, or null'],
        maxPages: [1, 1_000_000, true],
      },
      pathPrefix: analyticsPathPrefix,
    },
  );
  const { unwrap = 'auto', nextPage: strategy = 'auto', pageParameter = 'page', maxPages = 1000 } = options;

  /** An answer's records where `unwrap` or the spec finds them, checked; found nowhere, `fallback` is checked. */
  const recordsOf = (label: string, id: OperationId, outcome: Outcome, fallback?: unknown) => {
    const op = ops[id];
    const { payload } = outcome;
    // An answer that holds no records (a delete's, which the source documentation does not show) comes as it is.
    if (!op.records.length) return payload;
    const found = typeof unwrap === 'function' ? unwrap(payload) : locate(payload, op);
    return checkedRecords(label, op, outcome, found ?? fallback, UNWRAP);
  };

  /** One website with its `id` checked (found nowhere, the payload itself is checked), or a delete's answer. */
  async function one(label: string, id: OperationId, args: unknown[]) {
    const { init, options } = prepare(label, ops[id], args);
    const outcome = await call(id, ops[id], init, options);
    return recordsOf(label, id, outcome, outcome.payload ?? null);
  }

  /** The items and payload of one page: the method's query with `query` over it. */
  const pageOf = async (label: string, id: OperationId, init: CallInit, options: object | undefined, query: Query) => {
    const outcome = await call(id, ops[id], { ...init, query }, options);
    return { payload: outcome.payload, items: recordsOf(label, id, outcome) as unknown[] };
  };

  /** Items a full page holds: the page size asked for, or its default. */
  const size = (id: OperationId, q: Query) => {
    const { pageSize, facts } = ops[id] as (typeof ops)['listWebsites'];
    return Number(q[pageSize] ?? facts.query[pageSize].default);
  };

  async function page(label: string, id: OperationId, args: unknown[]): Promise<Page<unknown>> {
    const { init, options: { pageQuery, ...rest } = {} } = prepare(label, ops[id], args, { pageQuery: 0 });
    const query = { ...init.query, ...(pageQuery as PageQuery | undefined) };
    const { items, payload } = await pageOf(label, id, init, rest, query);
    const nextPage = nextPageQuery(strategy, payload, query);
    return {
      items,
      payload,
      nextPage,
      hasMore: hasMorePages(strategy, payload, nextPage, items.length, size(id, query)),
    };
  }

  async function list(label: string, id: OperationId, args: unknown[]) {
    const { items, hasMore, nextPage, payload } = await page(label, id, args);
    // Defined properties are neither enumerable nor writable unless said so.
    return Object.defineProperties(items, {
      hasMore: { value: hasMore },
      nextPage: { value: nextPage },
      payload: { value: payload },
    });
  }

  async function* all(label: string, id: OperationId, args: unknown[]) {
    const { init, options } = prepare(label, ops[id], args);
    const query = init.query ?? {};
    yield* paginate((extra) => pageOf(label, id, init, options, { ...query, ...extra }), query, {
      operation: label,
      strategy,
      maxPages,
      pageSize: size(id, query),
      pageParameter,
    });
  }

  return bind(
    {
      websites: methods<OperationId>('websites', {
        list: [list, 'listWebsites'],
        listPage: [page, 'listWebsites'],
        listAll: [all, 'listWebsites'],
        get: [one, 'getWebsite'],
        create: [one, 'createWebsite'],
        update: [one, 'updateWebsite'],
        delete: [one, 'deleteWebsite'],
      }),
      stats: methods<OperationId>('stats', {
        get: [list, 'getStats'],
        getPage: [page, 'getStats'],
        iterate: [all, 'getStats'],
      }),
    } as unknown as AnalyticsClient<D>,
    ops,
  );
}
