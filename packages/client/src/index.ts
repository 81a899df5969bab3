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
  StatsParams,
  UpdateWebsiteParams,
  WebsiteRecord,
} from './analytics.js';
export { createMarketplaceClient, marketplaceErrorCode } from './marketplace.js';
export type { MarketplaceClient, MarketplaceClientOptions } from './marketplace.js';
export type { RequestOptions } from './analytics.js';
export type { ClientOptions } from './options.js';
export type { ApiKeyTransport } from './transport.js';
export type { Logger, LogLevel } from './logger.js';
export type { RetryOptions } from './retry.js';
export type { NextPageStrategy, PageQuery, Unwrap } from './pagination.js';
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
