import { itemIdsForReads, statsRange, websiteIdForReads } from '../baseline.js';
import type { RunContext } from '../context.js';
import type { RequestTemplate } from '../http/request.js';
import type { Exchange } from '../http/transport.js';
import { isObject, rowsOf, type JsonObject } from '../payload.js';
import { fail, noResponse, pass, skip } from './evidence.js';
import type { CaseResult, CheckDefinition } from './types.js';

const MOCK_REASON = 'the Prism mock serves static examples, so parameters have no observable effect there';

type Rows = { exchange: Exchange; rows: JsonObject[] } | { result: CaseResult };

async function rows(ctx: RunContext, template: RequestTemplate): Promise<Rows> {
  const exchange = await ctx.probe(template);
  const missing = noResponse(template.label, exchange);
  if (missing) return { result: missing };
  const list = rowsOf(exchange.response!.json);
  if (!list || exchange.response!.status >= 300) {
    return { result: fail(template.label, exchange, 'a 2XX list of rows', 'no rows could be read') };
  }
  return { exchange, rows: list.filter(isObject) };
}

const asNumber = (value: unknown): number => (typeof value === 'number' ? value : Number(value));
const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  // Database collations differ (punctuation, case, accents). A step counts as
  // out of order only when ICU collation and plain lower-case code point order
  // both say so, so no honest server is failed for its collation.
  const collated = String(a).localeCompare(String(b), 'en', { sensitivity: 'base' });
  const x = String(a).toLowerCase();
  const y = String(b).toLowerCase();
  const plain = x < y ? -1 : x > y ? 1 : 0;
  return Math.sign(collated) === Math.sign(plain) ? collated : 0;
};

async function perPageBounds(
  ctx: RunContext,
  title: string,
  build: (extra: Array<[string, string]>) => RequestTemplate,
): Promise<CaseResult> {
  const wide = await rows(ctx, build([['per_page', '25']]));
  if ('result' in wide) return wide.result;
  if (wide.rows.length <= 10)
    return skip(title, `only ${wide.rows.length} rows exist, so a bound of 10 cannot be observed`);
  const narrow = await rows(ctx, build([['per_page', '10']]));
  if ('result' in narrow) return narrow.result;
  if (narrow.rows.length > 10)
    return fail(title, narrow.exchange, 'per_page=10 returns at most 10 rows', `${narrow.rows.length} rows`);
  return pass(title);
}

async function ordering(
  ctx: RunContext,
  title: string,
  field: string,
  direction: 'asc' | 'desc',
  template: RequestTemplate,
): Promise<CaseResult> {
  const result = await rows(ctx, template);
  if ('result' in result) return result.result;
  const values = result.rows.map((row) => (field === 'count' ? asNumber(row[field]) : row[field]));
  if (new Set(values.map(String)).size < 2)
    return skip(title, `fewer than two distinct ${field} values, so no order can be observed`);
  for (let index = 1; index < values.length; index++) {
    const step = compareValues(values[index - 1], values[index]);
    if ((direction === 'asc' && step > 0) || (direction === 'desc' && step < 0)) {
      return fail(
        title,
        result.exchange,
        `rows ordered by ${field} ${direction}`,
        `${JSON.stringify(values[index - 1])} before ${JSON.stringify(values[index])} (row ${index})`,
      );
    }
  }
  return pass(title);
}

async function searchFilters(
  ctx: RunContext,
  title: string,
  field: string,
  all: RequestTemplate,
  build: (needle: string) => RequestTemplate,
): Promise<CaseResult> {
  const unfiltered = await rows(ctx, all);
  if ('result' in unfiltered) return unfiltered.result;
  const values = unfiltered.rows.map((row) => String(row[field] ?? ''));
  // The needle is a whole value, so a filter has something to keep and, when
  // other values differ, something to drop.
  const needle = values.find(
    (value) => value !== '' && values.some((other) => !other.toLowerCase().includes(value.toLowerCase())),
  );
  if (!needle) return skip(title, `no ${field} that would filter out another row, so filtering cannot be observed`);
  const filtered = await rows(ctx, build(needle));
  if ('result' in filtered) return filtered.result;
  const stray = filtered.rows.find(
    (row) =>
      !String(row[field] ?? '')
        .toLowerCase()
        .includes(needle.toLowerCase()),
  );
  if (stray)
    return fail(
      title,
      filtered.exchange,
      `only rows whose ${field} contains "${needle}"`,
      `a row with ${field} ${JSON.stringify(stray[field])}`,
    );
  if (filtered.rows.length === 0)
    return fail(title, filtered.exchange, `the row whose ${field} is "${needle}"`, 'no rows');
  return pass(title);
}

async function analyticsCases(ctx: RunContext): Promise<CaseResult[]> {
  const list = (extra: Array<[string, string]>, label: string) => ctx.request('listWebsites', { query: extra, label });
  const results: CaseResult[] = [
    await perPageBounds(ctx, 'per_page bounds the websites', (extra) =>
      list(extra, `list websites with ${extra.map((pair) => pair.join('=')).join('&')}`),
    ),
    await ordering(
      ctx,
      'sort_by=id&sort=asc orders websites',
      'id',
      'asc',
      list(
        [
          ['sort_by', 'id'],
          ['sort', 'asc'],
          ['per_page', '100'],
        ],
        'list websites by id ascending',
      ),
    ),
    await ordering(
      ctx,
      'sort_by=id&sort=desc orders websites',
      'id',
      'desc',
      list(
        [
          ['sort_by', 'id'],
          ['sort', 'desc'],
          ['per_page', '100'],
        ],
        'list websites by id descending',
      ),
    ),
    await ordering(
      ctx,
      'sort_by=domain&sort=asc orders websites',
      'domain',
      'asc',
      list(
        [
          ['sort_by', 'domain'],
          ['sort', 'asc'],
          ['per_page', '100'],
        ],
        'list websites by domain ascending',
      ),
    ),
    await searchFilters(
      ctx,
      'search filters websites by domain',
      'domain',
      list([['per_page', '100']], 'list websites (100)'),
      (needle) =>
        list(
          [
            ['search', needle],
            ['search_by', 'domain'],
            ['per_page', '100'],
          ],
          `list websites matching "${needle}"`,
        ),
    ),
  ];
  const id = await websiteIdForReads(ctx);
  if (id === undefined) return [...results, skip('statistics parameters', 'no website to read: pass --website-id')];
  const { from, to } = statsRange();
  const stats = (name: string, extra: Array<[string, string]>, label: string, range = { from, to }) =>
    ctx.request('getStats', {
      pathParams: { id },
      query: [['name', name], ['from', range.from], ['to', range.to], ...extra],
      label,
    });
  results.push(
    await perPageBounds(ctx, 'per_page bounds the statistic rows', (extra) =>
      stats('browser', extra, `browser statistic with ${extra.map((pair) => pair.join('=')).join('&')}`),
    ),
    await ordering(
      ctx,
      'sort_by=count&sort=desc orders statistic rows',
      'count',
      'desc',
      stats(
        'browser',
        [
          ['sort_by', 'count'],
          ['sort', 'desc'],
          ['per_page', '100'],
        ],
        'browser statistic by count descending',
      ),
    ),
    await ordering(
      ctx,
      'sort_by=count&sort=asc orders statistic rows',
      'count',
      'asc',
      stats(
        'browser',
        [
          ['sort_by', 'count'],
          ['sort', 'asc'],
          ['per_page', '100'],
        ],
        'browser statistic by count ascending',
      ),
    ),
    await ordering(
      ctx,
      'sort_by=value&sort=asc orders statistic rows',
      'value',
      'asc',
      stats(
        'browser',
        [
          ['sort_by', 'value'],
          ['sort', 'asc'],
          ['per_page', '100'],
        ],
        'browser statistic by value ascending',
      ),
    ),
    await searchFilters(
      ctx,
      'search filters statistic rows by value',
      'value',
      stats('browser', [['per_page', '100']], 'browser statistic (100)'),
      (needle) =>
        stats(
          'browser',
          [
            ['search', needle],
            ['search_by', 'value'],
            ['per_page', '100'],
          ],
          `browser statistic matching "${needle}"`,
        ),
    ),
    await dateRange(ctx, id),
  );
  return results;
}

/** Daily statistics carry dates as values; where they do, they must lie in the range. */
async function dateRange(ctx: RunContext, id: string): Promise<CaseResult> {
  const title = 'from/to bound the dates of daily statistic rows';
  const week = { from: statsRange(7).from, to: statsRange(7).to };
  const template = ctx.request('getStats', {
    pathParams: { id },
    query: [
      ['name', 'pageviews'],
      ['from', week.from],
      ['to', week.to],
      ['per_page', '100'],
    ],
    label: `pageviews from ${week.from} to ${week.to}`,
  });
  const result = await rows(ctx, template);
  if ('result' in result) return result.result;
  const dates = result.rows.map((row) => String(row.value ?? '')).filter((value) => /^\d{4}-\d{2}-\d{2}/.test(value));
  if (dates.length === 0) return skip(title, 'the pageviews rows carry no dates, so the range is not observable');
  const outside = dates.find((date) => date.slice(0, 10) < week.from || date.slice(0, 10) > week.to);
  if (outside)
    return fail(title, result.exchange, `row dates between ${week.from} and ${week.to}`, `a row dated ${outside}`);
  return pass(title);
}

async function marketplaceCases(ctx: RunContext): Promise<CaseResult[]> {
  const ids = await itemIdsForReads(ctx);
  if (ids.length === 0) return [skip('item_id selects that item', 'no item to read: pass --item-id')];
  const results: CaseResult[] = [];
  for (const itemId of ids.slice(0, 3)) {
    const title = `item_id=${itemId} selects item ${itemId}`;
    const exchange = await ctx.probe(ctx.request('getItem', { query: [['item_id', itemId]], label: `item ${itemId}` }));
    const missing = noResponse(title, exchange);
    if (missing) {
      results.push(missing);
      continue;
    }
    const json = exchange.response!.json;
    const item = isObject(json) && isObject(json.item) ? json.item : undefined;
    results.push(
      String(item?.id) === itemId
        ? pass(title)
        : fail(title, exchange, `the item with id ${itemId}`, `item id ${JSON.stringify(item?.id)}`),
    );
  }
  return results;
}

export const parameterEffects: CheckDefinition = {
  name: 'parameter_effects',
  description:
    'per_page bounds rows, sort/sort_by order them, search filters them, item_id selects the item, ' +
    'from/to bound daily rows.',
  apis: ['analytics', 'marketplace'],
  async run(ctx) {
    if (ctx.isMock) return [skip('parameters take effect', MOCK_REASON)];
    return ctx.api === 'analytics' ? analyticsCases(ctx) : marketplaceCases(ctx);
  },
};
