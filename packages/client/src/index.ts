// The public surface of @tallyport/client: both factories, their option and
// result types, the error classes, and the named types of @tallyport/types.
export { createAnalyticsClient } from './analytics.js';
export type {
  AnalyticsClient,
  AnalyticsClientOptions,
  CreateWebsiteParams,
  ListWebsitesParams,
  Page,
  PageInfo,
  PageItems,
  PageRequestOptions,
  RequestOptions,
  StatsParams,
} from './analytics.js';
export type {
  AnalyticsDeployment,
  Deleted,
  NotAnUpdateField,
  PagePayload,
  StatRecord,
  UpdateWebsiteParams,
  WebsiteRecord,
  WithIdentifier,
} from './deployment.js';
export { createMarketplaceClient, marketplaceErrorCode } from './marketplace.js';
export { rawClient } from './raw.js';
export type { MarketplaceClient, MarketplaceClientOptions } from './marketplace.js';
export type { ClientOptions } from './options.js';
export type { ApiKeyTransport } from './transport.js';
export type { Logger, LogLevel } from './logger.js';
export type { RetryOptions } from './retry.js';
export type { NextPageStrategy, PageQuery } from './pagination.js';
export type { Unwrap } from './unwrap.js';
export type { ResponseValidator } from './response-check.js';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  InternalServerError,
  MarketplaceAPIError,
  MissingFieldError,
  NotFoundError,
  PaginationError,
  PermissionDeniedError,
  RateLimitError,
  ResponseTooLargeError,
  ResponseValidationError,
  TallyportError,
  UnexpectedResponseError,
  UnprocessableEntityError,
  ValidationError,
} from './errors.js';
export type { APIErrorDetails, MarketplaceErrorCode } from './errors.js';
export type * from '@tallyport/types';
