// The hostile behaviours do what the engine's safety tests rely on: wrong ids
// in create answers, stalls, storms, huge and inflating bodies, echoed keys,
// terminal escapes, characters that break reports, keys in other forms.
import { request as httpRequest } from 'node:http';
import { createGunzip } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { escapeEndingWith, keyForms, REPORT_BREAKERS, TERMINAL_ATTACK } from './hostile.js';
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

describe('hostile text', () => {
  const KEY = 'Zq8vX2mN4kLpHy7tR3wB9cDs';

  it('terminal-injection puts escapes in error messages and listed domains, marketplace errors raw', async () => {
    fake = await startFakeDeployment({ hostile: ['terminal-injection'] });
    const refused = await call(fake, 'analytics', 'GET', '/api/v1/websites', { key: 'wrong-key-123' });
    expect(String((refused.body as { message: string }).message)).toContain(TERMINAL_ATTACK);
    const list = await call(fake, 'analytics', 'GET', '/api/v1/websites');
    const rows = (list.body as { data: Array<{ domain: string }> }).data;
    expect(rows.every((row) => row.domain.includes('\u202e\u001b]52;'))).toBe(true);
    const item = await call(fake, 'marketplace', 'GET', '/api/items/item', { query: { item_id: '999999' } });
    expect(item.text).toContain('\u001b]52;c;');
    expect(item.text).toContain('\r\n::warning title=owned::pwned');
    expect(() => JSON.parse(item.text)).toThrow();
  });

  it('report-breakers puts characters no report can hold as they are in error messages and a header', async () => {
    fake = await startFakeDeployment({ hostile: ['report-breakers'], marketplaceKey: KEY });
    const item = await call(fake, 'marketplace', 'GET', '/api/items/item', { query: { item_id: '999999' } });
    const msg = String((item.body as { msg: string }).msg);
    expect(msg).toContain(REPORT_BREAKERS);
    expect(msg).toContain(`\u001c${KEY}`);
    // Node sends the header's UTF-8 bytes; read back as Latin-1 they hold C1 controls either way.
    expect(item.headers.get('x-echo')).toMatch(/^c1 .*\u0085.*\u009b.* end$/);
  });

  it('key-forms echoes the key in other forms, across the excerpt cut, and in listed domains', async () => {
    fake = await startFakeDeployment({ hostile: ['key-forms'], marketplaceKey: KEY, analyticsKey: KEY });
    const item = await call(fake, 'marketplace', 'GET', '/api/items/item', { query: { item_id: '999999' } });
    const msg = String((item.body as { msg: string }).msg);
    for (const form of keyForms(KEY)) expect(msg).toContain(form);
    const at = item.text.indexOf(KEY);
    expect(at).toBeLessThan(400);
    expect(at + KEY.length).toBeGreaterThan(400);
    const list = await call(fake, 'analytics', 'GET', '/api/v1/websites');
    const domain = (list.body as { data: Array<{ domain: string }> }).data[0]!.domain;
    expect(domain.slice(0, 40)).toBe(`${'k'.repeat(28)}${KEY.slice(0, 12)}`);
  });
});

describe('hostile answers that rebuild a key or nest deep', () => {
  it('escape-completes-key sends a control character whose escape ends with the key, then its rest', async () => {
    const key = 'bq8vX2mN4kLpHy7tR3wB9cDsQeJ6uYh0TzWfA';
    fake = await startFakeDeployment({ hostile: ['escape-completes-key'], analyticsKey: key });
    const list = await call(fake, 'analytics', 'GET', '/api/v1/websites');
    const domain = (list.body as { data: Array<{ domain: string }> }).data[0]!.domain;
    expect(domain).toBe(`\u001b${key.slice(1)}`);
    // As a console (\x1b), JSON (\u001b) and XML (\x1b again) show it, the key is whole.
    expect(JSON.stringify(domain)).toContain(`\\u001${key}`);
    const refused = await call(fake, 'analytics', 'GET', '/api/v1/websites', { key: `7${key.slice(1)}` });
    expect(String((refused.body as { message: string }).message)).toContain(`\u0017${key.slice(1)}`);
  });

  it('escapeEndingWith covers hex digits, n and r, and puts U+001F before any other first character', () => {
    expect([...'0a9fFnrZ'].map(escapeEndingWith)).toEqual([
      '\u0010',
      '\u001a',
      '\u0019',
      '\u001f',
      '\u001f',
      '\n',
      '\r',
      '\u001f',
    ]);
  });

  it('deep-unsearched-list nests the unsearched list 20,000 levels deep and answers a search as usual', async () => {
    fake = await startFakeDeployment({ hostile: ['deep-unsearched-list'] });
    const unsearched = await call(fake, 'analytics', 'GET', '/api/v1/websites');
    expect(unsearched.text.startsWith('{"data":['.repeat(20))).toBe(true);
    expect(unsearched.text.length).toBeGreaterThan(100_000);
    const searched = await call(fake, 'analytics', 'GET', '/api/v1/websites', { query: { search: 'a' } });
    expect(Array.isArray((searched.body as { data: unknown[] }).data)).toBe(true);
  });
});
