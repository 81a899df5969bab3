// The honest deployment shapes. The source documentation does not show the
// Analytics envelopes, status codes or error bodies, nor whether `password` is
// returned or which status a Marketplace error carries; each variant answers
// those differently, and every one of them conforms.
import type { FakeWebsite } from './data.js';
import type { Reply } from './http.js';

export type VariantName = 'laravel' | 'bare' | 'compact' | 'always200';
export const VARIANTS: readonly VariantName[] = ['laravel', 'bare', 'compact', 'always200'];

export interface ListPage {
  rows: unknown[];
  total: number;
  page: number;
  perPage: number;
  /** The list's absolute URL with the parameters in effect, for page links. */
  url: string;
}

/** Why a Marketplace request failed, which decides the HTTP status a variant gives it. */
export type MarketplaceFailure = 'auth' | 'bad-input' | 'not-found' | 'no-items' | 'invalid-code';

export interface Variant {
  name: VariantName;
  /** What an update does with a field it does not take (`domain`): refuse it, or drop it unread. */
  fieldsNotTaken: 'refuse' | 'ignore';
  website(website: FakeWebsite): Record<string, unknown>;
  list(page: ListPage): Reply;
  one(record: Record<string, unknown>, created?: boolean): Reply;
  deleted(): Reply;
  invalid(field: string, message: string): Reply;
  unauthenticated(why: 'missing' | 'wrong'): Reply;
  notFound(): Reply;
  marketplaceStatus(failure: MarketplaceFailure): number;
}

const lastPage = (page: ListPage): number => Math.max(1, Math.ceil(page.total / page.perPage));
const pageUrl = (page: ListPage, number: number): string => `${page.url}&page=${number}`;

const laravel: Variant = {
  name: 'laravel',
  // Laravel's validated() returns only the fields the rules name: anything else is dropped unread.
  fieldsNotTaken: 'ignore',
  website: (website) => ({ ...website }),
  list(page) {
    const last = lastPage(page);
    const from = page.rows.length > 0 ? (page.page - 1) * page.perPage + 1 : null;
    return {
      status: 200,
      body: {
        data: page.rows,
        links: {
          first: pageUrl(page, 1),
          last: pageUrl(page, last),
          prev: page.page > 1 ? pageUrl(page, page.page - 1) : null,
          next: page.page < last ? pageUrl(page, page.page + 1) : null,
        },
        meta: {
          current_page: page.page,
          from,
          last_page: last,
          path: page.url.split('?')[0],
          per_page: page.perPage,
          to: from === null ? null : from + page.rows.length - 1,
          total: page.total,
        },
      },
    };
  },
  one: (record, created) => ({ status: created ? 201 : 200, body: { data: record } }),
  deleted: () => ({ status: 200, body: { message: 'Website deleted.' } }),
  invalid: (field, message) => ({ status: 422, body: { message, errors: { [field]: [message] } } }),
  unauthenticated: () => ({ status: 401, body: { message: 'Unauthenticated.' } }),
  notFound: () => ({ status: 404, body: { message: 'No query results for model [App\\Models\\Website].' } }),
  marketplaceStatus: () => 200,
};

const bare: Variant = {
  name: 'bare',
  fieldsNotTaken: 'refuse',
  website: ({ password: _password, created_at: _created, updated_at: _updated, ...rest }) => ({
    ...rest,
    id: String(rest.id),
  }),
  list: (page) => ({ status: 200, body: page.rows }),
  one: (record) => ({ status: 200, body: record }),
  deleted: () => ({ status: 204 }),
  invalid: (_field, message) => ({ status: 400, body: { error: message } }),
  unauthenticated: (why) =>
    why === 'missing'
      ? { status: 401, body: { error: 'missing bearer token' } }
      : { status: 403, body: { error: 'forbidden' } },
  notFound: () => ({ status: 404, body: { error: 'not found' } }),
  marketplaceStatus: (failure) =>
    ({ auth: 401, 'bad-input': 400, 'not-found': 404, 'no-items': 404, 'invalid-code': 422 })[failure],
};

const compact: Variant = {
  name: 'compact',
  fieldsNotTaken: 'refuse',
  website: (website) => ({ ...website, visits: (website.id * 7919) % 100_000 }),
  list: (page) => ({
    status: 200,
    body: {
      data: page.rows,
      total: page.total,
      per_page: page.perPage,
      current_page: page.page,
      next_page_url: page.page < lastPage(page) ? pageUrl(page, page.page + 1) : null,
    },
  }),
  one: (record) => ({ status: 200, body: { data: record } }),
  deleted: () => ({ status: 200, body: { deleted: true } }),
  invalid: (field, message) => ({ status: 422, body: { errors: [{ field, message }] } }),
  unauthenticated: () => ({ status: 401, body: { error: 'invalid key' } }),
  notFound: () => ({ status: 404, body: {} }),
  marketplaceStatus: (failure) => (failure === 'bad-input' ? 400 : failure === 'auth' ? 401 : 200),
};

/** Every answer is HTTP 200, and the body says when a request failed (status codes are not shown). */
const always200: Variant = {
  name: 'always200',
  fieldsNotTaken: 'refuse',
  website: (website) => ({ ...website }),
  list: (page) => ({ status: 200, body: { success: true, data: page.rows, total: page.total } }),
  one: (record) => ({ status: 200, body: { success: true, data: record } }),
  deleted: () => ({ status: 200, body: { success: true } }),
  invalid: (field, message) => ({ status: 200, body: { success: false, error: { code: 'invalid', field, message } } }),
  unauthenticated: () => ({ status: 200, body: { success: false, error: { code: 'unauthenticated' } } }),
  notFound: () => ({ status: 200, body: { success: false, error: { code: 'not_found' } } }),
  marketplaceStatus: () => 200,
};

export const variantNamed = (name: VariantName): Variant => ({ laravel, bare, compact, always200 })[name];
