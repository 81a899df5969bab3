// The records the mock invents: the same number gives the same data, another
// number other data, and every record of every list, whatever the number,
// validates against the spec's schemas (so a front end never sees a record the
// real API could not send).
import { describe, expect, it } from 'vitest';
import { analytics, market, mockFetch } from './support/call.js';
import { problems } from './support/conformance.js';

async function everything(seed: number) {
  const fetch = mockFetch({ seed });
  const pages = [1, 2].map((page) =>
    analytics(fetch, 'GET', '/api/v1/websites', { query: { per_page: '100', page: String(page) } }),
  );
  const [first, second] = await Promise.all(pages);
  const items = await market(fetch, 'GET', '/api/items/all');
  const empty = await market(fetch, 'GET', '/api/account/details', { key: 'demo-empty-key' });
  return { fetch, websites: [...first!.body.data, ...second!.body.data], first: first!, items, empty };
}

describe('invented records', () => {
  it('are the same for the same number and differ for another', async () => {
    const [a, b, c] = await Promise.all([everything(7), everything(7), everything(8)]);
    expect(a.websites).toEqual(b.websites);
    expect(a.items.body).toEqual(b.items.body);
    expect(a.fetch.engine.knownValues()).toEqual(b.fetch.engine.knownValues());
    expect(a.websites).not.toEqual(c.websites);
    expect(a.fetch.engine.knownValues()).not.toEqual(c.fetch.engine.knownValues());
  });

  it('hold the examples of the spec, and enough websites to page: 120 with distinct ids and domains', async () => {
    const { websites } = await everything(1);
    expect(websites).toHaveLength(120);
    expect(new Set(websites.map((site) => site.id)).size).toBe(120);
    expect(new Set(websites.map((site) => site.domain)).size).toBe(120);
    expect(websites.map((site) => site.domain)).toEqual(expect.arrayContaining(['shop.lunaria.cn', 'blog.lunaria.cn']));
  });

  it.each([1, 2, 3, 42, 2_147_483_647])('validate against the schemas with the number %i', async (seed) => {
    const { fetch, first, items, empty } = await everything(seed);
    expect(problems('analytics', 'listWebsites', first)).toEqual([]);
    expect(problems('marketplace', 'listItems', items)).toEqual([]);
    expect(problems('marketplace', 'getAccountDetails', empty)).toEqual([]);
    for (const known of fetch.engine.knownValues()) {
      const purchase = await market(fetch, 'POST', '/api/purchases/validation', {
        form: { purchase_code: known.value },
      });
      expect(purchase.status).toBe(200);
      expect(problems('marketplace', 'validatePurchase', purchase)).toEqual([]);
    }
  });
});
