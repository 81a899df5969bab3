// A website's whole life on the stateful mock, as the spec's effects and roles
// describe it: created with the defaults the spec gives, then readable,
// listed, found by search, changed only where an update says, and gone once
// deleted. Every answer is one the spec describes.
import { describe, expect, it } from 'vitest';
import { analytics, mockFetch } from './support/call.js';
import { problems } from './support/conformance.js';

describe('a website on the stateful mock', () => {
  const fetch = mockFetch();

  it('goes through create, read, list, search, update, read, delete and read', async () => {
    const created = await analytics(fetch, 'POST', '/api/v1/websites', { form: { domain: 'garden.tallyport.test' } });
    expect(created.status).toBe(201);
    expect(problems('analytics', 'createWebsite', created)).toEqual([]);
    const id = created.body.data.id;
    // The create defaults of the spec: privacy 1, email 0, exclude_bots 1.
    expect(created.body.data).toMatchObject({ domain: 'garden.tallyport.test', privacy: 1, email: 0, exclude_bots: 1 });

    const read = await analytics(fetch, 'GET', `/api/v1/websites/${id}`);
    expect(read.status).toBe(200);
    expect(problems('analytics', 'getWebsite', read)).toEqual([]);
    expect(read.body.data).toEqual(created.body.data);

    // Newest first by default (sort_by id, sort desc), so the new website leads the first page.
    const listed = await analytics(fetch, 'GET', '/api/v1/websites');
    expect(problems('analytics', 'listWebsites', listed)).toEqual([]);
    expect(listed.body.data[0]).toEqual(created.body.data);

    const found = await analytics(fetch, 'GET', '/api/v1/websites', { query: { search: 'GARDEN.tallyport' } });
    expect(found.body.data.map((site: { id: number }) => site.id)).toEqual([id]);

    const updated = await analytics(fetch, 'PUT', `/api/v1/websites/${id}`, {
      form: { privacy: '2', password: 'harbour-lantern-42' },
    });
    expect(updated.status).toBe(200);
    expect(problems('analytics', 'updateWebsite', updated)).toEqual([]);
    const after = await analytics(fetch, 'GET', `/api/v1/websites/${id}`);
    // Only what was sent changed; the password is kept but never shown (the examples show none).
    const { privacy: _before, updated_at: _at, ...untouched } = created.body.data;
    expect(after.body.data).toMatchObject({ ...untouched, privacy: 2 });
    expect(after.body.data).not.toHaveProperty('password');

    const deleted = await analytics(fetch, 'DELETE', `/api/v1/websites/${id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id, object: 'website', deleted: true });
    const gone = await analytics(fetch, 'GET', `/api/v1/websites/${id}`);
    expect(gone.status).toBe(404);
    expect(problems('analytics', 'getWebsite', gone)).toEqual([]);
    const relisted = await analytics(fetch, 'GET', '/api/v1/websites', { query: { search: 'garden.tallyport' } });
    expect(relisted.body.data).toEqual([]);
  });

  it('never gives a new website the id of a deleted one, so a deleted id stays 404', async () => {
    const fresh = mockFetch();
    const create = async (domain: string) =>
      (await analytics(fresh, 'POST', '/api/v1/websites', { form: { domain } })).body.data.id as number;
    const first = await create('first.tallyport.test');
    expect((await analytics(fresh, 'DELETE', `/api/v1/websites/${first}`)).status).toBe(200);
    const second = await create('second.tallyport.test');
    expect(second).toBeGreaterThan(first);
    expect((await analytics(fresh, 'GET', `/api/v1/websites/${first}`)).status).toBe(404);
    // The largest id deleted, then created again: still a new one.
    expect((await analytics(fresh, 'DELETE', `/api/v1/websites/${second}`)).status).toBe(200);
    expect(await create('third.tallyport.test')).toBeGreaterThan(second);
  });

  it('stores every setting a create sends, and refuses a domain on update', async () => {
    const form = {
      domain: 'blog.tallyport.test',
      privacy: '0',
      email: '1',
      exclude_bots: '0',
      exclude_params: 'utm_source',
      exclude_ips: '203.0.113.7',
    };
    const created = await analytics(fetch, 'POST', '/api/v1/websites', { form });
    expect(created.body.data).toMatchObject({ ...form, privacy: 0, email: 1, exclude_bots: 0 });
    const renamed = await analytics(fetch, 'PUT', `/api/v1/websites/${created.body.data.id}`, {
      form: { domain: 'moved.tallyport.test' },
    });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors).toHaveProperty('domain');
    const read = await analytics(fetch, 'GET', `/api/v1/websites/${created.body.data.id}`);
    expect(read.body.data.domain).toBe('blog.tallyport.test');
  });

  it('moves updated_at on a change only, by the clock it is given', async () => {
    let now = Date.UTC(2026, 10, 23, 9, 0, 0);
    const clocked = mockFetch({ now: () => now });
    const created = (await analytics(clocked, 'POST', '/api/v1/websites', { form: { domain: 'clock.test' } })).body
      .data;
    expect(created.created_at).toBe('2026-11-23T09:00:00Z');
    now += 60_000;
    const same = await analytics(clocked, 'PUT', `/api/v1/websites/${created.id}`, { form: { privacy: '1' } });
    expect(same.body.data.updated_at).toBe('2026-11-23T09:00:00Z');
    const changed = await analytics(clocked, 'PUT', `/api/v1/websites/${created.id}`, { form: { privacy: '0' } });
    expect(changed.body.data).toMatchObject({ created_at: '2026-11-23T09:00:00Z', updated_at: '2026-11-23T09:01:00Z' });
  });

  it('keeps what one fetch changed to itself: another starts from the same data', async () => {
    const own = mockFetch();
    await analytics(own, 'DELETE', '/api/v1/websites/42');
    expect((await analytics(own, 'GET', '/api/v1/websites/42')).status).toBe(404);
    expect((await analytics(mockFetch(), 'GET', '/api/v1/websites/42')).status).toBe(200);
  });
});
