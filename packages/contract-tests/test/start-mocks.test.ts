import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMocks, type RunningMocks } from '../src/mocks.js';

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
