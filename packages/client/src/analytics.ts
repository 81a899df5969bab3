// createAnalyticsClient: resource methods over the Analytics API, with the
// typed openapi-fetch client underneath for path-level calls.
import createClient, { type Client } from 'openapi-fetch';
import type {
  AnalyticsPaths,
  DeletePayload,
  ListWebsitesQuery,
  StatRow,
  StatsQuery,
  Website,
  WebsiteCreateBody,
  WebsiteId,
  WebsiteUpdateBody,
} from '@tallyport/types';
import { formBody } from './form.js';
import { buildUrl, lowerCaseHeaders } from './url.js';
import {
  analyticsRecords,
  analyticsOperations as ops,
  createWebsiteBodySchema,
  deleteWebsitePathSchema,
  getStatsPathSchema,
  getStatsQuerySchema,
  getWebsitePathSchema,
  listWebsitesQuerySchema,
  updateWebsiteBodySchema,
  updateWebsitePathSchema,
} from './generated/analytics.js';
import type { PerRequestOptions } from './http.js';
import { checkFunction, checkInteger, checkPerRequest, refuse } from './option-checks.js';
import { type ClientOptions, wireClient } from './options.js';
import {
  type NextPageStrategy,
  type PageQuery,
  type Unwrap,
  hasMorePages,
  nextPageQuery,
  paginate,
  unwrapList,
  unwrapPayload,
} from './pagination.js';
import { rawFetch } from './raw.js';
import { type WithIdentifier, assertPathIds, requireIdentifier, requireIdentifiers } from './records.js';
import type { ResponseValidator } from './response-check.js';
import { type OperationFacts, assertDateRange, validate } from './validation.js';

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
  /** Most pages an iterator fetches. Default 1000. */
  maxPages?: number;
  /** Check every successful payload against the spec (see `@tallyport/client/response-validation`). */
  validateResponses?: ResponseValidator;
}

/** Create parameters: the client always sends `domain`. */
export type CreateWebsiteParams = WebsiteCreateBody & { domain: string };
export type UpdateWebsiteParams = WebsiteUpdateBody;
export type ListWebsitesParams = ListWebsitesQuery;
export type StatsParams = StatsQuery;
export type RequestOptions = PerRequestOptions;

/** A website as the client hands it back: its `id` was checked to be present. */
export type WebsiteRecord = WithIdentifier<Website, 'id'>;

/** What a page says beyond its items. */
export interface PageInfo {
  /** The whole payload (for totals and other envelope fields). */
  payload: unknown;
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
export interface Page<T> extends PageInfo {
  items: T[];
}

/**
 * The items of one page as an array, which also carries the page's `hasMore`,
 * `nextPage` and `payload` (not enumerable: spreading, `JSON.stringify` and
 * equality see the items only).
 */
export type PageItems<T> = T[] & Readonly<PageInfo>;

export interface PageRequestOptions extends RequestOptions {
  /** A `nextPage` of a previous page: query parameters the server asked for, sent as given. */
  pageQuery?: PageQuery;
}

export interface AnalyticsClient {
  websites: {
    /** The websites of one page (the first, unless `pageQuery` says otherwise); the array has `hasMore`. */
    list(query?: ListWebsitesParams, options?: PageRequestOptions): Promise<PageItems<WebsiteRecord>>;
    /** One page as `{ items, hasMore, nextPage, payload }`. */
    listPage(query?: ListWebsitesParams, options?: PageRequestOptions): Promise<Page<WebsiteRecord>>;
    /** Every website, page after page. */
    listAll(query?: ListWebsitesParams, options?: RequestOptions): AsyncGenerator<WebsiteRecord, void, undefined>;
    get(id: WebsiteId, options?: RequestOptions): Promise<WebsiteRecord>;
    /** Never retried: a create that timed out may have happened. */
    create(body: CreateWebsiteParams, options?: RequestOptions): Promise<WebsiteRecord>;
    /** Sends only the fields given; a field left out is not changed. */
    update(id: WebsiteId, body: UpdateWebsiteParams, options?: RequestOptions): Promise<WebsiteRecord>;
    delete(id: WebsiteId, options?: RequestOptions): Promise<DeletePayload>;
  };
  stats: {
    /** The rows of one page of a statistic (the first, unless `pageQuery` says otherwise); the array has `hasMore`. */
    get(id: WebsiteId, query: StatsParams, options?: PageRequestOptions): Promise<PageItems<StatRow>>;
    /** One page of rows with its payload and the query of the next page. */
    getPage(id: WebsiteId, query: StatsParams, options?: PageRequestOptions): Promise<Page<StatRow>>;
    /** Every row of a statistic, page after page. */
    iterate(id: WebsiteId, query: StatsParams, options?: RequestOptions): AsyncGenerator<StatRow, void, undefined>;
  };
  /**
   * The typed openapi-fetch client: auth, retries, timeouts and the size limit
   * included; returns `{ data, error, response }` and never throws on a status.
   */
  raw: Client<AnalyticsPaths>;
}

const OWN_OPTIONS = ['unwrap', 'nextPage', 'maxPages', 'validateResponses'];
const WEBSITE = { record: 'website', identifier: analyticsRecords.website.identifier } as const;
const DEFAULT_PAGE_SIZE = Number(ops.listWebsites.facts.per_page.default);

export function createAnalyticsClient(options: AnalyticsClientOptions = {}): AnalyticsClient {
  const where = 'createAnalyticsClient';
  const { baseUrl, http, log } = wireClient(
    'ANALYTICS',
    options,
    (parts, apiKey) => {
      parts.headers.authorization = `Bearer ${apiKey}`;
    },
    { ownOptions: OWN_OPTIONS },
  );
  if (options.unwrap !== undefined && options.unwrap !== 'auto' && typeof options.unwrap !== 'function') {
    refuse(where, 'unwrap', options.unwrap, "'auto' or a function");
  }
  const { nextPage } = options;
  if (nextPage !== undefined && nextPage !== 'auto' && nextPage !== 'none' && typeof nextPage !== 'function') {
    refuse(where, 'nextPage', nextPage, "'auto', 'none' or a function");
  }
  checkInteger(where, 'maxPages', options.maxPages, 1, 1_000_000);
  checkFunction(where, 'validateResponses', options.validateResponses);
  const unwrap = options.unwrap ?? 'auto';
  const strategy = options.nextPage ?? 'auto';
  const maxPages = options.maxPages ?? 1000;
  const check = options.validateResponses;
  const headers = lowerCaseHeaders({ ...options.defaultHeaders, accept: 'application/json' });
  const raw = createClient<AnalyticsPaths>({
    baseUrl,
    headers,
    bodySerializer: formBody,
    fetch: rawFetch(http),
  });
  raw.use({
    onRequest({ schemaPath, params }) {
      assertPathIds(`raw ${schemaPath}`, params.path as Record<string, unknown> | undefined);
    },
  });

  // Resource methods reuse openapi-fetch's URL and parameter serialisation but
  // skip its Request objects: the same bytes on the wire, less work per call.
  async function request(
    operationId: keyof typeof ops,
    init: { path?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
    options: RequestOptions | undefined,
  ): Promise<unknown> {
    const op = ops[operationId];
    const { payload } = await http.execute(
      {
        method: op.method,
        url: buildUrl(baseUrl, op.path, init),
        headers: { ...headers },
        body: init.body === undefined ? undefined : formBody(init.body),
        operation: operationId,
      },
      { ...options, operation: operationId },
    );
    check?.(operationId, payload);
    return payload;
  }

  function pathOf(operation: string, schema: typeof getWebsitePathSchema, facts: OperationFacts, id: unknown) {
    const path = validate(operation, schema, { id }, facts);
    assertPathIds(operation, path);
    return path;
  }

  function statsQuery(query: StatsParams) {
    const q = validate('stats.get', getStatsQuerySchema, query, ops.getStats);
    assertDateRange('stats.get', q.from, q.to);
    return q;
  }

  const onCapReached = () =>
    log('warn', `stopped after maxPages (${maxPages}) pages; raise \`maxPages\` to read further.`);

  const website = (operation: string, payload: unknown) =>
    requireIdentifier<WebsiteRecord>(operation, WEBSITE.record, WEBSITE.identifier, unwrapPayload(payload, unwrap));
  const websites = (operation: string, payload: unknown) =>
    requireIdentifiers<WebsiteRecord>(
      operation,
      WEBSITE.record,
      WEBSITE.identifier,
      unwrapList<WebsiteRecord>(payload, unwrap, operation),
    );

  function pageOf<T>(payload: unknown, items: T[], query: Readonly<Record<string, unknown>>): Page<T> {
    const nextPage = nextPageQuery(strategy, payload, query);
    const size = Number(query.per_page ?? DEFAULT_PAGE_SIZE);
    return { items, payload, nextPage, hasMore: hasMorePages(strategy, payload, nextPage, items.length, size) };
  }

  async function listWebsites(operation: string, query: ListWebsitesParams = {}, options: PageRequestOptions = {}) {
    checkPerRequest(operation, options, ['pageQuery']);
    const { pageQuery, ...rest } = options;
    const q = { ...validate('websites.list', listWebsitesQuerySchema, query, ops.listWebsites), ...pageQuery };
    const payload = await request('listWebsites', { query: q }, rest);
    return pageOf(payload, websites(operation, payload), q);
  }

  function itemsOf<T>(page: Page<T>): PageItems<T> {
    const info = { enumerable: false, writable: false };
    return Object.defineProperties(page.items, {
      hasMore: { ...info, value: page.hasMore },
      nextPage: { ...info, value: page.nextPage },
      payload: { ...info, value: page.payload },
    }) as PageItems<T>;
  }

  async function statsPage(operation: string, id: WebsiteId, query: StatsParams, options: PageRequestOptions = {}) {
    checkPerRequest(operation, options, ['pageQuery']);
    const { pageQuery, ...rest } = options;
    const path = pathOf(operation, getStatsPathSchema, ops.getStats, id);
    const q = { ...statsQuery(query), ...pageQuery };
    const payload = await request('getStats', { path, query: q }, rest);
    return pageOf(payload, unwrapList<StatRow>(payload, unwrap, operation), q);
  }

  return {
    websites: {
      list: async (query, options) => itemsOf(await listWebsites('websites.list', query, options)),
      listPage: (query, options) => listWebsites('websites.listPage', query, options),
      async *listAll(query = {}, options) {
        checkPerRequest('websites.listAll', options);
        const q = validate('websites.list', listWebsitesQuerySchema, query, ops.listWebsites);
        yield* paginate<WebsiteRecord>(
          (extra: PageQuery) => request('listWebsites', { query: { ...q, ...extra } }, options),
          q,
          (payload) => websites('websites.listAll', payload),
          { strategy, maxPages, onCapReached },
        );
      },
      async get(id, options) {
        checkPerRequest('websites.get', options);
        const path = pathOf('websites.get', getWebsitePathSchema, ops.getWebsite, id);
        return website('websites.get', await request('getWebsite', { path }, options));
      },
      async create(body, options) {
        checkPerRequest('websites.create', options);
        const b = validate('websites.create', createWebsiteBodySchema, body, ops.createWebsite);
        return website('websites.create', await request('createWebsite', { body: b }, { ...options, maxRetries: 0 }));
      },
      async update(id, body, options) {
        checkPerRequest('websites.update', options);
        const path = pathOf('websites.update', updateWebsitePathSchema, ops.updateWebsite, id);
        const b = validate('websites.update', updateWebsiteBodySchema, body, ops.updateWebsite);
        return website('websites.update', await request('updateWebsite', { path, body: b }, options));
      },
      async delete(id, options) {
        checkPerRequest('websites.delete', options);
        const path = pathOf('websites.delete', deleteWebsitePathSchema, ops.deleteWebsite, id);
        return unwrapPayload(await request('deleteWebsite', { path }, options), unwrap) as DeletePayload;
      },
    },
    stats: {
      get: async (id, query, options) => itemsOf(await statsPage('stats.get', id, query, options)),
      getPage: (id, query, options) => statsPage('stats.getPage', id, query, options),
      async *iterate(id, query, options) {
        checkPerRequest('stats.iterate', options);
        const path = pathOf('stats.iterate', getStatsPathSchema, ops.getStats, id);
        const q = statsQuery(query);
        yield* paginate<StatRow>(
          (extra: PageQuery) => request('getStats', { path, query: { ...q, ...extra } }, options),
          q,
          (payload) => unwrapList<StatRow>(payload, unwrap, 'stats.iterate'),
          { strategy, maxPages, onCapReached },
        );
      },
    },
    raw,
  };
}
