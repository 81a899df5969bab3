// A conforming Analytics deployment (Laravel-like where the seed is silent),
// with switchable faults.
import type { ServerResponse } from 'node:http';
import { BROWSERS, countFor, seedWebsites, type FakeWebsite } from './data.js';
import type { FaultName } from './faults.js';
import { sendJson, type FakeRequest } from './http.js';

const PER_PAGE = ['10', '25', '50', '100'];
const STAT_NAMES = [
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
const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

let lenientCalendar = false;

function isDate(value: string | null): boolean {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  if (lenientCalendar) return Number(value.slice(5, 7)) <= 12 && Number(value.slice(8, 10)) <= 31;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export class FakeAnalytics {
  private readonly websites = new Map<number, FakeWebsite>(seedWebsites().map((website) => [website.id, website]));
  private nextId = 100;

  constructor(
    private readonly key: string,
    private readonly faults: ReadonlySet<FaultName>,
  ) {}

  private render(website: FakeWebsite): Record<string, unknown> {
    if (this.faults.has('analytics-privacy-as-word'))
      return { ...website, privacy: ['public', 'private', 'password'][website.privacy] };
    return { ...website };
  }

  private paginate(
    response: ServerResponse,
    path: string,
    rows: unknown[],
    perPage: number,
    contentType?: string,
  ): void {
    const data = rows.slice(0, perPage);
    sendJson(
      response,
      200,
      {
        data,
        links: {
          first: `${path}?page=1`,
          last: `${path}?page=${Math.max(1, Math.ceil(rows.length / perPage))}`,
          prev: null,
          next: rows.length > perPage ? `${path}?page=2` : null,
        },
        meta: {
          current_page: 1,
          from: data.length ? 1 : null,
          last_page: Math.max(1, Math.ceil(rows.length / perPage)),
          per_page: perPage,
          to: data.length || null,
          total: rows.length,
        },
      },
      contentType,
    );
  }

  private invalid(response: ServerResponse, field: string) {
    if (this.faults.has('analytics-refusals-as-html')) {
      response.writeHead(422, { 'Content-Type': 'text/html; charset=UTF-8' });
      return void response.end(`<!DOCTYPE html><title>Unprocessable</title><p>The ${field} is invalid.</p>`);
    }
    sendJson(response, 422, {
      message: `The selected ${field.replace('_', ' ')} is invalid.`,
      errors: { [field]: [`The selected ${field.replace('_', ' ')} is invalid.`] },
    });
  }

  private authorised(request: FakeRequest): boolean {
    const header = request.headers.authorization;
    if (!header) return this.faults.has('analytics-missing-key-accepted');
    if (this.faults.has('analytics-wrong-key-accepted')) return true;
    return header === `Bearer ${this.key}`;
  }

  /** Validates the shared list parameters; answers and returns false when one is invalid. */
  private listParameters(
    request: FakeRequest,
    response: ServerResponse,
    sortBy: string[],
    searchBy: string[],
  ): { perPage: number } | undefined {
    const perPage = request.query.get('per_page');
    if (perPage !== null && !PER_PAGE.includes(perPage) && !this.faults.has('analytics-bad-per-page-accepted'))
      return void this.invalid(response, 'per_page');
    const sort = request.query.get('sort');
    if (sort !== null && !['asc', 'desc'].includes(sort)) return void this.invalid(response, 'sort');
    const by = request.query.get('sort_by');
    if (by !== null && !sortBy.includes(by)) return void this.invalid(response, 'sort_by');
    const searchField = request.query.get('search_by');
    if (searchField !== null && !searchBy.includes(searchField)) return void this.invalid(response, 'search_by');
    if (perPage === '50' && this.faults.has('analytics-per-page-50-refused'))
      return void this.invalid(response, 'per_page');
    const size = perPage !== null && PER_PAGE.includes(perPage) ? Number(perPage) : 10;
    // An off-by-one in the page arithmetic that only shows with 25 rows a page.
    if (size === 25 && this.faults.has('analytics-page-short-by-one')) return { perPage: 24 };
    return { perPage: this.faults.has('analytics-per-page-ignored') ? 1000 : size };
  }

  private order<T>(rows: T[], key: (row: T) => string | number, request: FakeRequest): T[] {
    const fallback = this.faults.has('analytics-sort-default-asc') ? 'asc' : 'desc';
    const direction = this.faults.has('analytics-sort-ignored') ? 'desc' : (request.query.get('sort') ?? fallback);
    const sorted = [...rows].sort((a, b) => {
      const x = key(a);
      const y = key(b);
      return typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'en', { sensitivity: 'base' });
    });
    return direction === 'asc' ? sorted : sorted.reverse();
  }

  private search<T>(rows: T[], field: (row: T) => string, request: FakeRequest): T[] {
    const needle = request.query.get('search');
    if (!needle || this.faults.has('analytics-search-ignored')) return rows;
    // Statistics search by prefix only, so a needle inside a value is missed.
    if (this.faults.has('analytics-stats-search-prefix') && request.query.has('name'))
      return rows.filter((row) => field(row).toLowerCase().startsWith(needle.toLowerCase()));
    return rows.filter((row) => field(row).toLowerCase().includes(needle.toLowerCase()));
  }

  private settings(form: URLSearchParams, response: ServerResponse): Partial<FakeWebsite> | undefined {
    const result: Partial<FakeWebsite> = {};
    for (const [field, allowed] of [
      ['privacy', ['0', '1', '2']],
      ['email', ['0', '1']],
      ['exclude_bots', ['0', '1']],
    ] as const) {
      const value = form.get(field);
      if (value === null) continue;
      const lenient = field === 'privacy' && this.faults.has('analytics-bad-privacy-accepted') && /^\d+$/.test(value);
      if (!(allowed as readonly string[]).includes(value) && !lenient) return void this.invalid(response, field);
      result[field] = Number(value);
    }
    for (const field of ['password', 'exclude_params', 'exclude_ips'] as const) {
      const value = form.get(field);
      if (value !== null) result[field] = value;
    }
    return result;
  }

  /** Every domain the fake currently tracks, for assertions about cleanup. */
  domains(): string[] {
    return [...this.websites.values()].map((website) => website.domain);
  }

  handle(request: FakeRequest, response: ServerResponse) {
    if (!this.authorised(request)) return sendJson(response, 401, { message: 'Unauthenticated.' });
    const { method, path } = request;
    if (path === '/api/v1/websites' && method === 'GET') return this.list(request, response);
    if (path === '/api/v1/websites' && method === 'POST') return this.create(request, response);
    const websiteMatch = /^\/api\/v1\/websites\/(\d+)$/.exec(path);
    if (websiteMatch) {
      const website = this.websites.get(Number(websiteMatch[1]));
      if (!website) return sendJson(response, 404, { message: 'No query results for model [Website].' });
      if (method === 'GET') return this.read(website, response);
      if (method === 'PUT') return this.update(website, request, response);
      if (method === 'DELETE') return this.remove(website, response);
    }
    const statsMatch = /^\/api\/v1\/stats\/(\d+)$/.exec(path);
    if (statsMatch && method === 'GET') {
      const website = this.websites.get(Number(statsMatch[1]));
      if (!website) return sendJson(response, 404, { message: 'No query results for model [Website].' });
      return this.stats(website, request, response);
    }
    sendJson(response, 404, { message: 'Not Found' });
  }

  private list(request: FakeRequest, response: ServerResponse) {
    const parameters = this.listParameters(request, response, ['id', 'domain'], ['domain']);
    if (!parameters) return;
    const by = request.query.get('sort_by') ?? 'id';
    const rows = this.order(
      this.search([...this.websites.values()], (row) => row.domain, request),
      (row) => (by === 'domain' ? row.domain : row.id),
      request,
    );
    this.paginate(
      response,
      '/api/v1/websites',
      rows.map((row) => this.render(row)),
      parameters.perPage,
      this.faults.has('analytics-list-html') ? 'text/html; charset=UTF-8' : undefined,
    );
  }

  private read(website: FakeWebsite, response: ServerResponse) {
    if (this.faults.has('analytics-read-neighbour')) {
      const neighbour = this.websites.get(website.id - 1);
      if (neighbour) return sendJson(response, 200, { data: this.render(neighbour) });
    }
    if (this.faults.has('analytics-read-redirects')) {
      response.writeHead(302, { Location: '/login' });
      return void response.end();
    }
    sendJson(response, 200, { data: this.render(website) });
  }

  private create(request: FakeRequest, response: ServerResponse) {
    const domain = request.form.get('domain');
    if (!domain) return this.invalid(response, 'domain');
    const settings = this.settings(request.form, response);
    if (!settings) return;
    const at = now();
    const website: FakeWebsite = {
      id: this.nextId++,
      domain,
      privacy: 1,
      password: null,
      email: this.faults.has('analytics-wrong-create-default') ? 1 : 0,
      exclude_bots: 1,
      exclude_params: null,
      exclude_ips: null,
      created_at: at,
      updated_at: at,
      ...settings,
    };
    if (this.faults.has('analytics-create-drops-exclude-ips')) website.exclude_ips = null;
    this.websites.set(website.id, website);
    sendJson(response, 201, { data: this.render(website) });
  }

  private update(website: FakeWebsite, request: FakeRequest, response: ServerResponse) {
    if (request.form.has('domain') && !this.faults.has('analytics-update-domain-accepted'))
      return this.invalid(response, 'domain');
    const settings = this.settings(request.form, response);
    if (!settings) return;
    // The fault: an HTML form's unchecked boxes arrive as "not sent" and are saved as 0.
    const clobbered = this.faults.has('analytics-update-clobbers') ? { email: 0, exclude_bots: 0 } : {};
    Object.assign(website, clobbered, settings, { updated_at: now() });
    sendJson(response, 200, { data: this.render(website) });
  }

  private remove(website: FakeWebsite, response: ServerResponse) {
    if (!this.faults.has('analytics-delete-keeps')) this.websites.delete(website.id);
    sendJson(response, 200, { message: 'Website deleted.' });
  }

  private stats(website: FakeWebsite, request: FakeRequest, response: ServerResponse) {
    if (this.faults.has('analytics-stats-server-error')) return sendJson(response, 500, { message: 'Server Error' });
    const name = request.query.get('name');
    if (name === 'city' && this.faults.has('analytics-stat-city-500'))
      return sendJson(response, 500, { message: 'Server Error' });
    const leap = [request.query.get('from'), request.query.get('to')].some((day) => day?.endsWith('-02-29'));
    if (leap && this.faults.has('analytics-leap-day-500')) return sendJson(response, 500, { message: 'Server Error' });
    if (!name || (!STAT_NAMES.includes(name) && !this.faults.has('analytics-unknown-statistic-accepted')))
      return this.invalid(response, 'name');
    const lenientDates = this.faults.has('analytics-malformed-date-accepted');
    // PHP's date parser rolls 2026-02-30 over to March 2 instead of refusing it.
    lenientCalendar = this.faults.has('analytics-impossible-date-accepted');
    let from = request.query.get('from');
    let to = request.query.get('to');
    if (!lenientDates && (!isDate(from) || !isDate(to))) return this.invalid(response, isDate(from) ? 'to' : 'from');
    if (!isDate(from) || !isDate(to) || this.faults.has('analytics-stats-range-ignored')) {
      to = new Date().toISOString().slice(0, 10);
      from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    }
    const parameters = this.listParameters(request, response, ['count', 'value'], ['value']);
    if (!parameters) return;
    const values =
      name === 'pageviews' || name === 'visitors'
        ? days(from!, to!)
        : name === 'browser'
          ? BROWSERS
          : ['alpha', 'beta', 'gamma', 'delta'];
    const key = this.faults.has('analytics-stats-row-without-count') ? 'visits' : 'count';
    const rows = values.map((value) => ({ value, [key]: countFor(website.id, value) }));
    const by = request.query.get('sort_by') ?? 'count';
    const ordered = this.order(
      this.search(rows, (row) => row.value, request),
      (row) => (by === 'value' ? row.value : (row[key] as number)),
      request,
    );
    this.paginate(response, `/api/v1/stats/${website.id}`, ordered, parameters.perPage);
  }
}

function days(from: string, to: string): string[] {
  const result: string[] = [];
  for (
    let day = new Date(`${from}T00:00:00Z`);
    day <= new Date(`${to}T00:00:00Z`) && result.length < 400;
    day = new Date(day.getTime() + 86_400_000)
  ) {
    result.push(day.toISOString().slice(0, 10));
  }
  return result;
}
