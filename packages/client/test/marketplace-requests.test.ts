import { describe, expect, test } from 'vitest';
import { MarketplaceAPIError, UnexpectedResponseError, createMarketplaceClient, rawClient } from '../src/index.js';
import type { MarketplaceClientOptions } from '../src/index.js';
import { CANARY_KEY } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

const client = (options: Partial<MarketplaceClientOptions> = {}) =>
  createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off', ...options });
const last = () => server.requests.at(-1)!;
const item = { id: 48213, name: 'Lantern', media: { thumbnail: 't', preview_image: 'i', screenshots: [] } };
const purchase = { purchase_code: 'code-1', license_type: 'Regular license', downloaded: true };

describe('marketplace requests with the default key transport', () => {
  test('account.details sends GET /api/account/details with api_key in the query', async () => {
    server.reply({ body: { status: '成功', data: { username: 'meichen_studio' } } });
    expect(await client().account.details()).toEqual({ username: 'meichen_studio' });
    const r = last();
    expect(r.method).toBe('GET');
    expect(r.path).toBe('/api/account/details');
    expect(Object.fromEntries(r.query)).toEqual({ api_key: CANARY_KEY });
    expect(r.headers.accept).toBe('application/json');
    expect(r.headers.authorization).toBeUndefined();
    expect(r.body).toBe('');
  });

  test('items.list sends GET /api/items/all and returns the items', async () => {
    server.reply({ body: { status: '成功', items: [item] } });
    expect(await client().items.list()).toEqual([item]);
    expect(last().path).toBe('/api/items/all');
    expect(last().query.get('api_key')).toBe(CANARY_KEY);
  });

  test('items.get sends item_id beside api_key', async () => {
    server.reply({ body: { status: '成功', item } });
    expect(await client().items.get(48213)).toEqual(item);
    expect(last().path).toBe('/api/items/item');
    expect(Object.fromEntries(last().query)).toEqual({ item_id: '48213', api_key: CANARY_KEY });
  });

  test('purchases.validate posts a form body with api_key and purchase_code', async () => {
    server.reply({ body: { status: '成功', data: { purchase } } });
    expect(await client().purchases.validate('code-1')).toEqual(purchase);
    const r = last();
    expect(r.method).toBe('POST');
    expect(r.path).toBe('/api/purchases/validation');
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(r.body))).toEqual({ purchase_code: 'code-1', api_key: CANARY_KEY });
    expect([...r.query]).toEqual([]);
  });
});

describe('marketplace key transport options', () => {
  test("'query' puts the key in the query string of the POST too", async () => {
    server.reply({ body: { status: '成功', data: { purchase } } });
    await client({ apiKeyTransport: 'query' }).purchases.validate('code-1');
    expect(last().query.get('api_key')).toBe(CANARY_KEY);
    expect(last().body).toBe('purchase_code=code-1');
  });

  test("'form' uses the form body on POST and the query string on GET", async () => {
    server.reply({ body: { status: '成功', data: { purchase } } });
    await client({ apiKeyTransport: 'form' }).purchases.validate('code-1');
    expect(new URLSearchParams(last().body).get('api_key')).toBe(CANARY_KEY);
    server.reply({ body: { status: '成功', items: [] } });
    await client({ apiKeyTransport: 'form' }).items.list();
    expect(last().query.get('api_key')).toBe(CANARY_KEY);
  });

  test('a header transport sends the key only in that header', async () => {
    server.reply({ body: { status: '成功', items: [] } });
    await client({ apiKeyTransport: { header: 'X-Api-Key' } }).items.list();
    expect(last().headers['x-api-key']).toBe(CANARY_KEY);
    expect(last().query.has('api_key')).toBe(false);
    server.reply({ body: { status: '成功', data: { purchase } } });
    await client({ apiKeyTransport: { header: 'X-Market-Token' } }).purchases.validate('code-1');
    expect(last().headers['x-market-token']).toBe(CANARY_KEY);
    expect(last().body).toBe('purchase_code=code-1');
  });

  test('a raw POST gets a form body with the key filled in', async () => {
    server.reply({ body: { status: '成功', data: { purchase } } });
    const { data } = await rawClient(client()).POST('/api/purchases/validation', {
      body: { api_key: '', purchase_code: 'code-1' },
    });
    expect(data).toMatchObject({ status: '成功' });
    expect(last().headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(last().body))).toEqual({
      api_key: CANARY_KEY,
      purchase_code: 'code-1',
    });
  });

  test('the raw client gets the key attached too', async () => {
    server.reply({ body: { status: '成功', items: [] } });
    const { data } = await rawClient(client()).GET('/api/items/all');
    expect(data).toEqual({ status: '成功', items: [] });
    expect(last().query.get('api_key')).toBe(CANARY_KEY);
  });
});

describe('marketplace error bodies', () => {
  const cases = [
    ['account.details', '无效请求', 'invalid_request', (c: ReturnType<typeof client>) => c.account.details()],
    ['items.list', '该分类下暂无商品上架', 'no_items', (c: ReturnType<typeof client>) => c.items.list()],
    ['items.get', '未找到任何商品', 'item_not_found', (c: ReturnType<typeof client>) => c.items.get(1)],
    [
      'purchases.validate',
      '购买代码无效',
      'invalid_purchase_code',
      (c: ReturnType<typeof client>) => c.purchases.validate('bad'),
    ],
  ] as const;

  for (const [name, msg, code, run] of cases) {
    for (const status of [200, 404]) {
      test(`${name}: status 错误 with HTTP ${status} is a MarketplaceAPIError with code ${code}`, async () => {
        server.reply({ status, body: { status: '错误', msg } });
        const error = await run(client()).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(MarketplaceAPIError);
        expect(error).toMatchObject({ msg, code, status });
        expect((error as Error).message).toContain(msg);
      });
    }
  }

  test('an unknown message keeps its text with code unknown', async () => {
    server.reply({ status: 401, body: { status: '错误', msg: 'api_key 无效' } });
    await expect(client().items.list()).rejects.toMatchObject({
      name: 'MarketplaceAPIError',
      msg: 'api_key 无效',
      code: 'unknown',
      status: 401,
    });
  });

  test('a success payload without the success status is an unexpected response', async () => {
    server.reply({ body: { items: [] } });
    await expect(client().items.list()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});
