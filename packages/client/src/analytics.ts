// createAnalyticsClient: resource methods over the Analytics API, with the
// typed openapi-fetch client underneath for path-level calls.
import type { ListWebsitesQuery, StatsQuery, WebsiteCreateBody, WebsiteId } from '@tallyport/types';
import { unreadable } from './answer-errors.js';
import type {
  AnalyticsDeployment,
  Deleted,
  PagePayload,
  StatRecord,
  UpdateWebsiteParams,
  WebsiteRecord,
} from './deployment.js';
import { analyticsRecords, analyticsOperations as ops } from './generated/analytics.js';
import type { Outcome, PerRequestOptions } from './http.js';
import { checkNumber, checkPerRequest, refuse } from './option-checks.js';
import { commonPathPrefix } from './environment.js';
import { type CallInit, type ClientOptions, wireClient } from './options.js';
import { type NextPageStrategy, type PageQuery, hasMorePages, nextPageQuery, paginate } from './pagination.js';
import { assertPathIds, requireIdentifier, requireIdentifiers } from './records.js';
import { type Unwrap, locate } from './unwrap.js';
import { assertDateRange, validate } from './validation.js';

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
type ListId = 'listWebsites' | 'getStats';
type Query = Readonly<Record<string, unknown>>;
type Init = CallInit & { query?: Query };

const WEBSITE = analyticsRecords.website.identifier;

/**
 * Creates a client of the Analytics API. The type argument declares what your
 * deployment returns where the source documentation does not show it (see
 * AnalyticsDeployment); without one, records have the documented fields only.
 */
export function createAnalyticsClient<D extends AnalyticsDeployment = AnalyticsDeployment>(
  options: AnalyticsClientOptions = {},
): AnalyticsClient<D> {
  type Website = WebsiteRecord<D>;
  type Payload = PagePayload<D>;
  const where = 'createAnalyticsClient';
  const { call, bind } = wireClient(
    'ANALYTICS',
    options,
    (parts, apiKey) => {
      parts.headers.authorization = `Bearer ${apiKey}`;
    },
    {
      ownOptions: ['unwrap', 'nextPage', 'pageParameter', 'maxPages'],
      pathPrefix: commonPathPrefix(Object.values(ops).map((op) => op.path)),
    },
  );
  const { unwrap = 'auto', nextPage: strategy = 'auto', pageParameter = 'page', maxPages = 1000 } = options;
  if (unwrap !== 'auto' && typeof unwrap !== 'function') refuse(where, 'unwrap', unwrap, "'auto' or a function");
  if (strategy !== 'auto' && strategy !== 'none' && typeof strategy !== 'function') {
    refuse(where, 'nextPage', strategy, "'auto', 'none' or a function");
  }
  if (pageParameter !== null && (typeof pageParameter !== 'string' || !pageParameter)) {
    refuse(where, 'pageParameter', pageParameter, 'a query parameter name, or null');
  }
  checkNumber(where, 'maxPages', options.maxPages);

  const request = (operationId: OperationId, init: Init, options?: RequestOptions) =>
    call(operationId, ops[operationId], init, options);

  /** The parameters of a call at one location, checked against the spec. */
  const checked = (operation: string, operationId: OperationId, where: string, input: unknown): Query =>
    validate(operation, ops[operationId], where, input);

  function pathOf(operation: string, operationId: OperationId, id: unknown): Query {
    const path = checked(operation, operationId, 'path', { id });
    assertPathIds(operation, path);
    return path;
  }

  const found = (operationId: OperationId, payload: unknown) =>
    typeof unwrap === 'function' ? unwrap(payload) : locate(payload, ops[operationId].records);

  async function website(operation: string, operationId: OperationId, init: () => Init, options?: RequestOptions) {
    checkPerRequest(operation, options);
    const { payload } = await request(operationId, init(), options);
    return requireIdentifier<Website>(operation, 'website', WEBSITE, found(operationId, payload) ?? payload);
  }

  /**
   * Reading one page, and every page, of a list operation. `toInit` checks the
   * caller's input and turns it into the request's path and query.
   */
  function lister<T, Input>(operationId: ListId, toInit: (operation: string, input: Input) => Init) {
    const op = ops[operationId];
    const itemsOf = (operation: string, outcome: Outcome): T[] => {
      const list = found(operationId, outcome.payload);
      if (!Array.isArray(list)) {
        throw unreadable(
          outcome,
          outcome.payload,
          `${operation} found no list in the payload (neither a bare array nor an array under "data"); ` +
            'pass an `unwrap` function that returns it.',
        );
      }
      return operationId === 'listWebsites' ? requireIdentifiers(operation, 'website', WEBSITE, list) : list;
    };
    const size = (q: Query) => Number(q[op.pageSize] ?? op.facts[op.pageSize].default);

    async function page(operation: string, input: Input, options: PageRequestOptions = {}): Promise<Page<T, Payload>> {
      checkPerRequest(operation, options, ['pageQuery']);
      const init = toInit(operation, input);
      const { pageQuery, ...rest } = options;
      const q = { ...init.query, ...pageQuery };
      const outcome = await request(operationId, { ...init, query: q }, rest);
      const payload = outcome.payload as Payload;
      const items = itemsOf(operation, outcome);
      const nextPage = nextPageQuery(strategy, payload, q);
      return { items, payload, nextPage, hasMore: hasMorePages(strategy, payload, nextPage, items.length, size(q)) };
    }

    async function list(operation: string, input: Input, options?: PageRequestOptions): Promise<PageItems<T, Payload>> {
      const { items, hasMore, nextPage, payload } = await page(operation, input, options);
      // Defined properties are neither enumerable nor writable unless said so.
      return Object.defineProperties(items, {
        hasMore: { value: hasMore },
        nextPage: { value: nextPage },
        payload: { value: payload },
      }) as PageItems<T, Payload>;
    }

    async function* all(operation: string, input: Input, options?: RequestOptions): AsyncGenerator<T, void, undefined> {
      checkPerRequest(operation, options);
      const init = toInit(operation, input);
      const fetchPage = async (extra: PageQuery) => {
        const outcome = await request(operationId, { ...init, query: { ...init.query, ...extra } }, options);
        return { payload: outcome.payload, items: itemsOf(operation, outcome) };
      };
      const q = init.query ?? {};
      yield* paginate(fetchPage, q, { operation, strategy, maxPages, pageSize: size(q), pageParameter });
    }

    return { list, page, all };
  }

  const sites = lister<Website, ListWebsitesParams | undefined>('listWebsites', (operation, query = {}) => ({
    query: checked(operation, 'listWebsites', 'query', query),
  }));
  const rows = lister<StatRecord<D>, [WebsiteId, StatsParams]>('getStats', (operation, [id, query]) => {
    const q = checked(operation, 'getStats', 'query', query) as StatsParams;
    assertDateRange(operation, q.from, q.to);
    return { path: pathOf(operation, 'getStats', id), query: q };
  });

  return bind({
    websites: {
      list: (query, options) => sites.list('websites.list', query, options),
      listPage: (query, options) => sites.page('websites.listPage', query, options),
      listAll: (query, options) => sites.all('websites.listAll', query, options),
      get: (id, options) =>
        website('websites.get', 'getWebsite', () => ({ path: pathOf('websites.get', 'getWebsite', id) }), options),
      create: (body, options) =>
        website(
          'websites.create',
          'createWebsite',
          () => ({ body: checked('websites.create', 'createWebsite', 'body', body) }),
          options,
        ),
      update: (id, body, options) =>
        website(
          'websites.update',
          'updateWebsite',
          () => ({
            path: pathOf('websites.update', 'updateWebsite', id),
            body: checked('websites.update', 'updateWebsite', 'body', body),
          }),
          options,
        ),
      async delete(id, options) {
        checkPerRequest('websites.delete', options);
        const path = pathOf('websites.delete', 'deleteWebsite', id);
        // The answer to a delete is not shown: it is handed back as it came.
        return (await request('deleteWebsite', { path }, options)).payload as Deleted<D>;
      },
    },
    stats: {
      get: (id, query, options) => rows.list('stats.get', [id, query], options),
      getPage: (id, query, options) => rows.page('stats.getPage', [id, query], options),
      iterate: (id, query, options) => rows.all('stats.iterate', [id, query], options),
    },
  });
}
