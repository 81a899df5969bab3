import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../src/run/mocks.js';

describe('startMocks', () => {
  let mocks: RunningMocks;
  const lines: string[] = [];

  beforeAll(async () => {
    mocks = await startMocks({ log: (line) => lines.push(line) });
  });
  afterAll(async () => {
    await mocks?.close();
  });

  it('serves both specs on distinct free ports and says when each is ready', () => {
    expect(mocks.analytics?.port).toBeGreaterThan(0);
    expect(mocks.marketplace?.port).toBeGreaterThan(0);
    expect(mocks.analytics?.port).not.toBe(mocks.marketplace?.port);
    expect(lines.some((line) => line.startsWith('analytics mock ready'))).toBe(true);
    expect(lines.some((line) => line.startsWith('marketplace mock ready'))).toBe(true);
  });

  it('returns the first named example of the marketplace spec', async () => {
    const response = await fetch(`${mocks.marketplace!.url}/api/items/all?api_key=mock-key`);
    const body = (await response.json()) as { status: string; items: unknown[] };
    expect(response.status).toBe(200);
    expect(body.status).toBe('成功');
    expect(body.items).toHaveLength(3);
  });

  it('answers an invalid analytics request with a Prism validation error', async () => {
    const response = await fetch(`${mocks.analytics!.url}/api/v1/websites?per_page=7`, {
      headers: { Authorization: 'Bearer mock-key' },
    });
    await response.body?.cancel();
    expect(response.status).toBe(422);
    expect(response.headers.get('sl-violations')).toContain('per_page');
  });

  it('answers refusals with examples true of their status, never another condition', async () => {
    const headers = { Authorization: 'Bearer mock-key' };
    const invalid = await fetch(`${mocks.analytics!.url}/api/v1/websites?per_page=20`, { headers });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual({ message: 'The request was refused.' });
    const notFound = await fetch(`${mocks.analytics!.url}/api/v1/websites/42`, {
      headers: { ...headers, Prefer: 'code=404, example=notFound' },
    });
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ message: 'Not found.' });
    const failed = await fetch(`${mocks.marketplace!.url}/api/items/all?api_key=k`, {
      headers: { Prefer: 'code=500' },
    });
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ status: '错误' });
  });

  it('refuses an analytics request without a bearer token', async () => {
    const response = await fetch(`${mocks.analytics!.url}/api/v1/websites`);
    await response.body?.cancel();
    expect(response.status).toBe(401);
  });
});

describe('startMocks teardown', () => {
  it('frees the port once closed', async () => {
    const mocks = await startMocks({ apis: ['marketplace'] });
    const url = mocks.marketplace!.url;
    expect(mocks.analytics).toBeUndefined();
    await mocks.close();
    await expect(fetch(`${url}/api/items/all?api_key=k`)).rejects.toThrow();
  });
});

describe('startMocks({ stateful: true })', () => {
  it('serves the stateful mock on free ports, logs its keys, and frees the ports once closed', async () => {
    const lines: string[] = [];
    const mocks = await startMocks({ stateful: { latencyMs: 0 }, log: (line) => lines.push(line) });
    try {
      expect(mocks.engine?.keys.analyticsKey).toBe('demo-analytics-key');
      expect(lines).toContain(`analytics mock ready on ${mocks.analytics!.url} (stateful, --seed 1)`);
      const headers = { authorization: 'Bearer demo-analytics-key' };
      const deleted = await fetch(`${mocks.analytics!.url}/api/v1/websites/42`, { method: 'DELETE', headers });
      expect(deleted.status).toBe(200);
      expect((await fetch(`${mocks.analytics!.url}/api/v1/websites/42`, { headers })).status).toBe(404);
      // Unlike Prism, a key it does not know is refused.
      const refused = await fetch(`${mocks.marketplace!.url}/api/items/all?api_key=mock-key`);
      expect(await refused.json()).toEqual({ status: '错误', msg: '无效请求' });
    } finally {
      await mocks.close();
    }
    await expect(fetch(`${mocks.analytics!.url}/api/v1/websites`)).rejects.toThrow();
  });
});
