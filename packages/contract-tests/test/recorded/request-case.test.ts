// The tags of a recorded request, derived from the request and the spec model
// alone (request-case.ts, with the rules of value-rules.ts and the keys of
// credentials.ts): what a run would have tagged the same request with.
import { describe, expect, it } from 'vitest';
import { type KeyReading, readKey, type RecordedKeys, secretsIn } from '../../src/recorded/credentials.js';
import type { RecordedRequest } from '../../src/recorded/har-entry.js';
import { deriveCase, documentedRefusal, type TrafficKnowledge } from '../../src/recorded/request-case.js';
import { Routes } from '../../src/recorded/routes.js';
import { isCalendarDay, quirkDefault, ruleBroken } from '../../src/recorded/value-rules.js';
import { specModels } from '../../src/spec/models.js';
import { toCurl } from '../../src/transport/curl.js';

const KEY = 'ak_live_4f8a19c2d7e3b6a5';
const MARKET_KEY = 'mk_live_9a8b7c6d5e4f3a2b';
const EMPTY_KEY = 'mk_live_0000empty1111';
const routes = new Routes(['analytics', 'marketplace']);
const everyRecord: TrafficKnowledge = { exists: () => true };
const noRecord: TrafficKnowledge = { exists: () => false };

function request(method: string, url: string, options: Partial<RecordedRequest> = {}): RecordedRequest {
  return { method, url: new URL(url), headers: [], cookies: [], ...options };
}

const bearer = (key = KEY) => [{ name: 'Authorization', value: `Bearer ${key}` }];

function derive(
  recorded: RecordedRequest,
  keys: RecordedKeys = {},
  knowledge: TrafficKnowledge = everyRecord,
): ReturnType<typeof deriveCase> & { key: KeyReading } {
  const route = routes.match(recorded.method, recorded.url);
  if (!route) throw new Error(`no operation for ${recorded.method} ${recorded.url}`);
  const key = readKey(route.api, route.operation, recorded, keys);
  return { ...deriveCase(route, recorded, key, keys, knowledge, 7), key };
}

const parameter = (operation: string, name: string) =>
  [...specModels.analytics.operations, ...specModels.marketplace.operations]
    .find((candidate) => candidate.id === operation)!
    .parameters.find((candidate) => candidate.name === name)!;

describe('the rule a value breaks', () => {
  it('names the rules a run breaks one at a time', () => {
    const perPage = parameter('listWebsites', 'per_page');
    expect(ruleBroken(perPage, '25')).toBeUndefined();
    expect(ruleBroken(perPage, '20')).toBe('an integer outside the enum (10, 25, 50, 100)');
    expect(ruleBroken(perPage, 'ten')).toBe('not an integer (a word)');
    expect(ruleBroken(perPage, '1.5')).toBe('not an integer (a fraction)');
    expect(ruleBroken(parameter('listWebsites', 'sort'), 'up')).toBe('a value outside the enum (desc, asc)');
    const from = parameter('getStats', 'from');
    expect(ruleBroken(from, '2024-02-29')).toBeUndefined();
    expect(ruleBroken(from, '2025-02-29')).toBe('an impossible date (2025-02-29)');
    expect(ruleBroken(from, '01/10/2026')).toBe('not in the Y-m-d format');
    expect(ruleBroken(parameter('validatePurchase', 'purchase_code'), '')).toBe('shorter than minLength 1');
  });

  it('knows the calendar and the documented default outside the allowed values', () => {
    expect(['2000-02-29', '2026-12-31'].map(isCalendarDay)).toEqual([true, true]);
    expect(['1900-02-29', '2026-04-31', '2026-13-01', '2026-1-1'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(quirkDefault(parameter('getStats', 'search_by'))).toBe('url');
    expect(quirkDefault(parameter('listWebsites', 'search_by'))).toBeUndefined();
  });
});

describe('a recorded request, tagged', () => {
  it('maps the operation and the deployment from the URL, a path prefix included', () => {
    const route = routes.match('GET', new URL('https://stats.example.com/tenant/api/v1/websites/42/'))!;
    expect([route.api, route.operation.id, route.baseUrl, route.pathValues]).toEqual([
      'analytics',
      'getWebsite',
      'https://stats.example.com/tenant',
      { id: '42' },
    ]);
    expect(routes.match('OPTIONS', new URL('https://stats.example.com/api/v1/websites'))).toBeUndefined();
    expect(routes.match('GET', new URL('https://stats.example.com/favicon.ico'))).toBeUndefined();
    const only = new Routes(['analytics'], { analytics: 'https://stats.example.com/' });
    expect(only.match('GET', new URL('https://other.example.com/api/v1/websites'))).toBeUndefined();
    expect(only.match('GET', new URL('https://market.example.com/api/items/all'))).toBeUndefined();
  });

  it('expects success when every value keeps its rule, and names the one optional parameter varied', () => {
    const plain = derive(request('GET', 'https://s.example.com/api/v1/websites', { headers: bearer() }));
    expect(plain.testCase).toMatchObject({ operationId: 'listWebsites', family: 'baseline', auth: 'valid' });
    expect(plain.testCase.expect).toBe('success');
    const varied = derive(request('GET', 'https://s.example.com/api/v1/websites?per_page=25', { headers: bearer() }));
    expect(varied.testCase).toMatchObject({ family: 'coverage', expect: 'success', varied: 'per_page' });
    const sorted = derive(
      request('GET', 'https://s.example.com/api/v1/websites?sort_by=domain&sort=asc', { headers: bearer() }),
    );
    expect(sorted.testCase.varied).toBe('sort_by');
    const several = derive(
      request('GET', 'https://s.example.com/api/v1/websites?per_page=25&sort=asc', { headers: bearer() }),
    );
    expect(several.testCase.varied).toBeUndefined();
    expect(several.testCase.title).toBe('listWebsites per_page=25 sort=asc (log.entries[7])');
  });

  it('expects a refusal, with the parameter and the rule, when exactly one rule is broken; anything when more', () => {
    const one = derive(
      request('GET', 'https://s.example.com/api/v1/stats/5?name=city&from=2026-02-30&to=2026-03-01', {
        headers: bearer(),
      }),
    );
    expect(one.testCase).toMatchObject({
      family: 'negative',
      expect: 'refusal',
      varied: 'from',
      rule: 'an impossible date (2026-02-30)',
    });
    const missing = derive(
      request('GET', 'https://s.example.com/api/v1/stats/5?name=city&from=2026-02-01', { headers: bearer() }),
    );
    expect(missing.testCase).toMatchObject({ expect: 'refusal', varied: 'to', rule: 'a required parameter missing' });
    const two = derive(
      request('GET', 'https://s.example.com/api/v1/stats/5?name=nope&from=2026-02-01&to=2026-02-30', {
        headers: bearer(),
      }),
    );
    expect(two.testCase.expect).toBe('any');
    expect(two.testCase.rule).toBeUndefined();
  });

  it('takes body fields from a form or a JSON object, and forbids domain on an update', () => {
    const form = derive(
      request('PUT', 'https://s.example.com/api/v1/websites/9', {
        headers: bearer(),
        body: { mediaType: 'application/x-www-form-urlencoded', json: false, fields: [{ name: 'email', value: '1' }] },
      }),
    );
    expect(form.testCase).toMatchObject({
      family: 'write',
      expect: 'success',
      varied: 'email',
      values: { id: '9', email: '1' },
    });
    const renamed = derive(
      request('PUT', 'https://s.example.com/api/v1/websites/9', {
        headers: bearer(),
        body: { mediaType: 'application/json', json: true, fields: [{ name: 'domain', value: 'x.example.com' }] },
      }),
    );
    expect(renamed.testCase).toMatchObject({
      expect: 'refusal',
      varied: 'domain',
      rule: 'a field the operation forbids',
    });
  });

  it('cannot expect success for a record the traffic has not shown; reads its refusal as the documented one', () => {
    const read = derive(
      request('GET', `https://m.example.com/api/items/item?item_id=2000000011&api_key=${MARKET_KEY}`),
      {},
      noRecord,
    );
    expect(read.testCase.expect).toBe('any');
    expect(read.undecided).toEqual({ parameter: 'item_id', why: 'unknown-record' });
    const getItem = specModels.marketplace.operations.find((operation) => operation.id === 'getItem')!;
    expect(documentedRefusal(getItem, read.undecided)).toBe('item_not_found');
    expect(derive(request('GET', 'https://m.example.com/api/items/item?item_id=7001&api_key=k')).testCase.expect).toBe(
      'success',
    );
  });

  it('knows a purchase code is valid only when it is the one given in the environment', () => {
    const body = (code: string) => ({
      mediaType: 'application/x-www-form-urlencoded',
      json: false,
      fields: [
        { name: 'api_key', value: MARKET_KEY },
        { name: 'purchase_code', value: code },
      ],
    });
    const keys = { MARKETPLACE_PURCHASE_CODE: 'c0ffee-code' };
    const valid = derive(
      request('POST', 'https://m.example.com/api/purchases/validation', { body: body('c0ffee-code') }),
      keys,
    );
    expect(valid.testCase.expect).toBe('success');
    expect(valid.testCase.values.purchase_code).toEqual({ secret: 'MARKETPLACE_PURCHASE_CODE' });
    const other = derive(
      request('POST', 'https://m.example.com/api/purchases/validation', { body: body('abc-123') }),
      keys,
    );
    expect(other.testCase.expect).toBe('any');
    expect(other.undecided).toEqual({ parameter: 'purchase_code', why: 'unrecognised-value' });
    const validate = specModels.marketplace.operations.find((operation) => operation.id === 'validatePurchase')!;
    expect(documentedRefusal(validate, other.undecided)).toBe('invalid_purchase_code');
  });

  it('observes the documented default outside the allowed values instead of judging it', () => {
    const quirk = derive(
      request('GET', 'https://s.example.com/api/v1/stats/5?name=city&from=2026-02-01&to=2026-02-28&search_by=url', {
        headers: bearer(),
      }),
    );
    expect(quirk.testCase).toMatchObject({ expect: 'any', varied: 'search_by' });
  });
});

describe('the key a recorded request carried', () => {
  const list = (headers: RecordedRequest['headers']) =>
    request('GET', 'https://s.example.com/api/v1/websites', { headers });

  it('is missing, valid, or wrong against the key given in the environment', () => {
    expect(derive(list([])).testCase).toMatchObject({ auth: 'missing', expect: 'refusal', family: 'auth' });
    expect(derive(list(bearer())).testCase.auth).toBe('valid');
    expect(derive(list(bearer('another-key')), { ANALYTICS_API_KEY: KEY }).testCase).toMatchObject({
      auth: 'wrong',
      expect: 'refusal',
    });
    expect(derive(list([{ name: 'Authorization', value: 'Basic dXNlcjpwdw==' }])).testCase.auth).toBe('wrong');
  });

  it('without the environment, counts any key as valid; told the file holds none, no key as missing', () => {
    expect(derive(list(bearer('whatever-key-1234'))).testCase.auth).toBe('valid');
    const route = routes.match('GET', new URL('https://s.example.com/api/v1/websites'))!;
    expect(readKey('analytics', route.operation, list([]), {}, { keysNotRecorded: true }).auth).toBe('valid');
  });

  it('finds the marketplace key in the query, the body, or a header, and tells the key without items', () => {
    const keys = { MARKETPLACE_API_KEY: MARKET_KEY, MARKETPLACE_EMPTY_API_KEY: EMPTY_KEY };
    const inQuery = derive(request('GET', `https://m.example.com/api/items/all?api_key=${MARKET_KEY}`), keys);
    expect(inQuery.testCase).toMatchObject({ auth: 'valid', values: {} });
    const inHeader = derive(
      request('GET', 'https://m.example.com/api/account/details', {
        headers: [{ name: 'X-Api-Key', value: MARKET_KEY }],
      }),
      keys,
    );
    expect(inHeader.testCase.auth).toBe('valid');
    const empty = derive(request('GET', `https://m.example.com/api/items/all?api_key=${EMPTY_KEY}`), keys);
    expect(empty.testCase).toMatchObject({
      auth: 'key-without-records',
      expect: 'refusal',
      message: 'no_items',
      family: 'documented',
    });
    const otherAccount = derive(request('GET', `https://m.example.com/api/account/details?api_key=${EMPTY_KEY}`), keys);
    expect(otherAccount.testCase).toMatchObject({ auth: 'key-without-records', expect: 'success', step: 'other-key' });
    expect(derive(request('GET', 'https://m.example.com/api/items/all?api_key='), keys).testCase.auth).toBe('missing');
  });

  it('shows a key this judge knows as its placeholder in the curl, and hands every secret to the redactor', () => {
    const keys = { ANALYTICS_API_KEY: KEY };
    const recorded = request('GET', 'https://s.example.com/api/v1/websites?per_page=10', {
      headers: [...bearer(), { name: 'Cookie', value: 'session=s3ss10n-value-77' }],
      cookies: ['s3ss10n-value-77'],
    });
    const derived = derive(recorded, keys);
    const curl = toCurl(derived.template);
    expect(curl).toContain('"Authorization: Bearer $ANALYTICS_API_KEY"');
    expect(curl).not.toContain(KEY);
    expect(curl).not.toContain('s3ss10n');
    const secrets = secretsIn('analytics', { request: recorded, startedAt: 0, durationMs: 0 }, derived.key, keys);
    expect(secrets).toContainEqual({ value: KEY, placeholder: '$ANALYTICS_API_KEY' });
    expect(secrets.map((entry) => entry.value)).toContain('s3ss10n-value-77');
  });
});
