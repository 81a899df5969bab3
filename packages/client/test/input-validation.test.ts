import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { ValidationError, createAnalyticsClient, createMarketplaceClient } from '../src/index.js';
import { analyticsOperations } from '../src/generated/analytics.js';
import { CANARY_KEY } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();
beforeAll(() => {
  server.reply({ body: { status: '成功', data: [], items: [], item: {} } });
});

const analytics = () => createAnalyticsClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off' });
const marketplace = () => createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY, logLevel: 'off' });

async function refusal(run: () => Promise<unknown>): Promise<ValidationError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  expect(server.requests).toHaveLength(0);
  return error as ValidationError;
}

const range = { name: 'browser', from: '2026-10-01', to: '2026-10-31' } as const;

describe('input validation happens before any request', () => {
  test('per_page outside 10, 25, 50, 100 names the parameter, the value and the allowed values', async () => {
    const error = await refusal(() => analytics().websites.list({ per_page: 20 as never }));
    expect(error).toMatchObject({ parameter: 'per_page', value: 20, allowed: [10, 25, 50, 100] });
    expect(error.message).toContain('"per_page"');
    expect(error.message).toContain('got 20');
    expect(error.message).toContain('10, 25, 50, 100');
  });

  test('an unknown statistic name lists the allowed names', async () => {
    const error = await refusal(() => analytics().stats.get(42, { ...range, name: 'bounce_rate' as never }));
    expect(error.parameter).toBe('name');
    expect(error.message).toContain('"visitors_hours"');
  });

  test('search_by=url explains the documented-default quirk', async () => {
    const error = await refusal(() => analytics().stats.get(42, { ...range, search_by: 'url' as never }));
    expect(error).toMatchObject({ parameter: 'search_by', value: 'url', allowed: ['value'] });
    expect(error.message).toContain('documented default');
    expect(error.message).toContain('leave "search_by" unset');
  });

  test('an impossible calendar date is refused', async () => {
    const error = await refusal(() => analytics().stats.get(42, { ...range, from: '2026-02-30' }));
    expect(error).toMatchObject({ parameter: 'from', value: '2026-02-30' });
    expect(error.message).toContain('Y-m-d');
  });

  test('a date in another format is refused', async () => {
    await refusal(() => analytics().stats.get(42, { ...range, to: '31/10/2026' }));
  });

  test('from after to is refused', async () => {
    const error = await refusal(() => analytics().stats.get(42, { ...range, from: '2026-11-01' }));
    expect(error.message).toContain('from <= to');
  });

  test('a missing required parameter is named', async () => {
    const error = await refusal(() => analytics().stats.get(42, { name: 'browser', from: '2026-10-01' } as never));
    expect(error.parameter).toBe('to');
    expect(error.message).toContain('Missing required parameter "to"');
  });

  test('an unknown parameter is refused with the accepted ones', async () => {
    const error = await refusal(() => analytics().websites.list({ page: 2 } as never));
    expect(error.parameter).toBe('page');
    expect(error.message).toContain('search, search_by, sort_by, sort, per_page');
  });

  test('domain in an update is refused: it cannot be changed', async () => {
    const error = await refusal(() => analytics().websites.update(42, { domain: 'x.example' } as never));
    expect(error.parameter).toBe('domain');
    expect(error.message).toContain('Forbidden parameter "domain" for websites.update');
  });

  test('create requires a domain', async () => {
    const error = await refusal(() => analytics().websites.create({ privacy: 1 } as never));
    expect(error.parameter).toBe('domain');
  });

  test('privacy 3 is not a privacy mode', async () => {
    const error = await refusal(() => analytics().websites.create({ domain: 'a.example', privacy: 3 as never }));
    expect(error.allowed).toEqual([0, 1, 2]);
  });

  test('an empty website id is refused', async () => {
    const error = await refusal(() => analytics().websites.get(''));
    expect(error.parameter).toBe('id');
  });

  test('a fractional item id is refused', async () => {
    const error = await refusal(() => marketplace().items.get(1.5));
    expect(error).toMatchObject({ parameter: 'item_id', value: 1.5 });
  });

  test('an empty purchase code is refused', async () => {
    const error = await refusal(() => marketplace().purchases.validate(''));
    expect(error.parameter).toBe('purchase_code');
  });
});

describe('validators agree with the spec (property tests)', () => {
  const perPage = analyticsOperations.listWebsites.facts.query.per_page.allowed;
  const statNames = analyticsOperations.getStats.facts.query.name.allowed;

  test('per_page is accepted exactly when the spec allows it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: -5, max: 200 }), fc.constantFrom(...perPage)), async (value) => {
        server.requests.length = 0;
        const outcome = await analytics()
          .websites.list({ per_page: value as never })
          .then(
            () => 'sent',
            (e: unknown) => (e instanceof ValidationError ? 'refused' : 'other'),
          );
        expect(outcome).toBe((perPage as readonly number[]).includes(value) ? 'sent' : 'refused');
      }),
      { numRuns: 60 },
    );
  });

  test('every real calendar date pair with from <= to is accepted, with the dates sent verbatim', async () => {
    const day = fc
      .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(day, day, fc.constantFrom(...statNames), async (a, b, name) => {
        server.requests.length = 0;
        const [from, to] = a <= b ? [a, b] : [b, a];
        await analytics().stats.get(1, { name, from, to });
        expect(server.requests[0]?.query.get('from')).toBe(from);
        expect(server.requests[0]?.query.get('to')).toBe(to);
      }),
      { numRuns: 40 },
    );
  });

  test('strings that are not a real Y-m-d date are refused', async () => {
    const notDate = fc
      .oneof(
        fc.string({ maxLength: 12 }),
        fc
          .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 13, max: 99 }), fc.integer({ min: 1, max: 28 }))
          .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${m}-${String(d).padStart(2, '0')}`),
        fc
          .integer({ min: 1901, max: 2099 })
          .filter((y) => y % 4 !== 0)
          .map((y) => `${y}-02-29`),
      )
      .filter((s) => !/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(s) || s.endsWith('-02-29'));
    await fc.assert(
      fc.asyncProperty(notDate, async (from) => {
        server.requests.length = 0;
        const error = await analytics()
          .stats.get(1, { ...range, from })
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ValidationError);
        expect(server.requests).toHaveLength(0);
      }),
      { numRuns: 60 },
    );
  });

  test('a range whose from is after its to is always refused', async () => {
    const day = fc
      .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(day, day, async (a, b) => {
        fc.pre(a !== b);
        const [from, to] = a > b ? [a, b] : [b, a];
        const error = await analytics()
          .stats.get(1, { ...range, from, to })
          .catch((e: unknown) => e);
        expect(error).toMatchObject({ name: 'ValidationError', parameter: 'from', value: from });
      }),
      { numRuns: 40 },
    );
  });

  test('any key outside the spec is refused on update', async () => {
    const { path, body } = analyticsOperations.updateWebsite.facts;
    const known = new Set([...Object.keys(path), ...Object.keys(body)]);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !known.has(k) && k !== '__proto__'),
        async (key) => {
          const error = await analytics()
            .websites.update(1, { [key]: 1 } as never)
            .catch((e: unknown) => e);
          expect(error).toMatchObject({ name: 'ValidationError', parameter: key });
        },
      ),
      { numRuns: 40 },
    );
  });
});
