// The client against Prism mocks of both specs: every operation must be
// accepted by the spec's own request validation and its answers must parse.
import { type RunningMocks, startMocks } from '@tallyport/contract-tests';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketplaceAPIError, ValidationError, createAnalyticsClient, createMarketplaceClient } from '../src/index.js';
import { analyticsResponseValidator, marketplaceResponseValidator } from '../src/response-validation.js';
import { CANARY_KEY } from './helpers/canary.js';

let mocks: RunningMocks;
beforeAll(async () => {
  mocks = await startMocks({ apis: ['analytics', 'marketplace'] });
});
afterAll(async () => {
  await mocks?.close();
});

const analytics = (headers: Record<string, string> = {}) =>
  createAnalyticsClient({
    baseUrl: mocks.analytics!.url,
    apiKey: CANARY_KEY,
    maxRetries: 0,
    defaultHeaders: headers,
    validateResponses: analyticsResponseValidator,
  });
const market = (headers: Record<string, string> = {}) =>
  createMarketplaceClient({
    baseUrl: mocks.marketplace!.url,
    apiKey: CANARY_KEY,
    maxRetries: 0,
    defaultHeaders: headers,
    validateResponses: marketplaceResponseValidator,
  });

describe('analytics client against the Prism mock', () => {
  test('lists websites from the example envelope', async () => {
    const sites = await analytics().websites.list({
      per_page: 25,
      sort_by: 'domain',
      sort: 'asc',
      search: 'lunaria',
      search_by: 'domain',
    });
    expect(sites.map((s) => s.domain)).toEqual(['shop.lunaria.cn', 'blog.lunaria.cn']);
    // Two websites where 25 fit: the last page.
    expect(sites.hasMore).toBe(false);
  });

  test('iterates every website: the example says there is no next page', async () => {
    const ids: unknown[] = [];
    for await (const site of analytics().websites.listAll()) ids.push(site.id);
    expect(ids).toEqual([42, 17]);
  });

  test('reads, creates, updates and deletes a website', async () => {
    const c = analytics();
    expect((await c.websites.get(42)).domain).toBe('shop.lunaria.cn');
    expect(
      (await c.websites.create({ domain: 'shop.lunaria.cn', privacy: 2, password: 'p', email: 1, exclude_bots: 0 })).id,
    ).toBe(43);
    expect((await c.websites.update(42, { privacy: 0 })).privacy).toBe(0);
    expect(await c.websites.delete(42)).toMatchObject({ deleted: true });
  });

  test('reads statistic rows', async () => {
    const rows = await analytics().stats.get(42, {
      name: 'browser',
      from: '2026-10-01',
      to: '2026-10-31',
      search_by: 'value',
      per_page: 10,
    });
    expect(rows[0]).toEqual({ value: 'Chrome', count: 1520 });
  });

  test('a refusal from the mock maps to an error class', async () => {
    const error = await analytics({ Prefer: 'code=404' })
      .websites.get(42)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404 });
  });

  test('the client refuses per_page=20 before Prism would', async () => {
    await expect(analytics().websites.list({ per_page: 20 as never })).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('marketplace client against the Prism mock', () => {
  test('reads the account, the items, one item and validates a purchase', async () => {
    const c = market();
    expect((await c.account.details()).username).toBe('meichen_studio');
    expect((await c.items.list()).map((i) => i.id)).toEqual([48213, 51007, 52940]);
    expect((await c.items.get(48213)).name).toBe('Lantern Admin Dashboard');
    const purchase = await c.purchases.validate('8f3c2a91-5d7e-4b1a-9c60-2e4f7d8b1a35');
    expect(purchase.supported_until).toBe('2027-05-20T00:00:00Z');
  });

  test('the audio example has no preview image', async () => {
    const item = await market({ Prefer: 'example=audioItem' }).items.get(52940);
    expect(item.media.preview_audio).toBeDefined();
    expect(item.media.preview_image).toBeUndefined();
  });

  test('an unsupported purchase has no supported_until', async () => {
    const purchase = await market({ Prefer: 'example=unsupportedPurchase' }).purchases.validate(
      '2b7e9d04-1c3a-4f85-8e21-6a0c5f9b3d72',
    );
    expect(purchase).not.toHaveProperty('supported_until');
  });

  test('an error example served with 2XX is a MarketplaceAPIError with its stable code', async () => {
    const error = await market({ Prefer: 'example=invalidPurchaseCode' })
      .purchases.validate('nope')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceAPIError);
    expect(error).toMatchObject({ code: 'invalid_purchase_code', msg: '购买代码无效' });
  });

  test('an error example served with 4XX is a MarketplaceAPIError too', async () => {
    const error = await market({ Prefer: 'code=404' })
      .items.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceAPIError);
    expect(error).toMatchObject({ code: 'item_not_found', status: 404 });
  });
});
