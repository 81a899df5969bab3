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
  | 'envelope';

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
  | 'nest-meta';

export type RecordEnvelope = 'bare' | 'data' | 'root-key' | 'status-envelope';
export type TimestampStyle = 'micro-z' | 'z' | 'offset' | 'millis-z';

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
  /** 17 */
  validationStatus: 400 | 422;
  /** 18 */
  malformedIdStatus: 400 | 404 | 422;
  /** 19 */
  createStatus: 200 | 201;
  /** 19 */
  createLocation: boolean;
  /** 20 */
  deleteAnswer: 'no-content' | 'message' | 'record' | 'empty-200';
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
  jsonContentType: 'application/json' | 'application/json; charset=utf-8';
  /** 27, 52 */
  listEnvelope: ListEnvelope;
  /** 28 */
  recordEnvelope: RecordEnvelope;
  /** 29 */
  pagination: 'page' | 'page-from-zero' | 'cursor' | 'none';
  /** 29 */
  paginationHeaders: boolean;
  /** 30 */
  pageErrors: 'lenient' | 'drf-404';

  // E. The website record as returned
  /** 31 */
  timestamps: boolean;
  /** 32 */
  idFormat: 'integer' | 'numeric-string' | 'uuid' | 'prefixed';
  /** 33 */
  privacyAs: 'integer' | 'string' | 'label';
  /** 34 */
  switchesAs: 'integer' | 'boolean' | 'string';
  /** 35 */
  passwordShown: 'never' | 'plain';
  /** 36 */
  excludeListsAs: 'as-sent' | 'normalised' | 'array';
  /** 37 */
  unsetListAs: 'null' | 'empty';
  /** 38 */
  timestampStyle: TimestampStyle;
  /** 39 */
  ipListValidation: 'none' | 'addresses';

  // F. Website semantics
  /** 41 */
  domainSyntax: 'hostname' | 'any';
  /** 42 */
  domainUnique: 'none' | 'exact' | 'ignore-case';
  /** 43 */
  passwordRequiredForPrivacy2: boolean;
  /** 44 */
  switchWords: boolean;
  /** 45 */
  emptyUpdate: 'unchanged' | 'reject';
  /** 46, 61 */
  search: 'substring-ci' | 'substring-cs' | 'prefix-ci' | 'word-start';
  /** 47, 62 */
  collation: 'byte' | 'fold-case' | 'locale';
  /** 48 */
  tieBreak: 'id-asc' | 'id-same-direction';
  /** 49: 0 for immediate. */
  searchDelayMs: number;
  /** 50 */
  emptyAccount: boolean;
  /** 51: requests per second per key on both APIs, or 0 for none. */
  rateLimitPerSecond: number;

  // G. Statistics
  /** 53 */
  countsAs: 'number' | 'string';
  /** 54 */
  seriesZeroDays: 'include' | 'omit';
  /** 55 */
  hourValue: 'integer' | 'two-digit' | 'clock';
  /** 56 */
  statsTieOrder: 'value-asc' | 'value-desc' | 'storage';
  /** 57 */
  statsSearchByUrl: 'alias' | 'reject';
  /** 58 */
  reversedRange: 'reject' | 'empty' | 'swap';
  /** 59: longest range in days (both ends counted), or 0 for none. */
  maxRangeDays: number;

  // H. Marketplace
  market: MarketChoices;
}
