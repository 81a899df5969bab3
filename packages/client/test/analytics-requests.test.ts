import { describe, expect, test } from 'vitest';
import { createAnalyticsClient, rawClient } from '../src/index.js';
import { CANARY_KEY } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

const client = () => createAnalyticsClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off' });
const last = () => server.requests.at(-1)!;
const website = { id: 42, domain: 'shop.lunaria.cn', privacy: 1, email: 0, exclude_bots: 1 };

describe('analytics requests', () => {
  test('websites.list sends GET /api/v1/websites with Bearer auth, Accept JSON and only the given query', async () => {
    server.reply({ body: { data: [website], links: { next: null } } });
    const sites = await client().websites.list({ search: 'lunaria', per_page: 25, sort: 'asc' });
    expect(sites).toEqual([website]);
    expect(sites.hasMore).toBe(false);
    const r = last();
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/api/v1/websites');
    expect(r.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expect(r.headers.accept).toBe('application/json');
    expect(r.headers['content-type']).toBeUndefined();
    expect(Object.fromEntries(r.query)).toEqual({ search: 'lunaria', per_page: '25', sort: 'asc' });
    expect(r.body).toBe('');
  });

  test('websites.list accepts a bare array payload', async () => {
    server.reply({ body: [website] });
    expect(await client().websites.list()).toEqual([website]);
    expect([...last().query]).toEqual([]);
  });

  test('JSON labelled text/html, as PHP labels what it prints by default, is read as JSON', async () => {
    server.reply({ headers: { 'content-type': 'text/html; charset=UTF-8' }, body: JSON.stringify({ data: website }) });
    expect(await client().websites.get(42)).toEqual(website);
  });

  test('websites.get sends GET /api/v1/websites/{id} and unwraps data', async () => {
    server.reply({ body: { data: website } });
    expect(await client().websites.get(42)).toEqual(website);
    expect(last().method).toBe('GET');
    expect(last().path).toBe('/api/v1/websites/42');
  });

  test('websites.get encodes a string id as one path segment', async () => {
    server.reply({ body: website });
    await client().websites.get('a b+c?');
    expect(last().path).toBe('/api/v1/websites/a%20b%2Bc%3F');
  });

  test('websites.create sends a form body with domain and only the given settings', async () => {
    server.reply({ status: 201, body: { data: website } });
    expect(
      await client().websites.create({ domain: 'shop.lunaria.cn', privacy: 2, password: 'harbour lantern&42' }),
    ).toEqual(website);
    const r = last();
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/api/v1/websites');
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(r.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({
      domain: 'shop.lunaria.cn',
      privacy: '2',
      password: 'harbour lantern&42',
    });
  });

  test('websites.create with only a domain sends no defaults', async () => {
    server.reply({ body: website });
    await client().websites.create({ domain: 'shop.lunaria.cn' });
    expect(last().body).toBe('domain=shop.lunaria.cn');
  });

  test('websites.update sends PUT with only the fields given', async () => {
    server.reply({ body: { data: { ...website, privacy: 0 } } });
    await client().websites.update(42, { privacy: 0, exclude_ips: '203.0.113.7' });
    const r = last();
    expect(r.method).toBe('PUT');
    expect(r.path).toBe('/api/v1/websites/42');
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({ privacy: '0', exclude_ips: '203.0.113.7' });
  });

  test('websites.update leaves out fields set to undefined', async () => {
    server.reply({ body: website });
    await client().websites.update(42, { email: 1, privacy: undefined });
    expect(last().body).toBe('email=1');
  });

  test('websites.delete sends DELETE /api/v1/websites/{id} without a body', async () => {
    server.reply({ body: { id: 42, object: 'website', deleted: true } });
    expect(await client().websites.delete(42)).toEqual({ id: 42, object: 'website', deleted: true });
    expect(last().method).toBe('DELETE');
    expect(last().path).toBe('/api/v1/websites/42');
    expect(last().body).toBe('');
  });

  test('websites.delete with an empty 204 answer resolves to undefined', async () => {
    server.reply({ status: 204 });
    expect(await client().websites.delete(7)).toBeUndefined();
  });

  test('stats.get sends the required query and never a search_by the caller did not set', async () => {
    server.reply({ body: { data: [{ value: 'Chrome', count: 3 }] } });
    const rows = await client().stats.get(42, { name: 'browser', from: '2026-10-01', to: '2026-10-31' });
    expect(rows).toEqual([{ value: 'Chrome', count: 3 }]);
    const r = last();
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/api/v1/stats/42');
    expect(Object.fromEntries(r.query)).toEqual({ name: 'browser', from: '2026-10-01', to: '2026-10-31' });
    expect(r.query.has('search_by')).toBe(false);
  });

  test('stats.get sends search_by=value when the caller sets it', async () => {
    server.reply({ body: [] });
    await client().stats.get(42, {
      name: 'page',
      from: '2026-10-01',
      to: '2026-10-01',
      search: '/blog',
      search_by: 'value',
      sort_by: 'value',
      sort: 'asc',
      per_page: 100,
    });
    expect(Object.fromEntries(last().query)).toEqual({
      name: 'page',
      from: '2026-10-01',
      to: '2026-10-01',
      search: '/blog',
      search_by: 'value',
      sort_by: 'value',
      sort: 'asc',
      per_page: '100',
    });
  });

  test('defaultHeaders are sent but cannot replace Accept', async () => {
    server.reply({ body: [] });
    await createAnalyticsClient({
      baseUrl: server.url,
      apiKey: CANARY_KEY,
      defaultHeaders: { 'X-Trace': 't1', Accept: 'text/html' },
    }).websites.list();
    expect(last().headers['x-trace']).toBe('t1');
    expect(last().headers.accept).toBe('application/json');
  });

  test('a base URL with a path prefix and trailing slash is kept', async () => {
    server.reply({ body: [] });
    await createAnalyticsClient({ baseUrl: `${server.url}/tenant/`, apiKey: CANARY_KEY }).websites.list();
    expect(last().path).toBe('/tenant/api/v1/websites');
  });

  test('a raw PUT is form-encoded like the resource method', async () => {
    server.reply({ body: website });
    await rawClient(client()).PUT('/api/v1/websites/{id}', { params: { path: { id: 42 } }, body: { privacy: 0 } });
    expect(last().method).toBe('PUT');
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(last().body).toBe('privacy=0');
  });

  test('a raw call that fails returns { error, response } as openapi-fetch does, without throwing', async () => {
    server.reply({ status: 401, body: { message: 'Unauthenticated.' } });
    const { data, error, response } = await rawClient(client()).GET('/api/v1/websites');
    expect(data).toBeUndefined();
    expect(error).toEqual({ message: 'Unauthenticated.' });
    expect(response.status).toBe(401);
  });

  test('the raw openapi-fetch client reaches paths with the same auth', async () => {
    server.reply({ body: { data: website } });
    const { data } = await rawClient(client()).GET('/api/v1/websites/{id}', { params: { path: { id: 42 } } });
    expect(data).toEqual({ data: website });
    expect(last().headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
  });

  test('rawClient gives one openapi-fetch client per client, and refuses anything that is not a client', () => {
    const analytics = client();
    expect(rawClient(analytics)).toBe(rawClient(analytics));
    expect(rawClient(client())).not.toBe(rawClient(analytics));
    expect(() => rawClient({ ...analytics })).toThrow(/createAnalyticsClient or createMarketplaceClient/);
  });
});
