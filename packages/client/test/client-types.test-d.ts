import { describe, expectTypeOf, test } from 'vitest';
import { createAnalyticsClient, rawClient } from '../src/index.js';
import type {
  AnalyticsClient,
  AnalyticsDeployment,
  Item,
  MarketplaceAPIError,
  MarketplaceClient,
  Page,
  PageItems,
  Purchase,
  StatRow,
  Website,
  WebsiteId,
  WebsiteRecord,
} from '../src/index.js';

declare const analytics: AnalyticsClient;
declare const market: MarketplaceClient;

/** What an integrator's deployment returns where the source documentation does not show it. */
interface MyDeployment {
  website: { created_at: string; updated_at: string };
  statRow: { percentage: number };
  page: { meta: { total: number } };
  deleted: { message: string };
}
declare const mine: AnalyticsClient<MyDeployment>;

describe('client method types', () => {
  test('results are the spec types', () => {
    expectTypeOf(analytics.websites.get).returns.resolves.toEqualTypeOf<WebsiteRecord>();
    expectTypeOf(analytics.websites.list).returns.resolves.toEqualTypeOf<PageItems<WebsiteRecord>>();
    expectTypeOf(analytics.websites.listPage).returns.resolves.toEqualTypeOf<Page<WebsiteRecord>>();
    expectTypeOf<WebsiteRecord>().toExtend<Website>();
    expectTypeOf(analytics.stats.get).returns.resolves.toEqualTypeOf<PageItems<StatRow>>();
    expectTypeOf<PageItems<StatRow>>().toExtend<StatRow[]>();
    expectTypeOf(market.items.get).returns.resolves.toEqualTypeOf<Item>();
    expectTypeOf(market.purchases.validate).returns.resolves.toEqualTypeOf<Purchase>();
  });

  test('a returned website has an id the next call accepts, under strict', async () => {
    expectTypeOf<WebsiteRecord['id']>().toEqualTypeOf<WebsiteId>();
    for await (const site of analytics.websites.listAll()) await analytics.websites.get(site.id);
    const page = await analytics.websites.list();
    expectTypeOf(page.hasMore).toEqualTypeOf<boolean | undefined>();
    for (const site of page) await analytics.websites.delete(site.id);
  });

  test('a deployment declaration types what the source documentation does not show, without a cast', async () => {
    const site = await mine.websites.get(42);
    expectTypeOf(site.created_at).toEqualTypeOf<string>();
    expectTypeOf(site.id).toEqualTypeOf<WebsiteId>();
    for await (const each of mine.websites.listAll()) expectTypeOf(each.updated_at).toEqualTypeOf<string>();
    const page = await mine.websites.listPage();
    expectTypeOf(page.payload.meta.total).toEqualTypeOf<number>();
    expectTypeOf((await mine.websites.list()).payload.meta.total).toEqualTypeOf<number>();
    expectTypeOf(
      (await mine.stats.get(42, { name: 'os', from: '2026-10-01', to: '2026-10-31' }))[0]!.percentage,
    ).toEqualTypeOf<number>();
    expectTypeOf(mine.websites.delete).returns.resolves.toEqualTypeOf<{ message: string }>();
    expectTypeOf(createAnalyticsClient<MyDeployment>).returns.toEqualTypeOf<AnalyticsClient<MyDeployment>>();
    // A client with declarations is still a client (rawClient, helpers typed with AnalyticsClient).
    expectTypeOf(mine).toExtend<AnalyticsClient>();
  });

  test('without a declaration the undocumented fields are not typed, and the spec fields stay optional', async () => {
    const site = await analytics.websites.get(42);
    // @ts-expect-error created_at is not shown by the source documentation: declare it
    void site.created_at;
    expectTypeOf(site.domain).toEqualTypeOf<string | undefined>();
    expectTypeOf(analytics.websites.delete).returns.resolves.toEqualTypeOf<unknown>();
    expectTypeOf((await analytics.websites.listPage()).payload).toEqualTypeOf<unknown>();
  });

  test('a misspelt declaration member does not compile', () => {
    // @ts-expect-error `websit` is not a member of AnalyticsDeployment
    expectTypeOf<AnalyticsClient<{ websit: { created_at: string } }>>().not.toBeNever();
    expectTypeOf<MyDeployment>().toExtend<AnalyticsDeployment>();
  });

  test('marketplace error codes are a closed union with an unknown fallback', () => {
    expectTypeOf<MarketplaceAPIError['code']>().toEqualTypeOf<
      'invalid_request' | 'no_items' | 'item_not_found' | 'invalid_purchase_code' | 'unknown'
    >();
    const check = (error: MarketplaceAPIError) => {
      // @ts-expect-error a misspelt code does not compile
      if (error.code === 'invalid_purchase') return;
      if (error.code === 'invalid_purchase_code') return;
    };
    void check;
  });

  test('create needs a domain, update refuses one', () => {
    // @ts-expect-error the client always sends domain on create
    void analytics.websites.create({ privacy: 1 });
    // @ts-expect-error domain cannot be changed by an update
    void analytics.websites.update(1, { domain: 'x.example' });
    void analytics.websites.update(1, { privacy: 0 });
  });

  test('per_page and search_by are closed unions', () => {
    // @ts-expect-error 20 is not a page size
    void analytics.websites.list({ per_page: 20 });
    // @ts-expect-error url is the documented default, not an allowed value
    void analytics.stats.get(1, { name: 'browser', from: '2026-10-01', to: '2026-10-02', search_by: 'url' });
  });

  test('the raw client is typed by path', () => {
    // @ts-expect-error no such path
    void rawClient(analytics).GET('/api/v1/nothing');
    void rawClient(market).GET('/api/items/item', { params: { query: { item_id: 1 } } });
  });
});
