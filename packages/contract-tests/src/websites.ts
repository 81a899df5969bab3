// Creating and removing the websites a run owns. Every id a create returns is
// registered with the safety guard at once, so cleanup can find it whatever
// happens next (a failed check, a timeout, Ctrl-C).
import type { AuthMode, RunContext } from './context.js';
import type { TemplateValue } from './http/request.js';
import { type Exchange, is2xx } from './http/transport.js';
import { isObject, rowsOf, websiteOf } from './payload.js';

export interface CreatedWebsite {
  exchange: Exchange;
  domain: string;
  id?: string;
}

export async function createRunWebsite(
  ctx: RunContext,
  purpose: string,
  form: Array<[string, TemplateValue]> = [],
  auth: AuthMode = 'valid',
  label = `create website (${purpose})`,
): Promise<CreatedWebsite> {
  const domain = ctx.runDomain(purpose);
  const exchange = await ctx.send(ctx.request('createWebsite', { form: [['domain', domain], ...form], auth, label }));
  if (!is2xx(exchange)) return { exchange, domain };
  const website = websiteOf(exchange.response?.json);
  let id =
    website && (typeof website.id === 'number' || typeof website.id === 'string') ? String(website.id) : undefined;
  if (id === undefined) id = await findByDomain(ctx, domain);
  if (id !== undefined) ctx.guard.created.set(id, domain);
  return { exchange, domain, ...(id !== undefined ? { id } : {}) };
}

/** When a create answers without an id, the list is searched so cleanup still works. */
async function findByDomain(ctx: RunContext, domain: string): Promise<string | undefined> {
  const list = await ctx.send(
    ctx.request('listWebsites', { query: [['search', domain]], label: `find website ${domain}` }),
  );
  const row = rowsOf(list.response?.json)?.find((candidate) => isObject(candidate) && candidate.domain === domain);
  return isObject(row) && row.id !== undefined ? String(row.id) : undefined;
}

export async function deleteRunWebsite(
  ctx: RunContext,
  id: string,
  auth: AuthMode = 'valid',
  label = `delete website ${id}`,
): Promise<Exchange> {
  const exchange = await ctx.send(ctx.request('deleteWebsite', { pathParams: { id }, auth, label }));
  if (is2xx(exchange)) ctx.guard.created.delete(id);
  return exchange;
}

/**
 * Websites carrying this run's domain prefix are this run's (the run id is
 * random), even when a create's answer never arrived: they are looked up and
 * registered before deleting.
 */
async function adoptRunWebsites(ctx: RunContext): Promise<void> {
  const search = ctx.request('listWebsites', {
    query: [
      ['search', ctx.guard.domainPrefix],
      ['per_page', '100'],
    ],
    label: 'cleanup: find websites of this run',
  });
  const list = await ctx.send(search, { cleanup: true });
  for (const row of rowsOf(list.response?.json) ?? []) {
    if (isObject(row) && typeof row.domain === 'string' && ctx.guard.isRunDomain(row.domain) && row.id !== undefined)
      ctx.guard.created.set(String(row.id), row.domain);
  }
}

/** Deletes every website this run created and still holds; returns what is left. */
export async function cleanupRunWebsites(ctx: RunContext): Promise<string[]> {
  if (!ctx.settings.allowWrites) return [];
  if (!ctx.isMock) await adoptRunWebsites(ctx).catch(() => undefined);
  const attempted = new Map(ctx.guard.created);
  for (const id of [...ctx.guard.created.keys()]) {
    try {
      const exchange = await ctx.send(
        ctx.request('deleteWebsite', { pathParams: { id }, label: `cleanup: delete website ${id}` }),
        { cleanup: true },
      );
      const status = exchange.response?.status ?? 0;
      // 404 means it is already gone; either way it is no longer ours to track.
      if (is2xx(exchange) || status === 404 || status === 410) ctx.guard.created.delete(id);
    } catch {
      // Budget or interruption: the id stays listed and is reported.
    }
  }
  if (!ctx.isMock && attempted.size > 0) {
    // Trust but verify: a delete that answered 2XX may not have deleted.
    await adoptRunWebsites(ctx).catch(() => undefined);
  }
  return [...ctx.guard.created.entries()].map(([id, domain]) => `${id} (${domain})`);
}

export { is2xx };
