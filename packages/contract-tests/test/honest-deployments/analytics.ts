// The Analytics API of an honest deployment: websites CRUD under /api/v1/websites and the 17 statistics under
// /api/v1/stats/{id}, behind the Bearer key. What the source documentation decides is fixed here; every silence
// is read from the variant's Choices.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Choices } from './choices.js';
import { mix, type WebsiteRecord } from './data.js';
import {
  choosePage,
  decodeKeyset,
  encodeCursor,
  encodeKeyset,
  listBody,
  type Hyperlinks,
  type PageOf,
  pageHeaders,
  pageParamNames,
  recordBody,
} from './envelopes.js';
import {
  type ApiError,
  type ErrorContext,
  djangoNotFound,
  errorAnswer,
  expressNoRoute,
  type FieldError,
  goMuxAnswer,
  simpleError,
  validationError,
} from './errors.js';
import {
  type Answer,
  acceptsJson,
  corsPreflight,
  jsonAnswer,
  type ParamSource,
  parseBody,
  readParam,
  send,
  sendFinished,
  sourceOf,
  wantsJson,
} from './http-kit.js';
import { compareKeys, rowComparator, searchMatcher, sortRows, textComparator } from './ordering.js';
import {
  dayNumber,
  STATISTIC_NAMES,
  type StatisticName,
  type StatisticRow,
  statisticRows,
  today,
} from './statistics.js';
import { type OtherClients, otherClientsOf } from './shared-account.js';
import { Throttle } from './throttle.js';
import { type Lookup, validateWebsiteBody, WebsiteStore } from './websites.js';

/** "per_page accepts only 10, 25, 50 or 100 on the website list and on statistics; default 10." */
export const PER_PAGE_VALUES = [10, 25, 50, 100] as const;
export const DEFAULT_PER_PAGE = 10;

export interface AnalyticsState {
  choices: Choices;
  key: string;
  store: WebsiteStore;
  throttle?: Throttle;
  /** A throttle on the create route alone (choice 133). */
  createThrottle?: Throttle;
  /** Other clients of the same key (choices 140, 141). */
  others?: OtherClients;
}

export function createAnalyticsState(choices: Choices, key: string, throttle?: Throttle): AnalyticsState {
  const createThrottle = choices.createsPerMinute > 0 ? new Throttle(choices.createsPerMinute, 60_000) : undefined;
  const store = new WebsiteStore(choices);
  const others = otherClientsOf(choices, store);
  return {
    choices,
    key,
    store,
    ...(throttle ? { throttle } : {}),
    ...(createThrottle ? { createThrottle } : {}),
    ...(others ? { others } : {}),
  };
}

type Route =
  | { name: 'websites'; allow: string[] }
  | { name: 'website'; id: string; allow: string[] }
  | { name: 'stats'; id: string; allow: string[] };

function matchRoute(path: string, choices: Choices): Route | undefined {
  if (path === '/api/v1/websites') return { name: 'websites', allow: ['GET', 'HEAD', 'POST'] };
  const match = /^\/api\/v1\/(websites|stats)\/([^/]+)$/.exec(path);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
  if (match[1] === 'stats') return { name: 'stats', id, allow: ['GET', 'HEAD'] };
  const allow = ['GET', 'HEAD', 'PUT', ...(choices.patchIsUpdate ? ['PATCH'] : []), 'DELETE'];
  return { name: 'website', id, allow };
}

interface Exchange {
  state: AnalyticsState;
  request: IncomingMessage;
  url: URL;
  method: string;
  context: ErrorContext;
  /** Headers every answer of this exchange carries (rate limit). */
  headers: Record<string, string>;
}

export function analyticsHandler(state: AnalyticsState): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    state.others?.tick();
    handle(state, request)
      .then(({ answer, headers }) => sendFinished(request, response, answer, headers, state.choices))
      .catch(() => send(response, jsonAnswer(500, { message: 'Server Error' }, 'application/json')));
  };
}

async function handle(
  state: AnalyticsState,
  request: IncomingMessage,
): Promise<{ answer: Answer; headers: Record<string, string> }> {
  const c = state.choices;
  const url = new URL(request.url ?? '/', 'http://deployment.invalid');
  const origin = `http://${request.headers.host ?? '127.0.0.1'}${c.mountPath}`;
  const method = (request.method ?? 'GET').toUpperCase();
  const context: ErrorContext = { path: url.pathname, origin, wantsJson: wantsJson(request) };
  const noRoute = (): Answer => {
    if (c.routerFallback === 'express-html') return expressNoRoute(method, url.pathname);
    if (c.routerFallback === 'go-text') return goMuxAnswer(404);
    if (c.routerFallback === 'django-html') return djangoNotFound(url.pathname);
    const path = url.pathname.replace(/^\//, '');
    return errorAnswer(simpleError('not-found', 404, `The route ${path} could not be found.`), c, context);
  };

  const preflight = corsPreflight(request, c.cors);
  if (preflight) return { answer: preflight, headers: {} };
  let path = url.pathname;
  if (c.mountPath) {
    if (path !== c.mountPath && !path.startsWith(`${c.mountPath}/`)) return { answer: noRoute(), headers: {} };
    path = path.slice(c.mountPath.length) || '/';
  }
  if (path.length > 1 && path.endsWith('/')) {
    if (c.trailingSlash === 'same') path = path.replace(/\/+$/, '');
    else if (c.trailingSlash === 'redirect' || c.trailingSlash === 'redirect-307') {
      // Laravel's stock .htaccess answers 301; Starlette's redirect_slashes answers 307.
      const location = `${origin}${path.replace(/\/+$/, '')}${url.search}`;
      const status = c.trailingSlash === 'redirect' ? 301 : 307;
      return { answer: { status, headers: { Location: location } }, headers: {} };
    }
  }
  const route = matchRoute(path, c);
  if (!route) return { answer: noRoute(), headers: {} };
  if (!route.allow.includes(method)) {
    const allow = route.allow.join(', ');
    const html = c.routerFallback === 'express-html';
    if (html || c.methodNotAllowedStatus === 404) return { answer: noRoute(), headers: {} };
    if (c.routerFallback === 'go-text') return { answer: goMuxAnswer(405, allow), headers: {} };
    const message = `The ${method} method is not supported for route ${path.slice(1)}. Supported methods: ${allow}.`;
    const error = simpleError('method-not-allowed', 405, message, { Allow: allow });
    return { answer: errorAnswer(error, c, context), headers: {} };
  }

  const exchange: Exchange = { state, request, url, method, context, headers: {} };
  if (state.throttle) {
    const presented = bearerToken(request, c) ?? request.socket.remoteAddress ?? 'anonymous';
    const verdict = state.throttle.take(`analytics:${presented}`);
    exchange.headers = verdict.headers;
    if (!verdict.allowed) {
      return {
        answer: fail(exchange, simpleError('too-many-requests', 429, 'Too Many Attempts.')),
        headers: verdict.headers,
      };
    }
  }
  if (c.nonJsonAccept === 'not-acceptable' && !acceptsJson(request)) {
    return { answer: { status: 406 }, headers: exchange.headers };
  }
  const authError = authenticate(exchange);
  if (authError) return { answer: fail(exchange, authError), headers: exchange.headers };

  let answer: Answer;
  const realMethod = method === 'HEAD' ? 'GET' : method;
  if (route.name === 'websites') answer = realMethod === 'GET' ? listWebsites(exchange) : await createWebsite(exchange);
  else if (route.name === 'stats') answer = statistics(exchange, route.id);
  else if (realMethod === 'GET') answer = readWebsite(exchange, route.id);
  else if (realMethod === 'DELETE') answer = deleteWebsite(exchange, route.id);
  else answer = await updateWebsite(exchange, route.id);
  return { answer, headers: exchange.headers };
}

function fail(exchange: Exchange, error: ApiError): Answer {
  return errorAnswer(error, exchange.state.choices, exchange.context);
}

function ok(exchange: Exchange, status: number, value: unknown, headers: Record<string, string> = {}): Answer {
  const c = exchange.state.choices;
  // Plaid-style: every object body carries the request's id, for support (choice 98).
  const body =
    c.requestIdInBody && value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { ...value, request_id: randomUUID().replace(/-/g, '').slice(0, 15) }
      : value;
  return jsonAnswer(status, body, c.jsonContentType, headers);
}

// ---- Authentication ----

function bearerToken(request: IncomingMessage, choices: Choices): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^(\S+)[ \t]+(\S+)\s*$/.exec(header);
  if (!match) return undefined;
  const scheme = match[1]!;
  // DRF's TokenAuthentication beside a Bearer scheme: `Token <key>` is read too (choice 88).
  if (choices.authSchemes === 'bearer-or-token' && scheme === 'Token') return match[2];
  if (choices.bearerAnyCase ? scheme.toLowerCase() !== 'bearer' : scheme !== 'Bearer') return undefined;
  return match[2];
}

const AUTH_MESSAGES: Record<Choices['errorStyle'], [missing: string, wrong: string]> = {
  laravel: ['Unauthenticated.', 'Unauthenticated.'],
  problem: ['Full authentication is required to access this resource', 'Invalid bearer token'],
  drf: ['Authentication credentials were not provided.', 'Invalid token.'],
  rails: ['Unauthorized', 'Unauthorized'],
  fastapi: ['Not authenticated', 'Invalid authentication credentials'],
  express: ['Missing bearer token', 'Invalid API key'],
  nest: ['Unauthorized', 'Unauthorized'],
  'go-text': ['unauthorized', 'invalid api key'],
  stripe: [
    'You did not provide an API key. Provide it in the Authorization header as a Bearer token.',
    'Invalid API Key provided.',
  ],
  envelope: ['Missing API key.', 'Invalid API key.'],
  jsonapi: ['Authentication token missing', 'Authentication token invalid'],
  hydra: ['JWT Token not found', 'Invalid credentials.'],
  odata: ['Unauthorized', 'Unauthorized'],
  jsend: ['Missing API key.', 'Invalid API key.'],
  'django-html': ['Authentication credentials were not provided.', 'Invalid API key.'],
  'koa-text': ['Unauthorized', 'Unauthorized'],
  postgrest: ['Anonymous access is disabled', 'Expected 3 parts in JWT; got 1'],
  github: ['Requires authentication', 'Bad credentials'],
};

function authenticate(exchange: Exchange): ApiError | undefined {
  const c = exchange.state.choices;
  const token = bearerToken(exchange.request, c);
  if (token === exchange.state.key) return undefined;
  const missing = token === undefined;
  const status = missing ? c.authMissingStatus : c.authWrongStatus;
  // A Nest guard that returns false answers 403 "Forbidden resource", whatever the reason.
  const [missingMessage, wrongMessage] =
    c.errorStyle === 'nest' && status === 403
      ? ['Forbidden resource', 'Forbidden resource']
      : AUTH_MESSAGES[c.errorStyle];
  const headers: Record<string, string> = {};
  if (c.wwwAuthenticate && status === 401) {
    headers['WWW-Authenticate'] = missing ? 'Bearer' : 'Bearer error="invalid_token"';
  }
  const kind = status === 401 ? 'unauthenticated' : 'forbidden';
  return { ...simpleError(kind, status, missing ? missingMessage : wrongMessage, headers), auth: true };
}

// ---- Parameters ----

class Query {
  readonly errors: FieldError[] = [];
  /** A required parameter missing, or one that does not bind to its declared type (choice 130). */
  unbound = false;
  /** A page size not offered (choice 126). */
  badPageSize = false;

  constructor(
    readonly source: ParamSource,
    readonly choices: Choices,
  ) {}

  raw(name: string): string | undefined {
    const result = readParam(this.source, name, this.choices);
    if ('repeated' in result) {
      this.errors.push({ field: name, message: `The ${name} field must be a single value.`, location: 'query' });
      return undefined;
    }
    return result.value;
  }

  /** Only the documented names (plus the page parameter) when the framework refuses unknown parameters. */
  only(known: readonly string[]): void {
    if (this.choices.unknownQuery !== 'reject') return;
    for (const name of this.source.keys()) {
      if (!known.includes(name)) {
        this.errors.push({ field: name, message: `Received unknown parameter: ${name}`, location: 'query' });
      }
    }
  }

  enumeration<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const text = this.raw(name);
    if (text === undefined) return fallback;
    const found = allowed.find((value) =>
      this.choices.enumCase === 'any' ? value === text.toLowerCase() : value === text,
    );
    if (found !== undefined) return found;
    // `in_array($sort, ['asc', 'desc']) ? $sort : 'desc'`: a value outside the list means the default (choice 125).
    if (this.choices.invalidOptional === 'default') return fallback;
    this.errors.push({
      field: name,
      message: `The selected ${name.replace('_', ' ')} is invalid. Allowed: ${allowed.join(', ')}.`,
      location: 'query',
      input: text,
    });
    return fallback;
  }

  perPage(): number {
    const text = this.raw('per_page');
    if (text === undefined) return DEFAULT_PER_PAGE;
    const pattern = this.choices.integerSyntax === 'digits' ? /^\d+$/ : /^[+-]?\d+$/;
    const value = pattern.test(text) ? Number(text) : Number.NaN;
    if ((PER_PAGE_VALUES as readonly number[]).includes(value)) return value;
    if (this.choices.invalidOptional === 'default') return DEFAULT_PER_PAGE;
    // `int? per_page` in ASP.NET Core binds any integer spelling; other text does not bind (choice 130).
    if (!/^[+-]?\d+$/.test(text)) this.unbound = true;
    this.badPageSize = true;
    this.errors.push({
      field: 'per_page',
      message: 'The selected per page is invalid. Allowed: 10, 25, 50, 100.',
      location: 'query',
      input: text,
    });
    return DEFAULT_PER_PAGE;
  }

  /** The refusal of what was read: an empty 400 for what did not bind, 416 for a page size alone, or validation. */
  refusal(): ApiError {
    const c = this.choices;
    if (c.bindingFailure === 'empty-400' && this.unbound) {
      return { ...simpleError('bad-request', 400, 'Bad Request'), empty: true };
    }
    if (c.perPageStatus === 416 && this.badPageSize && this.errors.every((error) => error.field === 'per_page')) {
      return { ...validationError(c, this.errors), kind: 'range-not-satisfiable', status: 416 };
    }
    return validationError(c, this.errors);
  }
}

/** The order of a list's rows, for a keyset cursor: how rows compare, a row's key, and a row standing for a key. */
interface Keyset<T> {
  compare: (a: T, b: T) => number;
  keyOf: (row: T) => unknown;
  rowOf: (key: unknown) => T | undefined;
}

/**
 * The asked page of rows already sorted. The page is chosen by a page number, an offset cursor, a keyset cursor in
 * `after` (the rows after the last one shown, as they sort now), or DRF's `limit` and `offset`.
 */
function paged<T>(
  exchange: Exchange,
  query: Query,
  rows: T[],
  askedPerPage: number,
  keyset: Keyset<T>,
): PageOf<T> | ApiError {
  const c = exchange.state.choices;
  const [name] = pageParamNames(c);
  const raw = name ? query.raw(name) : undefined;
  let perPage = askedPerPage;
  let start: number;
  if (c.pagination === 'after') {
    const after = raw === undefined ? undefined : keyset.rowOf(decodeKeyset(raw));
    if (raw !== undefined && after === undefined) {
      return validationError(c, [{ field: 'after', message: 'The cursor is invalid.', location: 'query', input: raw }]);
    }
    const index = after === undefined ? 0 : rows.findIndex((row) => keyset.compare(row, after) > 0);
    start = index === -1 ? rows.length : index;
  } else if (c.pagination === 'offset-limit') {
    // DRF's LimitOffsetPagination whose limit is per_page: a `limit` it wrote into a link is one of the sizes; any
    // other limit or offset it cannot read falls back to per_page and 0, as DRF's `_positive_int` guard does.
    const limit = Number(raw);
    if ((PER_PAGE_VALUES as readonly number[]).includes(limit) && /^\d+$/.test(raw ?? '')) perPage = limit;
    const offset = query.raw('offset');
    start = offset !== undefined && /^\d+$/.test(offset) ? Number(offset) : 0;
  } else {
    const choice = choosePage(c, raw, rows.length, perPage);
    if ('invalid' in choice) {
      if (choice.invalid === 'page') return simpleError('not-found', 404, 'Invalid page.');
      return validationError(c, [
        { field: 'cursor', message: 'The cursor is invalid.', location: 'query', input: raw },
      ]);
    }
    start = choice.offset;
  }
  const base = `${exchange.context.origin}${exchange.url.pathname.slice(c.mountPath.length)}`;
  const urlAt = (offset: number): string | null => {
    if (!name) return null;
    const params = new URLSearchParams(exchange.url.search);
    if (c.pagination === 'cursor') params.set('cursor', encodeCursor(offset));
    else if (c.pagination === 'after') {
      if (offset <= 0) params.delete('after');
      else params.set('after', encodeKeyset(keyset.keyOf(rows[offset - 1]!)));
    } else if (c.pagination === 'offset-limit') {
      // DRF's links: `limit` always, `offset` left out for the first page.
      params.set('limit', String(perPage));
      if (offset <= 0) params.delete('offset');
      else params.set('offset', String(offset));
    } else params.set('page', String(Math.floor(offset / perPage) + (c.pagination === 'page-from-zero' ? 0 : 1)));
    return `${base}?${params.toString()}`;
  };
  return {
    rows: rows.slice(start, start + perPage),
    total: rows.length,
    perPage,
    offset: start,
    urlAt,
    cursorAt: encodeCursor,
  };
}

/** Where the hypermedia envelopes point (JSON:API, Hydra, HAL, OData). */
function hyperlinks(exchange: Exchange): Hyperlinks {
  const c = exchange.state.choices;
  const host = exchange.context.origin.slice(0, exchange.context.origin.length - c.mountPath.length);
  return {
    collection: `${c.mountPath}/api/v1/websites`,
    website: (id) => `${c.mountPath}/api/v1/websites/${id}`,
    origin: host,
  };
}

function pageAnswer<T>(exchange: Exchange, root: 'websites' | 'stats', page: PageOf<T>): Answer {
  const c = exchange.state.choices;
  const body = listBody(c, root, page, hyperlinks(exchange));
  return ok(exchange, 200, body, c.paginationHeaders ? pageHeaders(page, c.linkRels) : {});
}

function recordAnswer(exchange: Exchange, status: number, record: unknown, headers: Record<string, string> = {}) {
  return ok(exchange, status, recordBody(exchange.state.choices, record, hyperlinks(exchange)), headers);
}

function knownQuery(choices: Choices, names: readonly string[]): string[] {
  return [...names, ...pageParamNames(choices)];
}

// ---- Websites ----

/** Why a website cannot be served; `statistics` is the statistics route (a set of rows, never a single object). */
function lookupError(exchange: Exchange, lookup: Lookup, id: string, statistics = false): ApiError | undefined {
  const c = exchange.state.choices;
  if ('found' in lookup) return undefined;
  // A soft-deleted website (paranoia, SoftDeletes with a custom binding) answers 410 Gone (choice 87).
  if ('gone' in lookup) return simpleError('gone', 410, 'This website has been deleted.');
  if ('foreign' in lookup && c.foreignWebsite === 403) {
    const message =
      c.errorStyle === 'drf' ? 'You do not have permission to perform this action.' : 'This action is unauthorized.';
    return simpleError('forbidden', 403, message);
  }
  if ('malformed' in lookup && c.malformedIdStatus !== 404) {
    const field: FieldError = {
      field: 'id',
      message: 'The id must be a valid website id.',
      location: 'path',
      input: id,
    };
    return { ...validationError(c, [field]), status: c.malformedIdStatus };
  }
  // PostgREST asked for a single object answers 406 when no row matches (choice 132).
  return simpleError('not-found', statistics ? 404 : c.notFoundStatus, notFoundMessage(c, id));
}

function notFoundMessage(choices: Choices, id: string): string {
  switch (choices.errorStyle) {
    case 'laravel':
      return `No query results for model [App\\Models\\Website] ${id}`;
    case 'drf':
      return 'No Website matches the given query.';
    case 'rails':
      return 'Not Found';
    case 'stripe':
      return `No such website: '${id}'`;
    case 'go-text':
      return 'website not found';
    case 'github':
      return 'Not Found';
    default:
      return 'Website not found';
  }
}

function listWebsites(exchange: Exchange): Answer {
  const { choices: c, store } = exchange.state;
  const query = new Query(sourceOf(exchange.url.searchParams), c);
  query.only(knownQuery(c, ['search', 'search_by', 'sort_by', 'sort', 'per_page']));
  const search = query.raw('search');
  query.enumeration('search_by', ['domain'] as const, 'domain');
  const sortBy = query.enumeration('sort_by', ['id', 'domain'] as const, 'id');
  const sort = query.enumeration('sort', ['desc', 'asc'] as const, 'desc');
  const perPage = query.perPage();
  if (query.errors.length > 0) return fail(exchange, query.refusal());

  let rows = store.replicaOwned();
  if (search !== undefined && search !== '') {
    const matches = searchMatcher(c.search, search);
    const now = Date.now();
    rows = rows.filter((record) => record.searchableAt <= now && matches(record.domain));
  }
  const collate = textComparator(c.collation);
  // "`id` (date created)": the order of creation, or the created_at column (to the second, choice 139), ties by id.
  const byCreation =
    c.idOrder === 'created-at-then-id'
      ? (a: WebsiteRecord, b: WebsiteRecord) => a.createdAt.getTime() - b.createdAt.getTime()
      : (a: WebsiteRecord, b: WebsiteRecord) => a.seq - b.seq;
  const primary = sortBy === 'id' ? byCreation : (a: WebsiteRecord, b: WebsiteRecord) => collate(a.domain, b.domain);
  const descending = sort === 'desc';
  // An id compared as the database compares the column: a number, or the text of a random id (choice 139).
  const byId =
    c.idOrder === 'created-at-then-id' && c.idFormat !== 'integer' && c.idFormat !== 'numeric-string'
      ? (a: WebsiteRecord, b: WebsiteRecord) => textComparator('byte')(store.idText(a), store.idText(b))
      : (a: WebsiteRecord, b: WebsiteRecord) => a.seq - b.seq;
  // Without a tie-breaker MySQL may order equal rows differently for different LIMITs (its manual, "LIMIT Query
  // Optimization"): the order of ties then depends on per_page.
  const tie = (a: WebsiteRecord, b: WebsiteRecord) =>
    c.tieBreak === 'limit-dependent'
      ? mix(a.seq, perPage) - mix(b.seq, perPage)
      : c.tieBreak === 'id-same-direction' && descending
        ? byId(b, a)
        : byId(a, b);
  const sorted = sortRows(rows, primary, descending, tie);
  const page = paged(exchange, query, sorted, perPage, {
    compare: rowComparator(primary, descending, tie),
    keyOf: (record) => [record.seq, record.domain, record.createdAt.getTime()],
    rowOf: (key) => {
      if (!Array.isArray(key) || key.length !== 3) return undefined;
      const [seq, domain, created] = key as unknown[];
      if (!Number.isSafeInteger(seq) || typeof domain !== 'string' || !Number.isSafeInteger(created)) return undefined;
      // A row standing for the key: the fields the order reads (the id's text is derived from seq and created_at).
      return { ...rows[0]!, seq: seq as number, domain, createdAt: new Date(created as number) };
    },
  });
  if ('kind' in page) return fail(exchange, page);
  return pageAnswer(exchange, 'websites', { ...page, rows: page.rows.map((record) => store.view(record, 'list')) });
}

function readWebsite(exchange: Exchange, id: string): Answer {
  const { choices: c, store } = exchange.state;
  const query = new Query(sourceOf(exchange.url.searchParams), c);
  query.only([]);
  if (query.errors.length > 0) return fail(exchange, query.refusal());
  const lookup = store.readLookup(id);
  const error = lookupError(exchange, lookup, id);
  if (error || !('found' in lookup)) return fail(exchange, error!);
  return recordAnswer(exchange, 200, store.view(lookup.found));
}

async function readBodyOf(exchange: Exchange): Promise<ParamSource | ApiError> {
  const c = exchange.state.choices;
  const body = await parseBody(exchange.request, c.maxBodyBytes, c.bodyTypes);
  switch (body.kind) {
    case 'ok':
      return body.params;
    case 'too-large':
      return simpleError('payload-too-large', 413, 'The request body is too large.');
    case 'unsupported':
      return simpleError('unsupported-media-type', 415, `Content type '${body.type}' not supported.`);
    case 'malformed':
      return simpleError('bad-request', 400, 'The request body is not valid JSON.');
  }
}

async function createWebsite(exchange: Exchange): Promise<Answer> {
  const { choices: c, store } = exchange.state;
  const body = await readBodyOf(exchange);
  if (exchange.state.createThrottle) {
    // Laravel's `throttle:3,1` on the create route only: the other routes are not limited (choice 133).
    const verdict = exchange.state.createThrottle.take(`create:${exchange.state.key}`);
    Object.assign(exchange.headers, verdict.headers);
    if (!verdict.allowed) return fail(exchange, simpleError('too-many-requests', 429, 'Too Many Attempts.'));
  }
  if (!(body instanceof Map)) return fail(exchange, body);
  const query = new Query(sourceOf(exchange.url.searchParams), c);
  query.only([]);
  if (query.errors.length > 0) return fail(exchange, query.refusal());
  // A plan limit, checked by the policy before the body is validated (choice 108).
  if (c.websiteLimit > 0 && store.owned().length >= c.websiteLimit) {
    const message = `Your plan allows ${c.websiteLimit} websites. Delete one or upgrade your plan to add another.`;
    const kind = c.websiteLimitStatus === 402 ? 'payment-required' : 'forbidden';
    return fail(exchange, simpleError(kind, c.websiteLimitStatus, message));
  }
  const validated = validateWebsiteBody(body, 'create', c, store);
  if ('errors' in validated) {
    const error = validationError(c, validated.errors);
    // A unique index's violation answered 409 Conflict (choice 106).
    return fail(exchange, validated.conflict && c.domainConflictStatus === 409 ? { ...error, status: 409 } : error);
  }
  const { changes } = validated;
  // "Default 1 (on create)", "0 (on create)", "1 (on create)".
  const privacy = changes.privacy ?? 1;
  const record = store.add({
    domain: changes.domain!,
    privacy,
    // "password: Used when privacy is 2": some deployments keep it only then (choice 95).
    password: c.passwordKept === 'privacy-2-only' && privacy !== 2 ? null : (changes.password ?? null),
    email: changes.email ?? 0,
    excludeBots: changes.excludeBots ?? 1,
    excludeParams: changes.excludeParams ?? null,
    excludeIps: changes.excludeIps ?? null,
  });
  const headers: Record<string, string> = {};
  if (c.createLocation) headers.Location = `${exchange.context.origin}/api/v1/websites/${store.idText(record)}`;
  return recordAnswer(exchange, c.createStatus, store.view(record, 'write'), headers);
}

async function updateWebsite(exchange: Exchange, id: string): Promise<Answer> {
  const { choices: c, store } = exchange.state;
  const lookup = store.lookup(id);
  const error = lookupError(exchange, lookup, id);
  if (error || !('found' in lookup)) return fail(exchange, error!);
  const body = await readBodyOf(exchange);
  if (!(body instanceof Map)) return fail(exchange, body);
  const query = new Query(sourceOf(exchange.url.searchParams), c);
  query.only([]);
  if (query.errors.length > 0) return fail(exchange, query.refusal());
  const record = lookup.found;
  const validated = validateWebsiteBody(body, 'update', c, store, record);
  if ('errors' in validated) return fail(exchange, validationError(c, validated.errors));
  const { changes } = validated;
  // Only what was sent changes; `domain` never does (it is not an update parameter).
  if (changes.privacy !== undefined) record.privacy = changes.privacy;
  // A password sent while the website's privacy (after this update) is not 2 is not used, so not kept (choice 95);
  // a stored one is never cleared by an update that does not send it.
  const ignorePassword = c.passwordKept === 'privacy-2-only' && (changes.privacy ?? record.privacy) !== 2;
  if (changes.password !== undefined && !ignorePassword) record.password = changes.password;
  if (changes.email !== undefined) record.email = changes.email;
  if (changes.excludeBots !== undefined) record.excludeBots = changes.excludeBots;
  if (changes.excludeParams !== undefined) record.excludeParams = changes.excludeParams;
  if (changes.excludeIps !== undefined) record.excludeIps = changes.excludeIps;
  if (Object.keys(changes).length > 0) record.updatedAt = store.now();
  store.touch(record);
  return recordAnswer(exchange, 200, store.view(record, 'write'));
}

function deleteWebsite(exchange: Exchange, id: string): Answer {
  const { choices: c, store } = exchange.state;
  const query = new Query(sourceOf(exchange.url.searchParams), c);
  query.only([]);
  if (query.errors.length > 0) return fail(exchange, query.refusal());
  const lookup = store.lookup(id);
  if ('missing' in lookup && c.deleteMissing === 'success') return { status: 204 };
  const error = lookupError(exchange, lookup, id);
  if (error || !('found' in lookup)) return fail(exchange, error!);
  const view = store.view(lookup.found);
  store.remove(lookup.found);
  switch (c.deleteAnswer) {
    case 'no-content':
      return { status: 204 };
    case 'accepted':
      // A queued deletion (NestJS CQRS command): 202 with nothing to show; the website is gone when it is read.
      return { status: 202 };
    case 'empty-200':
      return { status: 200 };
    case 'record':
      return recordAnswer(exchange, 200, view);
    case 'deleted-flag':
      // Stripe's deleted object: the id, the object's type and `deleted: true`.
      return ok(exchange, 200, { id: view.id, object: 'website', deleted: true });
    case 'jsend-null':
      return ok(exchange, 200, { status: 'success', data: null });
    case 'message':
      return ok(
        exchange,
        200,
        c.recordEnvelope === 'status-envelope'
          ? { status: 'success', message: 'Website deleted.' }
          : { message: 'Website deleted.' },
      );
  }
}

// ---- Statistics ----

function statistics(exchange: Exchange, id: string): Answer {
  const { choices: c, store } = exchange.state;
  const query = new Query(sourceOf(exchange.url.searchParams), c);
  // A registry of statistic queries looked up by name before anything else: no such query is 404 (choice 124).
  if (c.unknownStatistic === 'not-found') {
    const read = readParam(query.source, 'name', c);
    const asked = 'value' in read ? read.value : undefined;
    const known = STATISTIC_NAMES.some((candidate) =>
      c.enumCase === 'any' ? candidate === asked?.toLowerCase() : candidate === asked,
    );
    if (!known) return fail(exchange, simpleError('not-found', 404, `Statistic not found: ${asked ?? ''}`));
  }
  const lookup = store.readLookup(id);
  const notFound = lookupError(exchange, lookup, id, true);
  if (notFound && c.statsCheckOrder === 'not-found-first') return fail(exchange, notFound);

  query.only(knownQuery(c, ['name', 'from', 'to', 'search', 'search_by', 'sort_by', 'sort', 'per_page']));
  const nameText = query.raw('name');
  let name: StatisticName | undefined;
  if (nameText === undefined) {
    query.unbound = true;
    query.errors.push({ field: 'name', message: 'The name field is required.', location: 'query' });
  } else {
    name = STATISTIC_NAMES.find((candidate) =>
      c.enumCase === 'any' ? candidate === nameText.toLowerCase() : candidate === nameText,
    );
    if (!name) {
      query.errors.push({
        field: 'name',
        message: 'The selected name is invalid.',
        location: 'query',
        input: nameText,
      });
    }
  }
  const day = (field: 'from' | 'to'): number | undefined => {
    const text = query.raw(field);
    if (text === undefined) {
      query.unbound = true;
      query.errors.push({ field, message: `The ${field} field is required.`, location: 'query' });
      return undefined;
    }
    const value = dayNumber(text);
    if (value === undefined) {
      query.errors.push({
        field,
        message: `The ${field} does not match the format Y-m-d.`,
        location: 'query',
        input: text,
      });
    }
    return value;
  };
  let from = day('from');
  let to = day('to');
  const search = query.raw('search');
  // "search_by: `value` (Value), default url": the default is taken as given; sent explicitly, `url` is an alias
  // or refused.
  const searchByAllowed = c.statsSearchByUrl === 'alias' ? (['value', 'url'] as const) : (['value'] as const);
  query.enumeration<'value' | 'url'>('search_by', searchByAllowed, 'url');
  const sortBy = query.enumeration('sort_by', ['count', 'value'] as const, 'count');
  const sort = query.enumeration('sort', ['desc', 'asc'] as const, 'desc');
  const perPage = query.perPage();
  let empty = false;
  if (from !== undefined && to !== undefined && from > to) {
    if (c.reversedRange === 'reject') {
      query.errors.push({ field: 'to', message: 'The to must be a date after or equal to from.', location: 'query' });
    } else if (c.reversedRange === 'swap') {
      [from, to] = [to, from];
    } else {
      empty = true;
    }
  }
  // `before_or_equal:today` in the website's own time zone (choices 109, 110).
  const localToday = today(c.statsUtcOffsetMinutes);
  for (const [field, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (c.futureDates === 'reject' && value !== undefined && value > localToday) {
      query.errors.push({
        field,
        message: `The ${field} must be a date before or equal to today.`,
        location: 'query',
      });
    }
  }
  if (c.maxRangeDays > 0 && from !== undefined && to !== undefined && to - from + 1 > c.maxRangeDays) {
    query.errors.push({
      field: 'to',
      message: `The date range may not be longer than ${c.maxRangeDays} days.`,
      location: 'query',
    });
  }
  if (query.errors.length > 0) return fail(exchange, query.refusal());
  if (notFound || !('found' in lookup)) return fail(exchange, notFound!);

  const record = lookup.found;
  const offsetMs = c.statsUtcOffsetMinutes * 60_000;
  const traffic = {
    seed: record.traffic,
    firstDay: Math.floor((record.createdAt.getTime() + offsetMs) / 86_400_000),
  };
  let rows = empty ? [] : statisticRows(traffic, name!, from!, to!, c);
  // Share of the range's total, in percent with two decimals (choice 96).
  const rangeTotal = rows.reduce((sum, row) => sum + row.count, 0);
  if (search !== undefined && search !== '') {
    const matches = searchMatcher(c.search, search);
    rows = rows.filter((row) => matches(String(row.value)));
  }
  const compare = compareKeys(c.collation);
  const descending = sort === 'desc';
  const byValue = (a: StatisticRow, b: StatisticRow) => compare(a.sortKey, b.sortKey);
  const tie = (a: StatisticRow, b: StatisticRow) => {
    if (sortBy === 'value' || c.statsTieOrder === 'storage') return a.storage - b.storage;
    if (c.statsTieOrder === 'limit-dependent') return mix(a.storage, perPage) - mix(b.storage, perPage);
    return c.statsTieOrder === 'value-asc' ? byValue(a, b) : byValue(b, a);
  };
  const primary = sortBy === 'count' ? (a: StatisticRow, b: StatisticRow) => a.count - b.count : byValue;
  const sorted = sortRows(rows, primary, descending, tie);
  const page = paged(exchange, query, sorted, perPage, {
    compare: rowComparator(primary, descending, tie),
    keyOf: (row) => [row.count, row.sortKey, row.storage],
    rowOf: (key) => {
      if (!Array.isArray(key) || key.length !== 3) return undefined;
      const [count, sortKey, storage] = key as unknown[];
      if (!Number.isSafeInteger(count) || !Number.isSafeInteger(storage)) return undefined;
      if (typeof sortKey !== 'string' && typeof sortKey !== 'number') return undefined;
      return { value: sortKey, count: count as number, sortKey, storage: storage as number };
    },
  });
  if ('kind' in page) return fail(exchange, page);
  const shown = page.rows.map((row) => ({
    value: row.value,
    count: c.countsAs === 'string' ? String(row.count) : row.count,
    ...(c.statsShare ? { percentage: rangeTotal ? Math.round((row.count / rangeTotal) * 10_000) / 100 : 0 } : {}),
  }));
  return pageAnswer(exchange, 'stats', { ...page, rows: shown });
}
