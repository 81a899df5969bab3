// Every fault is live: a broad, fixed probe of both APIs (every operation, the
// documented parameter values, bad values, missing and wrong keys, a write
// round trip) answers differently with the fault on than on the clean fake.
// Whether the engine's expected check catches it is the engine's own test.
import { describe, expect, it } from 'vitest';
import { FakeAnalytics, STAT_NAMES } from './analytics.js';
import { seedWebsites } from './data.js';
import { FAULTS, type FaultName } from './faults.js';
import type { FakeRequest } from './http.js';
import { FakeMarketplace } from './marketplace.js';
import { variantNamed } from './variants.js';

const KEYS = {
  analytics: 'probe-analytics-key',
  key: 'probe-market-key',
  emptyKey: 'probe-empty',
  purchaseCode: 'c0ffee00-1111-4222-8333-444455556666',
};
const RANGE = { from: '2024-02-27', to: '2024-03-02' };

type Send = (
  api: 'analytics' | 'marketplace',
  method: string,
  path: string,
  query?: Record<string, string>,
  form?: Record<string, string>,
  key?: string | null,
) => string;

function deployment(faults: FaultName[]): { send: Send; domainIds: () => Map<string, number> } {
  const variant = variantNamed('laravel');
  const set = new Set(faults);
  const analytics = new FakeAnalytics({ key: KEYS.analytics, faults: set, hostile: new Set(), variant });
  const marketplace = new FakeMarketplace(KEYS, set, variant);
  const send: Send = (api, method, path, query = {}, form = {}, key) => {
    const sentKey = key === undefined ? (api === 'analytics' ? KEYS.analytics : KEYS.key) : key;
    const q = new URLSearchParams(query);
    const f = new URLSearchParams(form);
    const headers: FakeRequest['headers'] = { host: 'fake' };
    if (api === 'analytics' && sentKey !== null) headers.authorization = `Bearer ${sentKey}`;
    if (api === 'marketplace' && sentKey !== null) (method === 'GET' ? q : f).set('api_key', sentKey);
    const request: FakeRequest = {
      method,
      path,
      query: q,
      form: f,
      rawQuery: q.toString(),
      rawBody: f.toString(),
      headers,
    };
    const reply = api === 'analytics' ? analytics.handle(request) : marketplace.handle(request);
    const text = (reply.text ?? JSON.stringify(reply.body) ?? '').replace(/"(created|updated)_at":"[^"]*"/g, '');
    const extra = JSON.stringify(reply.headers ?? {});
    return `${method} ${path}?${q} ${f} -> ${reply.status} ${reply.contentType ?? ''} ${extra} ${text}`;
  };
  const domainIds = () => new Map(analytics.websites().map((website) => [String(website.domain), Number(website.id)]));
  return { send, domainIds };
}

function transcript(faults: FaultName[]): string[] {
  const { send, domainIds } = deployment(faults);
  const lines: string[] = [];
  const get = (path: string, query: Record<string, string> = {}) => lines.push(send('analytics', 'GET', path, query));
  const exact = seedWebsites()[0]!.domain;

  get('/api/v1/websites');
  for (const perPage of ['10', '25', '50', '100', '7']) get('/api/v1/websites', { per_page: perPage });
  for (const sort of ['asc', 'desc', 'up']) get('/api/v1/websites', { sort });
  for (const sortBy of ['id', 'domain', 'name']) get('/api/v1/websites', { sort_by: sortBy });
  for (const searchBy of ['domain', 'url']) get('/api/v1/websites', { search_by: searchBy });
  for (const search of ['lunaria', exact]) get('/api/v1/websites', { search, per_page: '100' });
  get('/api/v1/websites', { per_page: '100', page: '2' });
  for (const id of ['1', '5', '101', '140', '999']) get(`/api/v1/websites/${id}`);

  for (const name of [...STAT_NAMES, 'weather']) get('/api/v1/stats/3', { name, ...RANGE });
  for (const name of ['pageviews', 'city', 'visitors_hours']) {
    for (const sort of ['asc', 'desc'])
      for (const sortBy of ['count', 'value']) get('/api/v1/stats/3', { name, ...RANGE, sort, sort_by: sortBy });
    for (const perPage of ['10', '25', '50', '100', '7'])
      get('/api/v1/stats/3', { name, from: '2023-01-31', to: '2023-06-30', per_page: perPage });
    for (const search of ['ford', 'Harford', '2023-02-28', '02'])
      get('/api/v1/stats/3', { name, from: '2023-01-31', to: '2023-06-30', search, per_page: '100' });
  }
  get('/api/v1/stats/3', { name: 'city', from: '2023-01-30', to: '2023-02-27', search_by: 'value', sort_by: 'x' });
  for (const [from, to] of [
    ['2026-02-30', '2026-03-02'],
    ['2026/02/01', '2026-03-02'],
    ['2026-02-01', ''],
  ])
    get('/api/v1/stats/3', to ? { name: 'city', from: from!, to } : { name: 'city', from: from! });

  for (const key of [null, 'wrong-key']) {
    lines.push(send('analytics', 'GET', '/api/v1/websites', {}, {}, key));
    lines.push(send('analytics', 'GET', '/api/v1/stats/3', { name: 'city', ...RANGE }, {}, key));
    lines.push(send('analytics', 'POST', '/api/v1/websites', {}, { domain: `probe-${key}.example.com` }, key));
    lines.push(send('analytics', 'PUT', '/api/v1/websites/7', {}, { email: '1' }, key));
  }

  const full = {
    domain: 'probe-full.example.com',
    privacy: '2',
    password: 'pw-probe',
    email: '1',
    exclude_bots: '0',
    exclude_params: 'a,b',
    exclude_ips: '10.0.0.1,10.0.0.2',
  };
  lines.push(send('analytics', 'POST', '/api/v1/websites', {}, full));
  const path = `/api/v1/websites/${domainIds().get(full.domain)}`;
  get(path);
  for (const change of [{ privacy: '0' }, { email: '0' }, { exclude_bots: '1' }, { password: 'pw2' }] as Array<
    Record<string, string>
  >) {
    lines.push(send('analytics', 'PUT', path, {}, change));
    get(path);
  }
  for (const bad of [{ domain: 'other.example.com' }, { exclude_bots: '9' }] as Array<Record<string, string>>) {
    lines.push(send('analytics', 'PUT', path, {}, bad));
    get(path);
  }
  lines.push(send('analytics', 'DELETE', path));
  get(path);
  const creates: Array<Record<string, string>> = [
    { domain: 'probe-min.example.com' },
    { domain: 'p9.example.com', privacy: '9' },
    { domain: 'e5.example.com', email: '5' },
  ];
  for (const body of creates) lines.push(send('analytics', 'POST', '/api/v1/websites', {}, body));
  get('/api/v1/websites', { search: 'probe', per_page: '100' });

  const market = (method: string, route: string, query?: Record<string, string>, form?: Record<string, string>) =>
    lines.push(send('marketplace', method, route, query, form));
  market('GET', '/api/account/details');
  market('GET', '/api/items/all');
  for (const id of ['7001', '7002', '7003', '7004', '7005', '999999', 'abc', ''])
    market('GET', '/api/items/item', id ? { item_id: id } : {});
  market('GET', '/api/items/item', { item_id: '7005x' });
  for (const code of [KEYS.purchaseCode, 'not-a-code', ''])
    market('POST', '/api/purchases/validation', {}, code ? { purchase_code: code } : {});
  for (const key of [KEYS.emptyKey, null, 'wrong-key']) {
    lines.push(send('marketplace', 'GET', '/api/account/details', {}, {}, key));
    lines.push(send('marketplace', 'GET', '/api/items/all', {}, {}, key));
    lines.push(send('marketplace', 'GET', '/api/items/item', { item_id: '7001' }, {}, key));
    lines.push(send('marketplace', 'POST', '/api/purchases/validation', {}, { purchase_code: KEYS.purchaseCode }, key));
  }
  return lines;
}

describe('every single fault', () => {
  const clean = transcript([]);

  it('leaves the clean probe deterministic', () => {
    expect(transcript([])).toEqual(clean);
  });

  it.each(FAULTS.map((fault) => [fault.name, fault] as const))('%s changes what the probe sees', (name) => {
    const faulty = transcript([name]);
    expect(faulty.length).toBe(clean.length);
    expect(faulty.filter((line, index) => line !== clean[index]).length).toBeGreaterThan(0);
  });
});
