// Named types of the Analytics API, picked from the generated spec types so
// integrators never have to spell `components["schemas"][...]` paths.
import type { components, operations, paths } from './generated/analytics.js';

export type { components as AnalyticsComponents, operations as AnalyticsOperations, paths as AnalyticsPaths };

type Schemas = components['schemas'];

export type Website = Schemas['Website'];
export type WebsiteId = Schemas['WebsiteId'];
export type Domain = Schemas['Domain'];
export type Privacy = Schemas['Privacy'];
export type Toggle = Schemas['Toggle'];
export type WebsiteCreateBody = Schemas['WebsiteCreateBody'];
export type WebsiteUpdateBody = Schemas['WebsiteUpdateBody'];
export type WebsitePayload = Schemas['WebsitePayload'];
export type WebsiteEnvelope = Schemas['WebsiteEnvelope'];
export type WebsiteListPayload = Schemas['WebsiteListPayload'];
export type WebsiteListEnvelope = Schemas['WebsiteListEnvelope'];
export type DeletePayload = Schemas['DeletePayload'];
export type StatName = Schemas['StatName'];
export type StatRow = Schemas['StatRow'];
export type StatsPayload = Schemas['StatsPayload'];
export type StatsEnvelope = Schemas['StatsEnvelope'];
export type Ymd = Schemas['Ymd'];
export type AnalyticsError = Schemas['AnalyticsError'];

export type ListWebsitesQuery = NonNullable<operations['listWebsites']['parameters']['query']>;
export type StatsQuery = operations['getStats']['parameters']['query'];
export type StatsPath = operations['getStats']['parameters']['path'];
export type WebsitePath = operations['getWebsite']['parameters']['path'];
export type PerPage = NonNullable<ListWebsitesQuery['per_page']>;
export type SortOrder = NonNullable<ListWebsitesQuery['sort']>;
export type WebsiteSortBy = NonNullable<ListWebsitesQuery['sort_by']>;
export type WebsiteSearchBy = NonNullable<ListWebsitesQuery['search_by']>;
export type StatSortBy = NonNullable<StatsQuery['sort_by']>;
export type StatSearchBy = NonNullable<StatsQuery['search_by']>;
