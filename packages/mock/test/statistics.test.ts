// Statistic rows on the stateful mock: every name answers over any range,
// the figures of a day are the same whichever range holds it, and a range's
// counts are the sum of its days'.
import { describe, expect, it } from 'vitest';
import { analytics, mockFetch } from './support/call.js';
import { problems, specModels } from './support/conformance.js';

const fetch = mockFetch();
const NAMES = specModels.analytics.operations
  .find((operation) => operation.id === 'getStats')!
  .parameters.find((parameter) => parameter.name === 'name')!.enum as string[];

const stats = (query: Record<string, string>, site = '42') =>
  analytics(fetch, 'GET', `/api/v1/stats/${site}`, { query: { per_page: '100', ...query } });

const byValue = (rows: Array<{ value: string; count: number }>) => new Map(rows.map((row) => [row.value, row.count]));

describe('statistics on the stateful mock', () => {
  it.each(NAMES)('answers %s over a month with rows the spec describes', async (name) => {
    const answer = await stats({ name, from: '2026-10-01', to: '2026-10-31' });
    expect(answer.status).toBe(200);
    expect(problems('analytics', 'getStats', answer)).toEqual([]);
    expect(answer.body.data.length).toBeGreaterThan(0);
  });

  it('answers the same daily rows for the days two overlapping ranges share', async () => {
    const october = await stats({ name: 'pageviews', from: '2026-10-01', to: '2026-10-31' });
    const straddling = await stats({ name: 'pageviews', from: '2026-10-20', to: '2026-11-09' });
    const shared = byValue(straddling.body.data);
    const days = october.body.data.filter((row: { value: string }) => shared.has(row.value));
    expect(days).toHaveLength(12);
    for (const row of days) expect(shared.get(row.value)).toBe(row.count);
  });

  it('counts a range as the sum of its days, for every value', async () => {
    const week = byValue((await stats({ name: 'browser', from: '2026-10-05', to: '2026-10-11' })).body.data);
    const sum = new Map<string, number>();
    for (const day of ['05', '06', '07', '08', '09', '10', '11']) {
      const rows = (await stats({ name: 'browser', from: `2026-10-${day}`, to: `2026-10-${day}` })).body.data;
      for (const row of rows) sum.set(row.value, (sum.get(row.value) ?? 0) + row.count);
    }
    expect(week).toEqual(sum);
  });

  it('gives each website its own figures, the same on every call', async () => {
    const query = { name: 'country', from: '2026-01-01', to: '2026-03-31' };
    const [a, again, other] = await Promise.all([stats(query), stats(query), stats(query, '17')]);
    expect(a.body.data).toEqual(again.body.data);
    expect(a.body.data).not.toEqual(other.body.data);
  });

  it('answers a range of ten thousand years, paged', async () => {
    const answer = await stats({ name: 'visitors', from: '0000-01-01', to: '9999-12-31', sort_by: 'value' });
    expect(answer.body.meta.total).toBe(3_652_425);
    expect(answer.body.data[0].value).toBe('9999-12-31');
    expect(answer.body.data).toHaveLength(100);
  });

  it('answers no rows for a backwards range, and 404 for a website the key does not have', async () => {
    expect((await stats({ name: 'browser', from: '2026-10-31', to: '2026-10-01' })).body.data).toEqual([]);
    expect((await stats({ name: 'browser', from: '2026-10-01', to: '2026-10-31' }, '999999')).status).toBe(404);
  });
});
