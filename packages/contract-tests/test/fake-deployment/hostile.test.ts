// The hostile behaviours do what the engine's safety tests rely on: wrong ids
// in create answers, stalls, storms, huge and inflating bodies, echoed keys.
import { request as httpRequest } from 'node:http';
import { createGunzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { call, recordOf } from './probe.js';
import { type FakeDeployment, startFakeDeployment } from './server.js';

let fake: FakeDeployment | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Reads at most `limit` bytes of the website list (inflated when `inflate`), then hangs up. */
function readListPrefix(
  deployment: FakeDeployment,
  limit: number,
  inflate: boolean,
): Promise<{ headers: Record<string, unknown>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL('/api/v1/websites', deployment.analyticsUrl);
    const outgoing = httpRequest(url, { headers: { Authorization: `Bearer ${deployment.keys.analytics}` } }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const source = inflate ? res.pipe(createGunzip()) : res;
      source.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= limit) {
          outgoing.destroy();
          resolve({ headers: res.headers, bytes: Buffer.concat(chunks).subarray(0, limit) });
        }
      });
      source.on('error', reject);
    });
    outgoing.on('error', () => undefined);
    outgoing.end();
  });
}

describe('hostile create and delete answers', () => {
  it.each([
    ['create-answers-foreign-id', 3],
    ['create-answers-dot-id', '.'],
    ['create-answers-dotdot-id', '..'],
  ] as const)('%s names an id other than the one stored', async (behaviour, shown) => {
    fake = await startFakeDeployment({ hostile: [behaviour] });
    const before = fake.websites().length;
    const created = await call(fake, 'analytics', 'POST', '/api/v1/websites', { form: { domain: 'x.example.com' } });
    expect(recordOf(created).id).toBe(shown);
    const stored = fake.websites().find((website) => website.domain === 'x.example.com');
    expect(stored?.id).toBe(before + 1);
  });

  it('create-answers-no-id leaves the id out', async () => {
    fake = await startFakeDeployment({ hostile: ['create-answers-no-id'] });
    const created = await call(fake, 'analytics', 'POST', '/api/v1/websites', { form: { domain: 'y.example.com' } });
    expect(recordOf(created)).not.toHaveProperty('id');
    expect(recordOf(created).domain).toBe('y.example.com');
  });

  it('delete-500 answers 500 and keeps the website', async () => {
    fake = await startFakeDeployment({ hostile: ['delete-500'] });
    const created = await call(fake, 'analytics', 'POST', '/api/v1/websites', { form: { domain: 'z.example.com' } });
    const deleted = await call(fake, 'analytics', 'DELETE', `/api/v1/websites/${recordOf(created).id}`);
    expect(deleted.status).toBe(500);
    expect(fake.domains()).toContain('z.example.com');
  });
});

describe('hostile transport', () => {
  it('stall-after-first answers once, then hangs until the client gives up, and still closes', async () => {
    fake = await startFakeDeployment({ hostile: ['stall-after-first'] });
    expect((await call(fake, 'marketplace', 'GET', '/api/items/all')).status).toBe(200);
    const stalled = fetch(`${fake.analyticsUrl}/api/v1/websites`, { signal: AbortSignal.timeout(200) });
    await expect(stalled).rejects.toThrow();
    const hanging = fetch(`${fake.analyticsUrl}/api/v1/websites`).catch(() => 'hung up');
    await new Promise((resolve) => setTimeout(resolve, 20));
    await fake.close();
    await expect(hanging).resolves.toBe('hung up');
    fake = undefined;
  });

  it.each(['rate-limit-storm', 'unavailable-storm'] as const)(
    '%s answers every request with Retry-After',
    async (storm) => {
      fake = await startFakeDeployment({ hostile: [storm] });
      for (const answer of [
        await call(fake, 'analytics', 'GET', '/api/v1/websites', { key: 'wrong' }),
        await call(fake, 'marketplace', 'GET', '/api/items/all'),
      ]) {
        expect(answer.status).toBe(storm === 'rate-limit-storm' ? 429 : 503);
        expect(answer.headers.get('retry-after')).toBe('1');
      }
    },
  );

  it('huge-body streams a JSON list far larger than anyone should read', async () => {
    fake = await startFakeDeployment({ hostile: ['huge-body'] });
    const { headers, bytes } = await readListPrefix(fake, 4 * 1024 * 1024, false);
    expect(headers['content-type']).toBe('application/json');
    expect(bytes.subarray(0, 9).toString()).toBe('{"data":[');
    expect(bytes.length).toBe(4 * 1024 * 1024);
  });

  it('gzip-bomb inflates to zeros without end in sight', async () => {
    fake = await startFakeDeployment({ hostile: ['gzip-bomb'] });
    const { headers, bytes } = await readListPrefix(fake, 4 * 1024 * 1024, true);
    expect(headers['content-encoding']).toBe('gzip');
    expect(bytes.every((byte) => byte === 0)).toBe(true);
  });

  it('key-echo puts the caller key into error messages raw, JSON-escaped and base64-encoded', async () => {
    const key = 'echo"key\\with-quote';
    fake = await startFakeDeployment({ hostile: ['key-echo'], marketplaceKey: key });
    const answer = await call(fake, 'marketplace', 'GET', '/api/items/item', { query: { item_id: '999999' } });
    const msg = String((answer.body as { msg: string }).msg);
    expect(msg).toContain(key);
    expect(msg).toContain(JSON.stringify(key).slice(1, -1));
    expect(msg).toContain(Buffer.from(key).toString('base64'));
    const refused = await call(fake, 'analytics', 'GET', '/api/v1/websites', { key: 'caller-key-1' });
    expect(String((refused.body as { message: string }).message)).toContain('caller-key-1');
  });
});
