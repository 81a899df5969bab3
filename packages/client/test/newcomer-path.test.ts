// The newcomer's path through docs/client.md (and the README's example),
// walked end to end against the stateful mock on 127.0.0.1, with the values
// the docs show: every operation of both APIs, pages, the search_by quirk,
// marketplace errors, input validation, path-level calls and the debug log,
// and the baseUrl mistake a newcomer makes first.
import { type StatefulMocks, startStatefulMocks } from '@tallyport/mock';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAnalyticsClient,
  createMarketplaceClient,
  MarketplaceAPIError,
  NotFoundError,
  rawClient,
  ValidationError,
} from '../src/index.js';

let mocks: StatefulMocks;
let baseUrl: string;
let marketUrl: string;
const analyticsKey = 'demo-analytics-key';
const marketKey = 'demo-market-key';

beforeAll(async () => {
  mocks = await startStatefulMocks();
  baseUrl = mocks.analytics!.url;
  marketUrl = mocks.marketplace!.url;
});
afterAll(async () => {
  await mocks?.close();
});

/** The error a call throws (the docs show what it says). */
async function refusal(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('not refused');
}

describe('docs/client.md, Analytics API', () => {
  const analytics = () => createAnalyticsClient({ baseUrl, apiKey: analyticsKey });

  it('lists, pages through, reads, creates, updates and deletes websites as shown', async () => {
    const client = analytics();
    const sites = await client.websites.list({ search_by: 'domain', sort_by: 'domain', sort: 'asc', per_page: 25 });
    expect(sites.length).toBe(25);
    expect(sites.hasMore).toBe(true);
    const domains = sites.map((site) => String(site.domain));
    expect(domains).toEqual([...domains].sort());
    const found = await client.websites.list({ search: domains[3]!, search_by: 'domain' });
    expect(found.map((site) => site.domain)).toContain(domains[3]);

    let all = 0;
    for await (const site of client.websites.listAll({ per_page: 100 })) {
      expect(site.id).toBeDefined();
      all++;
    }
    expect(all).toBeGreaterThan(100);

    const site = await client.websites.get(42);
    expect(site.id).toBe(42);
    await client.websites.update(site.id, { email: 0 });

    const created = await client.websites.create({
      domain: 'blog.lunaria.cn',
      privacy: 2,
      password: 'harbour-lantern-42',
      email: 1,
      exclude_bots: 1,
      exclude_params: 'utm_source,utm_medium',
      exclude_ips: '203.0.113.7',
    });
    expect(created).toMatchObject({ domain: 'blog.lunaria.cn', privacy: 2, email: 1 });
    const defaults = await client.websites.create({ domain: 'shop.lunaria.cn' });
    expect(defaults).toMatchObject({ privacy: 1, email: 0, exclude_bots: 1 });

    await client.websites.update(created.id, { privacy: 0 });
    expect(await client.websites.get(created.id)).toMatchObject({ privacy: 0, email: 1, domain: 'blog.lunaria.cn' });
    await client.websites.delete(created.id);
    expect(await refusal(() => client.websites.get(created.id))).toBeInstanceOf(NotFoundError);
    // A website created after the delete never takes the deleted one's id.
    const next = await client.websites.create({ domain: 'next.lunaria.cn' });
    expect(next.id).not.toBe(created.id);
    expect(await refusal(() => client.websites.get(created.id))).toBeInstanceOf(NotFoundError);
  });

  it('reads statistics, one page and every row, as shown', async () => {
    const client = analytics();
    const rows = await client.stats.get(42, {
      name: 'browser',
      from: '2026-10-01',
      to: '2026-10-31',
      search_by: 'value',
      sort_by: 'count',
      sort: 'desc',
      per_page: 100,
    });
    expect(rows.length).toBeGreaterThan(0);
    const counts = rows.map((row) => Number(row.count));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const searched = await client.stats.get(42, {
      name: 'browser',
      from: '2026-10-01',
      to: '2026-10-31',
      search: 'Chrome',
    });
    for (const row of searched) expect(String(row.value)).toContain('Chrome');
    let seen = 0;
    for await (const row of client.stats.iterate(42, { name: 'country', from: '2026-10-01', to: '2026-10-31' })) {
      expect(row.value).toBeDefined();
      seen++;
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('refuses the documented search_by default, explaining the quirk', async () => {
    const error = await refusal(() =>
      analytics().stats.get(42, { name: 'browser', from: '2026-10-01', to: '2026-10-31', search_by: 'url' as never }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.message).toContain('search_by');
  });

  it('pages by hand with listPage and nextPage', async () => {
    const client = analytics();
    let page = await client.websites.listPage({ per_page: 100 });
    let pages = 1;
    while (page.nextPage) {
      page = await client.websites.listPage({ per_page: 100 }, { pageQuery: page.nextPage });
      pages++;
    }
    expect(pages).toBeGreaterThan(1);
    expect(page.payload).toBeDefined();
  });

  it('refuses bad input before sending, with the messages the docs show', async () => {
    const client = analytics();
    expect(
      (await refusal(() => client.stats.get(42, { name: 'browser', from: '2026-02-30', to: '2026-03-01' }))).message,
    ).toBe('Invalid parameter "from" for stats.get: got "2026-02-30"; expected a real date, Y-m-d.');
    expect((await refusal(() => client.websites.list({ per_page: 20 as never }))).message).toBe(
      'Invalid parameter "per_page" for websites.list: got 20; allowed values: 10, 25, 50, 100.',
    );
  });

  it('names the address to use when baseUrl already holds /api/v1, the first mistake a newcomer makes', () => {
    let error: unknown;
    try {
      createAnalyticsClient({ baseUrl: `${baseUrl}/api/v1`, apiKey: analyticsKey });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as Error).message).toContain(`use ${baseUrl}.`);
  });

  it('calls a path with rawClient, and logs one line per attempt at debug', async () => {
    const lines: string[] = [];
    const record = (message: string) => lines.push(message);
    const client = createAnalyticsClient({
      baseUrl,
      apiKey: analyticsKey,
      logger: { error: record, warn: record, info: record, debug: record },
      logLevel: 'debug',
    });
    const { data, response } = await rawClient(client).GET('/api/v1/websites/{id}', { params: { path: { id: 42 } } });
    expect(response.status).toBe(200);
    expect(data).toBeDefined();
    await client.websites.get(42);
    // Two attempts (the path-level call and the method), one line each.
    const line = /^\[tallyport\] GET .*\/api\/v1\/websites\/42 → 200 \(attempt 1 of 3, \d+ ms\)$/;
    expect(lines).toEqual([expect.stringMatching(line), expect.stringMatching(line)]);
  });
});

describe('docs/client.md, Marketplace API', () => {
  const market = () => createMarketplaceClient({ baseUrl: marketUrl, apiKey: marketKey });

  it('reads the account, the items, one item and validates a purchase code, as shown', async () => {
    const client = market();
    const account = await client.account.details();
    const items = await client.items.list();
    const item = await client.items.get(48213);
    const purchase = await client.purchases.validate('8f3c2a91-5d7e-4b1a-9c60-2e4f7d8b1a35');
    expect(account.name.full_name).toEqual(expect.any(String));
    expect(items.length).toBeGreaterThan(0);
    expect(item.id).toBe(48213);
    expect(purchase.item.id).toBe(48213);
    const { data } = await rawClient(client).GET('/api/items/all');
    expect(data).toBeDefined();
  });

  it('throws MarketplaceAPIError with its code for a wrong purchase code', async () => {
    const error = await refusal(() => market().purchases.validate('00000000-0000-4000-8000-000000000000'));
    expect(error).toBeInstanceOf(MarketplaceAPIError);
    expect((error as MarketplaceAPIError).code).toBe('invalid_purchase_code');
  });

  it('names the address to use when baseUrl already holds /api', () => {
    expect(() => createMarketplaceClient({ baseUrl: `${marketUrl}/api`, apiKey: marketKey })).toThrow(
      `use ${marketUrl}.`,
    );
  });
});
