// What the spec refuses, the stateful mock refuses, in the spec's error
// shapes: a missing or unknown key, a value outside its enum, not a number,
// an impossible date, a missing required parameter, a field the operation
// forbids, a body that is no form. Keys can be replaced.
import { describe, expect, it } from 'vitest';
import { analytics, market, mockFetch } from './support/call.js';
import { problems } from './support/conformance.js';

const fetch = mockFetch();
const MONTH = { name: 'browser', from: '2026-10-01', to: '2026-10-31' };

describe('analytics refusals', () => {
  it('refuses a missing or unknown bearer key on every operation, with 401', async () => {
    for (const key of ['', 'not-a-key']) {
      for (const [method, path] of [
        ['GET', '/api/v1/websites'],
        ['POST', '/api/v1/websites'],
        ['GET', '/api/v1/websites/42'],
        ['PUT', '/api/v1/websites/42'],
        ['DELETE', '/api/v1/websites/42'],
        ['GET', '/api/v1/stats/42'],
      ] as const) {
        const answer = await analytics(fetch, method, path, { key, form: method === 'GET' ? undefined! : {} });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body).toEqual({ message: 'Unauthenticated.' });
      }
    }
    expect((await analytics(fetch, 'GET', '/api/v1/websites/42')).status).toBe(200);
  });

  it.each([
    ['per_page', '20', 'The selected per page is invalid.'],
    ['per_page', 'ten', 'The selected per page is invalid.'],
    ['sort', 'up', 'The selected sort is invalid.'],
    ['search_by', 'url', 'The selected search by is invalid.'],
    ['from', '2026-02-30', 'The from field must match the format Y-m-d.'],
    ['to', '01/10/2026', 'The to field must match the format Y-m-d.'],
    ['name', 'weather', 'The selected name is invalid.'],
  ])('refuses %s=%s with 422 and the field named', async (field, value, message) => {
    const answer = await analytics(fetch, 'GET', '/api/v1/stats/42', { query: { ...MONTH, [field]: value } });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { [field]: [message] } });
    expect(problems('analytics', 'getStats', answer)).toEqual([]);
  });

  it('names every missing required parameter', async () => {
    const answer = await analytics(fetch, 'GET', '/api/v1/stats/42');
    expect(Object.keys(answer.body.errors)).toEqual(['name', 'from', 'to']);
    expect(answer.body.message).toBe('The name field is required. (and 2 more errors)');
  });

  it('refuses settings outside their values on create and update, and creates nothing', async () => {
    const before = (await analytics(fetch, 'GET', '/api/v1/websites')).body.meta.total;
    const create = await analytics(fetch, 'POST', '/api/v1/websites', { form: { domain: 'x.test', privacy: '3' } });
    expect(create.status).toBe(422);
    expect((await analytics(fetch, 'GET', '/api/v1/websites')).body.meta.total).toBe(before);
    const update = await analytics(fetch, 'PUT', '/api/v1/websites/42', { form: { email: 'yes' } });
    expect(update.body.errors).toEqual({ email: ['The selected email is invalid.'] });
  });

  it('refuses a body that is not a form with 415', async () => {
    const answer = await fetch('http://127.0.0.1:4010/api/v1/websites', {
      method: 'POST',
      headers: { authorization: 'Bearer demo-analytics-key', 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'json.test' }),
    });
    expect(answer.status).toBe(415);
  });

  it('answers an unknown path with 404 and a known path with another method with 405', async () => {
    expect((await analytics(fetch, 'GET', '/api/v1/nothing')).status).toBe(404);
    const patched = await analytics(fetch, 'PATCH', '/api/v1/websites/42');
    expect(patched.status).toBe(405);
    expect(patched.headers.get('allow')).toBe('GET, PUT, DELETE');
  });
});

describe('marketplace refusals', () => {
  it('answers a missing key, a malformed item id and a missing purchase code with 错误', async () => {
    const cases = [
      ['getItem', market(fetch, 'GET', '/api/items/item', { key: '', query: { item_id: '48213' } })],
      ['getItem', market(fetch, 'GET', '/api/items/item', { query: { item_id: 'ten' } })],
      ['getItem', market(fetch, 'GET', '/api/items/item')],
      ['validatePurchase', market(fetch, 'POST', '/api/purchases/validation', { form: {} })],
      ['validatePurchase', market(fetch, 'POST', '/api/purchases/validation', { form: { purchase_code: '' } })],
    ] as const;
    for (const [operation, pending] of cases) {
      const answer = await pending;
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body).toEqual({ status: '错误', msg: '无效请求' });
      expect(problems('marketplace', operation, answer)).toEqual([]);
    }
  });
});

describe('keys', () => {
  it('can be replaced, and the demo keys then no longer open anything', async () => {
    const own = mockFetch({ keys: { analyticsKey: 'k-analytics', marketKey: 'k-market', emptyKey: 'k-empty' } });
    expect((await analytics(own, 'GET', '/api/v1/websites/42', { key: 'k-analytics' })).status).toBe(200);
    expect((await analytics(own, 'GET', '/api/v1/websites/42')).status).toBe(401);
    expect((await market(own, 'GET', '/api/items/all', { key: 'k-market' })).body.status).toBe('成功');
    expect((await market(own, 'GET', '/api/items/all', { key: 'k-empty' })).body.msg).toBe('该分类下暂无商品上架');
    expect((await market(own, 'GET', '/api/items/all')).body.msg).toBe('无效请求');
  });

  it('must be distinct and not empty', () => {
    expect(() => mockFetch({ keys: { marketKey: 'same', emptyKey: 'same' } })).toThrow(/differ/);
    expect(() => mockFetch({ keys: { analyticsKey: '' } })).toThrow(/non-empty/);
  });
});
