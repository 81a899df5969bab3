// A broad, fixed probe of both APIs, run in process against the handlers:
// every operation, the documented parameter values, bad values, missing and
// wrong keys, the documented error conditions, a write round trip, and the
// requests the specs' links lead to (a website read then searched for, a
// created website read, searched for and its statistics read, each update
// followed by a read, the list after the updates and after the delete, a
// purchase's item read, what the key without items selects), parameters
// sent together, text outside ASCII or long, and the whole state: walks
// through every page, writes read back beside their neighbours, neighbours
// of a request, blank keys. Each exchange says what the request meant, so a
// fault's effect can be judged.
import { FakeAnalytics, STAT_NAMES } from './analytics.js';
import { seedWebsites } from './data.js';
import type { FaultName } from './faults.js';
import type { FakeRequest, Reply } from './http.js';
import { FakeMarketplace, MESSAGES } from './marketplace.js';
import { type VariantName, variantNamed } from './variants.js';

export const PROBE_KEYS = {
  analytics: 'probe-analytics-key',
  key: 'probe-market-key',
  emptyKey: 'probe-empty',
  purchaseCode: 'c0ffee00-1111-4222-8333-444455556666',
};
const RANGE = { from: '2024-02-27', to: '2024-03-02' };
/** RANGE a day shorter at each end. */
const INNER_RANGE = { from: '2024-02-28', to: '2024-03-01' };

/** What the request was: conforming, breaking one rule, unauthorised, a documented error condition, or else. */
export type Intent = 'valid' | 'invalid' | 'unauthorised' | 'other' | { msg: string };

/**
 * The key a request carried: the API's own, the marketplace's other valid key (without items), none valid, or one
 * that is empty or only spaces (`blank`), which is no key.
 */
export type SentKey = 'main' | 'without-records' | 'wrong' | 'missing' | 'blank';

export interface Exchange {
  api: 'analytics' | 'marketplace';
  operationId: string;
  intent: Intent;
  key: SentKey;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  /** How the body travelled: the documented form, or JSON (a write sent again to see whether the form is read). */
  encoding: 'form' | 'json';
  reply: Reply;
  /** The request and the answer on one line, timestamps of the moment left out. */
  line: string;
  /** The walk through every page of a list that the request is a page of: only what it holds together is judged. */
  walk?: string;
}

function operationOf(method: string, path: string): string {
  if (path === '/api/v1/websites') return method === 'GET' ? 'listWebsites' : 'createWebsite';
  if (path.startsWith('/api/v1/websites/'))
    return ({ GET: 'getWebsite', PUT: 'updateWebsite', DELETE: 'deleteWebsite' } as Record<string, string>)[method]!;
  if (path.startsWith('/api/v1/stats/')) return 'getStats';
  return (
    {
      '/api/account/details': 'getAccountDetails',
      '/api/items/all': 'listItems',
      '/api/items/item': 'getItem',
      '/api/purchases/validation': 'validatePurchase',
    } as Record<string, string>
  )[path]!;
}

export function probe(faults: FaultName[], variantName: VariantName = 'laravel'): Exchange[] {
  const variant = variantNamed(variantName);
  const set = new Set(faults);
  const analytics = new FakeAnalytics({ key: PROBE_KEYS.analytics, faults: set, hostile: new Set(), variant });
  const marketplace = new FakeMarketplace(PROBE_KEYS, set, variant);
  const exchanges: Exchange[] = [];
  // How many websites the clean fake holds as the probe's conforming writes leave it, counted from the requests,
  // not the answers, so that a walk asks for as many pages under every fault.
  let held = seedWebsites().length;

  const send = (
    api: Exchange['api'],
    intent: Intent,
    method: string,
    path: string,
    query: Record<string, string> = {},
    form: Record<string, string> = {},
    key?: string | null,
    encoding: 'form' | 'json' = 'form',
  ) => {
    const sentKey = key === undefined ? (api === 'analytics' ? PROBE_KEYS.analytics : PROBE_KEYS.key) : key;
    const keyKind: SentKey =
      key === undefined
        ? 'main'
        : key === null
          ? 'missing'
          : key === PROBE_KEYS.emptyKey
            ? 'without-records'
            : key.trim() === ''
              ? 'blank'
              : 'wrong';
    const q = new URLSearchParams(query);
    const f = new URLSearchParams(form);
    const headers: FakeRequest['headers'] = { host: 'fake' };
    // An empty key is sent as the bare scheme, nothing after it.
    if (api === 'analytics' && sentKey !== null)
      headers.authorization = sentKey === '' ? 'Bearer' : `Bearer ${sentKey}`;
    if (api === 'analytics' && intent === 'valid' && path === '/api/v1/websites' && method === 'POST') held += 1;
    if (api === 'analytics' && intent === 'valid' && method === 'DELETE') held -= 1;
    if (api === 'marketplace' && sentKey !== null) (method === 'GET' ? q : f).set('api_key', sentKey);
    if (encoding === 'json') headers['content-type'] = 'application/json';
    const rawBody = encoding === 'json' ? JSON.stringify(Object.fromEntries(f)) : `${f}`;
    const request: FakeRequest = { method, path, query: q, form: f, rawQuery: `${q}`, rawBody, headers };
    const reply = api === 'analytics' ? analytics.handle(request) : marketplace.handle(request);
    const text = (reply.text ?? JSON.stringify(reply.body) ?? '').replace(/"(created|updated)_at":"[^"]*"/g, '');
    const extra = JSON.stringify(reply.headers ?? {});
    const sentBody = encoding === 'json' ? rawBody : `${f}`;
    const line = `${method} ${path}?${q} ${sentBody} -> ${reply.status} ${reply.contentType ?? ''} ${extra} ${text}`;
    exchanges.push({
      api,
      operationId: operationOf(method, path),
      intent,
      key: keyKind,
      path,
      query,
      form,
      encoding,
      reply,
      line,
    });
  };
  /** A field of the record the last answer showed (under `data` or bare), as text; `fallback` when it shows none. */
  const lastShown = (field: string, fallback: string): string => {
    const reply = exchanges.at(-1)?.reply;
    const body = (reply?.body ?? {}) as { data?: Record<string, unknown> } & Record<string, unknown>;
    const record = (typeof body.data === 'object' && body.data !== null ? body.data : body) as Record<string, unknown>;
    const value = record[field];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : fallback;
  };
  const get = (intent: Intent, path: string, query: Record<string, string> = {}) =>
    send('analytics', intent, 'GET', path, query);

  const list = '/api/v1/websites';
  get('valid', list);
  for (const perPage of ['10', '25', '50', '100']) get('valid', list, { per_page: perPage });
  for (const sort of ['asc', 'desc']) get('valid', list, { sort });
  for (const sortBy of ['id', 'domain']) get('valid', list, { sort_by: sortBy });
  get('valid', list, { search_by: 'domain' });
  get('valid', list, { search: seedWebsites()[0]!.domain, search_by: 'domain', per_page: '100' });
  for (const search of ['lunaria', seedWebsites()[0]!.domain]) get('valid', list, { search, per_page: '100' });
  get('valid', list, { per_page: '100', page: '2' });
  const badList: Array<Record<string, string>> = [
    { per_page: '7' },
    { sort: 'up' },
    { sort_by: 'name' },
    { search_by: 'url' },
  ];
  for (const bad of badList) get('invalid', list, bad);
  // Each website read, then found in the list by the domain the read showed (the spec's FindReadWebsite link).
  for (const id of ['1', '5', '101', '140']) {
    get('valid', `${list}/${id}`);
    get('valid', list, { search: lastShown('domain', seedWebsites()[Number(id) - 1]!.domain) });
  }
  get('other', `${list}/999`);

  const stats = '/api/v1/stats/3';
  for (const name of STAT_NAMES) get('valid', stats, { name, ...RANGE });
  for (const name of ['pageviews', 'visitors']) {
    get('valid', stats, { name, ...RANGE, per_page: '100' });
    get('valid', stats, { name, ...INNER_RANGE, per_page: '100' });
  }
  for (const name of ['city', 'pageviews']) {
    const sentDefaults: Array<Record<string, string>> = [{ sort: 'desc' }, { sort_by: 'count' }, { per_page: '10' }];
    for (const sent of sentDefaults) get('valid', stats, { name, ...RANGE, ...sent });
  }
  for (const name of ['pageviews', 'city', 'visitors_hours', 'landing_page', 'referrer']) {
    const long = { name, from: '2023-01-31', to: '2023-06-30' };
    for (const sort of ['asc', 'desc'])
      for (const sortBy of ['count', 'value']) get('valid', stats, { name, ...RANGE, sort, sort_by: sortBy });
    for (const perPage of ['10', '25', '50', '100']) get('valid', stats, { ...long, per_page: perPage });
    for (const search of ['ford', 'Harford', '2023-02-28', '02', 'guide', 'github.io'])
      get('valid', stats, { ...long, search, search_by: 'value', per_page: '100' });
  }
  const badStats: Array<Record<string, string>> = [
    { name: 'weather', ...RANGE },
    { name: 'city', ...RANGE, per_page: '7' },
    { name: 'city', ...RANGE, sort_by: 'x' },
    { name: 'city', from: '2026-02-30', to: '2026-03-02' },
    { name: 'city', from: '2026/02/01', to: '2026-03-02' },
    { name: 'city', from: '2026-02-01' },
    { name: 'city', to: '2026-03-02' },
  ];
  for (const bad of badStats) get('invalid', stats, bad);

  for (const key of [null, 'wrong-key']) {
    send('analytics', 'unauthorised', 'GET', list, {}, {}, key);
    send('analytics', 'unauthorised', 'GET', stats, { name: 'city', ...RANGE }, {}, key);
    send('analytics', 'unauthorised', 'POST', list, {}, { domain: `probe-${key}.example.com` }, key);
    send('analytics', 'unauthorised', 'PUT', `${list}/7`, {}, { email: '1' }, key);
  }

  const full = {
    domain: 'probe-full.example.com',
    privacy: '2',
    password: 'pw-probe',
    email: '1',
    exclude_bots: '0',
    exclude_params: 'a,b',
    exclude_ips: '10.0.0.1,10.0.0.2',
  };
  send('analytics', 'valid', 'POST', list, {}, full);
  const id = analytics.websites().find((website) => website.domain === full.domain)?.id;
  const path = `${list}/${id}`;
  const searchFull = { search: full.domain, per_page: '100' };
  // The created website reads back, is found by its domain, and its statistics answer (the create's links).
  get('valid', path);
  get('valid', list, searchFull);
  get('valid', `/api/v1/stats/${id}`, { name: 'city', ...RANGE });
  const changes: Array<Record<string, string>> = [
    { privacy: '0' },
    { email: '0' },
    { exclude_bots: '1' },
    { password: 'pw2' },
    { exclude_params: 'c,d' },
  ];
  for (const change of changes) {
    send('analytics', 'valid', 'PUT', path, {}, change);
    get('valid', path);
  }
  // The same kind of write in JSON, the other common encoding: it tells a form body never read from a refusal.
  send('analytics', 'valid', 'PUT', path, {}, { email: '1' }, undefined, 'json');
  get('valid', path);
  for (const bad of [{ domain: 'other.example.com' }, { exclude_bots: '9' }] as Array<Record<string, string>>) {
    send('analytics', 'invalid', 'PUT', path, {}, bad);
    get('valid', path);
  }
  // Listed as the reads show it after the updates; gone from the list once deleted.
  get('valid', list, searchFull);
  send('analytics', 'valid', 'DELETE', path);
  get('other', path);
  get('valid', list, searchFull);
  send('analytics', 'valid', 'POST', list, {}, { domain: 'probe-min.example.com' });
  send('analytics', 'valid', 'POST', list, {}, { domain: 'probe-json.example.com' }, undefined, 'json');
  send('analytics', 'invalid', 'POST', list, {}, { domain: 'p9.example.com', privacy: '9' });
  send('analytics', 'invalid', 'POST', list, {}, { domain: 'e5.example.com', email: '5' });
  get('valid', list, { search: 'probe', per_page: '100' });

  // Parameters that meet: a search with a sort direction, a page size or a sort key; a sort key, a direction and a
  // large page; a statistic name with a sort key; a search with a page size or a range.
  const shops = { search: 'shop.', per_page: '25' };
  get('valid', list, shops);
  get('valid', list, { ...shops, sort: 'asc' });
  get('valid', list, { search: seedWebsites()[0]!.domain, sort_by: 'id', per_page: '100' });
  get('valid', list, { sort_by: 'domain', sort: 'asc', per_page: '50' });
  get('valid', stats, { name: 'city', ...RANGE, sort: 'asc', per_page: '100' });
  get('valid', stats, { name: 'country', ...RANGE, sort_by: 'value', sort: 'asc' });
  get('valid', stats, { name: 'city', ...RANGE, search: 'ford', search_by: 'value', per_page: '25' });
  get('valid', stats, { name: 'pageviews', ...RANGE, search: '-0', search_by: 'value', per_page: '50' });
  // Text outside ASCII or long: a search with an umlaut, a website with a domain in Chinese created and found again
  // by it, a search of 70 characters.
  get('valid', list, { search: 'bücher' });
  const chinese = '茶馆.example.cn';
  send('analytics', 'valid', 'POST', list, {}, { domain: chinese });
  get('valid', list, { search: chinese });
  const longSearch = '/docs/getting-started/installing-the-tracker-on-windows-macos-and-linux';
  get('valid', stats, { name: 'page', ...RANGE, search: longSearch, search_by: 'value' });

  // The whole state: what only shows across the pages of a walk, across records, or across writes and reads.
  /**
   * Every page of a list that holds `rows` rows in the clean fake, up to the first page shorter than `per_page`
   * (empty when `rows` is a multiple of it): how a client without totals or links knows it has seen every page.
   * The number of pages is fixed, so a fault changes what the pages show, never how many are asked for.
   */
  const walk = (name: string, path: string, query: Record<string, string>, rows: number) => {
    for (let page = 1; page <= Math.floor(rows / Number(query.per_page)) + 1; page++) {
      get('valid', path, { ...query, page: String(page) });
      exchanges.at(-1)!.walk = name;
    }
  };
  walk('websites by 10', list, { per_page: '10' }, held);
  walk('websites by 100', list, { per_page: '100' }, held);
  walk('websites by domain by 25', list, { sort_by: 'domain', sort: 'asc', per_page: '25' }, held);
  // A daily statistic over 60 days: 60 rows, walked in three page sizes and both orders.
  const sixtyDays = { name: 'pageviews', from: '2024-03-10', to: '2024-05-08' };
  walk('pageviews by 10', stats, { ...sixtyDays, per_page: '10' }, 60);
  walk('pageviews ascending by 25', stats, { ...sixtyDays, sort: 'asc', per_page: '25' }, 60);
  walk('pageviews by 100', stats, { ...sixtyDays, per_page: '100' }, 60);

  // Writes beside neighbours. Two websites of the probe's, an older one with an exclusion list of three entries
  // and a newer one, and a website the fake starts with (created in 2024, long before both) with the one below
  // it: each read, then the list. An update of the newer, one emptying the older's list and one of the website
  // from 2024, each followed by reads of what it wrote and of the website below; the list again; the newer
  // deleted, the older read, and the list once more. The website from 2024 and the newer one were created at
  // least a second apart, and an update of the former must not move it in the list sorted by id (the date
  // created): their created_at differ by far more than the fake's one-second resolution, so no wait is needed.
  const idOf = (domain: string) => analytics.websites().find((website) => website.domain === domain)?.id;
  const older = { domain: 'probe-older.example.com', exclude_params: 'a,b,c' };
  const newer = { domain: 'probe-newer.example.com' };
  send('analytics', 'valid', 'POST', list, {}, older);
  send('analytics', 'valid', 'POST', list, {}, newer);
  const [olderPath, newerPath] = [`${list}/${idOf(older.domain)}`, `${list}/${idOf(newer.domain)}`];
  const [settled, belowSettled] = [`${list}/60`, `${list}/59`];
  for (const read of [olderPath, newerPath, belowSettled, settled]) get('valid', read);
  walk('websites by 100 before the updates', list, { per_page: '100' }, held);
  send('analytics', 'valid', 'PUT', newerPath, {}, { email: '1' });
  get('valid', newerPath);
  get('valid', olderPath);
  send('analytics', 'valid', 'PUT', olderPath, {}, { exclude_params: '' });
  get('valid', olderPath);
  send('analytics', 'valid', 'PUT', settled, {}, { email: '1' });
  get('valid', settled);
  get('valid', belowSettled);
  walk('websites by 100 after the updates', list, { per_page: '100' }, held);
  send('analytics', 'valid', 'DELETE', newerPath);
  get('other', newerPath);
  get('valid', olderPath);
  walk('websites by 100 after the delete', list, { per_page: '100' }, held);

  // Neighbours: statistics of a range starting on the 1st of a month, then of the same range a day earlier; a
  // search holding a quote, then one of the same length in ASCII letters.
  get('valid', stats, { name: 'browser', from: '2024-05-01', to: '2024-05-07' });
  get('valid', stats, { name: 'browser', from: '2024-04-30', to: '2024-05-06' });
  get('valid', list, { search: "tea's" });
  get('valid', list, { search: 'teass' });
  // Blank keys: the scheme with nothing after it, or only spaces.
  for (const key of ['', '   ']) {
    send('analytics', 'unauthorised', 'GET', list, {}, {}, key);
    send('analytics', 'unauthorised', 'GET', stats, { name: 'city', ...RANGE }, {}, key);
  }

  const market = (intent: Intent, method: string, route: string, query = {}, form = {}, key?: string | null) =>
    send('marketplace', intent, method, route, query, form, key);
  market('valid', 'GET', '/api/account/details');
  market('valid', 'GET', '/api/items/all');
  for (const item of ['7001', '7002', '7003', '7004', '7005'])
    market('valid', 'GET', '/api/items/item', { item_id: item });
  market({ msg: MESSAGES.noItem }, 'GET', '/api/items/item', { item_id: '999999' });
  for (const bad of [{ item_id: 'abc' }, {}, { item_id: '7005x' }]) market('invalid', 'GET', '/api/items/item', bad);
  market('valid', 'POST', '/api/purchases/validation', {}, { purchase_code: PROBE_KEYS.purchaseCode });
  // The purchase's item, read by the id the purchase names (the spec's ReadPurchasedItem link).
  const purchased = (exchanges.at(-1)?.reply.body as { data?: { purchase?: { item?: { id?: unknown } } } } | undefined)
    ?.data?.purchase?.item?.id;
  market('valid', 'GET', '/api/items/item', { item_id: purchased === undefined ? '7001' : String(purchased) });
  market({ msg: MESSAGES.invalidCode }, 'POST', '/api/purchases/validation', {}, { purchase_code: 'not-a-code' });
  market({ msg: MESSAGES.invalidCode }, 'POST', '/api/purchases/validation', {}, { purchase_code: '购买码-0000' });
  market('invalid', 'POST', '/api/purchases/validation');
  market('invalid', 'POST', '/api/purchases/validation', {}, { purchase_code: '' });
  market('valid', 'GET', '/api/account/details', {}, {}, PROBE_KEYS.emptyKey);
  market({ msg: MESSAGES.noItems }, 'GET', '/api/items/all', {}, {}, PROBE_KEYS.emptyKey);
  // An item the main key lists, asked for with the key without items: not found, with item details' own message.
  market({ msg: MESSAGES.noItem }, 'GET', '/api/items/item', { item_id: '7001' }, {}, PROBE_KEYS.emptyKey);
  for (const key of [null, 'wrong-key']) {
    market('unauthorised', 'GET', '/api/account/details', {}, {}, key);
    market('unauthorised', 'GET', '/api/items/all', {}, {}, key);
    market('unauthorised', 'GET', '/api/items/item', { item_id: '7001' }, {}, key);
    market('unauthorised', 'POST', '/api/purchases/validation', {}, { purchase_code: PROBE_KEYS.purchaseCode }, key);
  }
  // The item list read again (what two reads list together), and blank keys: empty, or only spaces.
  market('valid', 'GET', '/api/items/all');
  for (const key of ['', '   ']) {
    market('unauthorised', 'GET', '/api/account/details', {}, {}, key);
    market('unauthorised', 'GET', '/api/items/all', {}, {}, key);
    market('unauthorised', 'GET', '/api/items/item', { item_id: '7001' }, {}, key);
    market('unauthorised', 'POST', '/api/purchases/validation', {}, { purchase_code: PROBE_KEYS.purchaseCode }, key);
  }

  // Appended after the rest, so that every earlier request is asked as before. Two more websites of the probe's,
  // the lower with exclusion lists holding quotes and a backslash, the upper created after it: each read and
  // searched for by its own domain, beside a website the fake starts with searched for by its own; an update of
  // the lower writing quotes again, read back; the upper read, deleted, and the lower read once more (its lists
  // still full). Then a search holding %, one holding _, and one of as many ASCII letters.
  const quoted = {
    domain: 'probe-quoted.example.com',
    exclude_params: `utm_"id",it's,a\\b`,
    exclude_ips: '10.0.0.3,10.0.0.4',
  };
  const upper = { domain: 'probe-upper.example.com' };
  send('analytics', 'valid', 'POST', list, {}, quoted);
  send('analytics', 'valid', 'POST', list, {}, upper);
  const [quotedPath, upperPath] = [`${list}/${idOf(quoted.domain)}`, `${list}/${idOf(upper.domain)}`];
  get('valid', quotedPath);
  for (const domain of [quoted.domain, upper.domain, seedWebsites()[9]!.domain]) get('valid', list, { search: domain });
  send('analytics', 'valid', 'PUT', quotedPath, {}, { exclude_params: `ref="a\\b",o'k` });
  get('valid', quotedPath);
  get('valid', upperPath);
  send('analytics', 'valid', 'DELETE', upperPath);
  get('other', upperPath);
  get('valid', quotedPath);
  for (const search of ['my%site', 'my_site', 'mysites']) get('valid', list, { search });

  // Appended last: two creates in a row, each followed by a read of the id its answer names; a create with an
  // exclusion list over 200 characters, read back; an update of the quoted website with one, read back; and the
  // account read again after the purchase validations above.
  const long = `long-${'abcdefghij'.repeat(30)}`;
  for (const domain of ['probe-first.example.com', 'probe-second.example.com']) {
    send('analytics', 'valid', 'POST', list, {}, { domain });
    get('valid', `${list}/${String(recordIdOf(exchanges.at(-1)!.reply))}`);
  }
  send('analytics', 'valid', 'POST', list, {}, { domain: 'probe-long.example.com', exclude_params: long });
  get('valid', `${list}/${idOf('probe-long.example.com')}`);
  send('analytics', 'valid', 'PUT', quotedPath, {}, { exclude_ips: long });
  get('valid', quotedPath);
  market('valid', 'GET', '/api/account/details');
  return exchanges;
}

/** The id a write's answer names (in `data` or bare). */
function recordIdOf(reply: Reply): unknown {
  const body = reply.body as { data?: { id?: unknown }; id?: unknown } | undefined;
  return body?.data?.id ?? body?.id;
}
