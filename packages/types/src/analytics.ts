// Named types of the Analytics API, picked from the generated spec types so
// integrators never have to spell `components["schemas"][...]` paths.
import type { components, operations, paths } from './generated/analytics.js';

// A named type for every schema of the spec (`Website`, `StatRow`...), generated.
export type * from './generated/analytics-schemas.js';

export type { components as AnalyticsComponents, operations as AnalyticsOperations, paths as AnalyticsPaths };

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
