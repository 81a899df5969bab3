// The named honest variants: each is the choice a real framework or team makes at every silence of the source
// documentation (VARIANTS.md justifies each). ORDINARY is the most common choice; a variant lists what its
// framework does differently, so the differences are what a reader sees.
import type { Choices, MarketChoices } from './choices.js';

const ORDINARY_MARKET: MarketChoices = {
  keyTransport: 'request',
  errorStatuses: 'always-200',
  invalidCodeStatus: 404,
  keyMessage: '无效请求',
  missingParamMessage: 'operation',
  itemScope: 'any',
  purchaseScope: 'own',
  escapeJson: 'none',
  timestampStyle: 'z',
  extraFields: false,
  itemsOrder: 'id-asc',
  audioPurchasePreview: 'thumbnail',
  jsonBody: false,
  licenseLabels: 'english',
  handedCode: 'supported',
  itemIdSyntax: 'digits',
  contentType: 'same',
  keyStatus: 401,
  extrasOnDetailsOnly: false,
  signedMediaUrls: false,
  codeMatch: 'exact',
  handedCodeUpper: false,
  postParams: 'request',
  liveRecords: false,
};

export const ORDINARY: Choices = {
  mountPath: '',
  trailingSlash: 'same',
  routerFallback: 'framework',
  methodNotAllowedStatus: 405,
  patchIsUpdate: false,
  nonJsonAccept: 'json-anyway',
  bodyTypes: 'form-and-json',
  maxBodyBytes: 1_048_576,
  repeatedParams: 'last',
  unknownQuery: 'ignore',
  unknownBody: 'ignore',
  emptyParam: 'invalid',
  enumCase: 'exact',
  integerSyntax: 'digits',
  trimInputs: false,
  authMissingStatus: 401,
  authWrongStatus: 401,
  wwwAuthenticate: false,
  authErrorBody: 'styled',
  bearerAnyCase: true,
  foreignWebsite: 404,
  validationStatus: 422,
  malformedIdStatus: 404,
  createStatus: 201,
  createLocation: false,
  deleteAnswer: 'no-content',
  deleteMissing: 'not-found',
  alwaysOk: false,
  statsCheckOrder: 'not-found-first',
  errorStyle: 'laravel',
  jsonContentType: 'application/json',
  listEnvelope: 'bare',
  recordEnvelope: 'bare',
  pagination: 'page',
  paginationHeaders: false,
  pageErrors: 'lenient',
  timestamps: true,
  idFormat: 'integer',
  privacyAs: 'integer',
  switchesAs: 'integer',
  passwordShown: 'never',
  excludeListsAs: 'as-sent',
  unsetListAs: 'null',
  timestampStyle: 'z',
  ipListValidation: 'none',
  domainSyntax: 'hostname',
  domainUnique: 'none',
  passwordRequiredForPrivacy2: false,
  switchWords: false,
  emptyUpdate: 'unchanged',
  search: 'substring-ci',
  collation: 'fold-case',
  tieBreak: 'id-asc',
  searchDelayMs: 0,
  emptyAccount: false,
  rateLimitPerSecond: 0,
  rateLimitPerMinute: 0,
  liveToday: false,
  passwordRule: 'none',
  paramListValidation: 'none',
  liveVisitorsField: false,
  countsAs: 'number',
  seriesZeroDays: 'omit',
  hourValue: 'integer',
  statsTieOrder: 'value-asc',
  statsSearchByUrl: 'alias',
  reversedRange: 'reject',
  maxRangeDays: 0,
  conditionalGet: 'none',
  compression: 'none',
  jsonLayout: 'compact',
  chunked: false,
  cors: 'none',
  deletedWebsite: 'not-found',
  authSchemes: 'bearer',
  replicaLagMs: 0,
  replicaLagJitterMs: 0,
  replicaReads: 'all',
  rateLimitHeaders: 'x-ratelimit',
  retryAfter: 'seconds',
  recordKeys: 'snake',
  listFields: 'full',
  storedTimestampPrecision: 'as-written',
  passwordKept: 'always',
  statsShare: false,
  seriesDayValue: 'date',
  requestIdInBody: false,
  domainNormalise: 'as-sent',
  domainConflictStatus: 'validation',
  uniqueAmongDeleted: false,
  websiteLimit: 0,
  statsUtcOffsetMinutes: 0,
  futureDates: 'allowed',
  statsUnknownRows: 'none',
  statsValueCase: 'as-is',
  statsGeoCodes: 'names',
  statsRowCap: 0,
  categoryZeroRows: false,
  connectionClose: false,
  idleTimeoutMs: 0,
  latencyMs: 0,
  transientEvery: 0,
  transientStatus: 503,
  proxyHeaders: false,
  ipCanonical: 'as-sent',
  unknownStatistic: 'validation',
  invalidOptional: 'reject',
  perPageStatus: 'validation',
  websiteLimitStatus: 403,
  reservedDomains: 'allowed',
  bindingFailure: 'styled',
  excludeListCase: 'as-sent',
  notFoundStatus: 404,
  createsPerMinute: 0,
  idReuse: 'never',
  listSeparators: 'comma-newline',
  listJoin: 'newline',
  linkRels: 'all',
  accountWebsites: 141,
  statsValues: 'standard',
  idOrder: 'creation',
  createdAtPrecision: 'ms',
  importedTogether: 0,
  churnEvery: 0,
  churnLifetime: 0,
  editsEvery: 0,
  excludeListMaxLength: 10_000,
  gatewayTimeoutEvery: 0,
  gatewayUnavailableEvery: 0,
  market: ORDINARY_MARKET,
};

type Overrides = Partial<Omit<Choices, 'market'>> & { market?: Partial<MarketChoices> };

function variant(overrides: Overrides): Choices {
  return { ...ORDINARY, ...overrides, market: { ...ORDINARY_MARKET, ...(overrides.market ?? {}) } };
}

/**
 * What a Laravel app does by itself: PATCH routed as PUT (`apiResource`), empty strings as null and trimmed inputs
 * (its default middleware), `{data}` records (API resources), microsecond timestamps; on the marketplace,
 * `json_encode` escaping and JSON bodies read.
 */
const LARAVEL: Overrides = {
  patchIsUpdate: true,
  emptyParam: 'absent',
  trimInputs: true,
  recordEnvelope: 'data',
  timestampStyle: 'micro-z',
};
const LARAVEL_MARKET: Overrides['market'] = { escapeJson: 'php', timestampStyle: 'micro-z', jsonBody: true };

/**
 * What Spring MVC and Spring Security do by themselves (Spring 6 path matching, content negotiation,
 * `@ModelAttribute` binding, lenient conversion, ProblemDetail errors, the bare 401 of a bearer filter).
 */
const SPRING_MVC: Overrides = {
  trailingSlash: 'not-found',
  nonJsonAccept: 'not-acceptable',
  bodyTypes: 'form-only',
  emptyParam: 'absent',
  enumCase: 'any',
  integerSyntax: 'any-integer',
  wwwAuthenticate: true,
  authErrorBody: 'empty',
  validationStatus: 400,
  malformedIdStatus: 400,
  createLocation: true,
  statsCheckOrder: 'validation-first',
  errorStyle: 'problem',
};

/**
 * What ASP.NET Core does by itself: `[FromForm]` binding (JSON is 415), the first of repeated values, empty values
 * as absent, `int.Parse`'s spellings, JwtBearer's bare 401 with its challenge, ProblemDetails-style 400s, a
 * `Location` from `CreatedAtAction`, and parameters bound before the handler looks anything up.
 */
const ASPNET_CORE: Overrides = {
  bodyTypes: 'form-only',
  repeatedParams: 'first',
  emptyParam: 'absent',
  integerSyntax: 'any-integer',
  wwwAuthenticate: true,
  authErrorBody: 'empty',
  validationStatus: 400,
  createLocation: true,
  statsCheckOrder: 'validation-first',
};

/**
 * What an Express 4 app does by itself: its HTML "Cannot PATCH" page for an unrouted path or method, body-parser's
 * 100 kB limit, checks that answer 400 with `{error}`, `res.location()` on create, `application/json; charset=utf-8`.
 */
const EXPRESS: Overrides = {
  routerFallback: 'express-html',
  methodNotAllowedStatus: 404,
  maxBodyBytes: 102_400,
  validationStatus: 400,
  malformedIdStatus: 400,
  createLocation: true,
  errorStyle: 'express',
  jsonContentType: 'application/json; charset=utf-8',
};

/** Laravel 10, MySQL (utf8mb4 _ci), Sanctum, API resources; PHP json_encode on the marketplace. */
const LARAVEL_RESOURCE: Overrides = {
  ...LARAVEL,
  trailingSlash: 'redirect',
  nonJsonAccept: 'laravel-web',
  maxBodyBytes: 8 * 1_048_576,
  bearerAnyCase: false,
  deleteAnswer: 'message',
  listEnvelope: 'laravel-resource',
  domainUnique: 'ignore-case',
  passwordRequiredForPrivacy2: true,
  statsTieOrder: 'storage',
  market: LARAVEL_MARKET,
};

/** Django REST Framework on Postgres, object permissions, UUID keys. */
const DRF: Overrides = {
  trailingSlash: 'not-found',
  routerFallback: 'django-html',
  patchIsUpdate: true,
  maxBodyBytes: 2_621_440,
  integerSyntax: 'any-integer',
  trimInputs: true,
  wwwAuthenticate: true,
  foreignWebsite: 403,
  validationStatus: 400,
  statsCheckOrder: 'validation-first',
  errorStyle: 'drf',
  listEnvelope: 'drf',
  idFormat: 'uuid',
  switchesAs: 'boolean',
  excludeListsAs: 'normalised',
  unsetListAs: 'empty',
  timestampStyle: 'micro-z',
  ipListValidation: 'addresses',
  domainUnique: 'ignore-case',
  passwordRequiredForPrivacy2: true,
  switchWords: true,
  collation: 'locale',
  seriesZeroDays: 'include',
  statsSearchByUrl: 'reject',
  market: {
    errorStatuses: '4xx',
    keyMessage: 'API密钥无效',
    itemScope: 'own',
    timestampStyle: 'micro-z',
    jsonBody: true,
    handedCode: 'unsupported',
    itemIdSyntax: 'exact',
  },
};

/** FastAPI with Pydantic models: what its apps share (form bodies, 422 validation, its error body and page). */
const FASTAPI: Overrides = {
  trailingSlash: 'redirect-307',
  bodyTypes: 'form-ignore-others',
  integerSyntax: 'any-integer',
  authMissingStatus: 403,
  wwwAuthenticate: true,
  malformedIdStatus: 422,
  statsCheckOrder: 'validation-first',
  errorStyle: 'fastapi',
  listEnvelope: 'fastapi-page',
  switchesAs: 'boolean',
  excludeListsAs: 'array',
  unsetListAs: 'empty',
  domainUnique: 'exact',
};

/** FastAPI with Pydantic form models (extra forbidden), SQLAlchemy on Postgres "C"; at most 366 days of stats. */
const FASTAPI_MAX_RANGE: Overrides = {
  ...FASTAPI,
  unknownBody: 'reject',
  ipListValidation: 'addresses',
  switchWords: true,
  search: 'substring-cs',
  collation: 'byte',
  statsTieOrder: 'value-desc',
  statsSearchByUrl: 'reject',
  maxRangeDays: 366,
  market: { keyTransport: { header: 'Api-Key' }, errorStatuses: '4xx', jsonBody: true },
};

export const VARIANTS = {
  /** Laravel 10, MySQL (utf8mb4 _ci), Sanctum, API resources; PHP json_encode on the marketplace. */
  'laravel-resource': variant(LARAVEL_RESOURCE),
  /** Express 4 with node-postgres: bigint ids and counts come back as strings; hand-written checks. */
  'express-pg-bare': variant({
    ...EXPRESS,
    repeatedParams: 'reject',
    bearerAnyCase: false,
    paginationHeaders: true,
    idFormat: 'numeric-string',
    timestampStyle: 'millis-z',
    domainSyntax: 'any',
    domainUnique: 'exact',
    collation: 'byte',
    tieBreak: 'id-same-direction',
    countsAs: 'string',
    seriesZeroDays: 'include',
    reversedRange: 'empty',
    market: {
      keyTransport: { header: 'X-Api-Key' },
      errorStatuses: '4xx',
      keyMessage: 'API密钥无效',
      missingParamMessage: 'invalid-request',
      itemScope: 'own',
      timestampStyle: 'millis-z',
      extraFields: true,
      itemsOrder: 'newest-first',
      jsonBody: true,
      handedCode: 'unsupported',
    },
  }),
  /** Spring Boot 3: Spring Data JPA on Postgres (ICU), Spring Security resource server, ProblemDetail errors. */
  'spring-problem': variant({
    ...SPRING_MVC,
    maxBodyBytes: 2 * 1_048_576,
    repeatedParams: 'reject',
    listEnvelope: 'spring-page',
    pagination: 'page-from-zero',
    ipListValidation: 'addresses',
    domainUnique: 'exact',
    passwordRequiredForPrivacy2: true,
    search: 'prefix-ci',
    collation: 'locale',
    hourValue: 'two-digit',
    market: {
      errorStatuses: '4xx',
      invalidCodeStatus: 422,
      missingParamMessage: 'invalid-request',
      purchaseScope: 'any',
    },
  }),
  /** Hand-written PHP 7 with PDO/MySQL: every answer HTTP 200, numbers as strings, `SELECT *` shows the password. */
  'legacy-php-always-200': variant({
    bodyTypes: 'form-ignore-others',
    integerSyntax: 'any-integer',
    createStatus: 200,
    deleteAnswer: 'message',
    alwaysOk: true,
    errorStyle: 'envelope',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'status-envelope',
    recordEnvelope: 'status-envelope',
    idFormat: 'numeric-string',
    privacyAs: 'string',
    switchesAs: 'string',
    passwordShown: 'plain',
    unsetListAs: 'empty',
    timestampStyle: 'offset',
    domainSyntax: 'any',
    countsAs: 'string',
    hourValue: 'two-digit',
    statsTieOrder: 'storage',
    reversedRange: 'empty',
    market: {
      missingParamMessage: 'invalid-request',
      purchaseScope: 'any',
      escapeJson: 'php',
      timestampStyle: 'offset',
      extraFields: true,
      itemsOrder: 'newest-first',
      audioPurchasePreview: 'omit',
      licenseLabels: 'chinese',
      handedCode: 'audio',
    },
  }),
  /** Django REST Framework on Postgres, object permissions, UUID keys; the key's account has no website yet. */
  'drf-empty-account': variant({
    ...DRF,
    pageErrors: 'drf-404',
    emptyAccount: true,
  }),
  /** Laravel with `throttle` at 10 requests per second per key on both APIs, models returned directly. */
  'laravel-throttled': variant({
    patchIsUpdate: true,
    emptyParam: 'absent',
    trimInputs: true,
    listEnvelope: 'laravel-paginator',
    switchesAs: 'boolean',
    timestampStyle: 'micro-z',
    collation: 'locale',
    rateLimitPerSecond: 10,
    statsTieOrder: 'storage',
    market: { escapeJson: 'php', timestampStyle: 'micro-z', jsonBody: true },
  }),
  /** FastAPI with Pydantic form models (extra forbidden), SQLAlchemy on Postgres "C"; at most 366 days of stats. */
  'fastapi-max-range': variant(FASTAPI_MAX_RANGE),
  /** Rails 7 API with Searchkick: search goes through Elasticsearch, which shows a new record after its refresh. */
  'rails-eventual-search': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    wwwAuthenticate: true,
    authErrorBody: 'rails-text',
    bearerAnyCase: false,
    createLocation: true,
    errorStyle: 'rails',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'root-key',
    recordEnvelope: 'root-key',
    privacyAs: 'label',
    switchesAs: 'boolean',
    timestampStyle: 'millis-z',
    domainUnique: 'ignore-case',
    passwordRequiredForPrivacy2: true,
    switchWords: true,
    search: 'word-start',
    collation: 'locale',
    tieBreak: 'id-same-direction',
    searchDelayMs: 300,
    seriesZeroDays: 'include',
    reversedRange: 'swap',
    market: {
      errorStatuses: '4xx',
      invalidCodeStatus: 422,
      keyMessage: 'API密钥无效',
      purchaseScope: 'any',
      timestampStyle: 'millis-z',
      extraFields: true,
      jsonBody: true,
      licenseLabels: 'chinese',
      handedCode: 'unsupported',
    },
  }),
  /** Go 1.22 net/http ServeMux with database/sql on SQLite; `per_page` is a limit, there is no paging. */
  'go-nethttp': variant({
    trailingSlash: 'not-found',
    routerFallback: 'go-text',
    bodyTypes: 'form-ignore-others',
    maxBodyBytes: 10 * 1_048_576,
    repeatedParams: 'first',
    emptyParam: 'absent',
    integerSyntax: 'any-integer',
    bearerAnyCase: false,
    validationStatus: 400,
    malformedIdStatus: 400,
    deleteMissing: 'success',
    errorStyle: 'go-text',
    pagination: 'none',
    timestamps: false,
    passwordShown: 'plain',
    unsetListAs: 'empty',
    ipListValidation: 'addresses',
    domainSyntax: 'any',
    domainUnique: 'exact',
    emptyUpdate: 'reject',
    search: 'substring-cs',
    collation: 'byte',
    hourValue: 'two-digit',
    statsTieOrder: 'storage',
    statsSearchByUrl: 'reject',
    reversedRange: 'empty',
    market: { errorStatuses: '4xx', missingParamMessage: 'invalid-request', itemScope: 'own' },
  }),
  /** A strict, Stripe-style API: unknown parameters refused, cursor lists, prefixed ids, 200 on create. */
  'stripe-strict': variant({
    trailingSlash: 'not-found',
    bodyTypes: 'form-only',
    repeatedParams: 'reject',
    unknownQuery: 'reject',
    unknownBody: 'reject',
    wwwAuthenticate: true,
    validationStatus: 400,
    createStatus: 200,
    deleteAnswer: 'record',
    errorStyle: 'stripe',
    listEnvelope: 'cursor-list',
    pagination: 'cursor',
    idFormat: 'prefixed',
    excludeListsAs: 'normalised',
    ipListValidation: 'addresses',
    domainUnique: 'exact',
    passwordRequiredForPrivacy2: true,
    search: 'prefix-ci',
    collation: 'byte',
    tieBreak: 'id-same-direction',
    seriesZeroDays: 'include',
    hourValue: 'clock',
    statsSearchByUrl: 'reject',
    market: {
      keyTransport: { header: 'Api-Key' },
      errorStatuses: '4xx',
      keyMessage: 'API密钥无效',
      missingParamMessage: 'invalid-request',
      itemScope: 'own',
      extraFields: true,
      itemsOrder: 'newest-first',
      itemIdSyntax: 'exact',
    },
  }),
  /** NestJS: a key guard (403 when it says no), class-validator (whitelist), TypeORM `simple-array` lists. */
  'nest-typeorm': variant({
    methodNotAllowedStatus: 404,
    maxBodyBytes: 102_400,
    repeatedParams: 'reject',
    integerSyntax: 'any-integer',
    authMissingStatus: 403,
    authWrongStatus: 403,
    foreignWebsite: 403,
    validationStatus: 400,
    malformedIdStatus: 400,
    deleteAnswer: 'empty-200',
    statsCheckOrder: 'validation-first',
    errorStyle: 'nest',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'nest-meta',
    switchesAs: 'boolean',
    excludeListsAs: 'array',
    unsetListAs: 'empty',
    timestampStyle: 'millis-z',
    statsTieOrder: 'storage',
    market: {
      errorStatuses: '4xx',
      invalidCodeStatus: 422,
      keyMessage: 'API密钥无效',
      missingParamMessage: 'invalid-request',
      purchaseScope: 'any',
      timestampStyle: 'millis-z',
      itemsOrder: 'newest-first',
      jsonBody: true,
      handedCode: 'audio',
    },
  }),
  /** ASP.NET Core behind a reverse proxy at /analytics: [FromForm] binding, ProblemDetails, JwtBearer, UUIDv7. */
  'aspnet-mounted': variant({
    ...ASPNET_CORE,
    mountPath: '/analytics',
    maxBodyBytes: 30_000_000,
    enumCase: 'any',
    errorStyle: 'problem',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'fastapi-page',
    idFormat: 'uuid',
    switchesAs: 'boolean',
    timestampStyle: 'offset',
    collation: 'locale',
    seriesZeroDays: 'include',
    hourValue: 'clock',
    statsTieOrder: 'value-desc',
    market: {
      keyTransport: { header: 'X-Api-Key' },
      errorStatuses: '4xx',
      escapeJson: 'non-ascii',
      timestampStyle: 'offset',
    },
  }),
  /**
   * Laravel with Scout on Elasticsearch and queued indexing: lists and reads come from MySQL, a search from the
   * index, which shows a new website after its refresh. Otherwise what Laravel does, so the delay is what differs.
   */
  'laravel-scout-eventual': variant({
    ...LARAVEL,
    bearerAnyCase: false,
    listEnvelope: 'laravel-resource',
    domainUnique: 'ignore-case',
    searchDelayMs: 300,
    statsTieOrder: 'storage',
    market: { ...LARAVEL_MARKET, handedCode: 'unsupported' },
  }),
  /** Flask with SQLAlchemy and JSON error handlers, bare lists; the key's account has no website yet. */
  'flask-empty-account': variant({
    trailingSlash: 'not-found',
    bodyTypes: 'form-ignore-others',
    repeatedParams: 'first',
    validationStatus: 400,
    errorStyle: 'express',
    timestampStyle: 'offset',
    emptyAccount: true,
    market: { errorStatuses: '4xx', missingParamMessage: 'invalid-request', itemsOrder: 'newest-first' },
  }),
  /**
   * Rails 7 API with jsonapi-serializer (JSON:API documents, `application/vnd.api+json`), paranoia soft deletes
   * answered 410 Gone, Rack::ETag with conditional GETs, rack-cors, pg_search ignoring accents, `authenticate_with_
   * http_token` (reads `Token` as well as `Bearer`); Rails enums show privacy and the switches as their labels.
   */
  'rails-jsonapi': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    wwwAuthenticate: true,
    authErrorBody: 'rails-text',
    bearerAnyCase: false,
    createLocation: true,
    errorStyle: 'jsonapi',
    jsonContentType: 'application/vnd.api+json',
    listEnvelope: 'jsonapi',
    recordEnvelope: 'jsonapi',
    privacyAs: 'label',
    switchesAs: 'label',
    timestampStyle: 'millis-z',
    domainUnique: 'ignore-case',
    search: 'substring-ci-ai',
    collation: 'locale',
    seriesZeroDays: 'include',
    conditionalGet: 'etag',
    cors: 'preflight',
    deletedWebsite: 'gone',
    authSchemes: 'bearer-or-token',
    market: {
      errorStatuses: '4xx',
      invalidCodeStatus: 422,
      timestampStyle: 'millis-z',
      extraFields: true,
      jsonBody: true,
      contentType: 'application/json',
    },
  }),
  /**
   * Symfony 6 with API Platform 3 (Hydra collections, `application/ld+json`, `skip_null_values`, extra attributes
   * refused), Doctrine on MySQL 8 `utf8mb4_0900_ai_ci` (accent- and case-insensitive search and order), nginx gzip;
   * the marketplace a plain PHP script answering `text/html` with json_encode() escaping.
   */
  'api-platform-hydra': variant({
    trailingSlash: 'not-found',
    unknownBody: 'reject',
    wwwAuthenticate: true,
    errorStyle: 'hydra',
    jsonContentType: 'application/ld+json; charset=utf-8',
    listEnvelope: 'hydra',
    recordEnvelope: 'hydra',
    unsetListAs: 'omit',
    timestampStyle: 'offset',
    domainUnique: 'ignore-case',
    search: 'substring-ci-ai',
    collation: 'fold-accents',
    statsTieOrder: 'storage',
    compression: 'gzip',
    cors: 'preflight',
    market: {
      missingParamMessage: 'invalid-request',
      escapeJson: 'php',
      timestampStyle: 'offset',
      itemsOrder: 'newest-first',
      contentType: 'php-html',
      licenseLabels: 'chinese',
    },
  }),
  /**
   * Spring Data REST (HAL: `_embedded`, `_links`, zero-based `page`, `application/hal+json`), Jackson with
   * `indent_output` and NON_NULL inclusion, Java field names (camelCase), ShallowEtagHeaderFilter,
   * `server.compression`, Postgres with an ICU collation; the marketplace a Spring MVC app with `X-Api-Key`.
   */
  'spring-data-rest-hal': variant({
    ...SPRING_MVC,
    repeatedParams: 'reject',
    jsonContentType: 'application/hal+json',
    recordKeys: 'camel',
    listEnvelope: 'hal',
    recordEnvelope: 'hal',
    pagination: 'page-from-zero',
    unsetListAs: 'omit',
    timestampStyle: 'millis-z',
    collation: 'locale',
    statsTieOrder: 'value-desc',
    conditionalGet: 'etag',
    compression: 'gzip',
    jsonLayout: 'pretty',
    market: {
      keyTransport: { header: 'X-Api-Key' },
      errorStatuses: '4xx',
      timestampStyle: 'millis-z',
      contentType: 'application/json',
      jsonBody: true,
    },
  }),
  /**
   * ASP.NET Core OData 8 (`value` arrays, `@odata.context`, `@odata.count`, `@odata.nextLink`, ODataError), SQL
   * Server's case-insensitive collation, Brotli response compression, CORS middleware, System.Text.Json (camelCase
   * names, dates without trailing zeros).
   */
  'aspnet-odata': variant({
    ...ASPNET_CORE,
    enumCase: 'any',
    malformedIdStatus: 400,
    errorStyle: 'odata',
    jsonContentType: 'application/json; odata.metadata=minimal; odata.streaming=true',
    recordKeys: 'camel',
    listEnvelope: 'odata',
    recordEnvelope: 'odata',
    switchesAs: 'boolean',
    timestampStyle: 'trimmed-z',
    seriesZeroDays: 'include',
    hourValue: 'clock',
    compression: 'br',
    cors: 'preflight',
    market: {
      keyTransport: { header: 'Api-Key' },
      errorStatuses: '4xx',
      escapeJson: 'non-ascii',
      timestampStyle: 'trimmed-z',
      contentType: 'application/json',
    },
  }),
  /**
   * Go with chi and Meilisearch: snowflake ids (past 2^53, so JSON text), Stripe-like Unix-second timestamps and
   * `{id, object, deleted: true}` on delete, `omitempty` fields, json.Encoder's trailing newline, chunked gzip
   * bodies (chi's Compress), typo-tolerant word search indexed a moment after a write, ICU numeric collation,
   * statistic rows with their `percentage` of the range (as Plausible's breakdowns).
   */
  'go-chi-snowflake': variant({
    trailingSlash: 'not-found',
    routerFallback: 'go-text',
    bodyTypes: 'form-ignore-others',
    repeatedParams: 'first',
    emptyParam: 'absent',
    integerSyntax: 'any-integer',
    validationStatus: 400,
    malformedIdStatus: 400,
    createStatus: 200,
    deleteAnswer: 'deleted-flag',
    errorStyle: 'express',
    paginationHeaders: true,
    idFormat: 'snowflake',
    unsetListAs: 'omit',
    timestampStyle: 'epoch',
    domainUnique: 'exact',
    search: 'typo-tolerant',
    collation: 'natural',
    tieBreak: 'id-same-direction',
    searchDelayMs: 100,
    hourValue: 'two-digit',
    statsShare: true,
    compression: 'gzip',
    jsonLayout: 'newline',
    chunked: true,
    market: {
      keyTransport: { header: 'X-Api-Key' },
      errorStatuses: '4xx',
      keyMessage: 'API密钥无效',
      timestampStyle: 'trimmed-z',
      extraFields: true,
      contentType: 'application/json',
    },
  }),
  /**
   * Express 4 with Knex on Postgres and a streaming replica: GET requests read the replica, about 200 ms behind
   * the primary, so a website just written shows a moment later; `cors()` answers every OPTIONS with 204,
   * `compression()` gzips, Express's weak ETags answer 304; Laravel 6-style zone-less timestamps from MySQL.
   */
  'express-replica-cors': variant({
    ...EXPRESS,
    timestampStyle: 'sql-naive',
    domainSyntax: 'any',
    countsAs: 'string',
    conditionalGet: 'etag',
    compression: 'gzip',
    cors: 'any-options',
    replicaLagMs: 200,
    market: {
      errorStatuses: '4xx',
      missingParamMessage: 'invalid-request',
      contentType: 'application/json',
      handedCode: 'unsupported',
    },
  }),
  /**
   * Fastify with `@fastify/rate-limit` and `enableDraftSpec` (IETF `RateLimit-*` and `RateLimit-Policy` instead of
   * `X-RateLimit-*`) at 10 requests per second per key, its own 429 hook writing Retry-After as an HTTP-date;
   * mysql2 with `dateStrings` (zone-less timestamps), MySQL `_ai_ci` search and order.
   */
  'fastify-ratelimit-draft': variant({
    validationStatus: 400,
    errorStyle: 'nest',
    jsonContentType: 'application/json; charset=utf-8',
    timestampStyle: 'sql-naive',
    search: 'substring-ci-ai',
    collation: 'fold-accents',
    rateLimitPerSecond: 10,
    rateLimitHeaders: 'ietf-draft',
    retryAfter: 'http-date',
    market: { errorStatuses: '4xx', contentType: 'application/json' },
  }),
  /**
   * Koa with Knex on MySQL 5.7: a write answers the object the app built (JavaScript dates, milliseconds) while
   * DATETIME columns keep whole seconds, the list query selects a few columns, the password is masked and kept only
   * while privacy is 2; statistic rows carry their share of the range, and mysql2 turns a DATE into a Date.
   */
  'koa-knex-mysql': variant({
    maxBodyBytes: 1_048_576,
    errorStyle: 'express',
    jsonContentType: 'application/json; charset=utf-8',
    timestampStyle: 'millis-z',
    passwordShown: 'masked',
    domainUnique: 'ignore-case',
    storedTimestampPrecision: 'seconds',
    listFields: 'summary',
    passwordKept: 'privacy-2-only',
    statsShare: true,
    seriesDayValue: 'midnight-iso',
    seriesZeroDays: 'include',
    market: { contentType: 'application/json', itemsOrder: 'newest-first', timestampStyle: 'millis-z' },
  }),
  /**
   * NestJS with @nestjs/cqrs: create and delete are commands answered 202 (the create with the new website, whose
   * id the command assigns), Plaid-style `request_id` in every body, random UUIDv4 keys ordered by created_at,
   * Postgres DATE_TRUNC days as DATETIME text. Marketplace: 403 for a refused key, extra fields on details only.
   */
  'nest-cqrs-plaid': variant({
    methodNotAllowedStatus: 404,
    repeatedParams: 'reject',
    integerSyntax: 'any-integer',
    validationStatus: 400,
    malformedIdStatus: 400,
    createStatus: 202,
    deleteAnswer: 'accepted',
    errorStyle: 'nest',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'nest-meta',
    recordEnvelope: 'data',
    idFormat: 'uuid4',
    switchesAs: 'boolean',
    timestampStyle: 'millis-z',
    collation: 'locale',
    requestIdInBody: true,
    seriesDayValue: 'sql-datetime',
    market: {
      errorStatuses: '4xx',
      keyStatus: 403,
      keyMessage: 'API密钥无效',
      extraFields: true,
      extrasOnDetailsOnly: true,
      contentType: 'application/json',
      jsonBody: true,
    },
  }),
  /**
   * Laravel 10 with the form requests of its settings pages: a login password must have 8 characters with upper
   * and lower case and a digit (`Password::min(8)->mixedCase()->numbers()`), excluded parameters are one name per
   * line (the textarea's format), and statistics are live: today's counts grow while visits arrive.
   */
  'laravel-form-rules': variant({
    ...LARAVEL,
    listEnvelope: 'laravel-paginator',
    passwordRequiredForPrivacy2: true,
    statsTieOrder: 'storage',
    liveToday: true,
    passwordRule: 'strong',
    paramListValidation: 'one-per-line',
    market: { ...LARAVEL_MARKET, contentType: 'php-html' },
  }),
  /**
   * Laravel 10 as installed: the stock `api` rate limiter, 60 requests per minute per user (by IP without a key),
   * 429 with Retry-After the seconds left in the minute and `X-RateLimit-*`; the marketplace app the same.
   */
  'laravel-default-throttle': variant({
    ...LARAVEL,
    listEnvelope: 'laravel-resource',
    rateLimitPerMinute: 60,
    market: LARAVEL_MARKET,
  }),
  /**
   * Django REST Framework on MySQL with a dashboard's serializer: `current_visitors` (a SerializerMethodField read
   * from Redis) in every website, random UUIDv4 keys ordered by created_at, `ORDER BY` without a tie-breaker (MySQL
   * orders equal rows differently for different LIMITs). Marketplace: django-storages on S3 with its default
   * `AWS_QUERYSTRING_AUTH`, so every media URL is presigned at the second it is written.
   */
  'django-live-dashboard': variant({
    trailingSlash: 'not-found',
    routerFallback: 'django-html',
    integerSyntax: 'any-integer',
    trimInputs: true,
    wwwAuthenticate: true,
    validationStatus: 400,
    statsCheckOrder: 'validation-first',
    errorStyle: 'drf',
    listEnvelope: 'drf',
    idFormat: 'uuid4',
    switchesAs: 'boolean',
    timestampStyle: 'micro-z',
    collation: 'fold-case',
    tieBreak: 'limit-dependent',
    statsTieOrder: 'limit-dependent',
    liveVisitorsField: true,
    market: { errorStatuses: '4xx', timestampStyle: 'micro-z', jsonBody: true, signedMediaUrls: true },
  }),
  /**
   * Phoenix with Ecto on Postgres, a Plausible-style sites API: the domain cleaned on create (`clean_domain`:
   * scheme, `www.` and a trailing slash removed, lowercased), countries and continents as ISO codes, a `Direct /
   * None` referrer row and `Unknown` places, days cut in the site's time zone (Pacific/Auckland, UTC+13 in
   * November), zero-filled series; Phoenix answers an unrouted method 404. Excluded IPs live in a `cidr[]` column
   * (EctoNetwork), written back as the documented string, one network per line (`198.51.100.12/32`).
   */
  'plausible-phoenix': variant({
    trailingSlash: 'not-found',
    methodNotAllowedStatus: 404,
    validationStatus: 400,
    deleteAnswer: 'message',
    errorStyle: 'express',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'root-key',
    recordEnvelope: 'root-key',
    domainUnique: 'exact',
    seriesZeroDays: 'include',
    hourValue: 'clock',
    domainNormalise: 'plausible',
    statsGeoCodes: 'iso',
    statsUnknownRows: 'labelled',
    statsUtcOffsetMinutes: 780,
    ipCanonical: 'cidr',
    market: { errorStatuses: '4xx', jsonBody: true, contentType: 'application/json' },
  }),
  /**
   * Umami-style Next.js API routes with Prisma on Postgres, on Vercel's serverless functions (100-200 ms to the
   * first byte): random UUIDv4 ids, camelCase fields, browser, os and device names stored lowercased, ISO country
   * codes, the empty string for visits without a referrer or a resolved place, 200 on create.
   */
  'umami-vercel': variant({
    validationStatus: 400,
    malformedIdStatus: 400,
    createStatus: 200,
    deleteAnswer: 'empty-200',
    errorStyle: 'express',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'nest-meta',
    idFormat: 'uuid4',
    recordKeys: 'camel',
    switchesAs: 'boolean',
    timestampStyle: 'millis-z',
    collation: 'byte',
    hourValue: 'two-digit',
    statsValueCase: 'lower',
    statsGeoCodes: 'iso',
    statsUnknownRows: 'empty',
    latencyMs: 100,
    market: { keyTransport: { header: 'X-Api-Key' }, errorStatuses: '4xx', contentType: 'application/json' },
  }),
  /**
   * Matomo-style PHP on Apache with `KeepAlive Off` (every answer `Connection: close`) and MySQL `_ci`: every
   * answer HTTP 200 with the failure in the body, reports archived with at most 100 rows (the rest summed in
   * `Others`), `Unknown` places, continents and devices from reference tables (zero counts listed), DATETIME
   * text. Marketplace: purchase codes in a `_ci` column (any case, trailing spaces ignored).
   */
  'matomo-apache-php': variant({
    bodyTypes: 'form-ignore-others',
    emptyParam: 'absent',
    integerSyntax: 'any-integer',
    trimInputs: true,
    createStatus: 200,
    deleteAnswer: 'message',
    alwaysOk: true,
    errorStyle: 'envelope',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'status-envelope',
    recordEnvelope: 'status-envelope',
    timestampStyle: 'sql-naive',
    domainUnique: 'ignore-case',
    statsTieOrder: 'storage',
    statsRowCap: 100,
    statsUnknownRows: 'labelled',
    categoryZeroRows: true,
    connectionClose: true,
    market: {
      escapeJson: 'php',
      timestampStyle: 'offset',
      licenseLabels: 'chinese',
      handedCode: 'unsupported',
      codeMatch: 'ci',
    },
  }),
  /**
   * Spring Boot 2.1 with problem-spring-web: `application/json;charset=UTF-8`, Hibernate soft deletes
   * (`@SQLDelete` + `@Where`) beside a unique constraint on the domain, so a deleted website's domain stays taken
   * and the violation answers 409 Conflict; `@PastOrPresent` on `from` and `to` (future dates refused, JVM in UTC).
   */
  'spring-boot2-softdelete': variant({
    ...SPRING_MVC,
    jsonContentType: 'application/json;charset=UTF-8',
    listEnvelope: 'spring-page',
    pagination: 'page-from-zero',
    domainUnique: 'exact',
    collation: 'locale',
    statsTieOrder: 'value-desc',
    domainConflictStatus: 409,
    uniqueAmongDeleted: true,
    futureDates: 'reject',
    market: { keyTransport: { header: 'X-Api-Key' }, errorStatuses: '4xx', invalidCodeStatus: 422 },
  }),
  /**
   * Rails 7 with Pagy behind HAProxy: bare arrays with Pagy's headers and `overflow: :last_page` (a page past the
   * end answers the last one), HAProxy's `timeout http-keep-alive 1s` (idle connections closed after a second,
   * without a hint) and its 502 while a Puma worker restarts (one request in 60); domains downcased before
   * validation, continents and devices from reference tables, `from`/`to` swapped with `minmax`.
   */
  'haproxy-rails-pagy': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    bearerAnyCase: false,
    createLocation: true,
    errorStyle: 'rails',
    jsonContentType: 'application/json; charset=utf-8',
    paginationHeaders: true,
    pageErrors: 'last-page',
    privacyAs: 'label',
    switchesAs: 'boolean',
    timestampStyle: 'millis-z',
    domainUnique: 'ignore-case',
    reversedRange: 'swap',
    domainNormalise: 'lowercase',
    categoryZeroRows: true,
    idleTimeoutMs: 1000,
    transientEvery: 60,
    transientStatus: 502,
    market: { errorStatuses: '4xx', invalidCodeStatus: 422, jsonBody: true, contentType: 'application/json' },
  }),
  /**
   * FastAPI on AWS Lambda (Mangum) behind API Gateway: cold and warm invocations (150-300 ms to the first byte),
   * API Gateway's 503 with `Retry-After` when the function is throttled (one request in 60), domains IDNA-encoded
   * (Python's `domain.encode('idna')`), a Pydantic check refusing dates after today (UTC); SQLAlchemy `ARRAY(CIDR)`
   * lists, which asyncpg reads as networks and Pydantic writes as `198.51.100.12/32`.
   */
  'lambda-apigw-python': variant({
    ...FASTAPI,
    ipCanonical: 'cidr',
    domainNormalise: 'punycode',
    futureDates: 'reject',
    latencyMs: 150,
    transientEvery: 60,
    transientStatus: 503,
    market: { keyTransport: { header: 'Api-Key' }, errorStatuses: '4xx', jsonBody: true },
  }),
  /**
   * Laravel 10 behind Varnish and nginx (`Via`, `X-Varnish`, `Server`), `app.timezone` America/New_York (days cut
   * there, `before_or_equal:today` on the dates), SoftDeletes with a `unique:websites,domain` rule that does not
   * skip trashed rows, and a custom Spark plan allowing 142 websites, one more than the account has (the policy
   * refuses a create past it with 403). Marketplace on MySQL `_ci`: purchase codes match in any case, and the
   * operator hands the code in capitals, as the buyer wrote it.
   */
  'laravel-varnish-plan': variant({
    ...LARAVEL,
    bearerAnyCase: false,
    deleteAnswer: 'message',
    listEnvelope: 'laravel-resource',
    domainUnique: 'ignore-case',
    passwordRequiredForPrivacy2: true,
    statsTieOrder: 'storage',
    uniqueAmongDeleted: true,
    websiteLimit: 142,
    statsUtcOffsetMinutes: -300,
    futureDates: 'reject',
    proxyHeaders: true,
    market: { ...LARAVEL_MARKET, codeMatch: 'ci', handedCodeUpper: true },
  }),
  // Round 4: how deployments refuse bad input, and rules of their own (SILENCES.md 124-132).
  /**
   * PHP 8 with Slim 4 and JSend bodies (`{status: "success", data}`): refused input is JSend's `fail`, written with
   * HTTP 200 because the team's own client tells `fail` and `error` apart by `status`, not by HTTP; other errors keep
   * their status with `{status: "error", message, code}`; a delete is `{status: "success", data: null}`. Slim's
   * BodyParsingMiddleware reads form and JSON bodies; PDO on MySQL 8 gives DATETIME text.
   */
  'slim-jsend-200': variant({
    validationStatus: 200,
    deleteAnswer: 'jsend-null',
    errorStyle: 'jsend',
    listEnvelope: 'status-envelope',
    recordEnvelope: 'status-envelope',
    timestampStyle: 'sql-naive',
    domainUnique: 'ignore-case',
    market: { escapeJson: 'php', timestampStyle: 'offset' },
  }),
  /**
   * Plain Django 4.2 views returning JsonResponse (no DRF), DEBUG off: a form that does not validate raises
   * `BadRequest`, which Django answers with its stock HTML page "Bad Request (400)"; `get_object_or_404` gives its
   * HTML 404 page; `require_http_methods` an empty 405; only the key decorator answers JSON. Forms strip text and
   * read `request.POST` (a JSON body is not read); DjangoJSONEncoder writes milliseconds.
   */
  'django-views-html400': variant({
    trailingSlash: 'not-found',
    routerFallback: 'django-html',
    bodyTypes: 'form-ignore-others',
    maxBodyBytes: 2_621_440,
    emptyParam: 'absent',
    trimInputs: true,
    validationStatus: 400,
    errorStyle: 'django-html',
    timestampStyle: 'millis-z',
    domainUnique: 'exact',
    market: { errorStatuses: '4xx', missingParamMessage: 'invalid-request', timestampStyle: 'millis-z' },
  }),
  /**
   * Express 4 where each statistic is a query module in a registry (`const query = STATISTICS[req.query.name]`): a
   * name that selects no module, or no name at all, is answered 404 `{error: "Statistic not found: …"}` before the
   * website is loaded; other refusals are express-validator's `{error, details}` with 400.
   */
  'express-stats-registry': variant({
    ...EXPRESS,
    timestampStyle: 'millis-z',
    unknownStatistic: 'not-found',
    market: { errorStatuses: '4xx', contentType: 'application/json' },
  }),
  /**
   * Laravel 10 with hand-written list controllers: `$perPage = in_array((int) $request->per_page, [10, 25, 50, 100],
   * true) ? (int) $request->per_page : 10`, and the same for sort, sort_by and search_by, so a value outside its list
   * silently means the default; the required statistics parameters still go through a form request.
   */
  'laravel-lenient-paging': variant({
    ...LARAVEL,
    listEnvelope: 'laravel-paginator',
    statsTieOrder: 'storage',
    invalidOptional: 'default',
    market: LARAVEL_MARKET,
  }),
  /**
   * A thin gateway over PostgREST 12: `per_page` becomes a `Range` header, and a size the gateway does not offer is
   * answered as PostgREST answers a range it cannot satisfy, 416 with PGRST103; one website is asked for with
   * `Accept: application/vnd.pgrst.object+json`, so an unknown id is 406 with PGRST116; other errors are PostgREST's
   * `{code, details, hint, message}` with 400; a DELETE that matches no row is 204; timestamptz as `+00:00`.
   */
  'postgrest-gateway': variant({
    wwwAuthenticate: true,
    validationStatus: 400,
    malformedIdStatus: 400,
    deleteMissing: 'success',
    errorStyle: 'postgrest',
    jsonContentType: 'application/json; charset=utf-8',
    timestampStyle: 'offset',
    collation: 'byte',
    perPageStatus: 416,
    notFoundStatus: 406,
    market: { errorStatuses: '4xx', contentType: 'application/json', jsonBody: true },
  }),
  /**
   * A Rails 7 SaaS with Pay subscriptions: a `before_action` checks the plan on create and answers 402 Payment
   * Required `{status: 402, error: "Your plan allows 141 websites. …"}` before the body is read; the operator's
   * account is at its limit (141 of 141), so every create is refused until a website is deleted.
   */
  'rails-plan-full': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    createLocation: true,
    errorStyle: 'rails',
    jsonContentType: 'application/json; charset=utf-8',
    switchesAs: 'boolean',
    timestampStyle: 'millis-z',
    domainUnique: 'ignore-case',
    websiteLimit: 141,
    websiteLimitStatus: 402,
    market: { errorStatuses: '4xx', invalidCodeStatus: 422, jsonBody: true },
  }),
  /**
   * Symfony 6.4 controllers with the Validator component and a custom `#[PublicDomain]` constraint: a domain that is,
   * or lies under, a name reserved for documentation, testing or local use (RFC 2606, RFC 6761: `example.com`,
   * `.test`, `.example`, `localhost`) is refused on create with 422, which Symfony's ProblemNormalizer writes as RFC
   * 7807; Doctrine on MySQL `_ci`; dates in RFC 3339.
   */
  'symfony-reserved-domains': variant({
    trailingSlash: 'redirect',
    errorStyle: 'problem',
    timestampStyle: 'offset',
    domainUnique: 'ignore-case',
    reservedDomains: 'refused',
    market: { escapeJson: 'php', timestampStyle: 'offset' },
  }),
  /**
   * Express 4 on both APIs; the marketplace app mounts `express.json()` alone, so the POST's `api_key` and
   * `purchase_code` are read from a JSON body only: a form body or the query string leaves `req.body` empty, answered
   * 400 `{status: "错误", msg: "无效请求"}`. The GET operations read `req.query`.
   */
  'express-json-market': variant({
    ...EXPRESS,
    timestampStyle: 'millis-z',
    market: {
      errorStatuses: '4xx',
      missingParamMessage: 'invalid-request',
      jsonBody: true,
      contentType: 'application/json',
      postParams: 'json-only',
    },
  }),
  /**
   * ASP.NET Core 8 minimal APIs in Production: `name`, `from` and `to` are declared `string` (required) and
   * `per_page` `int?`, so a missing one, or a page size that is no integer, fails binding and is answered 400 with an
   * empty body before the handler runs; the handler's own checks answer `Results.ValidationProblem` (RFC 7807, 400).
   * System.Text.Json's web defaults (camelCase), JwtBearer's bare 401, `{id:int}` route constraints.
   */
  'aspnet-minimal-api': variant({
    ...ASPNET_CORE,
    maxBodyBytes: 30_000_000,
    errorStyle: 'problem',
    jsonContentType: 'application/json; charset=utf-8',
    recordKeys: 'camel',
    switchesAs: 'boolean',
    timestampStyle: 'trimmed-z',
    bindingFailure: 'empty-400',
    market: {
      keyTransport: { header: 'X-Api-Key' },
      errorStatuses: '4xx',
      escapeJson: 'non-ascii',
      timestampStyle: 'trimmed-z',
      contentType: 'application/json',
    },
  }),
  /**
   * Koa 2 with koa-body (form and JSON) and Joi schemas with `convert` on: strings trimmed, the exclusion lists
   * lowercased (`Joi.string().trim().lowercase()`: the tracker compares parameter names and addresses in lower case);
   * a refusal is `ctx.throw(422, error.message)`, which Koa writes as the bare message in `text/plain`, as it writes
   * 401, 404 and 405.
   */
  'koa-joi-text': variant({
    trimInputs: true,
    errorStyle: 'koa-text',
    jsonContentType: 'application/json; charset=utf-8',
    timestampStyle: 'millis-z',
    excludeListCase: 'lower',
    market: { errorStatuses: '4xx', jsonBody: true, contentType: 'application/json' },
  }),
  /**
   * Laravel for the analytics API; the marketplace a plain PHP 7 script that reads every parameter from `$_GET`, the
   * POST's included (its first client, jQuery's `$.post(url + '?' + $.param(params))`, sent them in the query
   * string): a POST whose parameters travel in its body is read as one without a key, `{status: "错误", msg:
   * "无效请求"}` with HTTP 200, in `text/html` as PHP writes it.
   */
  'php-get-only-market': variant({
    ...LARAVEL,
    listEnvelope: 'laravel-resource',
    statsTieOrder: 'storage',
    market: { escapeJson: 'php', timestampStyle: 'offset', contentType: 'php-html', postParams: 'query-only' },
  }),
  /**
   * Laravel 10 whose create route alone carries `throttle:3,1` (three new websites a minute per key, the anti-abuse
   * rule of the sign-up flow it shares): a fourth create within the minute is 429 "Too Many Attempts." with
   * Retry-After the seconds left in the minute and `X-RateLimit-*`; reads, updates and deletes are not limited.
   */
  'laravel-create-throttle': variant({
    ...LARAVEL,
    listEnvelope: 'laravel-resource',
    statsTieOrder: 'storage',
    createsPerMinute: 3,
    market: LARAVEL_MARKET,
  }),
  /**
   * Rails 7 with a hand-written paging concern (`PER_PAGE.include?(params[:per_page].to_i) ? … : 10`, the same for
   * sort, sort_by and search_by) on an account that has no website yet: a value outside its list means the default,
   * which no row can tell apart from the value asked.
   */
  'rails-lenient-empty': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    createLocation: true,
    errorStyle: 'rails',
    jsonContentType: 'application/json; charset=utf-8',
    listEnvelope: 'root-key',
    recordEnvelope: 'root-key',
    timestampStyle: 'millis-z',
    emptyAccount: true,
    invalidOptional: 'default',
    market: { errorStatuses: '4xx', jsonBody: true },
  }),
  // Round 5: ids, replicas, list spellings, paging links and big accounts (SILENCES.md 134-139).
  /**
   * Flask with Flask-SQLAlchemy on SQLite: SQLAlchemy writes `id INTEGER NOT NULL, PRIMARY KEY (id)` without
   * AUTOINCREMENT (it adds it only with `sqlite_autoincrement=True`), so the id is SQLite's rowid and a new website
   * takes the largest rowid plus one: the id of the newest website comes back once that website is deleted. The
   * domain column is declared `COLLATE NOCASE`. Otherwise `flask-empty-account`'s choices, on an account with
   * websites.
   */
  'flask-sqlite-rowid': variant({
    trailingSlash: 'not-found',
    bodyTypes: 'form-ignore-others',
    repeatedParams: 'first',
    validationStatus: 400,
    errorStyle: 'express',
    timestampStyle: 'offset',
    idReuse: 'max-plus-one',
    market: { errorStatuses: '4xx', missingParamMessage: 'invalid-request', itemsOrder: 'newest-first' },
  }),
  /**
   * Laravel 10 with SoftDeletes whose route binding finds trashed websites (`->withTrashed()`) so that the
   * controller can answer 410 Gone for them, on read, update, delete and statistics; the list and its search leave
   * them out at once (the global scope). The row stays, and `unique:websites,domain` (without `withoutTrashed()`)
   * keeps its domain taken: creating it again is refused with 422. Otherwise `laravel-resource`'s choices.
   */
  'laravel-softdelete-gone': variant({
    ...LARAVEL_RESOURCE,
    deletedWebsite: 'gone',
    uniqueAmongDeleted: true,
  }),
  /**
   * Express 4 with Knex on Postgres, its list query (the heavy one: ILIKE, ORDER BY, COUNT) sent to a streaming
   * replica's pool (`knex.replica`), every other query to the primary: a website read by id (or its statistics)
   * shows a write at once, the list and its search 300 to 600 ms later (the replica applies each write that long
   * after its commit, in commit order). Otherwise `express-replica-cors`' choices.
   */
  'express-replica-lists': variant({
    ...EXPRESS,
    timestampStyle: 'sql-naive',
    domainSyntax: 'any',
    countsAs: 'string',
    conditionalGet: 'etag',
    compression: 'gzip',
    cors: 'any-options',
    replicaLagMs: 300,
    replicaLagJitterMs: 300,
    replicaReads: 'lists',
    market: {
      errorStatuses: '4xx',
      missingParamMessage: 'invalid-request',
      contentType: 'application/json',
      handedCode: 'unsupported',
    },
  }),
  /**
   * Rails 7 whose model normalises before validation: each exclusion list split on commas, newlines, semicolons or
   * spaces, stripped, downcased, deduplicated and stored joined with ", " (`split(/[\s,;]+/).map(&:downcase).uniq
   * .join(", ")`); the domain stripped, downcased and without the trailing dot of a fully qualified name
   * (`delete_suffix(".")`); `has_secure_password validations: false`, so the password is a bcrypt digest never
   * serialised.
   */
  'rails-normalised-lists': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    createLocation: true,
    errorStyle: 'rails',
    jsonContentType: 'application/json; charset=utf-8',
    switchesAs: 'boolean',
    timestampStyle: 'millis-z',
    domainUnique: 'ignore-case',
    excludeListsAs: 'normalised',
    listSeparators: 'any',
    listJoin: 'comma-space',
    excludeListCase: 'lower',
    domainNormalise: 'fqdn-dot',
    market: { errorStatuses: '4xx', invalidCodeStatus: 422, jsonBody: true },
  }),
  /**
   * FastAPI with Pydantic `list[str]` fields and a `field_validator(mode="before")` that splits a list's text on
   * commas, newlines, semicolons or spaces, lowercases and deduplicates it (`dict.fromkeys`), stored in a Postgres
   * `text[]` and shown as JSON arrays; the domain lowercased without a trailing dot; passlib's bcrypt hash, left
   * out of the response model. Otherwise `fastapi-max-range`'s choices.
   */
  'fastapi-normalised-arrays': variant({
    ...FASTAPI_MAX_RANGE,
    listSeparators: 'any',
    excludeListCase: 'lower',
    domainNormalise: 'fqdn-dot',
  }),
  /**
   * A GitHub-style REST API (Rails): bare JSON arrays, and the next page reached only through the `Link` header's
   * `rel="next"`, whose URL carries an opaque keyset cursor in `after` (the last row's sort key); no page number,
   * total or other relation anywhere. GitHub's error bodies (`{message, documentation_url}`, 422 "Validation
   * Failed" with `errors`), weak ETags with 304, PATCH as update, 404 for an unrouted method, `Location` on create.
   */
  'github-link-cursor': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    createLocation: true,
    errorStyle: 'github',
    jsonContentType: 'application/json; charset=utf-8',
    pagination: 'after',
    paginationHeaders: true,
    linkRels: 'next-only',
    domainUnique: 'ignore-case',
    conditionalGet: 'etag',
    market: { errorStatuses: '4xx', jsonBody: true, contentType: 'application/json' },
  }),
  /**
   * `laravel-resource` on a big account: 250 websites (pages of 100 run to a third page) and years of traffic over
   * hundreds of browsers, cities, pages, referrers, campaigns and events, in Laravel's `{data, links, meta}` pages.
   */
  'laravel-big-account': variant({
    ...LARAVEL_RESOURCE,
    accountWebsites: 250,
    statsValues: 'large',
  }),
  /**
   * Django REST Framework on Postgres with `LimitOffsetPagination` whose limit is the validated `per_page`:
   * `{count, next, previous, results}` whose `next` and `previous` URLs carry `limit` and `offset` (the first
   * page's without `offset`, as DRF writes it). Otherwise `drf-empty-account`'s choices, on an account with
   * websites.
   */
  'drf-limit-offset': variant({
    ...DRF,
    pagination: 'offset-limit',
  }),
  /**
   * Go with chi and database/sql on MySQL 5.7: `created_at DATETIME DEFAULT CURRENT_TIMESTAMP` (whole seconds), ids
   * `CHAR(36)` from google/uuid (random v4), and `ORDER BY created_at DESC, id DESC` for "date created", so websites
   * created in the same second come in the order of their ids' text, in either direction; the account's first 60
   * websites came from a legacy import by one INSERT ... SELECT, all with the same second.
   */
  'go-mysql-same-second': variant({
    trailingSlash: 'not-found',
    routerFallback: 'go-text',
    bodyTypes: 'form-ignore-others',
    repeatedParams: 'first',
    emptyParam: 'absent',
    integerSyntax: 'any-integer',
    validationStatus: 400,
    malformedIdStatus: 400,
    errorStyle: 'express',
    idFormat: 'uuid4',
    domainUnique: 'ignore-case',
    tieBreak: 'id-same-direction',
    hourValue: 'two-digit',
    statsTieOrder: 'storage',
    idOrder: 'created-at-then-id',
    createdAtPrecision: 'seconds',
    importedTogether: 60,
    market: { keyTransport: { header: 'X-Api-Key' }, errorStatuses: '4xx', contentType: 'application/json' },
  }),
  // Round 6: other clients of the key, text limits, search, collation and creation order of other databases, a
  // gateway that times out after the write, a shop that keeps selling (SILENCES.md 140-144).
  /**
   * `laravel-resource` on a key a monitoring service's onboarding script also uses: every fifth request it adds a
   * website of its own (`probe-….uptime-onboarding.net`) to check the key works, and deletes it three requests later.
   */
  'laravel-shared-churn': variant({
    ...LARAVEL_RESOURCE,
    churnEvery: 5,
    churnLifetime: 3,
  }),
  /**
   * DRF (as `drf-limit-offset`, with page numbers) on a key a teammate's dashboard also uses: every seventh request it
   * changes a setting of one of the websites it looks after (the account's own, or one it created), every third time
   * it adds a website (`team-….staging-sites.net`) and every fourth it deletes one of them. It never touches a website
   * someone else created.
   */
  'drf-shared-edits': variant({
    ...DRF,
    editsEvery: 7,
  }),
  /**
   * Laravel 10 on MySQL whose exclusion lists are `VARCHAR(255)` columns validated `nullable|string|max:255`, and whose
   * form request turns the domain into ASCII first (`prepareForValidation` with `idn_to_ascii(…,
   * INTL_IDNA_VARIANT_UTS46)`, so `bücher.example` is stored as `xn--bcher-kva.example`) and then checks it with
   * `max:253` and a regex of letters, digits and hyphens in labels of 1 to 63 characters: 422 `{message, errors}` for
   * anything else. Otherwise `laravel-resource`'s choices.
   */
  'laravel-varchar-limits': variant({
    ...LARAVEL_RESOURCE,
    domainSyntax: 'ldh',
    domainNormalise: 'punycode',
    excludeListMaxLength: 255,
  }),
  /**
   * Express 4 with node-postgres whose search is Postgres full-text search over the domain's words:
   * `to_tsvector('simple', regexp_replace(domain, '[^[:alnum:]]+', ' ', 'g')) @@ plainto_tsquery('simple',
   * regexp_replace($1, …))` behind a GIN index, so every word of the search must be a whole word of the domain, in any
   * order (`shop example` finds `Shop.example.com`, `sho` does not), and a search without a word finds nothing. The
   * same helper searches statistic values. Database in the `C` locale.
   */
  'express-pg-fts': variant({
    ...EXPRESS,
    timestampStyle: 'millis-z',
    search: 'tokens',
    collation: 'byte',
    market: { errorStatuses: '4xx', contentType: 'application/json' },
  }),
  /**
   * Rails 7 on Postgres 15 whose domain column uses an ICU collation with `alternate=shifted`
   * (`CREATE COLLATION domain_order (provider = icu, locale = 'und-u-ka-shifted')`), chosen so that `my-shop.com` and
   * `myshop.com` sort together: punctuation counts only between names otherwise equal; `ORDER BY domain, id`.
   */
  'rails-icu-shifted': variant({
    methodNotAllowedStatus: 404,
    patchIsUpdate: true,
    createLocation: true,
    errorStyle: 'rails',
    jsonContentType: 'application/json; charset=utf-8',
    switchesAs: 'boolean',
    timestampStyle: 'millis-z',
    collation: 'ignore-punctuation',
    market: { errorStatuses: '4xx', invalidCodeStatus: 422, jsonBody: true },
  }),
  /**
   * FastAPI with SQLAlchemy whose primary key is a ULID (python-ulid, `ULID.from_datetime(created_at)`: not monotonic)
   * stored as its 26-character text, and "date created" is `ORDER BY id`: the id's text is its creation time to the
   * millisecond, then random bits, so websites of the same millisecond come in the random order of their ids, in
   * either direction. The account's 40 oldest websites were backfilled from one import's `created_at`, all one
   * millisecond.
   */
  'fastapi-ulid': variant({
    ...FASTAPI,
    idFormat: 'ulid',
    tieBreak: 'id-same-direction',
    idOrder: 'created-at-then-id',
    importedTogether: 40,
    market: { keyTransport: { header: 'Api-Key' }, errorStatuses: '4xx', jsonBody: true },
  }),
  /**
   * DRF (as `drf-shared-edits`, without other clients) behind an AWS Application Load Balancer: one request in 43 per
   * API is answered `504 Gateway Time-out` after the app has handled it (a create, an update or a delete is done, its
   * answer lost), one in 37 is answered `503 Service Temporarily Unavailable` before the app sees it; a retry of
   * either is served. Domains need not be unique, so a create sent again after a 504 makes a second website.
   */
  'drf-alb-gateway': variant({
    ...DRF,
    domainUnique: 'none',
    gatewayTimeoutEvery: 43,
    gatewayUnavailableEvery: 37,
  }),
  /**
   * `laravel-resource` whose marketplace keeps selling during a run: the author's balance grows with a sale every
   * fourth request, one of the author's items gets a patch release (version, description, prices) every ninth, and
   * the handed purchase, bought for the run, is downloaded after its first validation and has its support renewed
   * (six more months) after its second.
   */
  'laravel-live-market': variant({
    ...LARAVEL_RESOURCE,
    market: { ...LARAVEL_MARKET, liveRecords: true },
  }),
} satisfies Record<string, Choices>;

export type VariantName = keyof typeof VARIANTS;
export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];
