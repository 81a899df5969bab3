import { describe, expect, test } from 'vitest';
import { PaginationError, UnexpectedResponseError, createAnalyticsClient } from '../src/index.js';
import type { AnalyticsClientOptions } from '../src/index.js';
import { CANARY_KEY } from './helpers/canary.js';
import { type RecordedRequest, useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

const client = (options: Partial<AnalyticsClientOptions> = {}) =>
  createAnalyticsClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off', ...options });
const pageOf = (r: RecordedRequest) => Number(r.query.get('page') ?? '1');
async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of iterable) out.push(x);
  return out;
}

describe('iterating over every page', () => {
  test('follows links.next (Laravel resource envelope) and keeps the query', async () => {
    server.reply((r) => {
      const page = pageOf(r);
      return {
        body: {
          data: [{ id: page * 10 + 1 }, { id: page * 10 + 2 }],
          links: { next: page < 3 ? `https://elsewhere.example/api/v1/websites?per_page=25&page=${page + 1}` : null },
        },
      };
    });
    const ids = (await collect(client().websites.listAll({ per_page: 25 }))).map((w) => w.id);
    expect(ids).toEqual([11, 12, 21, 22, 31, 32]);
    expect(server.requests.map((r) => Object.fromEntries(r.query))).toEqual([
      { per_page: '25' },
      { per_page: '25', page: '2' },
      { per_page: '25', page: '3' },
    ]);
    // The next link pointed at another host: only its query was used, the key went to our server.
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${CANARY_KEY}`)).toBe(true);
  });

  test('follows next_page_url', async () => {
    server.reply((r) => ({
      body: {
        data: [{ value: `v${pageOf(r)}`, count: 1 }],
        next_page_url: pageOf(r) < 2 ? '/api/v1/stats/1?page=2' : null,
      },
    }));
    const rows = await collect(client().stats.iterate(1, { name: 'page', from: '2026-10-01', to: '2026-10-02' }));
    expect(rows.map((r) => r.value)).toEqual(['v1', 'v2']);
    expect(server.requests[1]?.query.get('name')).toBe('page');
  });

  test('uses meta.current_page and meta.last_page when there is no link', async () => {
    server.reply((r) => ({ body: { data: [{ id: pageOf(r) }], meta: { current_page: pageOf(r), last_page: 4 } } }));
    expect((await collect(client().websites.listAll())).map((w) => w.id)).toEqual([1, 2, 3, 4]);
  });

  test('a bare array shorter than a page is the last page', async () => {
    server.reply({ body: [{ id: 1 }, { id: 2 }] });
    expect(await collect(client().websites.listAll())).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
  });

  test('a full bare array asks for the next page by number until one comes back short', async () => {
    const all = Array.from({ length: 23 }, (_, i) => ({ id: i + 1 }));
    server.reply((r) => ({ body: all.slice((pageOf(r) - 1) * 10, pageOf(r) * 10) }));
    expect((await collect(client().websites.listAll())).map((w) => w.id)).toEqual(all.map((w) => w.id));
    expect(server.requests.map((r) => r.query.get('page'))).toEqual([null, '2', '3']);
  });

  test('pageParameter names the parameter the deployment reads', async () => {
    const all = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
    server.reply((r) => {
      const p = Number(r.query.get('p') ?? '1');
      return { body: all.slice((p - 1) * 25, p * 25) };
    });
    expect(await collect(client({ pageParameter: 'p' }).websites.listAll({ per_page: 25 }))).toHaveLength(30);
    expect(server.requests.map((r) => r.query.get('p'))).toEqual([null, '2']);
  });

  test('a deployment that ignores the page parameter is an error naming pageParameter, not repeated rows', async () => {
    server.reply({ body: Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })) });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const site of client().websites.listAll()) seen.push(site.id);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ option: 'pageParameter', pagesRead: 1, operation: 'websites.listAll' });
    expect(seen).toHaveLength(10);
    expect(server.requests).toHaveLength(2);
  });

  test('with pageParameter null, a full page its payload says nothing about is an error naming it', async () => {
    server.reply({ body: Array.from({ length: 10 }, (_, i) => ({ id: i + 1 })) });
    const error = await collect(client({ pageParameter: null }).websites.listAll()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect((error as PaginationError).message).toMatch(/`pageParameter`/);
    expect(server.requests).toHaveLength(1);
  });

  test('reaching maxPages with more to read is an error naming maxPages', async () => {
    server.reply((r) => ({ body: { data: [{ id: pageOf(r) }], meta: { current_page: pageOf(r), last_page: 1000 } } }));
    const error = await collect(client({ maxPages: 3 }).websites.listAll()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaginationError', option: 'maxPages', pagesRead: 3 });
    expect(server.requests).toHaveLength(3);
  });

  test('a next page that was read already is an error naming nextPage', async () => {
    server.reply({ body: { data: [{ id: 1 }], links: { next: '/api/v1/websites?page=2' } } });
    const error = await collect(client().websites.listAll()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaginationError', option: 'nextPage' });
    expect(server.requests).toHaveLength(2);
  });

  test("nextPage 'none' reads one page only", async () => {
    server.reply({ body: { data: [{ id: 1 }], meta: { current_page: 1, last_page: 5 } } });
    await collect(client({ nextPage: 'none' }).websites.listAll());
    expect(server.requests).toHaveLength(1);
  });

  test('a custom nextPage strategy and unwrap read a cursor envelope', async () => {
    server.reply((r) => ({
      body: { results: [{ id: r.query.get('cursor') ?? 'start' }], cursor: r.query.get('cursor') ? null : 'c2' },
    }));
    const c = client({
      unwrap: (p) => (p as { results: unknown }).results,
      nextPage: (p) => ((p as { cursor: string | null }).cursor ? { cursor: (p as { cursor: string }).cursor } : null),
    });
    expect((await collect(c.websites.listAll())).map((w) => w.id)).toEqual(['start', 'c2']);
  });

  test('fetches the next page only when the caller reads on', async () => {
    server.reply((r) => ({ body: { data: [{ id: pageOf(r) }], meta: { current_page: pageOf(r), last_page: 9 } } }));
    for await (const site of client().websites.listAll()) {
      expect(site.id).toBe(1);
      break;
    }
    expect(server.requests).toHaveLength(1);
  });

  test('listPage returns the payload for totals and the next page to ask for', async () => {
    server.reply((r) => ({
      body: { data: [{ id: pageOf(r) }], meta: { current_page: pageOf(r), last_page: 2, total: 2 } },
    }));
    const first = await client().websites.listPage({ per_page: 10 });
    expect(first.items).toEqual([{ id: 1 }]);
    expect(first.payload).toMatchObject({ meta: { total: 2 } });
    expect(first.nextPage).toEqual({ page: '2' });
    const second = await client().websites.listPage({ per_page: 10 }, { pageQuery: first.nextPage! });
    expect(second.items).toEqual([{ id: 2 }]);
    expect(second.nextPage).toBeNull();
    expect(Object.fromEntries(server.requests[1]!.query)).toEqual({ per_page: '10', page: '2' });
  });

  test('stats.getPage follows the same next-page rules', async () => {
    server.reply({ body: { data: [{ value: 'a', count: 1 }], links: { next: '/api/v1/stats/1?page=2' } } });
    const page = await client().stats.getPage(1, { name: 'os', from: '2026-10-01', to: '2026-10-01' });
    expect(page.items).toHaveLength(1);
    expect(page.nextPage).toEqual({ page: '2' });
  });

  test('a payload with no list says how to unwrap it, with the status and a redacted copy of the payload', async () => {
    server.reply({ body: { websites: [], api_key: CANARY_KEY, note: 'x'.repeat(10_000) } });
    const error = await collect(client().websites.listAll()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    const { message, status, body } = error as UnexpectedResponseError;
    expect(message).toMatch(/unwrap/);
    expect(status).toBe(200);
    expect(typeof body).toBe('string');
    expect((body as string).length).toBeLessThan(4200);
    expect(JSON.stringify(error)).not.toContain(CANARY_KEY);
    expect(body).toContain('"api_key":"[REDACTED]"');
  });
});
