// The client against @tallyport/mock's in-process fetch, as a consumer's unit
// test would use it: no server, no port, no network (the global fetch throws
// here), and state that changes with what the client sends. The mock is a
// development dependency of the tests only: the client knows nothing of it.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createMockFetch } from '@tallyport/mock';
import {
  AuthenticationError,
  MarketplaceAPIError,
  NotFoundError,
  createAnalyticsClient,
  createMarketplaceClient,
  rawClient,
} from '../src/index.js';
import { analyticsResponseValidator, marketplaceResponseValidator } from '../src/response-validation.js';

beforeEach(() => {
  vi.stubGlobal('fetch', () => {
    throw new Error('the network was used');
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const clients = () => {
  const fetch = createMockFetch();
  const options = { baseUrl: 'http://127.0.0.1:4010', maxRetries: 0, fetch };
  return {
    fetch,
    analytics: createAnalyticsClient({
      ...options,
      apiKey: 'demo-analytics-key',
      validateResponses: analyticsResponseValidator,
    }),
    market: (apiKey = 'demo-market-key') =>
      createMarketplaceClient({ ...options, apiKey, validateResponses: marketplaceResponseValidator }),
  };
};

describe('the analytics client on createMockFetch', () => {
  test('creates, reads, lists, updates and deletes a website', async () => {
    const { analytics } = clients();
    const created = await analytics.websites.create({ domain: 'unit.tallyport.test' });
    expect(created).toMatchObject({ domain: 'unit.tallyport.test', privacy: 1, email: 0, exclude_bots: 1 });
    expect(await analytics.websites.get(created.id)).toEqual(created);
    const found = await analytics.websites.list({ search: 'unit.tallyport' });
    expect(found.map((site) => site.id)).toEqual([created.id]);
    expect(found.hasMore).toBe(false);
    expect(await analytics.websites.update(created.id, { email: 1 })).toMatchObject({ email: 1, privacy: 1 });
    await analytics.websites.delete(created.id);
    await expect(analytics.websites.get(created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  test('follows the pages to every website', async () => {
    const { analytics } = clients();
    const ids: unknown[] = [];
    for await (const site of analytics.websites.listAll({ per_page: 50 })) ids.push(site.id);
    expect(ids).toHaveLength(120);
    expect(new Set(ids).size).toBe(120);
  });

  test('reads statistic rows, the same twice', async () => {
    const { analytics } = clients();
    const query = { name: 'browser', from: '2026-10-01', to: '2026-10-31' } as const;
    const rows = await analytics.stats.get(42, query);
    expect(rows.length).toBeGreaterThan(0);
    expect([...(await analytics.stats.get(42, query))]).toEqual([...rows]);
  });

  test('gets the refusals of the mock as the client error classes', async () => {
    const { fetch } = clients();
    const stranger = createAnalyticsClient({ baseUrl: 'http://127.0.0.1:4010', apiKey: 'not-a-key', fetch });
    await expect(stranger.websites.get(42)).rejects.toBeInstanceOf(AuthenticationError);
    // What the client would refuse before sending, the mock refuses too.
    const { analytics } = clients();
    const refused = await rawClient(analytics).PUT('/api/v1/websites/{id}', {
      params: { path: { id: 42 } },
      body: { domain: 'moved.example' } as never,
    });
    expect(refused.response.status).toBe(422);
  });
});

describe('the marketplace client on createMockFetch', () => {
  test('reads the account, the items, one item, and validates each item purchase code', async () => {
    const { fetch, market } = clients();
    const client = market();
    expect((await client.account.details()).username).toBe('meichen_studio');
    const items = await client.items.list();
    for (const known of fetch.engine.knownValues()) {
      const purchase = await client.purchases.validate(known.value);
      expect(purchase.item.id).toBe(known.about?.id);
      expect(items.map((item) => item.id)).toContain(purchase.item.id);
    }
    expect((await client.items.get(items[0]!.id)).name).toBe(items[0]!.name);
  });

  test('maps each documented message to its stable code', async () => {
    const { market } = clients();
    const code = (pending: Promise<unknown>) =>
      pending.then(
        () => 'accepted',
        (error: unknown) => (error instanceof MarketplaceAPIError ? error.code : String(error)),
      );
    expect(await code(market('demo-empty-key').items.list())).toBe('no_items');
    expect(await code(market().items.get(1))).toBe('item_not_found');
    expect(await code(market().purchases.validate('not-a-code'))).toBe('invalid_purchase_code');
    expect(await code(market('not-a-key').account.details())).toBe('invalid_request');
  });
});
