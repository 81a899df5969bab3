// The conforming requests every generic check looks at: one per read
// operation, plus the documented error conditions of the marketplace. They are
// probes (sent once per run), so any check may ask for them first.
import type { AuthMode, RunContext } from './context.js';
import type { Exchange } from './http/transport.js';
import { secret } from './http/request.js';
import { isObject, rowsOf } from './payload.js';
import { specValue } from './spec/operations.js';

export interface BaselineEntry {
  operationId: string;
  label: string;
  exchange: Exchange;
  /** A conforming request expected to succeed, or a documented error condition. */
  expect: 'success' | 'error';
}

export interface Baseline {
  entries: BaselineEntry[];
  /** Operations that could not be probed, with the reason. */
  skipped: Array<{ operationId: string; reason: string }>;
}

/** A whole-days range ending yesterday, so every deployment has closed days in it. */
export function statsRange(days = 30): { from: string; to: string } {
  const to = new Date(Date.now() - 86_400_000);
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

// An id far above any plausible item id, for "no item found".
export const ABSENT_ITEM_ID = '2147480001';

export async function websiteIdForReads(ctx: RunContext): Promise<string | undefined> {
  if (ctx.settings.websiteId) return ctx.settings.websiteId;
  const list = await ctx.probe(ctx.request('listWebsites', { label: 'list websites' }));
  const first = rowsOf(list.response?.json)?.[0];
  return isObject(first) && (typeof first.id === 'number' || typeof first.id === 'string')
    ? String(first.id)
    : undefined;
}

export async function itemIdsForReads(ctx: RunContext): Promise<string[]> {
  if (ctx.settings.itemId) return [ctx.settings.itemId];
  const list = await ctx.probe(ctx.request('listItems', { label: 'list all items' }));
  const json = list.response?.json;
  const items = isObject(json) && Array.isArray(json.items) ? json.items : [];
  return items
    .filter(isObject)
    .map((item) => String(item.id))
    .filter((id) => /^\d+$/.test(id));
}

export function statsRequest(
  ctx: RunContext,
  websiteId: string,
  extra: Array<[string, string]> = [],
  label?: string,
  auth: AuthMode = 'valid',
) {
  const { from, to } = statsRange();
  const query: Array<[string, string]> = [['name', 'browser'], ['from', from], ['to', to], ...extra];
  return ctx.request('getStats', {
    pathParams: { id: websiteId },
    query,
    auth,
    label: label ?? 'read the browser statistic',
  });
}

async function analyticsBaseline(ctx: RunContext): Promise<Baseline> {
  const entries: BaselineEntry[] = [];
  const skipped: Baseline['skipped'] = [];
  const list = await ctx.probe(ctx.request('listWebsites', { label: 'list websites' }));
  entries.push({ operationId: 'listWebsites', label: 'list websites', exchange: list, expect: 'success' });
  const id = await websiteIdForReads(ctx);
  if (id === undefined) {
    const reason = 'no website to read: pass --website-id, or have at least one website listed';
    skipped.push({ operationId: 'getWebsite', reason }, { operationId: 'getStats', reason });
    return { entries, skipped };
  }
  const read = await ctx.probe(ctx.request('getWebsite', { pathParams: { id }, label: `read website ${id}` }));
  entries.push({ operationId: 'getWebsite', label: `read website ${id}`, exchange: read, expect: 'success' });
  const stats = await ctx.probe(statsRequest(ctx, id));
  entries.push({ operationId: 'getStats', label: 'read the browser statistic', exchange: stats, expect: 'success' });
  return { entries, skipped };
}

async function marketplaceBaseline(ctx: RunContext): Promise<Baseline> {
  const entries: BaselineEntry[] = [];
  const skipped: Baseline['skipped'] = [];
  const account = await ctx.probe(ctx.request('getAccountDetails', { label: 'account details' }));
  entries.push({ operationId: 'getAccountDetails', label: 'account details', exchange: account, expect: 'success' });
  const items = await ctx.probe(ctx.request('listItems', { label: 'list all items' }));
  entries.push({ operationId: 'listItems', label: 'list all items', exchange: items, expect: 'success' });
  const [itemId] = await itemIdsForReads(ctx);
  if (itemId === undefined) {
    skipped.push({
      operationId: 'getItem',
      reason: 'no item to read: pass --item-id, or have at least one item listed',
    });
  } else {
    const item = await ctx.probe(ctx.request('getItem', { query: [['item_id', itemId]], label: `item ${itemId}` }));
    entries.push({ operationId: 'getItem', label: `item ${itemId}`, exchange: item, expect: 'success' });
  }
  const notFound = await ctx.probe(itemNotFoundRequest(ctx));
  entries.push({ operationId: 'getItem', label: notFound.template.label, exchange: notFound, expect: 'error' });
  if (ctx.settings.hasPurchaseCode) {
    const valid = await ctx.probe(validPurchaseRequest(ctx));
    entries.push({ operationId: 'validatePurchase', label: valid.template.label, exchange: valid, expect: 'success' });
  }
  const invalid = await ctx.probe(invalidPurchaseRequest(ctx));
  entries.push({ operationId: 'validatePurchase', label: invalid.template.label, exchange: invalid, expect: 'error' });
  return { entries, skipped };
}

/**
 * The documented quirk: statistics' search_by defaults to `url`, which is not
 * among its allowed values. What a deployment does with it is observed (and a
 * 5XX for it is a server error), never judged otherwise. The value is read from
 * the spec, not retyped.
 */
export function quirkRequest(ctx: RunContext, websiteId: string) {
  const documentedDefault = specValue<string>('analytics', '/components/parameters/StatSearchBy/schema/default');
  return statsRequest(
    ctx,
    websiteId,
    [
      ['search', 'a'],
      ['search_by', documentedDefault],
    ],
    `statistics with search_by=${documentedDefault} (the documented default, outside the enum)`,
  );
}

export function itemNotFoundRequest(ctx: RunContext) {
  return ctx.request('getItem', {
    query: [['item_id', ABSENT_ITEM_ID]],
    prefer: 'example=itemNotFound',
    label: `item ${ABSENT_ITEM_ID} (no such item)`,
  });
}

export function validPurchaseRequest(ctx: RunContext, auth: AuthMode = 'valid') {
  return ctx.request('validatePurchase', {
    form: [['purchase_code', secret('MARKETPLACE_PURCHASE_CODE')]],
    auth,
    label: 'validate the known purchase code',
  });
}

export function invalidPurchaseRequest(ctx: RunContext) {
  return ctx.request('validatePurchase', {
    form: [['purchase_code', `tallyport-contract-invalid-${ctx.settings.runId}`]],
    prefer: 'example=invalidPurchaseCode',
    label: 'validate an invalid purchase code',
  });
}

const memo = new WeakMap<RunContext, Promise<Baseline>>();

export function baseline(ctx: RunContext): Promise<Baseline> {
  let pending = memo.get(ctx);
  if (!pending) {
    pending = ctx.api === 'analytics' ? analyticsBaseline(ctx) : marketplaceBaseline(ctx);
    memo.set(ctx, pending);
  }
  return pending;
}
