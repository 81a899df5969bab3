// One deliberate deviation each. `expectedCheck` is the named check that must
// catch it; the fault-injection suite asserts exactly that.
export interface FaultSpec {
  name: string;
  api: 'analytics' | 'marketplace';
  expectedCheck: string;
  description: string;
}

export const FAULTS = [
  {
    name: 'analytics-stats-server-error',
    api: 'analytics',
    expectedCheck: 'not_a_server_error',
    description: 'statistics answer HTTP 500',
  },
  {
    name: 'analytics-read-redirects',
    api: 'analytics',
    expectedCheck: 'status_code_conformance',
    description: 'reading a website redirects (302) to a login page',
  },
  {
    name: 'analytics-list-html',
    api: 'analytics',
    expectedCheck: 'content_type_conformance',
    description: 'the website list is served as text/html',
  },
  {
    name: 'analytics-refusals-as-html',
    api: 'analytics',
    expectedCheck: 'content_type_conformance',
    description: 'invalid parameters are refused with an HTML page',
  },
  {
    name: 'analytics-privacy-as-word',
    api: 'analytics',
    expectedCheck: 'response_schema_conformance',
    description: 'privacy comes back as "private" instead of 1 (wrong type)',
  },
  {
    name: 'analytics-stats-row-without-count',
    api: 'analytics',
    expectedCheck: 'response_schema_conformance',
    description: 'statistic rows carry "visits" instead of "count" (missing field)',
  },
  {
    name: 'analytics-missing-key-accepted',
    api: 'analytics',
    expectedCheck: 'ignored_auth',
    description: 'requests without a bearer token are served',
  },
  {
    name: 'analytics-wrong-key-accepted',
    api: 'analytics',
    expectedCheck: 'ignored_auth',
    description: 'any bearer token is accepted',
  },
  {
    name: 'analytics-bad-per-page-accepted',
    api: 'analytics',
    expectedCheck: 'negative_data_rejection',
    description: 'per_page=7 is accepted',
  },
  {
    name: 'analytics-malformed-date-accepted',
    api: 'analytics',
    expectedCheck: 'negative_data_rejection',
    description: 'from/to are not validated',
  },
  {
    name: 'analytics-unknown-statistic-accepted',
    api: 'analytics',
    expectedCheck: 'negative_data_rejection',
    description: 'an unknown statistic name is answered',
  },
  {
    name: 'analytics-bad-privacy-accepted',
    api: 'analytics',
    expectedCheck: 'negative_data_rejection',
    description: 'create accepts privacy=9',
  },
  {
    name: 'analytics-per-page-ignored',
    api: 'analytics',
    expectedCheck: 'page_size_honoured',
    description: 'per_page is ignored (every row comes back)',
  },
  {
    name: 'analytics-sort-ignored',
    api: 'analytics',
    expectedCheck: 'sort_order',
    description: 'sort is ignored (always descending)',
  },
  {
    name: 'analytics-search-ignored',
    api: 'analytics',
    expectedCheck: 'filter_effect',
    description: 'search is ignored',
  },
  {
    name: 'analytics-stats-range-ignored',
    api: 'analytics',
    expectedCheck: 'date_range_effect',
    description: 'daily statistics ignore from/to (always the last 30 days)',
  },
  {
    name: 'analytics-wrong-create-default',
    api: 'analytics',
    expectedCheck: 'default_equivalence',
    description: 'create defaults email to 1',
  },
  {
    name: 'analytics-update-clobbers',
    api: 'analytics',
    expectedCheck: 'write_round_trip',
    description: 'update resets switches it was not sent to 0 (checkbox semantics)',
  },
  {
    name: 'analytics-delete-keeps',
    api: 'analytics',
    expectedCheck: 'write_round_trip',
    description: 'delete answers 200 but keeps the website',
  },
  {
    name: 'marketplace-success-status-english',
    api: 'marketplace',
    expectedCheck: 'documented_error_messages',
    description: 'success says "success" instead of 成功',
  },
  {
    name: 'marketplace-error-status-english',
    api: 'marketplace',
    expectedCheck: 'documented_error_messages',
    description: 'errors say "error" instead of 错误',
  },
  {
    name: 'marketplace-item-not-found-message',
    api: 'marketplace',
    expectedCheck: 'documented_error_messages',
    description: 'no item found says "Item not found"',
  },
  {
    name: 'marketplace-purchase-message',
    api: 'marketplace',
    expectedCheck: 'documented_error_messages',
    description: 'an invalid purchase code gets another message',
  },
  {
    name: 'marketplace-no-items-empty-success',
    api: 'marketplace',
    expectedCheck: 'documented_error_messages',
    description: 'a key without items gets 成功 with an empty list',
  },
  {
    name: 'marketplace-any-code-valid',
    api: 'marketplace',
    expectedCheck: 'documented_error_messages',
    description: 'every purchase code validates',
  },
  {
    name: 'marketplace-key-echoed',
    api: 'marketplace',
    expectedCheck: 'documented_error_messages',
    description: "the item-not-found message echoes the caller's api_key",
  },
  {
    name: 'marketplace-success-with-400',
    api: 'marketplace',
    expectedCheck: 'status_code_conformance',
    description: 'account details succeed with HTTP 400',
  },
  {
    name: 'marketplace-html-content-type',
    api: 'marketplace',
    expectedCheck: 'content_type_conformance',
    description: 'answers are text/html (the PHP default)',
  },
  {
    name: 'marketplace-price-as-string',
    api: 'marketplace',
    expectedCheck: 'response_schema_conformance',
    description: 'price.regular is "199.00" (wrong type)',
  },
  {
    name: 'marketplace-missing-published-at',
    api: 'marketplace',
    expectedCheck: 'response_schema_conformance',
    description: 'items lack published_at (missing field)',
  },
  {
    name: 'marketplace-audio-with-preview-image',
    api: 'marketplace',
    expectedCheck: 'response_schema_conformance',
    description: 'the audio item carries preview_image (media rule)',
  },
  {
    name: 'marketplace-video-with-preview-audio',
    api: 'marketplace',
    expectedCheck: 'response_schema_conformance',
    description: 'the video item also carries preview_audio (media rule)',
  },
  {
    name: 'marketplace-timestamp-offset',
    api: 'marketplace',
    expectedCheck: 'response_schema_conformance',
    description: 'published_at is in +08:00, not UTC',
  },
  {
    name: 'marketplace-wrong-key-accepted',
    api: 'marketplace',
    expectedCheck: 'ignored_auth',
    description: 'any non-empty api_key is accepted',
  },
  {
    name: 'marketplace-missing-key-accepted',
    api: 'marketplace',
    expectedCheck: 'ignored_auth',
    description: 'a request without api_key is served',
  },
  {
    name: 'marketplace-missing-item-id-accepted',
    api: 'marketplace',
    expectedCheck: 'negative_data_rejection',
    description: 'item details without item_id return the first item',
  },
  {
    name: 'marketplace-item-id-ignored',
    api: 'marketplace',
    expectedCheck: 'read_matches_list',
    description: 'item details always return the first item',
  },
  {
    name: 'analytics-per-page-50-refused',
    api: 'analytics',
    expectedCheck: 'status_code_conformance',
    description: 'per_page=50, an allowed value, is refused with 422',
  },
  {
    name: 'analytics-page-short-by-one',
    api: 'analytics',
    expectedCheck: 'page_size_honoured',
    description: 'per_page=25 answers 24 rows while more exist',
  },
  {
    name: 'analytics-sort-default-asc',
    api: 'analytics',
    expectedCheck: 'default_equivalence',
    description: 'leaving out sort orders ascending, not by the documented desc',
  },
  {
    name: 'analytics-stats-search-prefix',
    api: 'analytics',
    expectedCheck: 'filter_effect',
    description: 'statistics search matches only at the start of a value',
  },
  {
    name: 'analytics-update-domain-accepted',
    api: 'analytics',
    expectedCheck: 'negative_data_rejection',
    description: 'an update that sends domain is accepted',
  },
  {
    name: 'analytics-read-neighbour',
    api: 'analytics',
    expectedCheck: 'read_matches_list',
    description: 'reading a website answers the one before it',
  },
  {
    name: 'analytics-create-drops-exclude-ips',
    api: 'analytics',
    expectedCheck: 'write_round_trip',
    description: 'a create silently drops exclude_ips',
  },
  {
    name: 'analytics-stat-city-500',
    api: 'analytics',
    expectedCheck: 'not_a_server_error',
    description: 'the statistic city answers 500',
  },
  {
    name: 'analytics-leap-day-500',
    api: 'analytics',
    expectedCheck: 'not_a_server_error',
    description: 'a range touching February 29 answers 500',
  },
  {
    name: 'analytics-impossible-date-accepted',
    api: 'analytics',
    expectedCheck: 'negative_data_rejection',
    description: 'an impossible date (2026-02-30) is accepted',
  },
  {
    name: 'marketplace-purchase-code-not-echoed',
    api: 'marketplace',
    expectedCheck: 'echoed_fields',
    description: 'the purchase answers the code upper-cased',
  },
] as const satisfies readonly FaultSpec[];

export type FaultName = (typeof FAULTS)[number]['name'];
