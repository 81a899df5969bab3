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
import { type ClientOptions, wireClient } from './options.js';
import {
  type NextPageStrategy,
  type PageQuery,
  type Unwrap,
  nextPageQuery,
  paginate,
  unwrapList,
  unwrapPayload,
} from './pagination.js';
import type { ResponseValidator } from './response-check.js';
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

/** One page, with the raw payload (for totals and other envelope fields) and the query of the next page. */
export interface Page<T> {
  items: T[];
  payload: unknown;
  /** Pass as `pageQuery` to read the next page; null on the last one. */
  nextPage: PageQuery | null;
}

export interface PageRequestOptions extends RequestOptions {
  /** A `nextPage` of a previous page: query parameters the server asked for, sent as given. */
  pageQuery?: PageQuery;
}

export interface AnalyticsClient {
  websites: {
    /** The websites of one page (the first, unless the query says otherwise). */
    list(query?: ListWebsitesParams, options?: RequestOptions): Promise<Website[]>;
    /** One page with its payload and the query of the next page. */
    listPage(query?: ListWebsitesParams, options?: PageRequestOptions): Promise<Page<Website>>;
    /** Every website, page after page. */
    listAll(query?: ListWebsitesParams, options?: RequestOptions): AsyncGenerator<Website, void, undefined>;
    get(id: WebsiteId, options?: RequestOptions): Promise<Website>;
    /** Never retried: a create that timed out may have happened. */
    create(body: CreateWebsiteParams, options?: RequestOptions): Promise<Website>;
    /** Sends only the fields given; a field left out is not changed. */
    update(id: WebsiteId, body: UpdateWebsiteParams, options?: RequestOptions): Promise<Website>;
    delete(id: WebsiteId, options?: RequestOptions): Promise<DeletePayload>;
  };
  stats: {
    /** The rows of one page of a statistic. */
    get(id: WebsiteId, query: StatsParams, options?: RequestOptions): Promise<StatRow[]>;
    /** One page of rows with its payload and the query of the next page. */
    getPage(id: WebsiteId, query: StatsParams, options?: PageRequestOptions): Promise<Page<StatRow>>;
    /** Every row of a statistic, page after page. */
    iterate(id: WebsiteId, query: StatsParams, options?: RequestOptions): AsyncGenerator<StatRow, void, undefined>;
  };
  /** The typed openapi-fetch client (auth, retries, timeouts and error classes included; non-2XX throws). */
  raw: Client<AnalyticsPaths>;
}

export function createAnalyticsClient(options: AnalyticsClientOptions = {}): AnalyticsClient {
  const { baseUrl, http, log } = wireClient('ANALYTICS', options, (parts, apiKey) => {
    parts.headers.authorization = `Bearer ${apiKey}`;
  });
  const unwrap = options.unwrap ?? 'auto';
  const strategy = options.nextPage ?? 'auto';
  const maxPages = options.maxPages ?? 1000;
  const check = options.validateResponses;
  const headers = lowerCaseHeaders({ ...options.defaultHeaders, accept: 'application/json' });
  const raw = createClient<AnalyticsPaths>({
    baseUrl,
    headers,
    bodySerializer: formBody,
    fetch: (request: Request) => http.send(request),
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

  function statsQuery(query: StatsParams) {
    const q = validate('stats.get', getStatsQuerySchema, query, ops.getStats);
    assertDateRange('stats.get', q.from, q.to);
    return q;
  }

  const onCapReached = () =>
    log('warn', `stopped after maxPages (${maxPages}) pages; raise \`maxPages\` to read further.`);

  return {
    websites: {
      async list(query = {}, options) {
        const q = validate('websites.list', listWebsitesQuerySchema, query, ops.listWebsites);
        return unwrapList<Website>(await request('listWebsites', { query: q }, options), unwrap, 'websites.list');
      },
      async listPage(query = {}, options = {}) {
        const { pageQuery, ...rest } = options;
        const q = validate('websites.list', listWebsitesQuerySchema, query, ops.listWebsites);
        const payload = await request('listWebsites', { query: { ...q, ...pageQuery } }, rest);
        return {
          items: unwrapList<Website>(payload, unwrap, 'websites.listPage'),
          payload,
          nextPage: nextPageQuery(strategy, payload, { ...q, ...pageQuery }),
        };
      },
      async *listAll(query = {}, options) {
        const q = validate('websites.list', listWebsitesQuerySchema, query, ops.listWebsites);
        yield* paginate<Website>(
          (extra: PageQuery) => request('listWebsites', { query: { ...q, ...extra } }, options),
          q,
          (payload) => unwrapList<Website>(payload, unwrap, 'websites.listAll'),
          { strategy, maxPages, onCapReached },
        );
      },
      async get(id, options) {
        const path = validate('websites.get', getWebsitePathSchema, { id }, ops.getWebsite);
        return unwrapPayload(await request('getWebsite', { path }, options), unwrap) as Website;
      },
      async create(body, options) {
        const b = validate('websites.create', createWebsiteBodySchema, body, ops.createWebsite);
        return unwrapPayload(
          await request('createWebsite', { body: b }, { ...options, maxRetries: 0 }),
          unwrap,
        ) as Website;
      },
      async update(id, body, options) {
        const path = validate('websites.update', updateWebsitePathSchema, { id }, ops.updateWebsite);
        const b = validate('websites.update', updateWebsiteBodySchema, body, ops.updateWebsite);
        return unwrapPayload(await request('updateWebsite', { path, body: b }, options), unwrap) as Website;
      },
      async delete(id, options) {
        const path = validate('websites.delete', deleteWebsitePathSchema, { id }, ops.deleteWebsite);
        return unwrapPayload(await request('deleteWebsite', { path }, options), unwrap) as DeletePayload;
      },
    },
    stats: {
      async get(id, query, options) {
        const path = validate('stats.get', getStatsPathSchema, { id }, ops.getStats);
        const q = statsQuery(query);
        return unwrapList<StatRow>(await request('getStats', { path, query: q }, options), unwrap, 'stats.get');
      },
      async getPage(id, query, options = {}) {
        const { pageQuery, ...rest } = options;
        const path = validate('stats.get', getStatsPathSchema, { id }, ops.getStats);
        const q = statsQuery(query);
        const payload = await request('getStats', { path, query: { ...q, ...pageQuery } }, rest);
        return {
          items: unwrapList<StatRow>(payload, unwrap, 'stats.getPage'),
          payload,
          nextPage: nextPageQuery(strategy, payload, { ...q, ...pageQuery }),
        };
      },
      async *iterate(id, query, options) {
        const path = validate('stats.get', getStatsPathSchema, { id }, ops.getStats);
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
