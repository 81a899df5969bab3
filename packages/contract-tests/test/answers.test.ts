import { describe, expect, it } from 'vitest';
import { type AnswerContext, readAnswer } from '../src/answers/answer.js';
import { saysNothing } from '@tallyport/http-policy';
import type { RequestCase } from '../src/cases/types.js';
import { parseBoundedJson } from '../src/transport/json.js';
import type { Exchange } from '../src/transport/transport.js';
import { type ApiName, specModels } from '../src/spec/models.js';

const KEY = 'answer-test-secret-key-0123456789';

function exchange(
  api: ApiName,
  operationId: string,
  status: number | undefined,
  body: unknown,
  values: Record<string, string> = {},
  extra: Partial<RequestCase> = {},
): Exchange {
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  const parsed = text === '' ? undefined : parseBoundedJson(text);
  return {
    id: 1,
    template: {
      api,
      operationId,
      method: 'GET',
      baseUrl: 'http://127.0.0.1:1',
      path: '/',
      query: [],
      headers: [],
      label: operationId,
    },
    case: {
      key: operationId,
      family: 'coverage',
      operationId,
      title: operationId,
      values,
      auth: 'valid',
      expect: 'success',
      ...extra,
    },
    ...(status === undefined
      ? { error: 'connection refused' }
      : {
          response: {
            status,
            contentType: 'application/json',
            headers: {},
            text,
            ...(parsed?.ok ? { json: parsed.value } : parsed ? { jsonError: parsed.error } : {}),
          },
        }),
    attempts: 1,
    startedAt: 0,
    durationMs: 1,
  };
}

const context = (api: ApiName): AnswerContext => ({
  api,
  model: specModels[api],
  redact: (text) => text.split(KEY).join('$ANALYTICS_API_KEY'),
});
const read = (api: ApiName, ...args: Parameters<typeof exchange> extends [ApiName, ...infer R] ? R : never) =>
  readAnswer(exchange(api, ...args), context(api));

const website = (id: number, domain = `site-${id}.example.com`) => ({ id, domain, privacy: 1, email: 0 });

describe('what a status alone says', () => {
  it('says nothing for a 429, a 5XX or a redirect, and something for 2XX and 4XX', () => {
    expect([429, 500, 503, 301, 302].every(saysNothing)).toBe(true);
    expect([200, 201, 204, 400, 401, 404, 422].some(saysNothing)).toBe(false);
  });
});

describe('the verdict on a request', () => {
  it('is inconclusive without an answer, after a 429 or a 5XX, and after a redirect', () => {
    for (const status of [undefined, 429, 500, 302])
      expect(read('analytics', 'listWebsites', status, { message: 'x' }).verdict).toBe('inconclusive');
  });

  it('is a refusal for any 4XX, whatever the body', () => {
    expect(read('analytics', 'listWebsites', 422, { message: 'The per page is invalid.' }).verdict).toBe('refused');
    expect(read('analytics', 'getWebsite', 404, '').verdict).toBe('refused');
  });

  it('is a refusal for a 2XX whose body holds neither records nor the success payload', () => {
    const answer = read('analytics', 'listWebsites', 200, { success: false, error: { code: 'invalid' } });
    expect(answer.verdict).toBe('refused');
    expect(answer.refusedInBody).toBe(true);
  });

  it('is a refusal for one record answered 2XX without its identifier', () => {
    expect(read('analytics', 'getWebsite', 200, { message: 'Unauthenticated.' }).verdict).toBe('refused');
  });

  it('follows the outcome a body states, whatever the status', () => {
    expect(read('marketplace', 'getItem', 200, { status: '错误', msg: '未找到任何商品' }).verdict).toBe('refused');
    expect(read('marketplace', 'getAccountDetails', 400, { status: '成功', data: {} }).verdict).toBe('accepted');
    expect(read('marketplace', 'getItem', 200, { status: 'ok' }).verdict).toBe('inconclusive');
  });
});

describe('the records an answer holds', () => {
  it('finds rows where the spec shows them, bare or under data, with their ids', () => {
    const bare = read('analytics', 'listWebsites', 200, [website(1), website(2)]);
    expect(bare.records).toMatchObject({ kind: 'website', many: true, count: 2, where: '$', discovered: false });
    expect(bare.ids).toEqual(['1', '2']);
    const enveloped = read('analytics', 'listWebsites', 200, { data: [website(3)], meta: { total: 40 } });
    expect(enveloped.records?.where).toBe('$.data');
    expect(enveloped.page?.statedTotal).toBe(40);
  });

  it('looks for rows elsewhere where the spec marks the payload shape as a convention', () => {
    const drf = read('analytics', 'listWebsites', 200, { count: 1, next: null, results: [website(7)] });
    expect(drf.records).toMatchObject({ where: '$.results', discovered: true, count: 1 });
    expect(drf.verdict).toBe('accepted');
    const rails = read('analytics', 'getWebsite', 200, { website: website(8) });
    expect(rails.records).toMatchObject({ where: '$.website', many: false });
    expect(rails.verdict).toBe('accepted');
    const jsonApi = read('analytics', 'listWebsites', 200, {
      data: [{ id: '9', type: 'websites', attributes: { domain: 'json-api.example.com' } }],
    });
    expect(jsonApi.records?.rows[0]).toEqual({ id: '9', domain: 'json-api.example.com' });
  });

  it('takes an empty list for an empty list, not a refusal', () => {
    const empty = read('analytics', 'listWebsites', 200, { results: [] });
    expect(empty.records?.count).toBe(0);
    expect(empty.verdict).toBe('accepted');
  });

  it('never looks elsewhere where the spec decides the shape', () => {
    const answer = read('marketplace', 'listItems', 200, { status: '成功', products: [{ id: 1 }] });
    expect(answer.records).toBeUndefined();
  });

  it('keeps long and deep values as a prefix and a digest', () => {
    const long = 'x'.repeat(5000);
    const answer = read('analytics', 'listWebsites', 200, [
      { id: 1, domain: long },
      { id: 2, domain: `${long}y` },
    ]);
    const [a, b] = answer.records!.rows.map((row) => String(row.domain));
    expect(a!.length).toBeLessThan(200);
    expect(a).not.toBe(b);
  });

  it('compacts a long value at any depth and item, keeps the rest as it came, and a __proto__ field as a field', () => {
    const deep = (levels: number): unknown => (levels === 0 ? 'end' : { in: deep(levels - 1) });
    const row = JSON.parse(
      JSON.stringify({ id: 1, domain: 'a.example.com', tags: ['a', 'x'.repeat(300)], nest: deep(8), wide: [] }),
    );
    row.wide = Array.from({ length: 60 }, (_, index) => index);
    const plain = { id: 2, domain: 'b.example.com', tags: ['a', 'b'] };
    const hostile = JSON.parse(
      `{"id":3,"domain":"c.example.com","__proto__":{"polluted":"yes"},"long":"${'y'.repeat(300)}"}`,
    );
    const [first, second, third] = read('analytics', 'listWebsites', 200, [row, plain, hostile]).records!.rows;
    expect(first!.domain).toBe('a.example.com');
    expect((first!.tags as string[])[0]).toBe('a');
    expect((first!.tags as string[])[1]).toMatch(/^x{64}…\[300 characters, sha256 [0-9a-f]{16}\]$/);
    expect(JSON.stringify(first!.nest)).toMatch(/a value nested deeper than 6 levels/);
    expect((first!.wide as unknown[]).length).toBe(51);
    expect((first!.wide as unknown[])[50]).toMatch(/^\[10 more, sha256 /);
    expect(second).toEqual(plain);
    expect(Object.hasOwn(third!, '__proto__')).toBe(true);
    expect((third as { polluted?: string }).polluted).toBeUndefined();
    expect(String(third!.long)).toMatch(/^y{64}…/);
  });
});

describe('whether a page is complete', () => {
  it('is complete with fewer rows than the page size in effect, the documented default included', () => {
    expect(read('analytics', 'listWebsites', 200, [website(1)]).page).toMatchObject({ size: 10, complete: true });
    const full = Array.from({ length: 25 }, (_, index) => website(index + 1));
    expect(read('analytics', 'listWebsites', 200, full, { per_page: '25' }).page?.complete).toBe(false);
    expect(read('analytics', 'listWebsites', 200, full, { per_page: '50' }).page?.complete).toBe(true);
  });

  it('is never complete for a page size the spec does not allow', () => {
    expect(read('analytics', 'listWebsites', 200, [website(1)], { per_page: '7' }).page).toEqual({ complete: false });
  });
});

describe('the body against its schema, with a basis', () => {
  it('calls a type the spec only assumes for a returned website a convention', () => {
    const answer = read('analytics', 'getWebsite', 200, {
      data: { id: 1, domain: 'a.example.com', privacy: 'private' },
    });
    expect(answer.schema).toMatchObject({ valid: false, basis: 'convention' });
  });

  it('calls a statistic row without its count a specified failure, in any envelope', () => {
    const answer = read('analytics', 'getStats', 200, { rows: [{ value: 'Chrome', visits: 3 }] });
    expect(answer.schema.basis).toBe('convention');
    const known = read('analytics', 'getStats', 200, { data: [{ value: 'Chrome', visits: 3 }] });
    expect(known.schema).toMatchObject({ valid: false, basis: 'specified' });
    expect(known.schema.problems.join(' ')).toMatch(/count/);
  });

  it('calls a marketplace field of the wrong type a specified failure', () => {
    const answer = read('marketplace', 'getAccountDetails', 200, { status: '成功', data: { balance: '12.00' } });
    expect(answer.schema).toMatchObject({ valid: false, basis: 'specified' });
  });

  it('reads a body that is not JSON as text, so a schema that allows anything passes', () => {
    expect(read('analytics', 'deleteWebsite', 200, 'Deleted.').schema.valid).toBe(true);
    expect(read('analytics', 'listWebsites', 500, '<html>oops</html>').schema.valid).toBe(true);
  });
});

describe('what is kept of a body', () => {
  it('keeps a redacted excerpt and a digest, and drops the raw body and its parse', () => {
    const source = exchange('analytics', 'listWebsites', 401, { message: `bad key ${KEY}` });
    const answer = readAnswer(source, context('analytics'));
    expect(answer.body.excerpt).toContain('$ANALYTICS_API_KEY');
    expect(answer.body.excerpt).not.toContain(KEY);
    expect(answer.body.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(source.response?.text).toBe(answer.body.excerpt);
    expect(source.response?.json).toBeUndefined();
  });

  it('refuses to parse a body nested beyond the bound, and says why', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const parsed = parseBoundedJson(deep);
    expect(parsed).toMatchObject({ ok: false });
    expect(parsed.ok ? '' : parsed.error).toMatch(/nested deeper/);
    const answer = read('analytics', 'listWebsites', 200, deep);
    expect(answer.body.json).toBe(false);
    expect(answer.body.jsonError).toMatch(/nested deeper/);
  });
});
