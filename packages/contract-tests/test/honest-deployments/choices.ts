// The silences of the source documentation as one typed object: an honest deployment is the source
// documentation's facts (held by the implementation, whatever the choices) plus one ordinary choice per silence.
// Numbers in the comments are those of SILENCES.md.

export type ErrorStyle =
  | 'laravel'
  | 'problem'
  | 'drf'
  | 'rails'
  | 'fastapi'
  | 'express'
  | 'nest'
  | 'go-text'
  | 'stripe'
  | 'envelope'
  | 'jsonapi'
  | 'hydra'
  | 'odata'
  | 'jsend'
  | 'django-html'
  | 'koa-text'
  | 'postgrest'
  | 'github';

export type ListEnvelope =
  | 'bare'
  | 'laravel-resource'
  | 'laravel-paginator'
  | 'drf'
  | 'spring-page'
  | 'root-key'
  | 'fastapi-page'
  | 'cursor-list'
  | 'status-envelope'
  | 'nest-meta'
  | 'jsonapi'
  | 'hydra'
  | 'hal'
  | 'odata';

export type RecordEnvelope = 'bare' | 'data' | 'root-key' | 'status-envelope' | 'jsonapi' | 'hydra' | 'hal' | 'odata';
/** ISO 8601 UTC spellings; `trimmed-z` is Go's RFC3339Nano and .NET's round-trip writers (no trailing zeros). */
export type TimestampStyle = 'micro-z' | 'z' | 'offset' | 'millis-z' | 'trimmed-z';
/** 38: the analytics record's timestamps are not documented at all, so not even ISO 8601 is given there. */
export type RecordTimestampStyle = TimestampStyle | 'epoch' | 'sql-naive';

export interface MarketChoices {
  /** 63: where `api_key` is read. `request` is the query string, or the form body of the POST. */
  keyTransport: 'request' | { header: string };
  /** 64 */
  errorStatuses: 'always-200' | '4xx';
  /** 64: status of an invalid purchase code when errors use 4xx statuses. */
  invalidCodeStatus: 404 | 422;
  /** 65: message for a missing or unknown key on the operations other than account details. */
  keyMessage: string;
  /** 66 */
  missingParamMessage: 'operation' | 'invalid-request';
  /** 67 */
  itemScope: 'any' | 'own';
  /** 68 */
  purchaseScope: 'any' | 'own';
  /** 69: PHP `json_encode` escapes non-ASCII text and slashes; .NET's default encoder non-ASCII text only. */
  escapeJson: 'none' | 'php' | 'non-ascii';
  /** 70 */
  timestampStyle: TimestampStyle;
  /** 71 */
  extraFields: boolean;
  /** 72 */
  itemsOrder: 'id-asc' | 'newest-first';
  /** 73 */
  audioPurchasePreview: 'thumbnail' | 'omit';
  /** 75 */
  jsonBody: boolean;
  /** 77 */
  licenseLabels: 'english' | 'chinese';
  /** 78: which valid code the tester is handed (the other stays valid too). */
  handedCode: 'supported' | 'unsupported' | 'audio';
  /** 79: `digits` reads `01` as 1; `exact` finds only the id's own spelling. */
  itemIdSyntax: 'digits' | 'exact';
  /**
   * 89: `same` is the analytics side's JSON media type; `application/json` plain; `php-html` PHP's default
   * `text/html; charset=UTF-8` for a script that echoes json_encode() without a header() call.
   */
  contentType: 'same' | 'application/json' | 'php-html';
  /** 64: HTTP status of a missing or wrong key when errors use 4xx statuses. */
  keyStatus: 401 | 403;
  /** 71: the fields beyond the tables are shown by item details only (a detail serializer), not in items/all. */
  extrasOnDetailsOnly: boolean;
  /** 104: media URLs are S3 presigned URLs signed at the answer's second, valid for an hour. */
  signedMediaUrls: boolean;
  /** 116: a purchase code compared exactly, or by a MySQL `_ci` column (any case, trailing spaces ignored). */
  codeMatch: 'exact' | 'ci';
  /** 123: the operator hands the purchase code as the buyer wrote it, in capitals (the data store it in small). */
  handedCodeUpper: boolean;
  /**
   * 144: the marketplace's records move while a run reads them, as a live shop's do: the balance with each sale, one
   * of the key's items updated now and then (version, description, prices), the handed purchase downloaded after its
   * first validation and its support extended after its second. What identifies each record never changes.
   */
  liveRecords: boolean;
  /**
   * 129: where the POST reads its parameters (`api_key`, `purchase_code`): the query or a form body (`request`, and a
   * JSON body too with `jsonBody`); a JSON body only (Express with `express.json()` alone), anything else refused with
   * `无效请求`; or the query string only (a PHP script reading `$_GET`), its body never read.
   */
  postParams: 'request' | 'json-only' | 'query-only';
}

export interface Choices {
  // A. Addressing and transport
  /** 1: '' or a path such as '/analytics' (no trailing slash). */
  mountPath: string;
  /** 2 */
  trailingSlash: 'same' | 'not-found' | 'redirect' | 'redirect-307';
  /** 3: how the router answers an unknown path or method. */
  routerFallback: 'framework' | 'express-html' | 'django-html' | 'go-text';
  /** 3: a method the route lacks gives 405 (with Allow) or 404. */
  methodNotAllowedStatus: 405 | 404;
  /** 3 */
  patchIsUpdate: boolean;
  /** 4 */
  nonJsonAccept: 'json-anyway' | 'laravel-web' | 'not-acceptable';
  /** 5 */
  bodyTypes: 'form-and-json' | 'form-only' | 'form-ignore-others';
  /** 6 */
  maxBodyBytes: number;
  /** 7 */
  repeatedParams: 'last' | 'first' | 'reject';
  /** 8 */
  unknownQuery: 'ignore' | 'reject';
  /** 9 */
  unknownBody: 'ignore' | 'reject';
  /** 10 */
  emptyParam: 'absent' | 'invalid';
  /** 11 */
  enumCase: 'exact' | 'any';
  /** 12 */
  integerSyntax: 'digits' | 'any-integer';
  /** 13 */
  trimInputs: boolean;

  // B. Authentication and ownership
  /** 14 */
  authMissingStatus: 401 | 403;
  /** 14 */
  authWrongStatus: 401 | 403;
  /** 14 */
  wwwAuthenticate: boolean;
  /** 14: the error style's body, none (Spring Security, ASP.NET JwtBearer), Rails' "HTTP Token: Access denied." */
  authErrorBody: 'styled' | 'empty' | 'rails-text';
  /** 15 */
  bearerAnyCase: boolean;
  /** 16 */
  foreignWebsite: 404 | 403;

  // C. Status codes
  /** 17: 200 is JSend's `fail`, written with HTTP 200 for refused input only (other errors keep their status). */
  validationStatus: 200 | 400 | 422;
  /** 18 */
  malformedIdStatus: 400 | 404 | 422;
  /** 19 */
  createStatus: 200 | 201 | 202;
  /** 19 */
  createLocation: boolean;
  /** 20: `jsend-null` is JSend's `{status: "success", data: null}`. */
  deleteAnswer: 'no-content' | 'message' | 'record' | 'empty-200' | 'deleted-flag' | 'accepted' | 'jsend-null';
  /** 21 */
  deleteMissing: 'not-found' | 'success';
  /** 22: every answer HTTP 200 (errors then use the `envelope` style). */
  alwaysOk: boolean;
  /** 23 */
  statsCheckOrder: 'not-found-first' | 'validation-first';

  // D. Bodies
  /** 24, 25 */
  errorStyle: ErrorStyle;
  /** 26 */
  jsonContentType:
    | 'application/json'
    | 'application/json; charset=utf-8'
    | 'application/vnd.api+json'
    | 'application/ld+json; charset=utf-8'
    | 'application/hal+json'
    | 'application/json; odata.metadata=minimal; odata.streaming=true'
    | 'application/json;charset=UTF-8';
  /** 27, 52 */
  listEnvelope: ListEnvelope;
  /** 28 */
  recordEnvelope: RecordEnvelope;
  /**
   * 29: `after` is a GitHub-style opaque keyset cursor (the last row's sort key) in the parameter `after`;
   * `offset-limit` is DRF's LimitOffsetPagination, its links carrying `limit` and `offset`.
   */
  pagination: 'page' | 'page-from-zero' | 'cursor' | 'none' | 'after' | 'offset-limit';
  /** 29 */
  paginationHeaders: boolean;
  /** 30 */
  pageErrors: 'lenient' | 'drf-404' | 'last-page';

  // E. The website record as returned
  /** 31 */
  timestamps: boolean;
  /** 32 */
  idFormat: 'integer' | 'numeric-string' | 'uuid' | 'prefixed' | 'snowflake' | 'uuid4' | 'ulid';
  /** 33 */
  privacyAs: 'integer' | 'string' | 'label';
  /** 34 */
  switchesAs: 'integer' | 'boolean' | 'string' | 'label';
  /** 35: `masked` shows `********` when a password is set, null otherwise. */
  passwordShown: 'never' | 'plain' | 'masked';
  /** 36 */
  excludeListsAs: 'as-sent' | 'normalised' | 'array';
  /** 37 */
  unsetListAs: 'null' | 'empty' | 'omit';
  /** 38 */
  timestampStyle: RecordTimestampStyle;
  /** 39 */
  ipListValidation: 'none' | 'addresses';

  // F. Website semantics
  /**
   * 41: a host name (internationalised labels allowed), any text, or `ldh`: the name in ASCII (IDNA ToASCII first,
   * so a Unicode name is stored as punycode) of letters, digits and hyphens, labels of 1 to 63, 253 in all.
   */
  domainSyntax: 'hostname' | 'any' | 'ldh';
  /** 42 */
  domainUnique: 'none' | 'exact' | 'ignore-case';
  /** 43 */
  passwordRequiredForPrivacy2: boolean;
  /** 44 */
  switchWords: boolean;
  /** 45 */
  emptyUpdate: 'unchanged' | 'reject';
  /** 46, 61 */
  search: 'substring-ci' | 'substring-cs' | 'prefix-ci' | 'word-start' | 'substring-ci-ai' | 'typo-tolerant' | 'tokens';
  /** 47, 62 */
  collation: 'byte' | 'fold-case' | 'locale' | 'fold-accents' | 'natural' | 'ignore-punctuation';
  /** 48 */
  tieBreak: 'id-asc' | 'id-same-direction' | 'limit-dependent';
  /** 49: 0 for immediate. */
  searchDelayMs: number;
  /** 50 */
  emptyAccount: boolean;
  /** 51: requests per second per key on both APIs, or 0 for none. */
  rateLimitPerSecond: number;
  /** 99: requests per minute per key on both APIs (Laravel's stock `api` limiter: 60), or 0 for none. */
  rateLimitPerMinute: number;
  /** 100: today's counts grow while the day's traffic arrives (live data), or every day is settled. */
  liveToday: boolean;
  /** 101: rules for a login password: none, or at least 8 characters with upper and lower case and a digit. */
  passwordRule: 'none' | 'strong';
  /**
   * 103: the record carries `current_visitors`, the visitors online right now (it changes from one read to the
   * next).
   */
  liveVisitorsField: boolean;
  /** 102: `exclude_params` is one parameter name per line, each `[A-Za-z0-9_.-[]]+`, or free text. */
  paramListValidation: 'none' | 'one-per-line';

  // G. Statistics
  /** 53 */
  countsAs: 'number' | 'string';
  /** 54 */
  seriesZeroDays: 'include' | 'omit';
  /** 55 */
  hourValue: 'integer' | 'two-digit' | 'clock';
  /** 56 */
  statsTieOrder: 'value-asc' | 'value-desc' | 'storage' | 'limit-dependent';
  /** 57 */
  statsSearchByUrl: 'alias' | 'reject';
  /** 58 */
  reversedRange: 'reject' | 'empty' | 'swap';
  /** 59: longest range in days (both ends counted), or 0 for none. */
  maxRangeDays: number;

  // I. HTTP behaviour around the documented operations
  /** 82: ETag on GET answers and 304 for a matching If-None-Match. */
  conditionalGet: 'none' | 'etag';
  /** 83: bodies of 1 kB and more compressed when Accept-Encoding allows it (nginx gzip, ASP.NET Brotli). */
  compression: 'none' | 'gzip' | 'br';
  /** 84: JSON text as written: compact, with a trailing newline (Go json.Encoder), or indented. */
  jsonLayout: 'compact' | 'newline' | 'pretty';
  /** 85: chunked transfer coding instead of Content-Length. */
  chunked: boolean;
  /**
   * 86: CORS middleware with `Access-Control-Allow-Origin: *` on answers; `preflight` answers OPTIONS that carry
   * Access-Control-Request-Method (rack-cors, ASP.NET, Nelmio), `any-options` every OPTIONS (Express `cors()`).
   */
  cors: 'none' | 'preflight' | 'any-options';
  /** 87: a deleted (soft-deleted) website answers 404 or 410 Gone afterwards. */
  deletedWebsite: 'not-found' | 'gone';
  /** 88: other Authorization schemes accepted besides Bearer (DRF TokenAuthentication's `Token`). */
  authSchemes: 'bearer' | 'bearer-or-token';
  /** 90: reads served by a replica this many ms behind the primary (0: read-your-writes). */
  replicaLagMs: number;
  /** 135: further lag of the replica, up to this many ms more for each write (applied in commit order). */
  replicaLagJitterMs: number;
  /** 135: what the replica serves: every GET, or the list (and its search) only, reads by id going to the primary. */
  replicaReads: 'all' | 'lists';
  /** 91: rate-limit headers: Laravel's `X-RateLimit-*`, or the IETF draft's `RateLimit-*` and `RateLimit-Policy`. */
  rateLimitHeaders: 'x-ratelimit' | 'ietf-draft';
  /** 91: Retry-After as delay-seconds or as an HTTP-date (RFC 9110 allows both). */
  retryAfter: 'seconds' | 'http-date';
  /** 92: names of the record's fields: as the parameters (`exclude_bots`) or camelCase (`excludeBots`). */
  recordKeys: 'snake' | 'camel';
  /** 93: list rows are the whole record, or a summary (id, domain, privacy, created_at) beside a full read. */
  listFields: 'full' | 'summary';
  /** 94: timestamps a write answers come from the app's clock (milliseconds); reads from a seconds column. */
  storedTimestampPrecision: 'as-written' | 'seconds';
  /** 95: a password is kept whatever the privacy, or only while privacy is 2 (cleared otherwise). */
  passwordKept: 'always' | 'privacy-2-only';
  /** 96: statistic rows carry `percentage`, their share of the asked range's total. */
  statsShare: boolean;
  /** 97: the `value` of a day of `pageviews` / `visitors`: `Y-m-d`, midnight as ISO 8601, or SQL DATETIME text. */
  seriesDayValue: 'date' | 'midnight-iso' | 'sql-datetime';
  /** 98: a `request_id` in every JSON object body (Plaid-style), different on every answer. */
  requestIdInBody: boolean;

  // J. Further silences (SILENCES.md 105-121)
  /**
   * 105: the domain as stored: as sent; lowercased; Plausible's `clean_domain` (scheme, `www.` and a trailing slash
   * removed, lowercased); IDNA ToASCII (punycode, lowercased); `fqdn-dot` trimmed, lowercased and without the
   * trailing dot of a fully qualified name (`Shop.Example.com.` is `shop.example.com`).
   */
  domainNormalise: 'as-sent' | 'lowercase' | 'plausible' | 'punycode' | 'fqdn-dot';
  /** 106: a domain already taken is a validation error (`validationStatus`) or 409 Conflict. */
  domainConflictStatus: 'validation' | 409;
  /** 107: soft-deleted websites keep their domain taken (a unique index that does not know `deleted_at`). */
  uniqueAmongDeleted: boolean;
  /** 108: most websites an account may have (a plan limit, 403 past it), or 0 for none. */
  websiteLimit: number;
  /** 109: the offset from UTC, in minutes, of the website's time zone, where statistics' days start and end. */
  statsUtcOffsetMinutes: number;
  /** 110: dates after today (the website's today) refused, or answered (no traffic yet). */
  futureDates: 'allowed' | 'reject';
  /**
   * 111: visits with no referrer, country, city or language: not shown; a labelled row (`Direct / None`,
   * `Unknown`); a row whose value is the empty string.
   */
  statsUnknownRows: 'none' | 'labelled' | 'empty';
  /** 112: browser, os and device names as written, or lowercased (as Umami stores them). */
  statsValueCase: 'as-is' | 'lower';
  /** 113: countries and continents as English names, or as ISO 3166-1 alpha-2 and two-letter continent codes. */
  statsGeoCodes: 'names' | 'iso';
  /** 114: most rows a categorical statistic keeps (the rest summed in an `Others` row, Matomo), or 0 for no cap. */
  statsRowCap: number;
  /** 115: continents and devices listed from a reference table, those without visits with count 0. */
  categoryZeroRows: boolean;
  /** 117: every answer carries `Connection: close` (Apache with `KeepAlive Off`). */
  connectionClose: boolean;
  /** 118: idle keep-alive connections closed after this many ms, without a `Keep-Alive` hint; 0: Node's own. */
  idleTimeoutMs: number;
  /** 119: time to first byte of every answer, in ms (between this and twice this), or 0. */
  latencyMs: number;
  /** 120: one request in this many (per API) answered by the load balancer with `transientStatus`, or 0. */
  transientEvery: number;
  /** 120: the load balancer's answer: 502 (no Retry-After) or 503 with `Retry-After: 1`. */
  transientStatus: 502 | 503;
  /** 121: a proxy in front adds `Via`, `Server`, `X-Cache` and `Age` headers. */
  proxyHeaders: boolean;
  /**
   * 122: `exclude_ips` entries as sent, or in the canonical text of a Postgres `cidr[]` column (`198.51.100.12/32`,
   * IPv6 compressed with `/128`), one per line.
   */
  ipCanonical: 'as-sent' | 'cidr';

  // K. How refused input is answered, and rules of the deployment (SILENCES.md 124-133)
  /** 124: an unknown or missing statistic `name` is a refused parameter, or 404 (a registry of statistic queries). */
  unknownStatistic: 'validation' | 'not-found';
  /**
   * 125: an optional parameter with a value outside its list (`per_page`, `sort`, `sort_by`, `search_by`) is refused,
   * or silently replaced by its default (`in_array(...) ? ... : default`).
   */
  invalidOptional: 'reject' | 'default';
  /** 126: status of a page size not offered: the validation status, or 416 Range Not Satisfiable (PostgREST). */
  perPageStatus: 'validation' | 416;
  /** 127: status of a create past the plan's limit (`websiteLimit`): 403 (a policy), 402 Payment Required. */
  websiteLimitStatus: 403 | 402;
  /** 128: reserved names (RFC 2606, RFC 6761: `example.com`, `.test`, `.example`, ...) refused on create. */
  reservedDomains: 'allowed' | 'refused';
  /**
   * 130: a required parameter missing, or one that does not bind to its declared type (`per_page=ten`), answered in
   * the error style, or with 400 and an empty body (ASP.NET Core minimal APIs in Production).
   */
  bindingFailure: 'styled' | 'empty-400';
  /** 131: the exclusion lists as sent, or lowercased (Joi's `.lowercase()` with `convert`). */
  excludeListCase: 'as-sent' | 'lower';
  /** 132: status of a website that is not there: 404, or 406 (PostgREST asked for a single object, PGRST116). */
  notFoundStatus: 404 | 406;
  /** 133: creates a key may make per minute (a throttle on the create route alone, 429 past it), or 0 for none. */
  createsPerMinute: number;

  // L. Ids, replicas, list spellings, paging links and the account's size (SILENCES.md 134-139)
  /**
   * 134: the id a new website takes: one never used before, or SQLite's rowid without AUTOINCREMENT (the largest id
   * in the table plus one, so the id of the newest website comes back once that website is deleted).
   */
  idReuse: 'never' | 'max-plus-one';
  /**
   * 136: where a normalised exclusion list (36) is split: commas and newlines, or also semicolons and spaces;
   * with `any`, a list returned as an array is normalised too (split, trimmed, deduplicated).
   */
  listSeparators: 'comma-newline' | 'any';
  /** 136: how a normalised exclusion list is written back: one entry per line, or joined with ", ". */
  listJoin: 'newline' | 'comma-space';
  /** 137: the `Link` header's relations: next, prev, first, last with `X-Total-Count`; or `next` alone. */
  linkRels: 'all' | 'next-only';
  /** 138: websites of the key's account at the start (141 in the ordinary data; the other account's beside them). */
  accountWebsites: number;
  /** 138: values each open-ended statistic knows: the ordinary lists, or hundreds more (a big account's traffic). */
  statsValues: 'standard' | 'large';
  /**
   * 139: what `sort_by=id` ("date created") orders by: the order of creation, or the `created_at` column and then
   * the id (its text for random ids), so that websites created in the same second come in the order of their ids.
   */
  idOrder: 'creation' | 'created-at-then-id';
  /** 139: `created_at` kept to the millisecond, or the whole second (a MySQL DATETIME, `DEFAULT CURRENT_TIMESTAMP`). */
  createdAtPrecision: 'ms' | 'seconds';
  /** 139: the oldest starting websites that were imported by one statement, so share one `created_at` (0: none). */
  importedTogether: number;

  // M. Other clients of the key, text limits, a gateway that times out (SILENCES.md 140-143)
  /** 140: another client of the key creates a website every this many requests (0: none)... */
  churnEvery: number;
  /** 140: ...and deletes it this many requests later. */
  churnLifetime: number;
  /**
   * 141: another client of the key edits a setting of one of its own websites (those there before the run, or its own
   * creations) every this many requests, creates one every three times that and deletes one every four (0: none).
   */
  editsEvery: number;
  /** 142: longest exclusion list (`exclude_params`, `exclude_ips`) a create or update takes, in characters. */
  excludeListMaxLength: number;
  /**
   * 143: a gateway in front answers one request in this many (per API) 504 once the app has answered it, so what the
   * request wrote is written (0: none)...
   */
  gatewayTimeoutEvery: number;
  /** 143: ...and one in this many 503 before the app sees it, so nothing is written (0: none). */
  gatewayUnavailableEvery: number;

  // H. Marketplace
  market: MarketChoices;
}
