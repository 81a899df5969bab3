// The iterators against a deployment that answers lists as bare arrays, with
// no totals and no links (the envelope is not shown by the source
// documentation): the fake deployment's `bare` variant, 140 websites. They must
// hand back every row, or throw an error naming the option to set, never part
// of a list.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type FakeDeployment, startFakeDeployment } from '../../contract-tests/test/fake-deployment/server.js';
import { PaginationError, createAnalyticsClient } from '../src/index.js';
import type { AnalyticsClientOptions } from '../src/index.js';

let bare: FakeDeployment;
let laravel: FakeDeployment;
beforeAll(async () => {
  [bare, laravel] = await Promise.all([startFakeDeployment({ variant: 'bare' }), startFakeDeployment()]);
});
afterAll(async () => {
  await Promise.all([bare?.close(), laravel?.close()]);
});

const client = (fake: FakeDeployment, options: Partial<AnalyticsClientOptions> = {}) =>
  createAnalyticsClient({ baseUrl: fake.analyticsUrl, apiKey: fake.keys.analytics, logLevel: 'off', ...options });

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of iterable) out.push(x);
  return out;
}

const statQuery = { name: 'city', from: '2026-09-01', to: '2026-10-31' } as const;

describe('a bare-array deployment', () => {
  test.each([10, 25, 100] as const)(
    'listAll with per_page %i returns all 140 websites, each once',
    async (per_page) => {
      const sites = await collect(client(bare).websites.listAll({ per_page }));
      expect(sites).toHaveLength(140);
      expect(new Set(sites.map((site) => String(site.id)))).toEqual(
        new Set(bare.websites().map((site) => String(site.id))),
      );
    },
  );

  test('a single page of it says it cannot tell whether more follow', async () => {
    const page = await client(bare).websites.list();
    expect(page).toHaveLength(10);
    expect(page.hasMore).toBeUndefined();
  });

  test('stats.iterate returns every row the same data gives through page links', async () => {
    const linked = await collect(client(laravel).stats.iterate(1, statQuery));
    const counted = await collect(client(bare).stats.iterate(1, statQuery));
    expect(linked.length).toBeGreaterThan(10);
    expect(counted).toEqual(linked);
  });

  test('with pageParameter null both iterators stop with an error naming the option', async () => {
    const strict = client(bare, { pageParameter: null });
    for (const run of [() => collect(strict.websites.listAll()), () => collect(strict.stats.iterate(1, statQuery))]) {
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaginationError);
      expect(error).toMatchObject({ option: 'pageParameter', pagesRead: 1 });
      expect((error as Error).message).toContain('`pageParameter`');
    }
  });

  test('a page parameter the deployment does not read is an error, not the first page again', async () => {
    const wrong = client(bare, { pageParameter: 'offset' });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const site of wrong.websites.listAll()) seen.push(site.id);
    })().catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaginationError', option: 'pageParameter' });
    expect(seen).toHaveLength(10);
  });
});
