// Single faults of the fake deployment: each one a realistic deviation in one
// place, never keyed to one exact request value. `expectedCheck` names the
// engine check that must fail when the fault alone is switched on.

import { CHECK_NAMES } from '../../src/registry/index.js';

export { CHECK_NAMES };
export type CheckName = (typeof CHECK_NAMES)[number];

const LIST = [
  [
    'analytics-stats-city-500',
    'not_a_server_error',
    'statistics of `city` answer 500 (the geo lookup table is missing)',
  ],
  [
    'analytics-stats-leap-day-500',
    'not_a_server_error',
    'a statistics range holding 29 February answers 500 (date arithmetic overflows)',
  ],
  [
    'analytics-stats-month-end-500',
    'not_a_server_error',
    '`from` or `to` on the last day of its month answers 500 (a month added to a month end)',
  ],
  [
    'analytics-list-per-page-100-500',
    'not_a_server_error',
    'per_page=100 on the website list answers 500 (memory limit)',
  ],
  [
    'analytics-list-sort-by-domain-500',
    'not_a_server_error',
    'sort_by=domain on the website list answers 500 (a missing index times out)',
  ],
  ['analytics-stats-per-page-50-500', 'not_a_server_error', 'per_page=50 on statistics answers 500'],
  [
    'analytics-create-exclude-ips-500',
    'not_a_server_error',
    'create with exclude_ips answers 500 (the IP list parser throws)',
  ],
  ['analytics-update-password-500', 'not_a_server_error', 'update with a password answers 500 (hashing misconfigured)'],
  [
    'marketplace-video-item-500',
    'not_a_server_error',
    'item details of a video item answer 500 (the preview transcoder lookup fails)',
  ],
  [
    'marketplace-invalid-code-500',
    'not_a_server_error',
    'an unknown purchase code answers 500 (an uncaught not-found exception)',
  ],
  ['analytics-read-redirects', 'status_code_conformance', 'reading a website redirects (302) to a login page'],
  ['analytics-create-redirects', 'status_code_conformance', "create answers 303 See Other to the website's page"],
  ['analytics-update-redirects', 'status_code_conformance', 'update answers 302 back to the settings form'],
  ['analytics-delete-redirects', 'status_code_conformance', 'delete answers 302 to the website list (and deletes)'],
  [
    'analytics-stats-event-404',
    'status_code_conformance',
    'statistics of `event` answer 404 (the events route is missing)',
  ],
  [
    'analytics-stats-os-422',
    'status_code_conformance',
    'name=os on statistics is refused as invalid (an outdated allow-list)',
  ],
  ['analytics-list-per-page-25-422', 'status_code_conformance', 'per_page=25 on the website list is refused'],
  ['analytics-stats-sort-asc-422', 'status_code_conformance', 'sort=asc on statistics is refused'],
  [
    'analytics-list-search-by-domain-422',
    'status_code_conformance',
    'search_by=domain sent explicitly on the website list is refused',
  ],
  ['marketplace-account-success-400', 'status_code_conformance', 'account details succeed (成功) with HTTP 400'],
  ['marketplace-item-success-404', 'status_code_conformance', 'item details succeed (成功) with HTTP 404'],
  ['marketplace-purchase-success-422', 'status_code_conformance', 'a valid purchase succeeds (成功) with HTTP 422'],
  ['analytics-list-html', 'content_type_conformance', 'the website list is served as text/html'],
  ['analytics-stats-text-plain', 'content_type_conformance', 'statistics are served as text/plain'],
  ['analytics-create-html', 'content_type_conformance', 'the create answer is served as text/html'],
  ['analytics-update-text-json', 'content_type_conformance', 'the update answer is served as text/json'],
  ['analytics-refusals-html', 'content_type_conformance', 'invalid parameters are refused with an HTML page'],
  ['analytics-unauthenticated-html', 'content_type_conformance', 'a refused key gets an HTML login page'],
  ['marketplace-item-html', 'content_type_conformance', 'item details are served as text/html (the PHP default)'],
  ['marketplace-errors-html', 'content_type_conformance', 'error bodies are served as text/html'],
  ['marketplace-account-text-plain', 'content_type_conformance', 'account details are served as text/plain'],
  ['marketplace-purchase-html', 'content_type_conformance', 'purchase validation answers are served as text/html'],
  [
    'analytics-privacy-as-word',
    'response_schema_conformance',
    'privacy comes back as a word ("private") instead of 0, 1 or 2',
  ],
  ['analytics-email-as-boolean', 'response_schema_conformance', 'email comes back as true/false instead of 0/1'],
  [
    'analytics-exclude-ips-as-array',
    'response_schema_conformance',
    'exclude_ips comes back as an array (a model cast) instead of a string',
  ],
  [
    'analytics-list-keyed-by-id',
    'response_schema_conformance',
    "the website list's data is an object keyed by id instead of an array",
  ],
  [
    'analytics-stats-row-without-count',
    'response_schema_conformance',
    'statistic rows carry `visits` instead of `count`',
  ],
  [
    'analytics-stats-hours-without-value',
    'response_schema_conformance',
    'hourly statistic rows carry `hour` instead of `value`',
  ],
  ['marketplace-price-as-string', 'response_schema_conformance', 'price.regular is a decimal string ("199.00")'],
  ['marketplace-missing-published-at', 'response_schema_conformance', 'items lack published_at'],
  [
    'marketplace-audio-with-preview-image',
    'response_schema_conformance',
    'audio items carry preview_image (media rule)',
  ],
  [
    'marketplace-regular-without-preview-image',
    'response_schema_conformance',
    'regular items lack preview_image (media rule)',
  ],
  ['marketplace-timestamp-offset', 'response_schema_conformance', 'published_at is given in +08:00, not UTC'],
  [
    'marketplace-registered-at-local',
    'response_schema_conformance',
    'registered_at is a local "Y-m-d H:i:s" time without a zone',
  ],
  ['marketplace-purchase-date-offset', 'response_schema_conformance', 'the purchase date is given in +08:00, not UTC'],
  ['marketplace-version-prefixed', 'response_schema_conformance', 'item versions carry a "v" prefix ("v1.2.0")'],
  [
    'marketplace-supported-until-null',
    'response_schema_conformance',
    'supported_until is null instead of a timestamp or absent',
  ],
  ['marketplace-item-id-string', 'response_schema_conformance', 'item ids are strings ("7001")'],
  [
    'analytics-list-bad-per-page-accepted',
    'negative_data_rejection',
    'per_page outside 10/25/50/100 on the website list falls back to 10',
  ],
  [
    'analytics-stats-bad-per-page-accepted',
    'negative_data_rejection',
    'per_page outside 10/25/50/100 on statistics falls back to 10',
  ],
  [
    'analytics-impossible-date-accepted',
    'negative_data_rejection',
    'impossible dates (2026-02-30) roll over instead of being refused',
  ],
  [
    'analytics-loose-date-accepted',
    'negative_data_rejection',
    'from/to are not validated: what a date parser reads (2026/10/01), and today for anything else',
  ],
  [
    'analytics-unknown-statistic-accepted',
    'negative_data_rejection',
    'an unknown statistic name answers an empty list',
  ],
  [
    'analytics-list-bad-sort-accepted',
    'negative_data_rejection',
    'sort outside asc/desc on the website list falls back to desc',
  ],
  [
    'analytics-stats-bad-sort-by-accepted',
    'negative_data_rejection',
    'sort_by outside count/value on statistics falls back to count',
  ],
  [
    'analytics-list-bad-search-by-accepted',
    'negative_data_rejection',
    'search_by other than domain on the website list is ignored',
  ],
  ['analytics-create-bad-privacy-accepted', 'stored_as_sent', 'create accepts any integer privacy (9)'],
  [
    'analytics-create-bad-email-accepted',
    'negative_data_rejection',
    'create accepts any email value, stored as 1 when truthy',
  ],
  ['analytics-update-applies-domain', 'stored_as_sent', 'update takes `domain` and renames the website'],
  [
    'analytics-update-bad-exclude-bots-accepted',
    'negative_data_rejection',
    'update accepts any exclude_bots value, stored as 1 when truthy',
  ],
  [
    'analytics-stats-missing-to-accepted',
    'negative_data_rejection',
    'statistics without `to` end today instead of being refused',
  ],
  [
    'marketplace-missing-item-id-accepted',
    'negative_data_rejection',
    'item details without item_id return the first item',
  ],
  [
    'marketplace-non-integer-item-id-accepted',
    'negative_data_rejection',
    'a non-integer item_id returns the first item (a LIMIT 1 without WHERE)',
  ],
  [
    'marketplace-missing-purchase-code-accepted',
    'negative_data_rejection',
    'purchase validation without a code validates the latest purchase',
  ],
  ['analytics-missing-key-accepted', 'ignored_auth', 'requests without a bearer token are served'],
  ['analytics-wrong-key-accepted', 'ignored_auth', 'any bearer token is accepted'],
  ['analytics-stats-key-unchecked', 'ignored_auth', 'statistics never check the bearer token (a forgotten middleware)'],
  ['analytics-create-missing-key-accepted', 'ignored_auth', 'create without a bearer token is served'],
  ['analytics-update-wrong-key-accepted', 'ignored_auth', 'update accepts any bearer token'],
  ['marketplace-wrong-key-accepted', 'ignored_auth', 'any non-empty api_key is accepted'],
  ['marketplace-missing-key-accepted', 'ignored_auth', 'a request without api_key is served'],
  ['marketplace-purchase-key-unchecked', 'ignored_auth', 'purchase validation never checks api_key'],
  ['marketplace-item-wrong-key-accepted', 'ignored_auth', 'item details accept any api_key'],
  ['marketplace-item-not-found-message', 'documented_error_messages', 'no item found says "Item not found"'],
  ['marketplace-purchase-message', 'documented_error_messages', 'an invalid purchase code says 无效的购买代码'],
  [
    'marketplace-no-items-empty-success',
    'documented_error_messages',
    'a key without items gets 成功 with an empty list',
  ],
  ['marketplace-no-items-message', 'documented_error_messages', 'a key without items gets the message 暂无商品'],
  ['marketplace-success-status-english', 'documented_error_messages', 'success says "success" instead of 成功'],
  ['marketplace-error-status-english', 'documented_error_messages', 'errors say "error" instead of 错误'],
  ['marketplace-any-code-valid', 'documented_error_messages', 'every purchase code validates'],
  ['marketplace-item-not-found-success-null', 'documented_error_messages', 'no item found answers 成功 with item null'],
  [
    'marketplace-not-found-message-with-id',
    'documented_error_messages',
    'the not-found message carries the id (未找到任何商品: 123)',
  ],
  ['marketplace-error-message-field', 'documented_error_messages', 'error bodies carry `message` instead of `msg`'],
  ['analytics-list-default-sort-asc', 'default_equivalence', 'the website list without `sort` is ascending'],
  [
    'analytics-list-default-sort-by-domain',
    'default_equivalence',
    'the website list without `sort_by` is sorted by domain',
  ],
  ['analytics-list-default-per-page-15', 'default_equivalence', 'the website list without `per_page` gives 15 rows'],
  ['analytics-stats-default-sort-by-value', 'default_equivalence', 'statistics without `sort_by` are sorted by value'],
  ['analytics-stats-default-sort-asc', 'default_equivalence', 'statistics without `sort` are ascending'],
  ['analytics-stats-default-per-page-25', 'default_equivalence', 'statistics without `per_page` give 25 rows'],
  ['analytics-create-default-email-1', 'stored_as_sent', 'create without email enables e-mail reports'],
  ['analytics-create-default-privacy-0', 'stored_as_sent', 'create without privacy makes the website public'],
  ['analytics-create-default-exclude-bots-0', 'stored_as_sent', 'create without exclude_bots counts bots'],
  [
    'analytics-list-page-short-by-one',
    'page_size_honoured',
    'the website list gives one row fewer than per_page while more exist',
  ],
  [
    'analytics-list-per-page-ignored',
    'page_size_honoured',
    'the website list always gives 10 rows whatever per_page says',
  ],
  ['analytics-list-per-page-100-capped-50', 'page_size_honoured', 'the website list caps per_page=100 at 50 rows'],
  [
    'analytics-stats-page-short-by-one',
    'page_size_honoured',
    'statistics give one row fewer than per_page while more exist',
  ],
  ['analytics-stats-page-one-extra', 'page_size_honoured', 'statistics give one row more than per_page'],
  ['analytics-stats-per-page-100-capped-50', 'page_size_honoured', 'statistics cap per_page=100 at 50 rows'],
  [
    'analytics-stats-landing-page-per-page-ignored',
    'page_size_honoured',
    'landing page statistics always give 10 rows whatever per_page says',
  ],
  [
    'analytics-stats-daily-per-page-ignored',
    'page_size_honoured',
    'daily statistics (pageviews, visitors) give at most 31 rows whatever per_page says',
  ],
  ['analytics-list-sort-ignored', 'sort_order', 'the website list is always descending'],
  ['analytics-list-sort-inverted', 'sort_order', "the website list's sort direction is inverted"],
  ['analytics-list-sort-by-domain-ignored', 'sort_order', 'sort_by=domain on the website list still sorts by id'],
  ['analytics-stats-sort-ignored', 'sort_order', 'statistics are always descending'],
  ['analytics-stats-sort-by-value-ignored', 'sort_order', 'sort_by=value on statistics still sorts by count'],
  [
    'analytics-stats-hours-sort-ignored',
    'sort_order',
    'hourly statistics always come in hour order (00 to 23), whatever sort and sort_by say',
  ],
  ['analytics-stats-daily-always-ascending', 'sort_order', 'daily statistics always come in ascending date order'],
  ['analytics-list-search-ignored', 'filter_effect', 'search is ignored on the website list'],
  ['analytics-stats-search-ignored', 'filter_effect', 'search is ignored on statistics'],
  ['analytics-stats-referrer-search-ignored', 'filter_effect', 'search is ignored on referrer statistics only'],
  [
    'analytics-list-search-drops-exact',
    'filter_effect',
    "the website list's search needs one more character after the text (a stray `_` wildcard)",
  ],
  [
    'analytics-stats-search-drops-exact',
    'filter_effect',
    "statistics' search needs one more character after the text (a stray `_` wildcard)",
  ],
  ['analytics-stats-range-ignored', 'date_range_effect', 'statistics ignore from/to (always the 30 days up to today)'],
  [
    'analytics-stats-to-plus-one',
    'date_range_effect',
    'daily statistics include the day after `to` (a `<=` on midnight of the next day)',
  ],
  [
    'analytics-stats-from-minus-one',
    'date_range_effect',
    'daily statistics include the day before `from` (a time zone shift)',
  ],
  [
    'analytics-stats-from-exclusive',
    'date_range_effect',
    'statistics leave out the day `from` names (a `>` where `>=` belongs)',
  ],
  [
    'analytics-stats-to-exclusive',
    'date_range_effect',
    'statistics leave out the day `to` names (a `<` on the day itself)',
  ],
  ['analytics-stats-to-ignored', 'date_range_effect', 'statistics ignore `to` (always up to today)'],
  ['analytics-read-neighbour', 'read_matches_list', 'reading a website returns the one with the next id'],
  ['analytics-read-privacy-default', 'read_matches_list', 'reading a website shows privacy 1 whatever it is'],
  [
    'analytics-read-oldest-without-exclusions',
    'read_matches_list',
    'reading one of the twenty oldest websites shows its exclusion lists empty (a migration left them behind)',
  ],
  ['analytics-list-domain-truncated', 'read_matches_list', 'the website list shows domains cut to 16 characters'],
  [
    'analytics-read-above-100-missing',
    'read_matches_list',
    'websites with ids above 100 are listed but cannot be read (a stale cache)',
  ],
  ['marketplace-item-id-ignored', 'read_matches_list', 'item details always return the first item'],
  ['marketplace-item-neighbour', 'read_matches_list', 'item details return the item after the one asked for'],
  ['marketplace-item-price-differs', 'read_matches_list', 'item details show a discounted price the list does not'],
  ['marketplace-item-version-stale', 'read_matches_list', 'item details show an older version than the list'],
  ['marketplace-purchase-code-uppercased', 'echoed_fields', 'the purchase answer echoes the code upper-cased'],
  ['marketplace-purchase-code-without-hyphens', 'echoed_fields', 'the purchase answer echoes the code without hyphens'],
  [
    'marketplace-purchase-code-truncated',
    'echoed_fields',
    'the purchase answer echoes the code cut to 32 characters (a VARCHAR(32) column)',
  ],
  ['analytics-create-drops-exclude-params', 'stored_as_sent', 'create silently drops exclude_params'],
  ['analytics-create-drops-password', 'stored_as_sent', 'create silently drops the password'],
  ['analytics-create-answers-www-domain', 'stored_as_sent', 'the create answer shows the domain with a "www." prefix'],
  ['analytics-update-clobbers', 'write_isolated', 'update resets switches it was not sent to 0 (checkbox semantics)'],
  ['analytics-update-clears-exclude-lists', 'write_isolated', 'update clears exclusion lists it was not sent'],
  ['analytics-update-ignores-privacy', 'stored_as_sent', 'update answers 200 but keeps the old privacy'],
  ['analytics-delete-keeps', 'read_matches_list', 'delete answers 200 but keeps the website'],
  [
    'analytics-deleted-readable-for-10s',
    'read_matches_list',
    'a deleted website still reads, as it was, for 10 s (a read cache the delete does not reach)',
  ],
  [
    'analytics-read-cache-10s',
    'stored_as_sent',
    'reads are cached for 10 s from the first read of a website, and an update does not clear the cache',
  ],
  [
    'analytics-delete-answers-not-found',
    'status_code_conformance',
    'delete deletes but answers 404 (its answer loads the website again, after the delete)',
  ],
  [
    'analytics-created-unreadable',
    'read_matches_list',
    'websites created since the nightly snapshot never read back by id (404): reads come from the snapshot',
  ],
  [
    'analytics-created-not-searchable',
    'list_matches_state',
    'the search never finds websites created since the fake started (their indexing queue is not worked)',
  ],
  [
    'analytics-deleted-still-listed',
    'list_matches_state',
    'the list and its search keep showing deleted websites (a soft delete the list does not filter)',
  ],
  [
    'analytics-update-answers-stale',
    'stored_as_sent',
    'the update answers the website as it was before the update (the model loaded before the save)',
  ],
  [
    'analytics-update-answer-nulls-others',
    'write_isolated',
    'the update answers null for every setting it was not sent (an answer made from the input alone)',
  ],
  [
    'analytics-update-answer-defaults-others',
    'write_isolated',
    "the update answers create's defaults for the settings it was not sent (a new model filled with the input)",
  ],
  [
    'analytics-update-answers-other-website',
    'read_matches_list',
    'the update answers the website with the next id (a reload by position, one off)',
  ],
  [
    'analytics-list-stale-after-update',
    'stored_as_sent',
    'the list shows each website as it was created (a denormalised list table that updates never write)',
  ],
  [
    'analytics-list-privacy-stale',
    'stored_as_sent',
    "the list shows each website's privacy as it was created (a column left out of the list table's update)",
  ],
  [
    'analytics-created-listed-without-exclusions',
    'stored_as_sent',
    'the list shows no exclusion lists for new websites (joined from a table a nightly job fills)',
  ],
  [
    'analytics-list-sync-clobbers-switches',
    'write_isolated',
    "the update writes the list's table from its form, where a switch not sent is 0: the list shows it off",
  ],
  [
    'analytics-search-misses-updated',
    'list_matches_state',
    'websites updated at least once drop out of the search (the re-index after an update fails)',
  ],
  [
    'analytics-stats-of-new-website-404',
    'status_code_conformance',
    'statistics of websites created since the nightly job answer 404 (no statistics table yet)',
  ],
  [
    'analytics-stats-of-new-website-500',
    'not_a_server_error',
    'statistics of websites created since the nightly job answer 500 (a query on a missing table)',
  ],
  [
    'analytics-stats-wide-range-500',
    'not_a_server_error',
    'statistics over a range longer than 90 days answer 500 (the archive query times out)',
  ],
  [
    'analytics-list-500-after-delete',
    'not_a_server_error',
    "the list answers 500 when it would show a deleted website (the row left in the list's table has no owner)",
  ],
  [
    'analytics-stats-daily-per-page-100-capped-60',
    'page_size_honoured',
    'daily statistics give at most 60 rows for per_page=100 (a chart limit applied to the list)',
  ],
  [
    'marketplace-purchase-item-id-off-by-one',
    'linked_records_agree',
    "the purchase names the next item's id (a join on the purchase's row number)",
  ],
  [
    'marketplace-purchase-item-name-stale',
    'linked_records_agree',
    'the purchase shows the name the item had when it was bought',
  ],
  [
    'marketplace-purchase-preview-differs',
    'linked_records_agree',
    "the purchase shows the preview image of the item's first version",
  ],
  [
    'analytics-stats-long-range-unpaged',
    'page_size_honoured',
    'daily statistics over 101 to 366 days come unpaged, every day at once (a chart mode)',
  ],
  [
    'analytics-search-index-partial',
    'list_matches_state',
    'a search only finds websites with ids up to 100 (an index built once and never extended)',
  ],
  [
    'analytics-search-dot-escaped',
    'list_matches_state',
    'a search text with a dot finds nothing: escaped for a regular expression (`\\.`), matched with LIKE',
  ],
  [
    'marketplace-purchase-item-unknown',
    'linked_records_agree',
    'the purchase names an item id no item has (purchases kept the ids of before a renumbering)',
  ],
  [
    'marketplace-listed-item-unreadable-above-7003',
    'read_matches_list',
    'item details cannot find listed items with ids above 7003 (their table stopped being synced)',
  ],
  [
    'marketplace-empty-key-gets-items',
    'key_scope',
    "the key without items gets the main key's items (a response cache keyed by the path alone)",
  ],
  [
    'marketplace-empty-key-lists-featured',
    'key_scope',
    "the key without items gets the storefront's featured items, the main key's, instead of the message",
  ],
  [
    'marketplace-any-key-same-account',
    'key_scope',
    'account details answer the main account for every valid key (looked up by workspace, not by key)',
  ],
  // Evidence decides: each shows only against requests the run derives to settle it.
  [
    'analytics-stats-missing-from-accepted',
    'negative_data_rejection',
    'statistics without `from` start 30 days before today instead of being refused',
  ],
  [
    'marketplace-blank-purchase-code-accepted',
    'negative_data_rejection',
    'purchase validation with a blank code validates the latest purchase',
  ],
  [
    'analytics-list-any-per-page-honoured',
    'negative_data_rejection',
    'the website list honours any per_page from 1 to 100 (only capped, never checked against 10/25/50/100)',
  ],
  [
    'analytics-stats-any-per-page-honoured',
    'negative_data_rejection',
    'statistics honour any per_page from 1 to 100 (only capped, never checked against 10/25/50/100)',
  ],
  [
    'analytics-create-reads-json-only',
    'status_code_conformance',
    'create parses JSON bodies only: the documented form body arrives empty and is refused (domain required)',
  ],
  [
    'analytics-update-reads-json-only',
    'status_code_conformance',
    'update takes JSON only and answers a form body with 415 Unsupported Media Type',
  ],
  [
    'analytics-update-keeps-exclude-lists',
    'stored_as_sent',
    'update answers success but keeps exclude_params and exclude_ips as they were (a table it no longer writes)',
  ],
  [
    'analytics-list-search-ignored-with-search-by',
    'filter_effect',
    'the website list ignores search whenever search_by is sent (only the default branch filters)',
  ],
  [
    'marketplace-purchase-json-only-any-code-valid',
    'documented_error_messages',
    'purchase validation reads a JSON body only (a form body gets 无效请求), and there every code validates',
  ],
  // Combinations: each shows only when two or three parameters are sent together (COMBINATION_FAULTS).
  [
    'analytics-list-sort-dropped-with-search',
    'sort_order',
    "with a search, the website list always comes descending (the search branch's orderBy was written with 'desc')",
  ],
  [
    'analytics-list-per-page-dropped-with-search',
    'page_size_honoured',
    'with a search, the website list gives 10 rows whatever per_page says (its paginator is built without per_page)',
  ],
  [
    'analytics-list-search-matched-against-sort-key',
    'filter_effect',
    'with sort_by sent, the search is matched against the sort column: one `$column` variable, set from search_by ' +
      'and then overwritten by sort_by (sort_by=id finds nothing; sort_by=domain happens to work)',
  ],
  [
    'analytics-list-large-ascending-pages-by-id',
    'sort_order',
    'ascending pages of 50 or more come in id order whatever sort_by says (a keyset paginator for large pages walks ' +
      'the primary key)',
  ],
  [
    'analytics-stats-large-pages-always-descending',
    'sort_order',
    'statistics of listed values (browsers, cities, pages...) with per_page 50 or 100 come descending whatever sort ' +
      'says (large pages are read from a top-N cache kept in descending order)',
  ],
  [
    'analytics-stats-search-drops-to',
    'date_range_effect',
    'statistics with a search run up to today whatever `to` says (the search query is rebuilt and re-applies `from` ' +
      'only)',
  ],
  [
    'analytics-stats-search-filters-after-paging',
    'page_size_honoured',
    'statistics with a search filter the page after cutting it: a page holds only the matching rows among the first ' +
      'per_page rows (the search applied in code after the LIMIT)',
  ],
  [
    'analytics-stats-country-sorted-by-name',
    'sort_order',
    'country statistics with sort_by=value are ordered by the country name joined for display, not by the code ' +
      'the rows show (DE after FR: Germany after France)',
  ],
  [
    'marketplace-item-of-key-without-items-message',
    'documented_error_messages',
    "item details for a key without items answer the list's message 该分类下暂无商品上架 instead of 未找到任何商品 " +
      "(the item lookup starts from the key's item count and reuses the list's error)",
  ],
  // The whole state: each shows only across pages, across records, or across a sequence of writes and reads.
  [
    'analytics-list-page-boundary-skips-row',
    'list_matches_state',
    'every page of the website list after the first starts one row late, so one website is lost at each page ' +
      'boundary (a 1-based offset, (page - 1) * per_page + 1, handed to a 0-based LIMIT)',
  ],
  [
    'analytics-stats-page-boundary-repeats-row',
    'list_matches_state',
    'every page of statistics after the first starts one row early, so the last row of a page is shown again at ' +
      'the top of the next (an offset of (page - 1) * per_page - 1 meant to give context)',
  ],
  [
    'marketplace-items-repeat-first-item',
    'list_matches_state',
    'the item list shows its first item again at the end (the featured items are UNIONed in without DISTINCT)',
  ],
  [
    'analytics-list-pages-sorted-on-their-own',
    'list_matches_state',
    'the website list cuts its pages in id order and sorts each page on its own by the asked key and direction ' +
      '(ORDER BY applied outside a subquery that holds the LIMIT)',
  ],
  [
    'analytics-list-total-ignores-created',
    'pages_consistent',
    "the website list's stated total is a count taken when the server started: websites created since are served " +
      'but not counted',
  ],
  [
    'analytics-update-also-writes-previous-website',
    'write_isolated',
    'an update also writes the settings it sends to the website with the next lower id (a batch UPDATE whose ' +
      'WHERE clause reads id >= instead of id =, bounded by the id before)',
  ],
  [
    'analytics-delete-also-deletes-previous-website',
    'read_matches_list',
    'a delete also deletes the website with the next lower id (the same off-by-one in a DELETE ... LIMIT 2)',
  ],
  [
    'analytics-sort-by-id-uses-updated-at',
    'list_matches_state',
    'sort_by=id orders by the time of the last update, not of the creation (the index meant for creation dates ' +
      'was built on updated_at), so an update moves a website up',
  ],
  [
    'analytics-exclude-lists-keep-first-entry',
    'stored_as_sent',
    'an exclusion list sent with several entries keeps only its first (the form field is read with explode(...)[0])',
  ],
  [
    'analytics-update-empty-value-kept',
    'stored_as_sent',
    'an empty exclusion list sent on update leaves the old list in place (empty strings are treated as not sent)',
  ],
  [
    'analytics-stats-range-from-first-of-month-refused',
    'neighbours_served',
    'statistics whose range starts on the 1st of a month are refused as invalid (the monthly archive of the month ' +
      'before is looked up and its missing table is reported as a bad date)',
  ],
  [
    'analytics-list-search-with-quote-refused',
    'neighbours_served',
    'a website search holding a quote (\' or ") is refused as invalid (an injection filter in front of the query)',
  ],
  [
    'analytics-stats-later-pages-one-short',
    'pages_consistent',
    'statistics pages after the first hold one row fewer than per_page (the LIMIT counts the row the page starts ' +
      'after), though more rows follow',
  ],
  [
    'analytics-delete-clears-previous-exclusions',
    'write_isolated',
    'a delete also clears the exclusion lists of the website with the next lower id (a settings row shared by ' +
      'neighbouring ids is deleted with the first)',
  ],
  [
    'analytics-search-misses-created',
    'list_matches_state',
    'a website created since the server started is listed but never found by a search (the search reads a snapshot ' +
      'taken at start), while the websites it started with are',
  ],
  [
    'analytics-sort-by-id-lists-created-last',
    'list_matches_state',
    'sort_by=id lists the websites created since the server started after the others in either direction (they are ' +
      'appended from a second table)',
  ],
  [
    'analytics-exclude-params-quotes-stripped',
    'stored_as_sent',
    'exclude_params is stored with its quotes and backslashes stripped (a sanitiser meant for HTML attributes)',
  ],
  [
    'analytics-list-search-with-wildcard-refused',
    'neighbours_served',
    'a website search holding % or _ is refused as invalid (a guard against LIKE wildcards)',
  ],
  [
    'analytics-blank-key-accepted',
    'ignored_auth',
    'a Bearer header whose key is blank or only spaces is served as the demo account (an empty token matches the ' +
      'demo seeding row)',
  ],
  [
    'marketplace-blank-key-accepted',
    'ignored_auth',
    'an api_key that is blank or only spaces is served as the main account (the key is trimmed, then looked up with ' +
      'LIKE)',
  ],
  // What the model of the state decides: each shows only in an answer the model predicts (a later page, a search
  // after a delete, a create's answer), in a write's server error, for a value no random draw is sure to send, in
  // a judge that used to disagree with another, or in a read-only record read again.
  [
    'analytics-list-later-pages-reversed',
    'list_matches_state',
    'every page of the website list after the first comes in the reverse of the asked order (a cursor that walks ' +
      'the index backwards), while each page boundary happens to hold',
  ],
  [
    'analytics-search-finds-deleted',
    'list_matches_state',
    'a search of the website list still finds deleted websites (the search index is never told of a delete), while ' +
      'the list itself leaves them out',
  ],
  [
    'analytics-create-answers-previous-id',
    'write_isolated',
    'a create answers with the id of the website created before it (an id read from a per-connection counter a ' +
      'step behind), though it made a new one',
  ],
  [
    'analytics-list-total-counts-deleted',
    'pages_consistent',
    "the website list's stated total counts deleted websites too (a count over the table, soft-deleted rows " +
      'included)',
  ],
  [
    'analytics-update-long-list-500',
    'not_a_server_error',
    'an update with an exclusion list over 200 characters answers 500 (the column overflows in strict SQL mode), ' +
      'where a shorter list is saved',
  ],
  [
    'analytics-update-without-password-unprotects',
    'write_isolated',
    'a website protected by a password, updated without its password, falls back to private (the form applies its ' +
      'rule for privacy 2 without a password to every save)',
  ],
  [
    'analytics-text-cut-at-200',
    'stored_as_sent',
    'an exclusion list or a password over 200 characters is stored cut to 200 (a VARCHAR(200) in a non-strict SQL ' +
      'mode)',
  ],
  [
    'analytics-update-appends-exclusions',
    'stored_as_sent',
    'an update adds the exclusion entries it sends to those stored, keeping the old ones beside them (the lists ' +
      'kept as sets an update merges into)',
  ],
  [
    'marketplace-account-becomes-buyer',
    'read_matches_list',
    "once a purchase was validated, account details answer the buyer's account (the session keeps the account the " +
      'validation loaded)',
  ],
  // Text: each shows only for text outside ASCII or for long text (TEXT_FAULTS).
  [
    'analytics-list-search-non-ascii-500',
    'not_a_server_error',
    'a website list search with a character outside ASCII answers 500 (the text is transliterated with iconv for ' +
      'the domain index, and its notice is turned into an exception)',
  ],
  [
    'analytics-list-search-non-ascii-finds-nothing',
    'list_matches_state',
    'a website list search with a character outside ASCII finds nothing: domains are indexed in their ASCII ' +
      '(punycode) form and the text is not converted',
  ],
  [
    'analytics-stats-long-search-500',
    'not_a_server_error',
    'a statistics search longer than 64 characters answers 500 (each search is logged to a VARCHAR(64) column, ' +
      'which strict SQL mode refuses to overflow)',
  ],
  [
    'marketplace-purchase-non-ascii-code-500',
    'documented_error_messages',
    'a purchase code with a character outside ASCII answers 500 instead of 购买代码无效 (the lookup key is built ' +
      'with an ASCII-only encoder that throws)',
  ],
] as const satisfies ReadonlyArray<readonly [string, CheckName, string]>;

export type FaultName = (typeof LIST)[number][0];

/**
 * Faults that break only a convention, not something the source documentation decides: their check warns
 * (and fails the run only with --strict). Every other fault fails its check.
 */
const CONVENTION_FAULTS: ReadonlySet<FaultName> = new Set<FaultName>([
  // A code looked up without case is the same code in capitals: that it is shown as sent is a convention.
  'marketplace-purchase-code-uppercased',
  'marketplace-purchase-item-id-off-by-one',
  'marketplace-purchase-item-name-stale',
  'marketplace-purchase-preview-differs',
  'marketplace-invalid-code-500',
  'analytics-read-redirects',
  'analytics-create-redirects',
  'analytics-update-redirects',
  'analytics-delete-redirects',
  'marketplace-account-success-400',
  'marketplace-item-success-404',
  'marketplace-purchase-success-422',
  'analytics-list-html',
  'analytics-stats-text-plain',
  'analytics-create-html',
  'analytics-update-text-json',
  'analytics-refusals-html',
  'analytics-unauthenticated-html',
  'marketplace-item-html',
  'marketplace-errors-html',
  'marketplace-account-text-plain',
  'marketplace-purchase-html',
  'analytics-privacy-as-word',
  'analytics-email-as-boolean',
  'analytics-exclude-ips-as-array',
  'analytics-list-keyed-by-id',
  'analytics-list-bad-per-page-accepted',
  'analytics-stats-bad-per-page-accepted',
  'analytics-impossible-date-accepted',
  'analytics-list-bad-sort-accepted',
  'analytics-stats-bad-sort-by-accepted',
  'analytics-list-bad-search-by-accepted',
  'analytics-create-bad-email-accepted',
  'analytics-update-bad-exclude-bots-accepted',
  'analytics-stats-from-exclusive',
  'analytics-stats-to-exclusive',
  'analytics-create-drops-password',
  // Whether a new website's statistics answer before it has any is not decided by the source documentation.
  'analytics-stats-of-new-website-404',
  // An account is linked to a key; that two keys have two accounts is usual, not decided.
  'marketplace-any-key-same-account',
]);

/**
 * Faults that show only when two or three parameters are sent together (a sort direction with a search, a page
 * size with a sort key and direction, a statistic name with a sort key, an item id with a key without items).
 */
export const COMBINATION_FAULTS: ReadonlySet<FaultName> = new Set<FaultName>([
  'analytics-list-sort-dropped-with-search',
  'analytics-list-per-page-dropped-with-search',
  'analytics-list-search-matched-against-sort-key',
  'analytics-list-large-ascending-pages-by-id',
  'analytics-stats-large-pages-always-descending',
  'analytics-stats-search-drops-to',
  'analytics-stats-search-filters-after-paging',
  'analytics-stats-country-sorted-by-name',
  'marketplace-item-of-key-without-items-message',
]);

/** Faults that show only for text outside ASCII or for long text: ASCII and short text are answered correctly. */
export const TEXT_FAULTS: ReadonlySet<FaultName> = new Set<FaultName>([
  'analytics-list-search-non-ascii-500',
  'analytics-list-search-non-ascii-finds-nothing',
  'analytics-stats-long-search-500',
  'marketplace-purchase-non-ascii-code-500',
]);

export interface FaultSpec {
  name: FaultName;
  api: 'analytics' | 'marketplace';
  expectedCheck: CheckName;
  /** `fail` when the source documentation decides what the fault breaks, `warn` when only a convention does. */
  expected: 'fail' | 'warn';
  description: string;
}

export const FAULTS: readonly FaultSpec[] = LIST.map(([name, expectedCheck, description]) => ({
  name,
  api: name.startsWith('analytics-') ? 'analytics' : 'marketplace',
  expectedCheck,
  expected: CONVENTION_FAULTS.has(name) ? 'warn' : 'fail',
  description,
}));

export type Faults = ReadonlySet<FaultName>;
