// Lists on the stateful mock follow the roles of their parameters: searched,
// ordered, paged by `per_page` with the spec's defaults when a parameter is
// left out, and page links that lead to the next page with the same query.
import { describe, expect, it } from 'vitest';
import { analytics, mockFetch } from './support/call.js';

const fetch = mockFetch();
const list = (query: Record<string, string> = {}) => analytics(fetch, 'GET', '/api/v1/websites', { query });
type Site = { id: number; domain: string };

describe('the website list', () => {
  it('answers as with the documented defaults when they are left out', async () => {
    const omitted = await list();
    const explicit = await list({ search_by: 'domain', sort_by: 'id', sort: 'desc', per_page: '10' });
    expect(omitted.body.data).toEqual(explicit.body.data);
    expect(omitted.body.data).toHaveLength(10);
    const ids = omitted.body.data.map((site: Site) => site.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it.each(['10', '25', '50', '100'])('holds %s rows a page, and says how many there are', async (size) => {
    const page = await list({ per_page: size });
    expect(page.body.data).toHaveLength(Number(size));
    expect(page.body.meta).toMatchObject({ per_page: Number(size), total: 120, current_page: 1 });
  });

  it('orders by domain both ways', async () => {
    const ascending = (await list({ sort_by: 'domain', sort: 'asc', per_page: '100' })).body.data as Site[];
    const domains = ascending.map((site) => site.domain);
    expect(domains).toEqual([...domains].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const descending = (await list({ sort_by: 'domain', sort: 'desc', per_page: '10' })).body.data as Site[];
    expect(descending[0]!.domain >= descending[9]!.domain).toBe(true);
  });

  it('keeps only the websites whose domain holds the search text, in any case', async () => {
    const found = (await list({ search: 'LUNARIA', per_page: '100' })).body.data as Site[];
    expect(found.length).toBeGreaterThan(2);
    for (const site of found) expect(site.domain).toContain('lunaria');
  });

  it('follows its next links to every website once, with the query kept', async () => {
    const seen: number[] = [];
    let url: string | null = 'http://127.0.0.1:4010/api/v1/websites?per_page=25&sort=asc';
    while (url) {
      const page = await fetch(url, { headers: { authorization: 'Bearer demo-analytics-key' } });
      const body = (await page.json()) as { data: Site[]; links: { next: string | null } };
      seen.push(...body.data.map((site) => site.id));
      url = body.links.next;
      if (url) expect(new URL(url).searchParams.get('sort')).toBe('asc');
    }
    expect(seen).toHaveLength(120);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });
});

describe('statistic rows', () => {
  it('are ordered by count or by value, both ways, and searched by value', async () => {
    const query = { name: 'city', from: '2026-10-01', to: '2026-10-31', per_page: '100' };
    const stats = (extra: Record<string, string>) =>
      analytics(fetch, 'GET', '/api/v1/stats/42', { query: { ...query, ...extra } });
    const counts = (await stats({})).body.data.map((row: { count: number }) => row.count);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    const values = (await stats({ sort_by: 'value', sort: 'asc' })).body.data.map(
      (row: { value: string }) => row.value,
    );
    expect(values).toEqual(
      [...values].sort((a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
    );
    const searched = (await stats({ search: 'an', search_by: 'value' })).body.data;
    expect(searched.length).toBeGreaterThan(0);
    for (const row of searched) expect(row.value.toLowerCase()).toContain('an');
  });
});
