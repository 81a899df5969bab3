// What a fresh consumer project of the release rehearsal compiles (strict) and runs, as ESM and as CommonJS:
// the published types, both clients and the embedded mocks, used as an integrator would.
import { createAnalyticsClient, createMarketplaceClient, ValidationError } from '@tallyport/client';
import type { Item, PerPage, StatsQuery, Website } from '@tallyport/client';
import { startMocks } from '@tallyport/contract-tests';

const perPage: PerPage = 25;
// @ts-expect-error 20 is not a page size the spec allows
const notAPageSize: PerPage = 20;
const query: StatsQuery = { name: 'browser', from: '2026-10-01', to: '2026-10-31', per_page: perPage };

async function main(): Promise<void> {
  const mocks = await startMocks();
  try {
    if (!mocks.analytics || !mocks.marketplace) throw new Error('startMocks() did not start both mocks');
    const analytics = createAnalyticsClient({ baseUrl: mocks.analytics.url, apiKey: 'rehearsal-key' });
    const websites: Website[] = await analytics.websites.list({ per_page: perPage });
    const rows = await analytics.stats.get(42, query);
    const marketplace = createMarketplaceClient({ baseUrl: mocks.marketplace.url, apiKey: 'rehearsal-key' });
    const items: Item[] = await marketplace.items.list();
    let refused = '';
    try {
      await analytics.websites.list({ per_page: notAPageSize });
    } catch (error) {
      if (error instanceof ValidationError) refused = error.name;
    }
    const result = { websites: Array.isArray(websites), rows: Array.isArray(rows), items: items.length > 0, refused };
    console.log(JSON.stringify(result));
  } finally {
    await mocks.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
