import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from '../scripts/static-server.mjs';

describe('static server of the docs', () => {
  const root = mkdtempSync(join(tmpdir(), 'tallyport-serve-'));
  const site = join(root, 'site');
  let server: Awaited<ReturnType<typeof startStaticServer>>;

  beforeAll(async () => {
    mkdirSync(site);
    writeFileSync(join(site, 'index.html'), '<h1>index</h1>');
    writeFileSync(join(root, 'secret.txt'), 'outside the site');
    server = await startStaticServer({ root: site });
  });
  afterAll(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('listens on loopback on a port the OS chose', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(server.port).toBeGreaterThan(0);
  });

  it('serves index.html for the folder, as HTML', async () => {
    const res = await fetch(server.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe('<h1>index</h1>');
  });

  it('never serves a file outside its folder', async () => {
    for (const path of ['..%2fsecret.txt', '%2e%2e/secret.txt', '../secret.txt']) {
      const res = await fetch(server.url + path);
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
  });

  it('answers 404 for a missing file and 405 for a write', async () => {
    expect((await fetch(`${server.url}missing.html`)).status).toBe(404);
    expect((await fetch(server.url, { method: 'POST', body: 'x' })).status).toBe(405);
  });
});
