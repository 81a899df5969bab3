// The fake Analytics deployment: websites and statistics as the source
// documentation describes them (sections 2.1, 4.1, 4.2, 5, 8), shaped by a
// variant where it is silent, with single faults switched on by name.
import { holdsLeapDay, isMonthEnd, parseYmd, parseYmdLoosely, today } from './calendar.js';
import { type FakeWebsite, SEEDED_WEBSITES, seedWebsites } from './data.js';
import type { Faults } from './faults.js';
import { WebsiteHistory } from './history.js';
import { createdIdShown, type Hostile } from './hostile.js';
import { HTML_TYPE, lastValue, outsideAscii, type FakeRequest, type Reply } from './http.js';
import { compareText, isDateStat, isHourStat, type StatPage, statisticsPage, type StatQuery } from './statistics.js';
import type { Variant } from './variants.js';

export const STAT_NAMES = [
  'browser',
  'campaign',
  'city',
  'continent',
  'country',
  'device',
  'event',
  'landing_page',
  'language',
  'os',
  'page',
  'pageviews',
  'pageviews_hours',
  'referrer',
  'resolution',
  'visitors',
  'visitors_hours',
];
export const PER_PAGE = ['10', '25', '50', '100'];
/** What create applies to a setting it is not sent (section 4.1 of the source documentation). */
export const CREATE_DEFAULTS = { privacy: 1, email: 0, exclude_bots: 1 } as const;
const SORT = ['desc', 'asc'];
/** How long the caches of the cache faults keep a website. */
const CACHE_MS = 10_000;
/** The settings an update may send, which its answer shows. */
const SETTINGS = ['privacy', 'password', 'email', 'exclude_bots', 'exclude_params', 'exclude_ips'] as const;
/** Every setting of a website just created without any. */
const NEW_WEBSITE = { ...CREATE_DEFAULTS, password: null, exclude_params: null, exclude_ips: null } as const;

type Operation = 'listWebsites' | 'createWebsite' | 'getWebsite' | 'updateWebsite' | 'deleteWebsite' | 'getStats';

/** A refusal raised while reading parameters, turned into the variant's error reply. */
class Refusal {
  constructor(readonly reply: Reply) {}
}

/** A path segment as the router sees it; a malformed escape names no website (404), as in Laravel. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const timestamp = (): string => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
const label = (field: string): string => field.replace(/_/g, ' ');

export interface AnalyticsOptions {
  key: string;
  faults: Faults;
  hostile: Hostile;
  variant: Variant;
}

export class FakeAnalytics {
  private readonly store = new Map<number, FakeWebsite>(seedWebsites().map((website) => [website.id, website]));
  private readonly history = new WebsiteHistory(seedWebsites());
  private nextId = SEEDED_WEBSITES + 1;
  private readonly faults: Faults;
  private readonly variant: Variant;

  constructor(private readonly options: AnalyticsOptions) {
    this.faults = options.faults;
    this.variant = options.variant;
  }

  websites(): Array<Record<string, unknown>> {
    return [...this.store.values()].map((website) => ({ ...website }));
  }

  handle(request: FakeRequest): Reply {
    const route = this.route(request);
    if (!route) return this.variant.notFound();
    if ('reply' in route) return route.reply;
    const auth = this.authRefusal(request, route.operation);
    if (auth) return auth;
    try {
      return this.withContentType(route.operation, this.serve(route.operation, request, route.id));
    } catch (error) {
      if (error instanceof Refusal) return this.withContentType(route.operation, error.reply);
      throw error;
    }
  }

  private route(request: FakeRequest): { operation: Operation; id?: string } | { reply: Reply } | undefined {
    const { method, path } = request;
    const notAllowed = { reply: { status: 405, body: { message: `The ${method} method is not supported.` } } };
    if (path === '/api/v1/websites' || path === '/api/v1/websites/') {
      if (method === 'GET') return { operation: 'listWebsites' };
      if (method === 'POST') return { operation: 'createWebsite' };
      return notAllowed;
    }
    const website = /^\/api\/v1\/websites\/([^/]+)$/.exec(path);
    if (website) {
      const id = decoded(website[1]!);
      if (method === 'GET') return { operation: 'getWebsite', id };
      if (method === 'PUT') return { operation: 'updateWebsite', id };
      if (method === 'DELETE') return { operation: 'deleteWebsite', id };
      return notAllowed;
    }
    const stats = /^\/api\/v1\/stats\/([^/]+)$/.exec(path);
    if (stats) return method === 'GET' ? { operation: 'getStats', id: decoded(stats[1]!) } : notAllowed;
    return undefined;
  }

  private authRefusal(request: FakeRequest, operation: Operation): Reply | undefined {
    const match = /^bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    const token = match?.[1]?.trim() ?? '';
    if (token === this.options.key) return undefined;
    if (/^bearer\s*$/i.test(request.headers.authorization ?? '') && this.faults.has('analytics-blank-key-accepted'))
      return undefined;
    const why = token === '' ? 'missing' : 'wrong';
    const f = this.faults;
    if (why === 'missing' && f.has('analytics-missing-key-accepted')) return undefined;
    if (why === 'wrong' && f.has('analytics-wrong-key-accepted')) return undefined;
    if (operation === 'getStats' && f.has('analytics-stats-key-unchecked')) return undefined;
    if (operation === 'createWebsite' && why === 'missing' && f.has('analytics-create-missing-key-accepted'))
      return undefined;
    if (operation === 'updateWebsite' && why === 'wrong' && f.has('analytics-update-wrong-key-accepted'))
      return undefined;
    if (f.has('analytics-unauthenticated-html')) {
      return { status: 401, contentType: HTML_TYPE, text: '<!DOCTYPE html><title>Login</title><form action="/login">' };
    }
    return this.variant.unauthenticated(why);
  }

  private withContentType(operation: Operation, reply: Reply): Reply {
    const f = this.faults;
    if (reply.status >= 400 && reply.status < 500 && f.has('analytics-refusals-html') && reply.status !== 404) {
      return { status: reply.status, contentType: HTML_TYPE, text: '<!DOCTYPE html><title>Invalid</title><p>Invalid.' };
    }
    if (reply.status >= 300) return reply;
    const type = (
      {
        listWebsites: f.has('analytics-list-html') ? HTML_TYPE : undefined,
        getStats: f.has('analytics-stats-text-plain') ? 'text/plain; charset=UTF-8' : undefined,
        createWebsite: f.has('analytics-create-html') ? HTML_TYPE : undefined,
        updateWebsite: f.has('analytics-update-text-json') ? 'text/json' : undefined,
      } as Partial<Record<Operation, string>>
    )[operation];
    return type ? { ...reply, contentType: type } : reply;
  }

  private serve(operation: Operation, request: FakeRequest, id: string | undefined): Reply {
    if (operation === 'listWebsites') return this.list(request);
    if (operation === 'createWebsite') return this.create(request);
    const website = this.find(id ?? '');
    if (!website) {
      // A read cache that a delete does not reach: a deleted website reads as it was for a while.
      const lingering =
        operation === 'getWebsite' &&
        this.faults.has('analytics-deleted-readable-for-10s') &&
        /^\d{1,15}$/.test(id ?? '')
          ? this.history.deletedWithin(Number(id), CACHE_MS)
          : undefined;
      return lingering ? this.variant.one(this.render(lingering, 'read')) : this.variant.notFound();
    }
    if (operation === 'getWebsite') return this.read(website);
    if (operation === 'updateWebsite') return this.update(website, request);
    if (operation === 'deleteWebsite') return this.remove(website);
    return this.stats(website, request);
  }

  private find(id: string): FakeWebsite | undefined {
    return /^\d{1,15}$/.test(id) ? this.store.get(Number(id)) : undefined;
  }

  // ---- parameters -------------------------------------------------------------

  private invalid(field: string, message = `The selected ${label(field)} is invalid.`): Refusal {
    return new Refusal(this.variant.invalid(field, message));
  }

  /** An enum parameter: absent gives null, anything outside the allowed strings is refused. */
  private choice(parameters: URLSearchParams, field: string, allowed: readonly string[], lenient = false) {
    const value = lastValue(parameters, field);
    if (value === null) return null;
    if (allowed.includes(value)) return value;
    if (lenient) return null;
    throw this.invalid(field);
  }

  private page(request: FakeRequest): number {
    const page = lastValue(request.query, 'page');
    return page !== null && /^[1-9]\d{0,6}$/.test(page) ? Number(page) : 1;
  }

  /**
   * Page links carry the parameters in effect, defaults filled in (Laravel's `withQueryString()` over the
   * validated input), so a client following `next` keeps its filters and an omitted default links alike.
   */
  private linkBase(request: FakeRequest, effective: Record<string, string | null>): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(effective)) if (value !== null && value !== '') query.set(name, value);
    return `http://${request.headers.host ?? '127.0.0.1'}${request.path}?${query}`;
  }

  // ---- websites ---------------------------------------------------------------

  private render(website: FakeWebsite, where: 'list' | 'read' | 'write'): Record<string, unknown> {
    const f = this.faults;
    const record = this.variant.website(website);
    if (f.has('analytics-privacy-as-word')) record.privacy = ['public', 'private', 'password'][website.privacy];
    if (f.has('analytics-email-as-boolean')) record.email = website.email === 1;
    if (f.has('analytics-exclude-ips-as-array') && website.exclude_ips !== null)
      record.exclude_ips = website.exclude_ips.split(',');
    if (where === 'list' && f.has('analytics-list-domain-truncated') && website.domain.length > 16)
      record.domain = `${website.domain.slice(0, 15)}…`;
    if (where === 'read' && f.has('analytics-read-privacy-default')) record.privacy = 1;
    return record;
  }

  private list(request: FakeRequest): Reply {
    const f = this.faults;
    const q = request.query;
    let perPage =
      (f.has('analytics-list-any-per-page-honoured') ? anyPageSize(q) : null) ??
      this.choice(q, 'per_page', PER_PAGE, f.has('analytics-list-bad-per-page-accepted'));
    if (perPage === '25' && f.has('analytics-list-per-page-25-422')) throw this.invalid('per_page');
    const sort = this.choice(q, 'sort', SORT, f.has('analytics-list-bad-sort-accepted'));
    const sortBy = this.choice(q, 'sort_by', ['id', 'domain']);
    const searchBy = this.choice(q, 'search_by', ['domain'], f.has('analytics-list-bad-search-by-accepted'));
    if (searchBy !== null && f.has('analytics-list-search-by-domain-422')) throw this.invalid('search_by');
    if (perPage === '100' && f.has('analytics-list-per-page-100-500'))
      return { status: 500, body: { message: 'Server Error' } };
    if (sortBy === 'domain' && f.has('analytics-list-sort-by-domain-500'))
      return { status: 500, body: { message: 'Server Error' } };
    const search = lastValue(q, 'search') ?? '';
    if (/['"]/.test(search) && f.has('analytics-list-search-with-quote-refused')) throw this.invalid('search');
    if (/[%_]/.test(search) && f.has('analytics-list-search-with-wildcard-refused')) throw this.invalid('search');
    // The text is transliterated with iconv for the domain index, and the notice on a character outside ASCII is
    // turned into an exception.
    if (outsideAscii(search) && f.has('analytics-list-search-non-ascii-500'))
      return { status: 500, body: { message: 'Server Error' } };
    perPage ??= f.has('analytics-list-default-per-page-15') ? '15' : '10';

    let direction = sort ?? (f.has('analytics-list-default-sort-asc') ? 'asc' : 'desc');
    if (f.has('analytics-list-sort-ignored')) direction = 'desc';
    if (f.has('analytics-list-sort-inverted')) direction = direction === 'asc' ? 'desc' : 'asc';
    // The search branch builds its own query, whose orderBy was written with 'desc'.
    if (search !== '' && f.has('analytics-list-sort-dropped-with-search')) direction = 'desc';
    let key = sortBy ?? (f.has('analytics-list-default-sort-by-domain') ? 'domain' : 'id');
    if (f.has('analytics-list-sort-by-domain-ignored')) key = 'id';
    // Ascending pages of 50 or more go through a keyset paginator that walks the primary key.
    if (direction === 'asc' && Number(perPage) >= 50 && f.has('analytics-list-large-ascending-pages-by-id')) key = 'id';

    // A soft delete the list does not filter keeps deleted websites listed.
    // The search reads an index a delete is never sent to: a deleted website is still found by a search.
    const searching = (lastValue(q, 'search') ?? '') !== '';
    const kept =
      f.has('analytics-deleted-still-listed') ||
      f.has('analytics-list-500-after-delete') ||
      (searching && f.has('analytics-search-finds-deleted'))
        ? [...this.store.values(), ...this.history.deletedWebsites()]
        : [...this.store.values()];
    const rows = kept.map((website) => this.asListed(website)).filter((website) => this.searchKeeps(website, q));
    const byUpdate = f.has('analytics-sort-by-id-uses-updated-at');
    const order = (a: FakeWebsite, b: FakeWebsite) =>
      key === 'domain'
        ? compareText(a.domain, b.domain)
        : byUpdate
          ? a.updated_at.localeCompare(b.updated_at) || a.id - b.id
          : a.id - b.id;
    rows.sort(order);
    if (direction === 'desc') rows.reverse();
    if (key === 'id' && f.has('analytics-sort-by-id-lists-created-last')) {
      const created = rows.filter((website) => this.history.wasCreatedHere(website.id));
      rows.splice(0, rows.length, ...rows.filter((website) => !this.history.wasCreatedHere(website.id)), ...created);
    }
    // The pages are cut from the rows in id order, and each page is then sorted on its own.
    const cutFrom = f.has('analytics-list-pages-sorted-on-their-own') ? [...rows].sort((a, b) => b.id - a.id) : rows;

    // The search branch's paginator is built without per_page: its pages are of the default size, and say so.
    if (search !== '' && f.has('analytics-list-per-page-dropped-with-search')) perPage = '10';
    const size = Number(perPage);
    const page = this.page(request);
    let shown = size;
    if (f.has('analytics-list-per-page-ignored')) shown = 10;
    if (size === 100 && f.has('analytics-list-per-page-100-capped-50')) shown = 50;
    const start = (page - 1) * size + (page > 1 && f.has('analytics-list-page-boundary-skips-row') ? 1 : 0);
    const slice = cutFrom.slice(start, start + shown);
    if (cutFrom !== rows) {
      slice.sort(order);
      if (direction === 'desc') slice.reverse();
    }
    // A page after the first is read through a cursor that walks the index backwards: its rows come reversed.
    if (page > 1 && f.has('analytics-list-later-pages-reversed')) slice.reverse();
    if (f.has('analytics-list-page-short-by-one') && rows.length > page * size) slice.pop();
    // The delete leaves the website's row in the list table, and rendering its missing owner throws.
    if (f.has('analytics-list-500-after-delete') && slice.some((website) => this.history.wasDeleted(website.id)))
      return { status: 500, body: { message: 'Server Error' } };
    const reply = this.variant.list({
      rows: slice.map((website) => this.render(website, 'list')),
      total: f.has('analytics-list-total-ignores-created')
        ? rows.filter((website) => !this.history.wasCreatedHere(website.id)).length
        : // A count over the table, soft-deleted rows included.
          rows.length + (f.has('analytics-list-total-counts-deleted') ? this.history.deletedWebsites().length : 0),
      page,
      perPage: size,
      url: this.linkBase(request, {
        search,
        sort_by: key,
        sort: direction,
        per_page: perPage,
      }),
    });
    return f.has('analytics-list-keyed-by-id') ? keyedById(reply) : reply;
  }

  /**
   * The website as the list reads it, from a denormalised table of its own that create and update write: the
   * same as the website, unless a fault lets that table drift.
   */
  private asListed(website: FakeWebsite): FakeWebsite {
    const row = this.history.listRow(website.id) ?? website;
    // The list joins exclusion lists from a settings table that a nightly job fills: new websites have none yet.
    if (this.faults.has('analytics-created-listed-without-exclusions') && this.history.wasCreatedHere(website.id))
      return { ...row, exclude_params: null, exclude_ips: null };
    return row;
  }

  /** The row an update writes to the list's table: the website as it now is, unless a fault writes another. */
  private listRowAfterUpdate(website: FakeWebsite, sent: Partial<FakeWebsite>): FakeWebsite | undefined {
    const f = this.faults;
    // The list table is written by create and never by update.
    if (f.has('analytics-list-stale-after-update')) return undefined;
    // The update writes every setting to the list table but privacy (a column left out of its UPDATE).
    if (f.has('analytics-list-privacy-stale'))
      return { ...website, privacy: this.history.listRow(website.id)?.privacy ?? website.privacy };
    // The list table is written from the form, where a switch not sent (an unchecked box) is 0.
    if (f.has('analytics-list-sync-clobbers-switches'))
      return { ...website, email: sent.email ?? 0, exclude_bots: sent.exclude_bots ?? 0 };
    return website;
  }

  /** Whether the search index holds a website: every one, unless a fault keeps some out. */
  private indexed(website: FakeWebsite): boolean {
    const f = this.faults;
    // The index was built once, at 100 websites, and never extended.
    if (f.has('analytics-search-index-partial') && website.id > 100) return false;
    // New websites are indexed by a queue worker that is not running.
    if (f.has('analytics-created-not-searchable') && this.history.wasCreatedHere(website.id)) return false;
    // The search reads a snapshot of the websites taken when the server started.
    if (f.has('analytics-search-misses-created') && this.history.wasCreatedHere(website.id)) return false;
    // An update takes the website out of the index to re-index it, and the re-index job fails.
    if (f.has('analytics-search-misses-updated') && this.history.wasUpdated(website.id)) return false;
    return true;
  }

  private searchKeeps(website: FakeWebsite, query: URLSearchParams): boolean {
    const search = lastValue(query, 'search');
    if (search === null || search === '' || this.faults.has('analytics-list-search-ignored')) return true;
    // The search is built for the form's default only: a `search_by` sent takes the branch that never filters.
    if (this.faults.has('analytics-list-search-ignored-with-search-by') && lastValue(query, 'search_by') !== null)
      return true;
    if (!this.indexed(website)) return false;
    // The text is escaped for a regular expression (`.` as `\.`) but matched with LIKE: a dot matches nothing.
    if (this.faults.has('analytics-search-dot-escaped') && search.includes('.')) return false;
    // The index holds domains in their ASCII (punycode) form and the text is not converted: no text outside ASCII
    // is found in it.
    if (outsideAscii(search) && this.faults.has('analytics-list-search-non-ascii-finds-nothing')) return false;
    // One `$column` serves the search and the sort: set from search_by, then overwritten by a sort_by sent.
    const sortColumn = lastValue(query, 'sort_by');
    if (sortColumn === 'id' && this.faults.has('analytics-list-search-matched-against-sort-key'))
      return String(website.id).includes(search);
    const haystack = website.domain.toLowerCase();
    const needle = search.toLowerCase();
    if (this.faults.has('analytics-list-search-drops-exact')) {
      const at = haystack.indexOf(needle);
      return at >= 0 && haystack.length > at + needle.length;
    }
    return haystack.includes(needle);
  }

  private read(website: FakeWebsite): Reply {
    const f = this.faults;
    if (f.has('analytics-read-redirects')) return { status: 302, headers: { Location: '/login' } };
    if (f.has('analytics-read-above-100-missing') && website.id > 100) return this.variant.notFound();
    // Reads come from a nightly snapshot of the websites: those created since never read back.
    if (f.has('analytics-created-unreadable') && this.history.wasCreatedHere(website.id))
      return this.variant.notFound();
    // A read cache that an update does not clear (a delete does).
    let shown = f.has('analytics-read-cache-10s') ? this.history.cachedRead(website, CACHE_MS) : website;
    // The oldest sites were migrated from a system that kept no exclusion lists; reads show them empty.
    if (f.has('analytics-read-oldest-without-exclusions') && website.id <= 20)
      shown = { ...website, exclude_params: '', exclude_ips: '' };
    if (f.has('analytics-read-neighbour')) shown = this.neighbour(website);
    return this.variant.one(this.render(shown, 'read'));
  }

  /** The website with the next id, or the one before for the newest. */
  private neighbour(website: FakeWebsite): FakeWebsite {
    const ids = [...this.store.keys()].sort((a, b) => a - b);
    const next = ids.find((id) => id > website.id) ?? ids.filter((id) => id < website.id).pop();
    return (next === undefined ? undefined : this.store.get(next)) ?? website;
  }

  /** The settings of a create or update body; refuses a value outside its documented set. */
  private settings(form: URLSearchParams, operation: 'create' | 'update'): Partial<FakeWebsite> {
    const f = this.faults;
    const result: Partial<FakeWebsite> = {};
    const toggles = [
      ['privacy', ['0', '1', '2']],
      ['email', ['0', '1']],
      ['exclude_bots', ['0', '1']],
    ] as const;
    for (const [field, allowed] of toggles) {
      const value = lastValue(form, field);
      if (value === null) continue;
      if ((allowed as readonly string[]).includes(value)) {
        result[field] = Number(value);
        continue;
      }
      const truthy = value !== '' && value !== '0' && value !== 'false' ? 1 : 0;
      if (operation === 'create' && field === 'privacy' && f.has('analytics-create-bad-privacy-accepted')) {
        result.privacy = /^-?\d+$/.test(value) ? Number(value) : 0;
      } else if (operation === 'create' && field === 'email' && f.has('analytics-create-bad-email-accepted')) {
        result.email = truthy;
      } else if (
        operation === 'update' &&
        field === 'exclude_bots' &&
        f.has('analytics-update-bad-exclude-bots-accepted')
      ) {
        result.exclude_bots = truthy;
      } else {
        throw this.invalid(field);
      }
    }
    for (const field of ['password', 'exclude_params', 'exclude_ips'] as const) {
      const value = lastValue(form, field);
      if (value === null) continue;
      if (field !== 'password' && value === '' && operation === 'update' && f.has('analytics-update-empty-value-kept'))
        continue;
      result[field] =
        field !== 'password' && f.has('analytics-exclude-lists-keep-first-entry') ? value.split(/[,\n]/)[0]! : value;
      // Text over 200 characters is cut to 200 (a VARCHAR(200) in a non-strict SQL mode).
      if (f.has('analytics-text-cut-at-200') && String(result[field]).length > 200)
        result[field] = String(result[field]).slice(0, 200);
      if (field === 'exclude_params' && f.has('analytics-exclude-params-quotes-stripped'))
        result[field] = String(result[field]).replace(/['"\\]/g, '');
    }
    return result;
  }

  private create(request: FakeRequest): Reply {
    const f = this.faults;
    // An `express.json()`-only app: a form body is never parsed, so the create has no fields at all.
    const form =
      f.has('analytics-create-reads-json-only') && !sentAsJson(request) ? new URLSearchParams() : request.form;
    const domain = lastValue(form, 'domain');
    if (domain === null || domain.trim() === '') throw this.invalid('domain', 'The domain field is required.');
    const settings = this.settings(form, 'create');
    if (settings.exclude_ips !== undefined && f.has('analytics-create-exclude-ips-500'))
      return { status: 500, body: { message: 'Server Error' } };
    if (f.has('analytics-create-drops-exclude-params')) delete settings.exclude_params;
    if (f.has('analytics-create-drops-password')) delete settings.password;
    const at = timestamp();
    const website: FakeWebsite = {
      id: this.nextId++,
      domain,
      privacy: f.has('analytics-create-default-privacy-0') ? 0 : CREATE_DEFAULTS.privacy,
      password: null,
      email: f.has('analytics-create-default-email-1') ? 1 : CREATE_DEFAULTS.email,
      exclude_bots: f.has('analytics-create-default-exclude-bots-0') ? 0 : CREATE_DEFAULTS.exclude_bots,
      exclude_params: null,
      exclude_ips: null,
      created_at: at,
      updated_at: at,
      ...settings,
    };
    this.store.set(website.id, website);
    this.history.created(website);
    if (f.has('analytics-create-redirects'))
      return { status: 303, headers: { Location: `/websites/${website.id}/edit` } };
    const record = this.render(website, 'write');
    if (f.has('analytics-create-answers-www-domain')) record.domain = `www.${domain}`;
    // A create answers with the id of the website created before it (an id read from a per-connection counter on
    // a pooled connection, a step behind).
    const before = this.history.createdBefore(website.id);
    if (f.has('analytics-create-answers-previous-id') && before !== undefined && this.store.has(before))
      record.id = before;
    const hostile = this.options.hostile;
    if (hostile.has('create-answers-no-id')) delete record.id;
    else record.id = createdIdShown(hostile, record.id);
    return this.variant.one(record, true);
  }

  private update(website: FakeWebsite, request: FakeRequest): Reply {
    const f = this.faults;
    // The update route takes JSON only, and says so.
    if (f.has('analytics-update-reads-json-only') && !sentAsJson(request))
      return { status: 415, body: { message: 'Unsupported Media Type: send application/json.' } };
    const domain = lastValue(request.form, 'domain');
    // `domain` is not an update field: refused, or (Laravel's validated()) dropped unread, never applied but by fault.
    if (domain !== null && this.variant.fieldsNotTaken === 'refuse' && !f.has('analytics-update-applies-domain'))
      throw this.invalid('domain', 'The domain field is prohibited.');
    const settings = this.settings(request.form, 'update');
    if (domain !== null && f.has('analytics-update-applies-domain')) website.domain = domain;
    // The exclusion lists are a set an update adds to: the entries stored stay beside the ones sent.
    if (f.has('analytics-update-appends-exclusions'))
      for (const field of ['exclude_params', 'exclude_ips'] as const) {
        const [stored, sent] = [website[field], settings[field]];
        if (stored && sent) settings[field] = [...new Set([...stored.split(','), ...sent.split(',')])].join(',');
      }
    // An exclusion list over 200 characters overflows its column, and strict SQL mode refuses it with an error.
    if (
      f.has('analytics-update-long-list-500') &&
      [settings.exclude_params, settings.exclude_ips].some((list) => (list?.length ?? 0) > 200)
    )
      return { status: 500, body: { message: 'Server Error' } };
    // A website protected by a password, updated without its password, falls back to private (the form's rule for
    // privacy 2 without a password is applied to every save).
    if (
      f.has('analytics-update-without-password-unprotects') &&
      website.privacy === 2 &&
      settings.password === undefined &&
      settings.privacy === undefined
    )
      settings.privacy = 1;
    if (settings.password !== undefined && f.has('analytics-update-password-500'))
      return { status: 500, body: { message: 'Server Error' } };
    if (f.has('analytics-update-ignores-privacy')) delete settings.privacy;
    // The exclusion lists moved to a table of their own that the update no longer writes.
    if (f.has('analytics-update-keeps-exclude-lists')) {
      delete settings.exclude_params;
      delete settings.exclude_ips;
    }
    // The checkbox fault: an HTML form's unchecked boxes arrive as "not sent" and are saved as 0.
    const clobbered = f.has('analytics-update-clobbers') ? { email: 0, exclude_bots: 0 } : {};
    const cleared = f.has('analytics-update-clears-exclude-lists') ? { exclude_params: null, exclude_ips: null } : {};
    const before = { ...website };
    Object.assign(website, clobbered, cleared, settings, { updated_at: timestamp() });
    this.history.updated(website, this.listRowAfterUpdate(website, settings));
    const previous = f.has('analytics-update-also-writes-previous-website') ? this.previous(website) : undefined;
    if (previous) {
      Object.assign(previous, settings, { updated_at: timestamp() });
      this.history.updated(previous, previous);
    }
    if (f.has('analytics-update-redirects')) return { status: 302, headers: { Location: '/websites' } };
    return this.variant.one(this.render(this.updateAnswer(website, before, settings), 'write'));
  }

  /** What an update answers: the website as it now is, unless a fault answers another picture of it. */
  private updateAnswer(website: FakeWebsite, before: FakeWebsite, sent: Partial<FakeWebsite>): FakeWebsite {
    const f = this.faults;
    const notSent = SETTINGS.filter((field) => !(field in sent));
    // The answer is the model as it was loaded, before the save.
    if (f.has('analytics-update-answers-stale')) return before;
    // The answer is made from the validated input alone: what was not sent is null.
    if (f.has('analytics-update-answer-nulls-others'))
      return { ...website, ...Object.fromEntries(notSent.map((field) => [field, null])) } as unknown as FakeWebsite;
    // The answer is a new model filled with the input: create's defaults for the rest.
    if (f.has('analytics-update-answer-defaults-others'))
      return { ...website, ...Object.fromEntries(notSent.map((field) => [field, NEW_WEBSITE[field]])) };
    // The answer reloads the website by position, one off.
    if (f.has('analytics-update-answers-other-website')) return this.neighbour(website);
    return website;
  }

  /** The website with the next lower id, if any. */
  private previous(website: FakeWebsite): FakeWebsite | undefined {
    const below = [...this.store.keys()].filter((id) => id < website.id);
    return below.length > 0 ? this.store.get(Math.max(...below)) : undefined;
  }

  private remove(website: FakeWebsite): Reply {
    if (this.options.hostile.has('delete-500')) return { status: 500, body: { message: 'Server Error' } };
    if (!this.faults.has('analytics-delete-keeps')) {
      const previous = this.faults.has('analytics-delete-also-deletes-previous-website')
        ? this.previous(website)
        : undefined;
      for (const gone of [website, ...(previous ? [previous] : [])]) {
        this.history.deleted(gone);
        this.store.delete(gone.id);
      }
      const neighbour = this.faults.has('analytics-delete-clears-previous-exclusions')
        ? this.previous(website)
        : undefined;
      if (neighbour) {
        Object.assign(neighbour, { exclude_params: null, exclude_ips: null });
        this.history.updated(neighbour, neighbour);
      }
    }
    // The answer loads the website again to render it, after it was deleted.
    if (this.faults.has('analytics-delete-answers-not-found')) return this.variant.notFound();
    if (this.faults.has('analytics-delete-redirects')) return { status: 302, headers: { Location: '/websites' } };
    return this.variant.deleted();
  }

  // ---- statistics -------------------------------------------------------------

  private date(query: URLSearchParams, field: 'from' | 'to'): number {
    const f = this.faults;
    const text = lastValue(query, field);
    if (text === null) {
      if (field === 'to' && f.has('analytics-stats-missing-to-accepted')) return today();
      if (field === 'from' && f.has('analytics-stats-missing-from-accepted')) return today() - 29;
      throw this.invalid(field, `The ${field} field is required.`);
    }
    const strict = parseYmd(text);
    if (strict !== undefined) return strict;
    if (f.has('analytics-impossible-date-accepted')) {
      const loose = parseYmdLoosely(text);
      if (loose !== undefined) return loose;
    }
    if (f.has('analytics-loose-date-accepted')) {
      // `strtotime($value) ?: time()`: whatever a date parser reads, and today for anything else.
      const parsed = Date.parse(text);
      return Number.isNaN(parsed) ? today() : Math.floor(parsed / 86_400_000);
    }
    throw this.invalid(field, `The ${field} field must match the format Y-m-d.`);
  }

  private stats(website: FakeWebsite, request: FakeRequest): Reply {
    const f = this.faults;
    const q = request.query;
    const serverError = { status: 500, body: { message: 'Server Error' } };
    const nameText = lastValue(q, 'name');
    if (nameText === null) throw this.invalid('name', 'The name field is required.');
    const known = STAT_NAMES.includes(nameText);
    if (!known && !f.has('analytics-unknown-statistic-accepted')) throw this.invalid('name');
    if (nameText === 'os' && f.has('analytics-stats-os-422')) throw this.invalid('name');
    let from = this.date(q, 'from');
    let to = this.date(q, 'to');
    if (isMonthEnd(from - 1) && f.has('analytics-stats-range-from-first-of-month-refused'))
      throw this.invalid('from', 'The from field must be a date with statistics.');
    let perPage =
      (f.has('analytics-stats-any-per-page-honoured') ? anyPageSize(q) : null) ??
      this.choice(q, 'per_page', PER_PAGE, f.has('analytics-stats-bad-per-page-accepted'));
    const sort = this.choice(q, 'sort', SORT);
    if (sort === 'asc' && f.has('analytics-stats-sort-asc-422')) throw this.invalid('sort');
    const sortBy = this.choice(q, 'sort_by', ['count', 'value'], f.has('analytics-stats-bad-sort-by-accepted'));
    this.choice(q, 'search_by', ['value']);

    if (nameText === 'city' && f.has('analytics-stats-city-500')) return serverError;
    if (nameText === 'event' && f.has('analytics-stats-event-404'))
      return { status: 404, body: { message: 'Not Found' } };
    if (f.has('analytics-stats-leap-day-500') && holdsLeapDay(from, to)) return serverError;
    if (f.has('analytics-stats-month-end-500') && (isMonthEnd(from) || isMonthEnd(to))) return serverError;
    if (perPage === '50' && f.has('analytics-stats-per-page-50-500')) return serverError;
    // A website created since the nightly job has no statistics table yet: not found, or a query that throws.
    if (this.history.wasCreatedHere(website.id)) {
      if (f.has('analytics-stats-of-new-website-404')) return this.variant.notFound();
      if (f.has('analytics-stats-of-new-website-500')) return serverError;
    }
    // Ranges over 90 days read an archive table whose query times out.
    if (f.has('analytics-stats-wide-range-500') && to - from + 1 > 90) return serverError;
    const search = lastValue(q, 'search');
    // Each search is logged to a VARCHAR(64) column, and strict SQL mode refuses a longer text.
    if (search !== null && [...search].length > 64 && f.has('analytics-stats-long-search-500')) return serverError;
    perPage ??= f.has('analytics-stats-default-per-page-25') ? '25' : '10';

    if (f.has('analytics-stats-range-ignored')) [from, to] = [today() - 29, today()];
    if (f.has('analytics-stats-to-ignored')) to = today();
    if (f.has('analytics-stats-to-plus-one')) to += 1;
    if (f.has('analytics-stats-from-minus-one')) from -= 1;
    if (f.has('analytics-stats-from-exclusive')) from += 1;
    if (f.has('analytics-stats-to-exclusive')) to -= 1;
    // The search query is rebuilt from scratch and re-applies `from` only: it runs up to today.
    if (search !== null && search !== '' && f.has('analytics-stats-search-drops-to')) to = today();
    let direction = sort ?? (f.has('analytics-stats-default-sort-asc') ? 'asc' : 'desc');
    if (f.has('analytics-stats-sort-ignored')) direction = 'desc';
    let key = sortBy ?? (f.has('analytics-stats-default-sort-by-value') ? 'value' : 'count');
    if (f.has('analytics-stats-sort-by-value-ignored')) key = 'count';
    if (isDateStat(nameText) && f.has('analytics-stats-daily-always-ascending')) direction = 'asc';
    if (isHourStat(nameText) && f.has('analytics-stats-hours-sort-ignored')) [key, direction] = ['value', 'asc'];
    // Large pages of listed values are read from a top-N cache kept in descending order.
    if (!isDateStat(nameText) && Number(perPage) >= 50 && f.has('analytics-stats-large-pages-always-descending'))
      direction = 'desc';
    const query: StatQuery = {
      websiteId: website.id,
      name: known ? nameText : '',
      from,
      to,
      search:
        f.has('analytics-stats-search-ignored') ||
        (nameText === 'referrer' && f.has('analytics-stats-referrer-search-ignored'))
          ? null
          : search,
      sortBy: key as StatQuery['sortBy'],
      sort: direction as StatQuery['sort'],
      searchMode: f.has('analytics-stats-search-drops-exact') ? 'longer' : 'contains',
      // Countries are shown by code but joined with their names for display, and the value sort takes the name.
      ...(nameText === 'country' && f.has('analytics-stats-country-sorted-by-name')
        ? { valueOrder: (code: string) => COUNTRY_NAMES[code] ?? code }
        : {}),
    };

    const size = Number(perPage);
    const page = this.page(request);
    let shown = size;
    if (size === 100 && f.has('analytics-stats-per-page-100-capped-50')) shown = 50;
    if (size === 100 && isDateStat(nameText) && f.has('analytics-stats-daily-per-page-100-capped-60')) shown = 60;
    // A chart mode for ranges longer than 100 days (up to a year) gives every day at once.
    const days = to - from + 1;
    if (isDateStat(nameText) && f.has('analytics-stats-long-range-unpaged') && days > 100 && days <= 366) shown = days;
    if (isDateStat(nameText) && f.has('analytics-stats-daily-per-page-ignored')) shown = 31;
    if (f.has('analytics-stats-page-one-extra')) shown += 1;
    if (nameText === 'landing_page' && f.has('analytics-stats-landing-page-per-page-ignored')) shown = 10;
    const result =
      query.search && f.has('analytics-stats-search-filters-after-paging')
        ? searchedAfterPaging(query, (page - 1) * size, shown)
        : statisticsPage(
            query,
            (page - 1) * size - (page > 1 && f.has('analytics-stats-page-boundary-repeats-row') ? 1 : 0),
            shown,
          );
    if (f.has('analytics-stats-page-short-by-one') && result.total > page * size) result.rows.pop();
    if (page > 1 && f.has('analytics-stats-later-pages-one-short') && result.total > page * size) result.rows.pop();
    const rows = result.rows.map((row): Record<string, unknown> => {
      if (f.has('analytics-stats-row-without-count')) return { value: row.value, visits: row.count };
      if (f.has('analytics-stats-hours-without-value') && isHourStat(nameText))
        return { hour: row.value, count: row.count };
      return { ...row };
    });
    const url = this.linkBase(request, {
      name: nameText,
      from: lastValue(q, 'from'),
      to: lastValue(q, 'to'),
      search,
      sort_by: key,
      sort: direction,
      per_page: perPage,
    });
    return this.variant.list({ rows, total: result.total, page, perPage: size, url });
  }
}

/** The "keyed collection" fault: rows as an object keyed by id instead of an array. */
function keyedById(reply: Reply): Reply {
  const toObject = (rows: unknown[]) =>
    Object.fromEntries(rows.map((row, index) => [String((row as { id?: unknown }).id ?? index), row]));
  if (Array.isArray(reply.body)) return { ...reply, body: toObject(reply.body) };
  const body = reply.body as { data?: unknown };
  if (body && Array.isArray(body.data)) return { ...reply, body: { ...body, data: toObject(body.data) } };
  return reply;
}

/** The display names the country statistic joins to its codes. */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  AU: 'Australia',
  BR: 'Brazil',
  CA: 'Canada',
  CN: 'China',
  DE: 'Germany',
  ES: 'Spain',
  FR: 'France',
  GB: 'United Kingdom',
  IN: 'India',
  IT: 'Italy',
  JP: 'Japan',
  KR: 'South Korea',
  MX: 'Mexico',
  NL: 'Netherlands',
  SE: 'Sweden',
  SG: 'Singapore',
  US: 'United States',
};

/**
 * A search applied in code after the LIMIT: the page is cut from the unfiltered rows and then filtered, while
 * the total still counts every matching row.
 */
function searchedAfterPaging(query: StatQuery, offset: number, limit: number): StatPage {
  const needle = (query.search ?? '').toLowerCase();
  const unfiltered = statisticsPage({ ...query, search: null }, offset, limit);
  return {
    total: statisticsPage(query, 0, 0).total,
    rows: unfiltered.rows.filter((row) => row.value.toLowerCase().includes(needle)),
  };
}

/** Any page size from 1 to 100, as a deployment that only caps `per_page` takes it. */
function anyPageSize(query: URLSearchParams): string | null {
  const value = lastValue(query, 'per_page');
  return value !== null && /^[1-9][0-9]?$|^100$/.test(value) ? value : null;
}

const sentAsJson = (request: FakeRequest): boolean =>
  (request.headers['content-type'] ?? '').startsWith('application/json');
