// createAnalyticsClient: resource methods over the Analytics API, with the
// typed openapi-fetch client underneath for path-level calls.
import type { AnalyticsPaths, ListWebsitesQuery, StatsQuery, WebsiteCreateBody, WebsiteId } from '@tallyport/types';
import createClient, { type Client } from 'openapi-fetch';
import { unreadable } from './answer-errors.js';
import type {
  AnalyticsDeployment,
  Deleted,
  PagePayload,
  StatRecord,
  UpdateWebsiteParams,
  WebsiteRecord,
} from './deployment.js';
import { formBody } from './form.js';
import { analyticsRecords, analyticsOperations as ops } from './generated/analytics.js';
import type { Outcome, PerRequestOptions } from './http.js';
import { checkFunction, checkNumber, checkPerRequest, refuse } from './option-checks.js';
import { type ClientOptions, wireClient } from './options.js';
import { type NextPageStrategy, type PageQuery, hasMorePages, nextPageQuery, paginate } from './pagination.js';
import { rawFetch } from './raw.js';
import { assertPathIds, requireIdentifier, requireIdentifiers } from './records.js';
import { type ResponseValidator, checkResponse } from './response-check.js';
import { type Unwrap, locate } from './unwrap.js';
import { buildUrl, lowerCaseHeaders } from './url.js';
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
  /** Check every successful payload against the spec (see `@tallyport/client/response-validation`). */
  validateResponses?: ResponseValidator;
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
  /**
   * The typed openapi-fetch client: auth, retries, timeouts and the size limit
   * included; returns `{ data, error, response }` and never throws on a status.
   */
  raw: Client<AnalyticsPaths>;
}

type OperationId = keyof typeof ops;
type Query = Readonly<Record<string, unknown>>;

const OWN_OPTIONS = ['unwrap', 'nextPage', 'pageParameter', 'maxPages', 'validateResponses'];
const WEBSITE = analyticsRecords.website.identifier;

/** Items a full page holds: the page size asked for, or its documented default. */
const pageSize = (op: (typeof ops)['listWebsites' | 'getStats'], query: Query): number =>
  Number(query[op.pageSize] ?? op.facts[op.pageSize].default);

/**
 * Creates a client of the Analytics API. The type argument declares what your
 * deployment returns where the source documentation does not show it (see
 * AnalyticsDeployment); without one, records have the documented fields only.
 */
export function createAnalyticsClient<D extends AnalyticsDeployment = AnalyticsDeployment>(
  options: AnalyticsClientOptions = {},
): AnalyticsClient<D> {
  type Website = WebsiteRecord<D>;
  type Row = StatRecord<D>;
  type Payload = PagePayload<D>;
  const where = 'createAnalyticsClient';
  const { baseUrl, http } = wireClient(
    'ANALYTICS',
    options,
    (parts, apiKey) => {
      parts.headers.authorization = `Bearer ${apiKey}`;
    },
    { ownOptions: OWN_OPTIONS },
  );
  const { unwrap = 'auto', nextPage: strategy = 'auto', pageParameter = 'page', maxPages = 1000 } = options;
  if (unwrap !== 'auto' && typeof unwrap !== 'function') refuse(where, 'unwrap', unwrap, "'auto' or a function");
  if (strategy !== 'auto' && strategy !== 'none' && typeof strategy !== 'function') {
    refuse(where, 'nextPage', strategy, "'auto', 'none' or a function");
  }
  if (pageParameter !== null && (typeof pageParameter !== 'string' || pageParameter === '')) {
    refuse(where, 'pageParameter', pageParameter, 'the name of a query parameter, or null');
  }
  checkNumber(where, 'maxPages', options.maxPages);
  checkFunction(where, 'validateResponses', options.validateResponses);
  const check = options.validateResponses;
  const headers = lowerCaseHeaders({ ...options.defaultHeaders, accept: 'application/json' });
  const raw = createClient<AnalyticsPaths>({ baseUrl, headers, bodySerializer: formBody, fetch: rawFetch(http) });
  raw.use({
    onRequest({ schemaPath, params }) {
      assertPathIds(`raw ${schemaPath}`, params.path as Record<string, unknown> | undefined);
    },
  });

  // Resource methods reuse openapi-fetch's URL and parameter serialisation but
  // skip its Request objects: the same bytes on the wire, less work per call.
  async function request(
    operationId: OperationId,
    init: { path?: Query; query?: Query; body?: unknown },
    options: RequestOptions | undefined,
  ): Promise<Outcome> {
    const op = ops[operationId];
    const outcome = await http.execute(
      {
        method: op.method,
        url: buildUrl(baseUrl, op.path, init),
        headers: { ...headers },
        body: init.body === undefined ? undefined : formBody(init.body),
        operation: operationId,
      },
      options,
    );
    checkResponse(check, operationId, outcome.payload);
    return outcome;
  }

  function pathOf(operation: string, operationId: OperationId, id: unknown): Query {
    const path = validate<Query>(operation, ops[operationId], 'path', { id });
    assertPathIds(operation, path);
    return path;
  }

  function statsQuery(operation: string, query: StatsParams): Query {
    const q = validate<StatsParams>(operation, ops.getStats, 'query', query);
    assertDateRange(operation, q.from, q.to);
    return q;
  }

  const found = (operationId: OperationId, payload: unknown) =>
    typeof unwrap === 'function' ? unwrap(payload) : locate(payload, ops[operationId].records);

  const website = (operation: string, operationId: OperationId, outcome: Outcome): Website =>
    requireIdentifier(operation, 'website', WEBSITE, found(operationId, outcome.payload) ?? outcome.payload);

  function listOf<T>(operation: string, outcome: Outcome, operationId: OperationId): T[] {
    const list = found(operationId, outcome.payload);
    if (Array.isArray(list)) return list;
    throw unreadable(
      outcome,
      outcome.payload,
      `${operation} found no list in the payload (neither a bare array nor an array under "data"); ` +
        'pass an `unwrap` function that returns it',
    );
  }

  const websites = (operation: string, outcome: Outcome): Website[] =>
    requireIdentifiers(operation, 'website', WEBSITE, listOf(operation, outcome, 'listWebsites'));
  const rows = (operation: string, outcome: Outcome): Row[] => listOf(operation, outcome, 'getStats');

  async function readPage<T>(
    operation: string,
    operationId: 'listWebsites' | 'getStats',
    init: { path?: Query; query: Query },
    options: PageRequestOptions = {},
    items: (operation: string, outcome: Outcome) => T[],
  ): Promise<Page<T, Payload>> {
    checkPerRequest(operation, options, ['pageQuery']);
    const { pageQuery, ...rest } = options;
    const query = { ...init.query, ...pageQuery };
    const outcome = await request(operationId, { ...init, query }, rest);
    const payload = outcome.payload as Payload;
    const nextPage = nextPageQuery(strategy, payload, query);
    const list = items(operation, outcome);
    const size = pageSize(ops[operationId], query);
    return { items: list, payload, nextPage, hasMore: hasMorePages(strategy, payload, nextPage, list.length, size) };
  }

  function itemsOf<T>(page: Page<T, Payload>): PageItems<T, Payload> {
    const info = { enumerable: false, writable: false };
    return Object.defineProperties(page.items, {
      hasMore: { ...info, value: page.hasMore },
      nextPage: { ...info, value: page.nextPage },
      payload: { ...info, value: page.payload },
    }) as PageItems<T, Payload>;
  }

  function every<T>(
    operation: string,
    operationId: 'listWebsites' | 'getStats',
    init: { path?: Query; query: Query },
    options: RequestOptions | undefined,
    items: (operation: string, outcome: Outcome) => T[],
  ): AsyncGenerator<T, void, undefined> {
    const fetchPage = async (extra: PageQuery) => {
      const outcome = await request(operationId, { ...init, query: { ...init.query, ...extra } }, options);
      return { payload: outcome.payload, items: items(operation, outcome) };
    };
    return paginate(fetchPage, init.query, {
      operation,
      strategy,
      maxPages,
      pageSize: pageSize(ops[operationId], init.query),
      pageParameter,
    });
  }

  const listQuery = (operation: string, query: ListWebsitesParams = {}) =>
    validate<Query>(operation, ops.listWebsites, 'query', query);
  const statsInit = (operation: string, id: WebsiteId, query: StatsParams) => ({
    path: pathOf(operation, 'getStats', id),
    query: statsQuery(operation, query),
  });

  return {
    websites: {
      list: async (query, options) =>
        itemsOf(
          await readPage(
            'websites.list',
            'listWebsites',
            { query: listQuery('websites.list', query) },
            options,
            websites,
          ),
        ),
      listPage: (query, options) =>
        readPage(
          'websites.listPage',
          'listWebsites',
          { query: listQuery('websites.listPage', query) },
          options,
          websites,
        ),
      async *listAll(query, options) {
        checkPerRequest('websites.listAll', options);
        yield* every(
          'websites.listAll',
          'listWebsites',
          { query: listQuery('websites.listAll', query) },
          options,
          websites,
        );
      },
      async get(id, options) {
        checkPerRequest('websites.get', options);
        const path = pathOf('websites.get', 'getWebsite', id);
        return website('websites.get', 'getWebsite', await request('getWebsite', { path }, options));
      },
      async create(body, options) {
        checkPerRequest('websites.create', options);
        const b = validate('websites.create', ops.createWebsite, 'body', body);
        return website('websites.create', 'createWebsite', await request('createWebsite', { body: b }, options));
      },
      async update(id, body, options) {
        checkPerRequest('websites.update', options);
        const path = pathOf('websites.update', 'updateWebsite', id);
        const b = validate('websites.update', ops.updateWebsite, 'body', body);
        return website('websites.update', 'updateWebsite', await request('updateWebsite', { path, body: b }, options));
      },
      async delete(id, options) {
        checkPerRequest('websites.delete', options);
        const path = pathOf('websites.delete', 'deleteWebsite', id);
        // The answer to a delete is not shown: it is handed back as it came.
        return (await request('deleteWebsite', { path }, options)).payload as Deleted<D>;
      },
    },
    stats: {
      get: async (id, query, options) =>
        itemsOf(await readPage('stats.get', 'getStats', statsInit('stats.get', id, query), options, rows)),
      getPage: (id, query, options) =>
        readPage('stats.getPage', 'getStats', statsInit('stats.getPage', id, query), options, rows),
      async *iterate(id, query, options) {
        checkPerRequest('stats.iterate', options);
        yield* every('stats.iterate', 'getStats', statsInit('stats.iterate', id, query), options, rows);
      },
    },
    raw,
  };
}
