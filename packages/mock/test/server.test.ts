// The engine behind real HTTP servers on free 127.0.0.1 ports: both APIs
// answer from one dataset, browsers may call them from another origin, the
// start lines say which keys and purchase codes work, and close() frees the
// ports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StatefulMocks, startLines, startStatefulMocks } from '../src/index.js';

describe('startStatefulMocks', () => {
  let mocks: StatefulMocks;
  beforeAll(async () => {
    mocks = await startStatefulMocks();
  });
  afterAll(async () => {
    await mocks?.close();
  });

  it('serves each API on its own free port, and only that API there', async () => {
    expect(mocks.analytics!.port).toBeGreaterThan(0);
    expect(mocks.marketplace!.port).not.toBe(mocks.analytics!.port);
    const site = await fetch(`${mocks.analytics!.url}/api/v1/websites/42`, {
      headers: { authorization: 'Bearer demo-analytics-key' },
    });
    expect(site.status).toBe(200);
    expect(site.headers.get('content-type')).toBe('application/json');
    const elsewhere = await fetch(`${mocks.marketplace!.url}/api/v1/websites/42`);
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toMatchObject({ status: '错误' });
  });

  it('keeps state across requests: a created website is listed', async () => {
    const headers = { authorization: 'Bearer demo-analytics-key' };
    const created = await fetch(`${mocks.analytics!.url}/api/v1/websites`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'domain=served.tallyport.test',
    });
    expect(created.status).toBe(201);
    const listed = await fetch(`${mocks.analytics!.url}/api/v1/websites?search=served.tallyport`, { headers });
    expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('answers a browser preflight and opens its answers to any origin', async () => {
    const preflight = await fetch(`${mocks.marketplace!.url}/api/items/all`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const items = await fetch(`${mocks.marketplace!.url}/api/items/all?api_key=demo-market-key`);
    expect(items.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('says at start where each API listens, its keys and one purchase code per item', () => {
    const lines = startLines(mocks.engine, mocks);
    expect(lines[0]).toBe(`analytics mock ready on ${mocks.analytics!.url} (stateful, --seed 1)`);
    expect(lines).toContain(`marketplace mock ready on ${mocks.marketplace!.url} (stateful, --seed 1)`);
    const text = lines.join('\n');
    for (const key of ['demo-analytics-key', 'demo-market-key', 'demo-empty-key']) expect(text).toContain(key);
    const codes = mocks.engine.knownValues();
    expect(codes).toHaveLength(mocks.engine.count('marketplace', 'item'));
    for (const { value } of codes) expect(text).toContain(value);
  });
});

describe('startStatefulMocks teardown', () => {
  it('frees the ports once closed', async () => {
    const mocks = await startStatefulMocks({ apis: ['marketplace'] });
    expect(mocks.analytics).toBeUndefined();
    await mocks.close();
    await expect(fetch(`${mocks.marketplace!.url}/api/items/all`)).rejects.toThrow();
  });
});
