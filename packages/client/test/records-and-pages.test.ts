import { describe, expect, test } from 'vitest';
import { MissingFieldError, createAnalyticsClient, createMarketplaceClient } from '../src/index.js';
import { CANARY_KEY } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();
const analytics = (options: Record<string, unknown> = {}) =>
  createAnalyticsClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off', ...options });
const sites = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));

describe('returned records carry what the next call needs', () => {
  test('a website without an id says the deployment left it out', async () => {
    server.reply({ body: { data: { domain: 'x.example' } } });
    const error = await analytics()
      .websites.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingFieldError);
    expect(error).toMatchObject({ operation: 'websites.get', record: 'website', field: 'id', index: undefined });
    expect((error as Error).message).toContain('no `id` in the website');
  });

  test('a list names the position of the website without an id', async () => {
    server.reply({ body: [{ id: 1 }, { domain: 'b' }] });
    await expect(analytics().websites.list()).rejects.toMatchObject({ name: 'MissingFieldError', index: 1 });
    server.reply({ body: [{ id: 1 }, { id: '' }] });
    await expect(analytics().websites.listAll().next()).rejects.toBeInstanceOf(MissingFieldError);
  });

  test('create and update hand back a website with its id too', async () => {
    server.reply({ body: { data: { id: 5 } } });
    expect((await analytics().websites.create({ domain: 'a.example' })).id).toBe(5);
    server.reply({ body: {} });
    await expect(analytics().websites.update(5, { email: 1 })).rejects.toBeInstanceOf(MissingFieldError);
  });

  test('marketplace items are checked the same way', async () => {
    const market = createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off' });
    server.reply({ body: { status: '成功', items: [{ id: 1 }, { name: 'no id' }] } });
    await expect(market.items.list()).rejects.toMatchObject({ record: 'item', field: 'id', index: 1 });
    server.reply({ body: { status: '成功', item: { name: 'no id' } } });
    await expect(market.items.get(1)).rejects.toBeInstanceOf(MissingFieldError);
  });
});

describe('list pages say whether more follow', () => {
  test('a Laravel envelope with a next link: true; with a null next link: false', async () => {
    server.reply({ body: { data: sites(10), links: { next: '/api/v1/websites?page=2' } } });
    const first = await analytics().websites.list();
    expect(first.hasMore).toBe(true);
    expect(first.nextPage).toEqual({ page: '2' });
    server.reply({ body: { data: sites(10), links: { next: null } } });
    expect((await analytics().websites.list({}, { pageQuery: { page: '2' } })).hasMore).toBe(false);
    expect(server.requests[1]?.query.get('page')).toBe('2');
  });

  test('meta.current_page and meta.last_page tell both ways', async () => {
    server.reply({ body: { data: sites(10), meta: { current_page: 1, last_page: 2 } } });
    expect((await analytics().websites.list()).hasMore).toBe(true);
    server.reply({ body: { data: sites(10), meta: { current_page: 2, last_page: 2 } } });
    expect((await analytics().websites.list()).hasMore).toBe(false);
  });

  test('a bare array shorter than per_page is the last page; a full one cannot tell', async () => {
    server.reply({ body: sites(3) });
    expect((await analytics().websites.list()).hasMore).toBe(false);
    server.reply({ body: sites(10) });
    expect((await analytics().websites.list()).hasMore).toBeUndefined();
    server.reply({ body: sites(10) });
    expect((await analytics().websites.list({ per_page: 25 })).hasMore).toBe(false);
  });

  test('a custom nextPage decides', async () => {
    const client = analytics({ nextPage: (p: unknown) => ((p as { more?: boolean }).more ? { cursor: 'c' } : null) });
    server.reply({ body: { data: sites(10), more: true } });
    expect((await client.websites.list()).hasMore).toBe(true);
    server.reply({ body: { data: sites(10), more: false } });
    expect((await client.websites.list()).hasMore).toBe(false);
  });

  test('statistics pages say it too', async () => {
    server.reply({ body: { data: [{ value: 'x', count: 1 }], meta: { current_page: 1, last_page: 1 } } });
    const page = await analytics().stats.getPage(1, { name: 'os', from: '2026-01-01', to: '2026-01-02' });
    expect(page.hasMore).toBe(false);
    server.reply({ body: { data: [{ value: 'x', count: 1 }], meta: { current_page: 1, last_page: 3 } } });
    const rows = await analytics().stats.get(1, { name: 'os', from: '2026-01-01', to: '2026-01-02' });
    expect(rows.hasMore).toBe(true);
  });

  test('the page facts ride on the array without changing it', async () => {
    server.reply({ body: { data: sites(2), links: { next: null }, meta: { total: 2 } } });
    const list = await analytics().websites.list();
    expect(Array.isArray(list)).toBe(true);
    expect(list).toEqual(sites(2));
    expect(Object.keys(list)).toEqual(['0', '1']);
    expect(JSON.stringify(list)).toBe(JSON.stringify(sites(2)));
    expect(list.hasMore).toBe(false);
    expect(list.nextPage).toBeNull();
    expect((list.payload as { meta: { total: number } }).meta.total).toBe(2);
    const page = await analytics().websites.listPage();
    expect(page.items).toEqual(sites(2));
  });
});
