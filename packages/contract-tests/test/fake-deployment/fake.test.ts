// The fake deployment itself behaves as the source documentation says, in
// every honest variant: otherwise a fault it injects would prove nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATE_DEFAULTS, PER_PAGE, STAT_NAMES } from './analytics.js';
import { CHECKS } from '../../src/registry/index.js';
import { CHECK_NAMES, FAULTS } from './faults.js';
import { HOSTILE } from './hostile.js';
import { MESSAGES } from './marketplace.js';
import { type Answer, call, recordOf, rowsOf, schemaProblems, specs } from './probe.js';
import { type FakeDeployment, startFakeDeployment } from './server.js';
import { VARIANTS, type VariantName } from './variants.js';

const RANGE = { from: '2024-02-27', to: '2024-03-02' };

/** The analytics statuses of each honest variant: the source documentation shows none, so they differ. */
const STATUSES: Record<
  VariantName,
  { missingKey: number; wrongKey: number; invalid: number; created: number; deleted: number; notFound: number }
> = {
  laravel: { missingKey: 401, wrongKey: 401, invalid: 422, created: 201, deleted: 200, notFound: 404 },
  bare: { missingKey: 401, wrongKey: 403, invalid: 400, created: 200, deleted: 204, notFound: 404 },
  compact: { missingKey: 401, wrongKey: 401, invalid: 422, created: 200, deleted: 200, notFound: 404 },
  always200: { missingKey: 200, wrongKey: 200, invalid: 200, created: 200, deleted: 200, notFound: 200 },
};

async function conforming(api: 'analytics' | 'marketplace', operationId: string, answer: Promise<Answer>) {
  const settled = await answer;
  expect(await schemaProblems(api, operationId, settled), `${operationId} ${settled.text.slice(0, 300)}`).toEqual([]);
  return settled;
}

describe('the fault registry', () => {
  it('holds at least 80 uniquely named faults, each judged by a check the engine has', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(80);
    expect(new Set(FAULTS.map((fault) => fault.name)).size).toBe(FAULTS.length);
    for (const fault of FAULTS) {
      expect(CHECK_NAMES).toContain(fault.expectedCheck);
      expect(fault.name.startsWith(`${fault.api}-`)).toBe(true);
    }
  });

  it('gives every check several faults', () => {
    // Drift from a baseline needs a baseline of the fake first: its faults are test/baseline-runs.test.ts's.
    for (const check of CHECKS.filter((entry) => !entry.needsBaseline).map((entry) => entry.name)) {
      expect(FAULTS.filter((fault) => fault.expectedCheck === check).length, check).toBeGreaterThanOrEqual(3);
    }
  });

  it('offers four honest variants and every hostile behaviour the safety tests need', () => {
    expect(VARIANTS).toEqual(['laravel', 'bare', 'compact', 'always200']);
    expect(HOSTILE.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([
        'create-answers-foreign-id',
        'create-answers-dot-id',
        'create-answers-dotdot-id',
        'create-answers-no-id',
        'delete-500',
        'stall-after-first',
        'huge-body',
        'gzip-bomb',
        'rate-limit-storm',
        'key-echo',
      ]),
    );
  });

  it('serves the statistic names, page sizes, create defaults and messages the specs give', async () => {
    const { specs: loaded } = await specs();
    const operation = (api: 'analytics' | 'marketplace', id: string) =>
      loaded[api].model.operations.find((candidate) => candidate.id === id)!;
    const parameter = (id: string, name: string) => operation('analytics', id).parameters.find((p) => p.name === name);
    expect([...STAT_NAMES].sort()).toEqual([...(parameter('getStats', 'name')?.enum ?? [])].sort());
    for (const id of ['listWebsites', 'getStats'])
      expect(parameter(id, 'per_page')?.enum?.map(String)).toEqual(PER_PAGE);
    for (const [field, value] of Object.entries(CREATE_DEFAULTS))
      expect(parameter('createWebsite', field)?.default, field).toBe(value);
    const documented = loaded.marketplace.model.operations.flatMap((op) => op.errorMessages.map((entry) => entry.msg));
    expect([...new Set(documented)].sort()).toEqual(Object.values(MESSAGES).sort());
  });
});

describe.each(VARIANTS)('the %s variant', (variant) => {
  let fake: FakeDeployment;
  beforeAll(async () => {
    fake = await startFakeDeployment({ variant });
  });
  afterAll(async () => {
    await fake.close();
  });

  const get = (path: string, query: Record<string, string> = {}, key?: string | null) =>
    call(fake, 'analytics', 'GET', path, { query, key });

  it('lists 10 websites by default, newest first, in its envelope', async () => {
    const answer = await conforming('analytics', 'listWebsites', get('/api/v1/websites'));
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/json');
    const ids = rowsOf(answer).map((row) => Number(row.id));
    expect(ids).toHaveLength(10);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(Array.isArray(answer.body)).toBe(variant === 'bare');
  });

  it('gives exactly per_page rows for every allowed page size while more exist', async () => {
    for (const perPage of ['10', '25', '50', '100']) {
      expect(rowsOf(await get('/api/v1/websites', { per_page: perPage }))).toHaveLength(Number(perPage));
    }
    const second = rowsOf(await get('/api/v1/websites', { per_page: '100', page: '2' }));
    expect(second.length).toBeGreaterThanOrEqual(30);
  });

  it('answers an omitted default exactly as the default sent', async () => {
    const listDefaults = { sort: 'desc', sort_by: 'id', per_page: '10', search_by: 'domain' };
    expect((await get('/api/v1/websites')).text).toBe((await get('/api/v1/websites', listDefaults)).text);
    const statsDefaults = { sort: 'desc', sort_by: 'count', per_page: '10' };
    for (const name of ['city', 'pageviews']) {
      const omitted = await get('/api/v1/stats/9', { name, ...RANGE });
      expect(omitted.text).toBe((await get('/api/v1/stats/9', { name, ...RANGE, ...statsDefaults })).text);
    }
  });

  it.skipIf(variant === 'bare' || variant === 'always200')(
    'links the next page with the parameters in effect',
    async () => {
      const first = await get('/api/v1/websites', { per_page: '25', sort_by: 'domain' });
      const body = first.body as { links?: { next: string }; next_page_url?: string };
      const next = new URL(body.links?.next ?? body.next_page_url ?? '');
      const second = await get(next.pathname, Object.fromEntries(next.searchParams));
      const domains = [...rowsOf(first), ...rowsOf(second)].map((row) => String(row.domain));
      expect(domains).toHaveLength(50);
      expect(domains).toEqual([...domains].sort().reverse());
    },
  );

  it('filters by a case-insensitive search and sorts by domain', async () => {
    const answer = await get('/api/v1/websites', { search: 'LUNARIA', sort_by: 'domain', sort: 'asc', per_page: '25' });
    const domains = rowsOf(answer).map((row) => String(row.domain));
    expect(domains.length).toBeGreaterThan(3);
    expect(domains.every((domain) => domain.includes('lunaria'))).toBe(true);
    expect(domains).toEqual([...domains].sort());
  });

  it('refuses a missing or wrong key before looking at the parameters', async () => {
    const missing = await get('/api/v1/websites', { per_page: '7' }, null);
    const wrong = await get('/api/v1/websites', { per_page: '7' }, 'not-the-key');
    expect(missing.status).toBe(STATUSES[variant].missingKey);
    expect(wrong.status).toBe(STATUSES[variant].wrongKey);
    expect(missing.type).toBe('application/json');
    expect(() => rowsOf(missing)).toThrow(/not a list/);
    const stats = await get('/api/v1/stats/1', { name: 'browser', ...RANGE }, 'not-the-key');
    expect(stats.status).toBe(STATUSES[variant].wrongKey);
    expect(() => rowsOf(stats)).toThrow(/not a list/);
  });

  it('refuses every value outside the documented sets, with a JSON error', async () => {
    const refused = [
      await get('/api/v1/websites', { per_page: '7' }),
      await get('/api/v1/websites', { sort: 'up' }),
      await get('/api/v1/websites', { sort_by: 'name' }),
      await get('/api/v1/websites', { search_by: 'url' }),
      await get('/api/v1/stats/1', { name: 'weather', ...RANGE }),
      await get('/api/v1/stats/1', { name: 'browser', from: '2026-02-30', to: '2026-03-02' }),
      await get('/api/v1/stats/1', { name: 'browser', from: '2026/02/01', to: '2026-03-02' }),
      await get('/api/v1/stats/1', { name: 'browser', from: '2026-02-01' }),
      await get('/api/v1/stats/1', { from: '2026-02-01', to: '2026-03-02' }),
      await get('/api/v1/stats/1', { name: 'browser', ...RANGE, search_by: 'url' }),
    ];
    for (const answer of refused) {
      expect(answer.status, answer.text).toBe(STATUSES[variant].invalid);
      expect(() => rowsOf(answer)).toThrow(/not a list/);
      expect(answer.type).toBe('application/json');
    }
  });

  it('creates with the documented defaults, updates only what it is sent, never renames, and deletes', async () => {
    const domain = `tallyport-contract-test-${variant}.example.com`;
    const created = await conforming(
      'analytics',
      'createWebsite',
      call(fake, 'analytics', 'POST', '/api/v1/websites', { form: { domain } }),
    );
    expect(created.status).toBe(STATUSES[variant].created);
    const website = recordOf(created);
    expect(website).toMatchObject({ domain, privacy: 1, email: 0, exclude_bots: 1 });
    const path = `/api/v1/websites/${website.id}`;

    const updated = await call(fake, 'analytics', 'PUT', path, { form: { email: '1', exclude_params: 'ref' } });
    expect(recordOf(updated)).toMatchObject({ domain, privacy: 1, email: 1, exclude_bots: 1, exclude_params: 'ref' });
    // `domain` is not an update field: refused, or (laravel, like Laravel's validated()) dropped unread.
    const renamed = await call(fake, 'analytics', 'PUT', path, { form: { domain: 'other.example.com', privacy: '0' } });
    if (variant === 'laravel') expect(recordOf(renamed)).toMatchObject({ domain, privacy: 0 });
    else {
      expect(renamed.status).toBe(STATUSES[variant].invalid);
      expect(recordOf(renamed)).not.toHaveProperty('id');
    }
    const read = await conforming('analytics', 'getWebsite', get(path));
    expect(recordOf(read)).toMatchObject({
      domain,
      privacy: variant === 'laravel' ? 0 : 1,
      email: 1,
      exclude_ips: null,
    });

    const deleted = await conforming('analytics', 'deleteWebsite', call(fake, 'analytics', 'DELETE', path));
    expect(deleted.status).toBe(STATUSES[variant].deleted);
    expect(deleted.type).toBe(variant === 'bare' ? null : 'application/json');
    const gone = await get(path);
    expect(gone.status).toBe(STATUSES[variant].notFound);
    expect(recordOf(gone)).not.toHaveProperty('id');
    expect(fake.domains()).not.toContain(domain);
    const writes = fake.log().filter((entry) => entry.method !== 'GET');
    expect(writes.map((entry) => entry.method)).toEqual(['POST', 'PUT', 'PUT', 'DELETE']);
    expect(writes[0]?.body).toContain('tallyport-contract-test');
  });

  it('keeps daily rows inside the range, leap day included, and pages any span', async () => {
    const answer = await conforming(
      'analytics',
      'getStats',
      get('/api/v1/stats/7', { name: 'pageviews', ...RANGE, sort_by: 'value', sort: 'asc', per_page: '100' }),
    );
    expect(rowsOf(answer).map((row) => row.value)).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
      '2024-03-02',
    ]);
    const everything = await get('/api/v1/stats/7', { name: 'visitors', from: '0000-01-01', to: '9999-12-31' });
    expect(rowsOf(everything).map((row) => row.value)[0]).toBe('9999-12-31');
    const searched = await get('/api/v1/stats/7', {
      name: 'visitors',
      from: '0000-01-01',
      to: '9999-12-31',
      search: '-02-29',
      per_page: '100',
    });
    const leapDays = rowsOf(searched).map((row) => String(row.value));
    expect(leapDays).toHaveLength(100);
    expect(leapDays.every((day) => day.endsWith('-02-29'))).toBe(true);
  });

  it('serves 24 hourly rows and more than 100 cities, counted over the range', async () => {
    const hours = rowsOf(await get('/api/v1/stats/3', { name: 'visitors_hours', ...RANGE, per_page: '100' }));
    expect(hours.map((row) => row.value).sort()).toEqual(
      Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0')),
    );
    const cities = await get('/api/v1/stats/3', { name: 'city', ...RANGE, per_page: '100' });
    expect(rowsOf(cities)).toHaveLength(100);
    const counts = rowsOf(cities).map((row) => Number(row.count));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const more = await get('/api/v1/stats/3', { name: 'city', ...RANGE, per_page: '100', page: '2' });
    expect(rowsOf(more).length).toBeGreaterThan(0);
    const longer = await get('/api/v1/stats/3', { name: 'city', from: '2024-01-01', to: RANGE.to, per_page: '100' });
    expect(rowsOf(longer)).not.toEqual(rowsOf(cities));
    const searched = rowsOf(await get('/api/v1/stats/3', { name: 'city', ...RANGE, search: 'FORD', per_page: '25' }));
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((row) => String(row.value).toLowerCase().includes('ford'))).toBe(true);
  });

  it('serves items that obey the media rules, each readable by its id', async () => {
    const list = await conforming('marketplace', 'listItems', call(fake, 'marketplace', 'GET', '/api/items/all'));
    const items = (list.body as { status: string; items: Array<Record<string, unknown>> }).items;
    expect((list.body as { status: string }).status).toBe('成功');
    const kinds = items.map((item) => Object.keys(item.media as object).filter((key) => key.startsWith('preview')));
    expect(kinds).toEqual(
      expect.arrayContaining([['preview_image'], ['preview_image', 'preview_video'], ['preview_audio']]),
    );
    for (const item of items) {
      const one = await conforming(
        'marketplace',
        'getItem',
        call(fake, 'marketplace', 'GET', '/api/items/item', { query: { item_id: String(item.id) } }),
      );
      expect((one.body as { item: unknown }).item).toEqual(item);
    }
    await conforming('marketplace', 'getAccountDetails', call(fake, 'marketplace', 'GET', '/api/account/details'));
  });

  it('answers the documented messages and echoes a valid purchase code', async () => {
    const error = (status: number, msg: string) => ({ status, body: { status: '错误', msg } });
    const pick = ({ status, body }: Answer) => ({ status, body });
    const empty = fake.keys.emptyMarketplace;
    const statuses: Record<VariantName, number[]> = {
      laravel: [200, 200, 200, 200],
      bare: [404, 404, 422, 401],
      compact: [200, 200, 200, 401],
      always200: [200, 200, 200, 200],
    };
    const status = statuses[variant];
    const noItems = await call(fake, 'marketplace', 'GET', '/api/items/all', { key: empty });
    expect(pick(noItems)).toEqual(error(status[0]!, MESSAGES.noItems));
    const noItem = await call(fake, 'marketplace', 'GET', '/api/items/item', { query: { item_id: '999999' } });
    expect(pick(noItem)).toEqual(error(status[1]!, MESSAGES.noItem));
    const code = 'not-a-code-123';
    const invalid = await call(fake, 'marketplace', 'POST', '/api/purchases/validation', {
      form: { purchase_code: code },
    });
    expect(pick(invalid)).toEqual(error(status[2]!, MESSAGES.invalidCode));
    const noKey = await call(fake, 'marketplace', 'GET', '/api/account/details', { key: null });
    expect(pick(noKey)).toEqual(error(status[3]!, MESSAGES.invalidRequest));
    const badId = await call(fake, 'marketplace', 'GET', '/api/items/item', { query: { item_id: '12abc' } });
    const badIdStatus = variant === 'laravel' || variant === 'always200' ? 200 : 400;
    expect(pick(badId)).toEqual(error(badIdStatus, MESSAGES.invalidRequest));

    const valid = await conforming(
      'marketplace',
      'validatePurchase',
      call(fake, 'marketplace', 'POST', '/api/purchases/validation', {
        form: { purchase_code: fake.keys.purchaseCode },
      }),
    );
    expect(valid.body).toMatchObject({ status: '成功', data: { purchase: { purchase_code: fake.keys.purchaseCode } } });
  });
});
