// Requests that break one documented rule each (enum, format, required
// parameter). A conforming deployment refuses every one: not 2XX on
// analytics, not `成功` on the marketplace. Values come from the spec's
// enums, so the probes follow the spec when it changes.
import { websiteIdForReads, statsRange } from './baseline.js';
import type { RunContext } from './context.js';
import type { RequestTemplate } from './http/request.js';
import { specValue } from './spec/operations.js';

export interface NegativeProbe {
  rule: string;
  template: RequestTemplate;
}

/** A value outside a string enum of the spec, checked against it. */
function outsideEnum(ctx: RunContext, parameter: string, candidate: string): string {
  const allowed = specValue<string[]>(ctx.api, `/components/parameters/${parameter}/schema/enum`).map(String);
  if (allowed.includes(candidate))
    throw new Error(`${candidate} is allowed for ${parameter}; pick another negative value`);
  return candidate;
}

/** A plausible page size outside the per_page enum (7 with today's spec). */
function badPerPage(ctx: RunContext): string {
  const allowed = specValue<number[]>(ctx.api, '/components/parameters/PerPage/schema/enum');
  const value = [7, 11, 15, 1000].find((candidate) => !allowed.includes(candidate));
  return String(value);
}

export async function readOnlyNegativeProbes(ctx: RunContext): Promise<{ probes: NegativeProbe[]; skipped: string[] }> {
  const probes: NegativeProbe[] = [];
  const skipped: string[] = [];
  if (ctx.api === 'analytics') {
    const list = (rule: string, query: Array<[string, string]>): void => {
      probes.push({ rule, template: ctx.request('listWebsites', { query, label: `list websites with ${rule}` }) });
    };
    list(`per_page=${badPerPage(ctx)}`, [['per_page', badPerPage(ctx)]]);
    list('sort=sideways', [['sort', outsideEnum(ctx, 'Sort', 'sideways')]]);
    list('sort_by=popularity', [['sort_by', outsideEnum(ctx, 'WebsiteSortBy', 'popularity')]]);
    const id = await websiteIdForReads(ctx);
    if (id === undefined) {
      skipped.push('statistics probes: no website to read (pass --website-id)');
    } else {
      const { from, to } = statsRange();
      const base: Array<[string, string]> = [
        ['name', 'browser'],
        ['from', from],
        ['to', to],
      ];
      const stats = (rule: string, query: Array<[string, string]>): void => {
        probes.push({
          rule,
          template: ctx.request('getStats', { pathParams: { id }, query, label: `statistics with ${rule}` }),
        });
      };
      const without = (name: string) => base.filter(([key]) => key !== name);
      const replace = (name: string, value: string): Array<[string, string]> => [...without(name), [name, value]];
      const statNames = specValue<string[]>(ctx.api, '/components/schemas/StatName/enum');
      if (statNames.includes('not_a_statistic')) throw new Error('not_a_statistic became a statistic name');
      stats('name=not_a_statistic', replace('name', 'not_a_statistic'));
      stats('name missing', without('name'));
      stats('from missing', without('from'));
      stats('to missing', without('to'));
      stats('from=2026-13-45 (no such date)', replace('from', '2026-13-45'));
      stats('from=01/10/2026 (not Y-m-d)', replace('from', '01/10/2026'));
      stats(`per_page=${badPerPage(ctx)}`, [...base, ['per_page', badPerPage(ctx)]]);
      stats('sort=sideways', [...base, ['sort', outsideEnum(ctx, 'Sort', 'sideways')]]);
      stats('sort_by=popularity', [...base, ['sort_by', outsideEnum(ctx, 'StatSortBy', 'popularity')]]);
    }
  } else {
    probes.push({ rule: 'item_id missing', template: ctx.request('getItem', { label: 'item without item_id' }) });
    probes.push({
      rule: 'item_id=abc (not an integer)',
      template: ctx.request('getItem', { query: [['item_id', 'abc']], label: 'item with item_id=abc' }),
    });
    probes.push({
      rule: 'purchase_code missing',
      template: ctx.request('validatePurchase', { form: [], label: 'validate without purchase_code' }),
    });
  }
  return { probes, skipped };
}
