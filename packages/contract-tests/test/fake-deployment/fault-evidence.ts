// What each engine check's definition (the table in the brief) finds in the
// fixed probe's exchanges: a plain, independent reading of the definitions,
// so every fault can be shown to break the check it names before any engine
// runs, and the clean fake shown to break none.
import { seedWebsites, STAT_VALUES } from './data.js';
import type { Exchange } from './fault-probe.js';
import type { CheckName } from './faults.js';
import { schemaProblems } from './probe.js';
import { compareText } from './statistics.js';

type Row = Record<string, unknown>;

const is2xx = (exchange: Exchange) => exchange.reply.status >= 200 && exchange.reply.status < 300;
const bodyOf = (exchange: Exchange): Row => {
  const { reply } = exchange;
  if (reply.text !== undefined) {
    try {
      return JSON.parse(reply.text) as Row;
    } catch {
      return {};
    }
  }
  return (reply.body ?? {}) as Row;
};
const outcome = (exchange: Exchange) => bodyOf(exchange).status;
const LIST_OPERATIONS = ['listWebsites', 'getStats'];
const RECORD_OPERATIONS = ['getWebsite', 'createWebsite', 'updateWebsite'];
/** Analytics status codes are not shown: a 2XX without the rows or the website the operation answers is a refusal. */
function refusedInBody(exchange: Exchange): boolean {
  if (exchange.api !== 'analytics' || !is2xx(exchange) || !hasBody(exchange)) return false;
  const body = bodyOf(exchange) as Row | Row[];
  if (LIST_OPERATIONS.includes(exchange.operationId)) return !Array.isArray(body) && !Array.isArray((body as Row).data);
  if (!RECORD_OPERATIONS.includes(exchange.operationId)) return false;
  const record = (body as Row).data ?? body;
  return typeof record !== 'object' || record === null || !('id' in record);
}
const succeeded = (exchange: Exchange) =>
  exchange.api === 'analytics' ? is2xx(exchange) && !refusedInBody(exchange) : outcome(exchange) === '成功';
const hasBody = (exchange: Exchange) => exchange.reply.body !== undefined || exchange.reply.text !== undefined;
const isJson = (exchange: Exchange) =>
  (exchange.reply.contentType ?? 'application/json').startsWith('application/json');
const isList = (exchange: Exchange) => ['listWebsites', 'getStats'].includes(exchange.operationId);

function rowsOf(exchange: Exchange): Row[] | undefined {
  if (!succeeded(exchange) || !isList(exchange)) return undefined;
  const body = bodyOf(exchange) as Row | Row[];
  if (Array.isArray(body)) return body;
  return Array.isArray(body.data) ? (body.data as Row[]) : undefined;
}

function recordOf(exchange: Exchange): Row | undefined {
  if (!succeeded(exchange)) return undefined;
  const body = bodyOf(exchange);
  return (typeof body.data === 'object' && body.data !== null ? body.data : body) as Row;
}

const DEFAULTS: Record<string, Record<string, string>> = {
  listWebsites: { sort: 'desc', sort_by: 'id', per_page: '10', search_by: 'domain' },
  getStats: { sort: 'desc', sort_by: 'count', per_page: '10' },
};
const CREATE_DEFAULTS: Record<string, number> = { privacy: 1, email: 0, exclude_bots: 1 };

function pageSizeBroken(exchange: Exchange): boolean {
  const rows = rowsOf(exchange);
  const perPage = Number(exchange.query.per_page);
  if (!rows || !perPage) return false;
  const meta = (bodyOf(exchange).meta ?? {}) as { total?: number };
  const page = Number(exchange.query.page ?? 1);
  return rows.length > perPage || (rows.length < perPage && (meta.total ?? 0) > (page - 1) * perPage + rows.length);
}

/** The order a list was asked for (sort_by and sort, or their defaults), as a comparison of two rows. */
function orderAsked(exchange: Exchange): (a: Row, b: Row) => number {
  const key = exchange.query.sort_by ?? DEFAULTS[exchange.operationId]!.sort_by!;
  const direction = exchange.query.sort === 'asc' ? 1 : -1;
  const numeric = key === 'id' || key === 'count';
  return (a, b) =>
    direction *
    (numeric
      ? Number(a[key]) - Number(b[key])
      : compareText(String(a[key]).toLowerCase(), String(b[key]).toLowerCase()));
}

function sortBroken(exchange: Exchange): boolean {
  const rows = rowsOf(exchange);
  if (!rows) return false;
  const order = orderAsked(exchange);
  return rows.some((row, index) => index > 0 && order(rows[index - 1]!, row) > 0);
}

/**
 * Whether a row whose searched field equals the text exists for this request (the probe searches known values):
 * a website the fake starts with, or one the probe created and has not deleted (`domains`).
 */
function mustKeepExact(exchange: Exchange, domains: ReadonlySet<string>): boolean {
  const search = exchange.query.search ?? '';
  if (exchange.operationId === 'listWebsites') return domains.has(search);
  const { name = '', from = '', to = '' } = exchange.query;
  if (name === 'pageviews' || name === 'visitors')
    return /^\d{4}-\d{2}-\d{2}$/.test(search) && from <= search && search <= to;
  if (name.endsWith('_hours')) return /^([01]\d|2[0-3])$/.test(search);
  return (STAT_VALUES[name] ?? []).includes(search);
}

function filterBroken(exchange: Exchange, domains: ReadonlySet<string>): boolean {
  const rows = rowsOf(exchange);
  const search = exchange.query.search;
  if (!rows || !search) return false;
  const field = exchange.operationId === 'listWebsites' ? 'domain' : 'value';
  const values = rows.map((row) => String(row[field]).toLowerCase());
  if (values.some((value) => !value.includes(search.toLowerCase()))) return true;
  return mustKeepExact(exchange, domains) && !values.includes(search.toLowerCase());
}

/** Every search judged against the domains that exist when it is sent: the fake's own and those the probe wrote. */
function filtersBroken(exchanges: Exchange[]): Exchange[] {
  const domains = new Set(seedWebsites().map((website) => website.domain));
  const created = new Map<string, string>();
  return exchanges.filter((exchange) => {
    const record = recordOf(exchange);
    if (exchange.operationId === 'createWebsite' && exchange.intent === 'valid' && record) {
      domains.add(exchange.form.domain!);
      created.set(`/api/v1/websites/${record.id}`, exchange.form.domain!);
    }
    if (exchange.operationId === 'deleteWebsite' && succeeded(exchange))
      domains.delete(created.get(exchange.path) ?? '');
    return filterBroken(exchange, domains);
  });
}

function rangeBroken(exchange: Exchange): boolean {
  const rows = exchange.operationId === 'getStats' ? rowsOf(exchange) : undefined;
  const { from = '', to = '' } = exchange.query;
  return (rows ?? []).some((row) => {
    const value = String(row.value);
    return /^\d{4}-\d{2}-\d{2}$/.test(value) && (value < from || value > to);
  });
}

/** A range inside another, same statistic and page, answers other rows for its days than the wider one. */
function nestedRangeBroken(exchanges: Exchange[]): Exchange[] {
  const daily = exchanges.filter(
    (exchange) =>
      exchange.operationId === 'getStats' && exchange.intent === 'valid' && exchange.query.per_page === '100',
  );
  return daily.filter((inner) => {
    const outer = daily.find(
      (other) =>
        other !== inner &&
        other.query.name === inner.query.name &&
        other.query.from! < inner.query.from! &&
        other.query.to! > inner.query.to!,
    );
    if (!outer) return false;
    const within = (rows: Row[] | undefined) =>
      JSON.stringify(
        (rows ?? [])
          .filter((row) => String(row.value) >= inner.query.from! && String(row.value) <= inner.query.to!)
          .sort((a, b) => String(a.value).localeCompare(String(b.value))),
      );
    return within(rowsOf(outer)) !== within(rowsOf(inner));
  });
}

function defaultsBroken(exchanges: Exchange[]): Exchange[] {
  const broken: Exchange[] = [];
  const key = (exchange: Exchange, query: Record<string, string>) =>
    `${exchange.operationId} ${exchange.path} ${JSON.stringify(Object.entries(query).sort())}`;
  const lists = exchanges.filter((exchange) => isList(exchange) && exchange.intent === 'valid');
  const byRequest = new Map(lists.map((exchange) => [key(exchange, exchange.query), exchange]));
  for (const exchange of lists) {
    for (const [name, value] of Object.entries(DEFAULTS[exchange.operationId]!)) {
      if (exchange.query[name] !== value) continue;
      const { [name]: _sent, ...rest } = exchange.query;
      const omitted = byRequest.get(key(exchange, rest));
      if (omitted && JSON.stringify(rowsOf(omitted)) !== JSON.stringify(rowsOf(exchange))) broken.push(exchange);
    }
  }
  return broken;
}

/** A create that left out a field with a documented default and answers another value for it. */
function createDefaultsBroken(exchanges: Exchange[]): Exchange[] {
  return exchanges.filter((exchange) => {
    const record = exchange.operationId === 'createWebsite' && exchange.intent === 'valid' && recordOf(exchange);
    return (
      !!record &&
      Object.entries(CREATE_DEFAULTS).some(
        ([field, value]) => !(field in exchange.form) && field in record && record[field] !== value,
      )
    );
  });
}

/** A write of a value the documentation does not allow that a later read shows stored (a domain renamed too). */
function invalidStored(exchanges: Exchange[]): Exchange[] {
  return exchanges.filter((exchange, index) => {
    if (exchange.intent !== 'invalid' || !succeeded(exchange)) return false;
    if (!['createWebsite', 'updateWebsite'].includes(exchange.operationId)) return false;
    const stored = (row: Row | undefined) =>
      !!row &&
      Object.entries(exchange.form).some(([field, value]) =>
        field !== 'domain'
          ? String(row[field]) === value && field in CREATE_DEFAULTS
          : exchange.operationId === 'updateWebsite' && row.domain === value,
      );
    return stored(recordOf(exchange)) || exchanges.slice(index + 1).some((later) => stored(recordOf(later)));
  });
}

function readBroken(exchanges: Exchange[]): Exchange[] {
  const listed = new Map<string, Row>();
  const broken: Exchange[] = [];
  for (const exchange of exchanges) {
    // A row listed before a write of its website says nothing of a read after it.
    if (exchange.operationId === 'updateWebsite' || exchange.operationId === 'deleteWebsite')
      listed.delete(`w${exchange.path.split('/').pop()}`);
    if (exchange.operationId === 'listWebsites')
      for (const row of rowsOf(exchange) ?? []) listed.set(`w${row.id}`, row);
    if (exchange.operationId === 'listItems' && succeeded(exchange))
      for (const item of bodyOf(exchange).items as Row[]) listed.set(`i${item.id}`, item);
    const id =
      exchange.operationId === 'getWebsite'
        ? `w${exchange.path.split('/').pop()}`
        : exchange.operationId === 'getItem'
          ? `i${exchange.query.item_id}`
          : undefined;
    const shown = id ? listed.get(id) : undefined;
    if (!shown || exchange.intent !== 'valid') continue;
    const read = exchange.api === 'analytics' ? recordOf(exchange) : (bodyOf(exchange).item as Row | undefined);
    if (!read || (exchange.api === 'marketplace' && !succeeded(exchange))) broken.push(exchange);
    else if (
      Object.keys(shown).some((field) => field in read && JSON.stringify(read[field]) !== JSON.stringify(shown[field]))
    )
      broken.push(exchange);
  }
  return broken;
}

const FULL_DOMAIN = 'probe-full.example.com';
const fullCreate = (exchanges: Exchange[]) =>
  exchanges.find((exchange) => exchange.operationId === 'createWebsite' && exchange.form.domain === FULL_DOMAIN);

/** A conforming write refused in the documented form body while the same kind of write in JSON succeeded. */
function formNotRead(exchanges: Exchange[]): Exchange[] {
  const writes = exchanges.filter(
    (exchange) => ['createWebsite', 'updateWebsite'].includes(exchange.operationId) && exchange.intent === 'valid',
  );
  return writes.filter(
    (write) =>
      write.encoding === 'form' &&
      !succeeded(write) &&
      writes.some((other) => other.operationId === write.operationId && other.encoding === 'json' && succeeded(other)),
  );
}

/** Follows the probe's round trip on its full website: create, read, one-field updates, delete, read. */
function roundTripBroken(exchanges: Exchange[]): Exchange[] {
  const broken: Exchange[] = formNotRead(exchanges);
  const create = fullCreate(exchanges);
  if (!create) return broken;
  const asStored = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form).map(([field, value]) => [field, field in CREATE_DEFAULTS ? Number(value) : value]),
    );
  const expected: Row = asStored(create.form);
  if (recordOf(create)?.domain !== undefined && recordOf(create)?.domain !== create.form.domain) broken.push(create);
  let path: string | undefined;
  let deleted = false;
  for (const exchange of exchanges.slice(exchanges.indexOf(create) + 1)) {
    if (exchange.operationId === 'getWebsite' && path === undefined) path = exchange.path;
    if (exchange.path !== path) continue;
    // An update that took its fields stores them; `domain` is not one of them, whatever the answer.
    if (exchange.operationId === 'updateWebsite' && succeeded(exchange)) {
      const { domain: _notAnUpdateField, ...taken } = exchange.form;
      Object.assign(expected, asStored(taken));
    }
    if (exchange.operationId === 'deleteWebsite' && succeeded(exchange)) deleted = true;
    // The delete of a website that reads is accepted.
    if (exchange.operationId === 'deleteWebsite' && exchange.intent === 'valid' && !succeeded(exchange))
      broken.push(exchange);
    if (exchange.operationId !== 'getWebsite') continue;
    const read = recordOf(exchange);
    if (deleted ? succeeded(exchange) : !read) broken.push(exchange);
    else if (
      !deleted &&
      read &&
      Object.entries(expected).some(([field, value]) => field in read && read[field] !== value)
    )
      broken.push(exchange);
  }
  return broken;
}

async function schemaBroken(exchanges: Exchange[]): Promise<Exchange[]> {
  const broken: Exchange[] = [];
  for (const exchange of exchanges.filter((candidate) => hasBody(candidate) && isJson(candidate))) {
    const body = bodyOf(exchange);
    // A refusal in a 2XX body, where one was due, answers to the refusal schema.
    const due = exchange.intent !== 'valid' && refusedInBody(exchange);
    const answer = {
      status: due ? 400 : exchange.reply.status,
      type: 'application/json',
      text: JSON.stringify(body),
      body,
      headers: new Headers(),
    };
    if ((await schemaProblems(exchange.api, exchange.operationId, answer)).length > 0) broken.push(exchange);
  }
  return broken;
}

/** The website fields the source documentation names; the password is left out, as how it is shown is open. */
const WEBSITE_FIELDS = ['id', 'domain', 'privacy', 'email', 'exclude_bots', 'exclude_params', 'exclude_ips'];
const differ = (a: Row, b: Row) =>
  WEBSITE_FIELDS.some((field) => field in a && field in b && JSON.stringify(a[field]) !== JSON.stringify(b[field]));

/**
 * Follows the probe's full website through its create's links: it reads back by its id, is found by its domain,
 * its statistics answer; each update answers what the read after it shows; the list shows it as the last read
 * does after the updates; and once deleted it is no longer listed.
 */
function availabilityBroken(exchanges: Exchange[]): Exchange[] {
  const create = fullCreate(exchanges);
  if (!create) return [];
  const later = exchanges.slice(exchanges.indexOf(create) + 1);
  const path = later.find((exchange) => exchange.operationId === 'getWebsite')?.path;
  const statsPath = `/api/v1/stats/${path?.split('/').pop()}`;
  const broken: Exchange[] = [];
  let stage: 'created' | 'updated' | 'deleted' = 'created';
  let reads = 0;
  let lastRead: Row | undefined;
  later.forEach((exchange, index) => {
    const own = exchange.path === path;
    if (exchange.operationId === 'getWebsite' && own) {
      if (reads++ === 0 && !succeeded(exchange)) broken.push(exchange);
      if (succeeded(exchange)) lastRead = recordOf(exchange);
    }
    if (exchange.operationId === 'getStats' && exchange.path === statsPath && !succeeded(exchange))
      broken.push(exchange);
    if (exchange.operationId === 'updateWebsite' && own && exchange.intent === 'valid' && succeeded(exchange)) {
      stage = 'updated';
      const next = later.slice(index + 1).find((other) => other.operationId === 'getWebsite' && other.path === path);
      const [answered, read] = [recordOf(exchange), next && succeeded(next) ? recordOf(next) : undefined];
      if (answered && read && differ(answered, read)) broken.push(exchange);
    }
    if (exchange.operationId === 'deleteWebsite' && own && succeeded(exchange)) stage = 'deleted';
    const rows = exchange.operationId === 'listWebsites' && exchange.query.search === FULL_DOMAIN && rowsOf(exchange);
    if (!rows) return;
    const row = rows.find((candidate) => candidate.domain === FULL_DOMAIN);
    if ((stage === 'deleted') === (row !== undefined)) broken.push(exchange);
    else if (stage === 'updated' && row && lastRead && differ(row, lastRead)) broken.push(exchange);
  });
  return broken;
}

/**
 * The requests the specs' links lead to from a read (a website read, then searched for by its domain) and from a
 * purchase (its item read by the id it names) find the record named: a complete search answer lists the website,
 * the item reads, with the name and preview image the purchase shows.
 */
function linksBroken(exchanges: Exchange[]): Exchange[] {
  return exchanges.flatMap((source, index) => {
    const target = exchanges[index + 1];
    if (!target || source.intent !== 'valid' || !succeeded(source)) return [];
    if (source.operationId === 'getWebsite' && target.operationId === 'listWebsites') {
      const [read, rows] = [recordOf(source), rowsOf(target)];
      if (!read || !rows || target.query.search !== read.domain) return [];
      const complete = rows.length < Number(target.query.per_page ?? DEFAULTS.listWebsites!.per_page);
      return complete && !rows.some((row) => String(row.id) === String(read.id)) ? [target] : [];
    }
    if (source.operationId === 'validatePurchase' && target.operationId === 'getItem') {
      const named = ((bodyOf(source).data as Row | undefined)?.purchase as Row | undefined)?.item as Row | undefined;
      if (!named || target.query.item_id !== String(named.id)) return [];
      const item = bodyOf(target).item as Row | undefined;
      if (!succeeded(target) || !item) return [target];
      const preview = (row: Row) => (row.media as Row | undefined)?.preview_image;
      const previews = [preview(named), preview(item)];
      const previewsDiffer = previews.every((value) => value !== undefined) && previews[0] !== previews[1];
      return item.name !== named.name || previewsDiffer ? [target] : [];
    }
    return [];
  });
}

/**
 * What a key selects, compared across the two valid keys: the key without items lists none of the main key's
 * items, and gets an account of its own.
 */
function keyScopeBroken(exchanges: Exchange[]): Exchange[] {
  const mainAnswer = (operationId: string) =>
    exchanges.find(
      (exchange) => exchange.operationId === operationId && exchange.key === 'main' && succeeded(exchange),
    );
  return exchanges.filter((exchange) => {
    const main = mainAnswer(exchange.operationId);
    if (exchange.key !== 'without-records' || !succeeded(exchange) || !main) return false;
    if (exchange.operationId === 'listItems') {
      const mine = new Set(((bodyOf(main).items ?? []) as Row[]).map((item) => String(item.id)));
      return ((bodyOf(exchange).items ?? []) as Row[]).some((item) => mine.has(String(item.id)));
    }
    return (
      exchange.operationId === 'getAccountDetails' &&
      JSON.stringify(bodyOf(exchange).data) === JSON.stringify(bodyOf(main).data)
    );
  });
}

const PAYLOAD: Record<string, (body: Row) => unknown> = {
  getAccountDetails: (body) => body.data,
  listItems: (body) => body.items,
  getItem: (body) => body.item,
  validatePurchase: (body) => (body.data as Row | undefined)?.purchase,
};

function messageBroken(exchange: Exchange): boolean {
  if (exchange.api !== 'marketplace') return false;
  const body = bodyOf(exchange);
  if (typeof exchange.intent === 'object') return !(body.status === '错误' && body.msg === exchange.intent.msg);
  if (body.status === '成功') return PAYLOAD[exchange.operationId]?.(body) == null;
  return body.status !== '错误';
}

// ---- the whole state: walks through every page, writes beside their neighbours, neighbours of a request -------

const idOfPath = (exchange: Exchange): string => exchange.path.split('/').pop() ?? '';
const succeededWrite = (exchange: Exchange, ...operations: string[]) =>
  exchange.api === 'analytics' && operations.includes(exchange.operationId) && succeeded(exchange);

/** The pages of each walk through a list, in the order asked. */
function walksOf(exchanges: Exchange[]): Exchange[][] {
  const walks = new Map<string, Exchange[]>();
  for (const exchange of exchanges)
    if (exchange.walk !== undefined) walks.set(exchange.walk, [...(walks.get(exchange.walk) ?? []), exchange]);
  return [...walks.values()];
}

/** A walk whose every page answered rows, ending on a page shorter than the page size: it has seen every page. */
function complete(walk: Exchange[]): boolean {
  const pages = walk.map(rowsOf);
  const perPage = Number(walk[0]!.query.per_page ?? DEFAULTS[walk[0]!.operationId]!.per_page);
  return pages.every((rows) => rows !== undefined) && pages.at(-1)!.length < perPage;
}

/** What identifies a row of a list: a website by its id, a statistics row by its value. */
const rowKey = (exchange: Exchange, row: Row): string =>
  String(exchange.operationId === 'listWebsites' ? row.id : row.value);

/** The total a list answer states: `meta.total` (laravel) or a top-level `total`. */
function statedTotal(exchange: Exchange): number | undefined {
  const body = bodyOf(exchange);
  const total = (body.meta as Row | undefined)?.total ?? body.total;
  return typeof total === 'number' ? total : undefined;
}

/** The indexes of the analytics writes that succeeded, with the id each wrote (a create's from its answer). */
function writesOf(exchanges: Exchange[]): Array<{ index: number; id: string; exchange: Exchange }> {
  return exchanges.flatMap((exchange, index) => {
    if (succeededWrite(exchange, 'updateWebsite', 'deleteWebsite'))
      return [{ index, id: idOfPath(exchange), exchange }];
    if (succeededWrite(exchange, 'createWebsite')) return [{ index, id: String(recordOf(exchange)?.id), exchange }];
    return [];
  });
}

/**
 * Every walk lists each record once; a complete walk of the websites misses none the deployment holds (those it
 * starts with, and those created and not deleted by requests that succeeded); complete walks of the same selection
 * with no write between them hold the same rows, in any page size and order; every item list lists each item once,
 * and the item lists of one key hold the same items.
 */
function listStateBroken(exchanges: Exchange[]): Exchange[] {
  const broken = new Set<Exchange>();
  const walks = walksOf(exchanges);
  for (const walk of walks) {
    const seen = new Set<string>();
    for (const page of walk)
      for (const row of rowsOf(page) ?? []) {
        const key = rowKey(page, row);
        if (seen.has(key)) broken.add(page);
        seen.add(key);
      }
  }
  const writes = writesOf(exchanges);
  const held = new Set(seedWebsites().map((website) => String(website.id)));
  const heldAt = (index: number) => {
    const now = new Set(held);
    for (const write of writes.filter((candidate) => candidate.index < index)) {
      if (write.exchange.operationId === 'createWebsite') now.add(write.id);
      if (write.exchange.operationId === 'deleteWebsite') now.delete(write.id);
    }
    return now;
  };
  const whole = walks.filter(complete);
  const span = (walk: Exchange[]) => [exchanges.indexOf(walk[0]!), exchanges.indexOf(walk.at(-1)!)] as const;
  for (const walk of whole.filter((candidate) => candidate[0]!.operationId === 'listWebsites')) {
    if (walk[0]!.query.search) continue;
    const listed = new Set(walk.flatMap((page) => rowsOf(page)!.map((row) => String(row.id))));
    if ([...heldAt(span(walk)[0])].some((id) => !listed.has(id))) broken.add(walk.at(-1)!);
  }
  const selection = (walk: Exchange[]) => {
    const { page: _page, per_page: _perPage, sort: _sort, sort_by: _sortBy, ...rest } = walk[0]!.query;
    return `${walk[0]!.path} ${JSON.stringify(Object.entries(rest).sort())}`;
  };
  const rowsHeld = (walk: Exchange[]) =>
    JSON.stringify(
      walk
        .flatMap((page) => rowsOf(page)!)
        .map((row) =>
          walk[0]!.operationId === 'listWebsites' ? String(row.id) : JSON.stringify([row.value, row.count]),
        )
        .sort(),
    );
  whole.forEach((later, index) => {
    for (const earlier of whole.slice(0, index)) {
      if (selection(earlier) !== selection(later)) continue;
      const between = writes.some((write) => write.index > span(earlier)[1] && write.index < span(later)[0]);
      if (!between && rowsHeld(earlier) !== rowsHeld(later)) broken.add(later.at(-1)!);
    }
  });
  const itemLists = exchanges.filter(
    (exchange) =>
      exchange.operationId === 'listItems' &&
      exchange.key === 'main' &&
      succeeded(exchange) &&
      Array.isArray(bodyOf(exchange).items),
  );
  const itemIds = (exchange: Exchange) => (bodyOf(exchange).items as Row[]).map((item) => String(item.id));
  for (const exchange of itemLists) {
    const ids = itemIds(exchange);
    const first = itemIds(itemLists[0]!);
    if (new Set(ids).size !== ids.length || JSON.stringify([...ids].sort()) !== JSON.stringify([...first].sort()))
      broken.add(exchange);
  }
  return [...broken];
}

/**
 * Within a walk: every page but the last holds exactly per_page rows; the order asked holds from the last row of
 * each page to the first of the next; a total the body states is the number of rows the pages serve together
 * (never fewer, when the walk has not seen every page).
 */
function pagesBroken(exchanges: Exchange[]): Exchange[] {
  const broken = new Set<Exchange>();
  for (const walk of walksOf(exchanges)) {
    const pages = walk.map(rowsOf);
    if (pages.some((rows) => rows === undefined)) continue;
    const perPage = Number(walk[0]!.query.per_page ?? DEFAULTS[walk[0]!.operationId]!.per_page);
    const order = orderAsked(walk[0]!);
    walk.forEach((page, index) => {
      if (index < walk.length - 1 && pages[index]!.length !== perPage) broken.add(page);
      const [last, first] = [pages[index - 1]?.at(-1), pages[index]![0]];
      if (last && first && order(last, first) > 0) broken.add(page);
    });
    const served = pages.reduce((sum, rows) => sum + rows!.length, 0);
    for (const page of walk) {
      const stated = statedTotal(page);
      if (stated !== undefined && (complete(walk) ? stated !== served : stated < served)) broken.add(page);
    }
  }
  return [...broken];
}

/**
 * After an update or delete of one website, every other website reads as before, by id and in the list: no field
 * changes and none disappears (a complete walk of the websites still lists it); an update changes no field of its
 * own website that it did not send.
 */
function isolationBroken(exchanges: Exchange[]): Exchange[] {
  const broken = new Set<Exchange>();
  const writes = writesOf(exchanges).filter((write) => write.exchange.operationId !== 'createWebsite');
  const between = (from: number, to: number) => writes.filter((write) => write.index > from && write.index < to);
  const lastRead = new Map<string, { index: number; read: Row | undefined }>();
  const lastListed = new Map<string, { index: number; row: Row }>();
  exchanges.forEach((exchange, index) => {
    if (exchange.operationId === 'getWebsite' && exchange.key === 'main') {
      const id = idOfPath(exchange);
      const before = lastRead.get(id);
      const read = succeeded(exchange) ? recordOf(exchange) : undefined;
      if (before?.read) {
        const writesBetween = between(before.index, index);
        const own = writesBetween.filter((write) => write.id === id);
        if (writesBetween.length > 0 && own.length === 0 && (!read || differ(before.read, read))) broken.add(exchange);
        if (read && own.length > 0 && own.every((write) => write.exchange.operationId === 'updateWebsite')) {
          const sent = new Set(own.flatMap((write) => Object.keys(write.exchange.form)));
          const unsent = WEBSITE_FIELDS.filter((field) => !sent.has(field));
          const changed = unsent.some(
            (field) =>
              field in before.read! &&
              field in read &&
              JSON.stringify(before.read![field]) !== JSON.stringify(read[field]),
          );
          if (changed) broken.add(exchange);
        }
      }
      lastRead.set(id, { index, read });
    }
    if (exchange.operationId === 'listWebsites')
      for (const row of rowsOf(exchange) ?? []) {
        const id = String(row.id);
        const before = lastListed.get(id);
        const writesBetween = before ? between(before.index, index) : [];
        const others = writesBetween.length > 0 && writesBetween.every((write) => write.id !== id);
        if (before && others && differ(before.row, row)) broken.add(exchange);
        lastListed.set(id, { index, row });
      }
  });
  const whole = walksOf(exchanges).filter(
    (walk) => walk[0]!.operationId === 'listWebsites' && !walk[0]!.query.search && complete(walk),
  );
  whole.forEach((later, index) => {
    const earlier = whole[index - 1];
    if (!earlier) return;
    const ids = (walk: Exchange[]) => new Set(walk.flatMap((page) => rowsOf(page)!.map((row) => String(row.id))));
    const [before, after] = [ids(earlier), ids(later)];
    const written = new Set(
      between(exchanges.indexOf(earlier.at(-1)!), exchanges.indexOf(later[0]!)).map((write) => write.id),
    );
    if ([...before].some((id) => !after.has(id) && !written.has(id))) broken.add(later.at(-1)!);
  });
  return [...broken];
}

/** When a website was created, to the second, as a row shows it; undefined where it does not. */
function createdSecond(row: Row): number | undefined {
  const at = typeof row.created_at === 'string' ? Date.parse(row.created_at) : Number.NaN;
  return Number.isNaN(at) ? undefined : Math.floor(at / 1000);
}

/**
 * Under sort_by=id (the date created), websites come in the order of their created_at, within a page and across
 * the pages of a walk (the same second says nothing); and an update never moves a website: two answers to the same
 * request with updates between list the websites they share in the same order.
 */
function creationOrderBroken(exchanges: Exchange[]): Exchange[] {
  const broken = new Set<Exchange>();
  const byCreation = (exchange: Exchange) =>
    exchange.operationId === 'listWebsites' &&
    (exchange.query.sort_by ?? 'id') === 'id' &&
    rowsOf(exchange) !== undefined;
  const sequences: Array<Array<{ exchange: Exchange; row: Row }>> = [
    ...exchanges.map((exchange) => (rowsOf(exchange) ?? []).map((row) => ({ exchange, row }))),
    ...walksOf(exchanges).map((walk) =>
      walk.flatMap((exchange) => (rowsOf(exchange) ?? []).map((row) => ({ exchange, row }))),
    ),
  ].filter((sequence) => sequence.length > 0 && byCreation(sequence[0]!.exchange));
  for (const sequence of sequences) {
    const direction = sequence[0]!.exchange.query.sort === 'asc' ? 1 : -1;
    sequence.forEach(({ exchange, row }, index) => {
      const previous = sequence[index - 1];
      const [a, b] = [previous && createdSecond(previous.row), createdSecond(row)];
      if (a !== undefined && b !== undefined && direction * (a - b) > 0) broken.add(exchange);
    });
  }
  const updates = writesOf(exchanges).filter((write) => write.exchange.operationId === 'updateWebsite');
  const request = (exchange: Exchange) => JSON.stringify(Object.entries(exchange.query).sort());
  const lastAsked = new Map<string, number>();
  exchanges.forEach((later, index) => {
    if (!byCreation(later)) return;
    const earlier = lastAsked.get(request(later));
    lastAsked.set(request(later), index);
    if (earlier === undefined || !updates.some((write) => write.index > earlier && write.index < index)) return;
    const [before, after] = [exchanges[earlier]!, later].map((exchange) =>
      rowsOf(exchange)!.map((row) => String(row.id)),
    );
    const shared = (ids: string[], others: string[]) => ids.filter((id) => others.includes(id)).join(',');
    if (shared(before!, after!) !== shared(after!, before!)) broken.add(later);
  });
  return [...broken];
}

/**
 * A website created by a conforming request is found by a search for its own domain as the websites already there
 * are found by theirs: where a complete answer to a search for the domain of a website the deployment started with
 * lists it, a complete answer to a search for the domain of a created website, sent while it exists, lists it too.
 */
function createdSearchBroken(exchanges: Exchange[]): Exchange[] {
  const started = new Map(seedWebsites().map((website) => [website.domain, String(website.id)]));
  const created = new Map<string, string>();
  const missed: Exchange[] = [];
  let startedFound = false;
  for (const exchange of exchanges) {
    const id = recordOf(exchange)?.id;
    if (exchange.intent === 'valid' && succeededWrite(exchange, 'createWebsite') && id !== undefined)
      created.set(exchange.form.domain!, String(id));
    if (succeededWrite(exchange, 'deleteWebsite'))
      for (const [domain, createdId] of created) if (createdId === idOfPath(exchange)) created.delete(domain);
    const { search, search_by: searchBy = 'domain', page = '1' } = exchange.query;
    const rows = exchange.operationId === 'listWebsites' && search !== undefined ? rowsOf(exchange) : undefined;
    const perPage = Number(exchange.query.per_page ?? DEFAULTS.listWebsites!.per_page);
    if (!rows || searchBy !== 'domain' || page !== '1' || rows.length >= perPage) continue;
    const listed = new Set(rows.map((row) => String(row.id)));
    if (started.has(search!) && listed.has(started.get(search!)!)) startedFound = true;
    if (created.has(search!) && !listed.has(created.get(search!)!)) missed.push(exchange);
  }
  return startedFound ? missed : [];
}

/** The entries of an exclusion list as a set, whatever the case, separators, order or repetition. */
const entries = (value: unknown): string => {
  const list = value == null ? [] : Array.isArray(value) ? value.map(String) : String(value).split(/[\s,;]+/);
  return JSON.stringify([...new Set(list.filter(Boolean).map((entry) => entry.toLowerCase()))].sort());
};
const EXCLUSION_LISTS = ['exclude_params', 'exclude_ips'];

/**
 * A value a conforming write (create or update) sends is what the website's next read shows: as sent, or an
 * exclusion list in a form that keeps every entry; an empty list written reads empty. The password is left out,
 * as how it is shown is open; `domain` is not an update field.
 */
function storedBroken(exchanges: Exchange[]): Exchange[] {
  const broken: Exchange[] = [];
  const pending = new Map<string, Record<string, string>>();
  for (const exchange of exchanges) {
    if (exchange.intent === 'valid' && succeededWrite(exchange, 'createWebsite', 'updateWebsite')) {
      const create = exchange.operationId === 'createWebsite';
      const id = create ? String(recordOf(exchange)?.id) : idOfPath(exchange);
      const { password: _password, domain, ...settings } = exchange.form;
      const written = create && domain !== undefined ? { domain, ...settings } : settings;
      pending.set(id, { ...pending.get(id), ...written });
    }
    if (succeededWrite(exchange, 'deleteWebsite')) pending.delete(idOfPath(exchange));
    if (exchange.operationId !== 'getWebsite' || !succeeded(exchange)) continue;
    const sent = pending.get(idOfPath(exchange));
    const read = recordOf(exchange);
    pending.delete(idOfPath(exchange));
    if (!sent || !read) continue;
    const kept = Object.entries(sent).every(
      ([field, value]) =>
        !(field in read) ||
        (EXCLUSION_LISTS.includes(field) ? entries(read[field]) === entries(value) : String(read[field]) === value),
    );
    if (!kept) broken.push(exchange);
  }
  return broken;
}

const DAY_MS = 86_400_000;
/** The day before a Y-m-d date, or undefined for text that is not one. */
function dayBefore(text: string | undefined): string | undefined {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(text ?? '') ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(at) ? undefined : new Date(at - DAY_MS).toISOString().slice(0, 10);
}
const LETTERS = /^[A-Za-z]+$/;

/** Whether `served` is `request`'s neighbour of the same kind: its range a day earlier, or its search in letters. */
function neighbourOf(request: Exchange, served: Exchange): boolean {
  if (request.operationId !== served.operationId || request.path !== served.path) return false;
  const names = new Set([...Object.keys(request.query), ...Object.keys(served.query)]);
  const differing = [...names].filter((name) => request.query[name] !== served.query[name]).sort();
  const { from, to, search } = request.query;
  if (request.operationId === 'getStats')
    return (
      JSON.stringify(differing) === '["from","to"]' &&
      served.query.from === dayBefore(from) &&
      served.query.to === dayBefore(to)
    );
  return (
    request.operationId === 'listWebsites' &&
    JSON.stringify(differing) === '["search"]' &&
    search !== undefined &&
    !LETTERS.test(search) &&
    LETTERS.test(served.query.search ?? '') &&
    [...search].length === [...served.query.search!].length
  );
}

/** A request the documentation allows is neither refused nor answered 5XX where its neighbour of its kind is served. */
function neighboursBroken(exchanges: Exchange[]): Exchange[] {
  const allowed = exchanges.filter((exchange) => exchange.api === 'analytics' && exchange.intent === 'valid');
  const served = allowed.filter(succeeded);
  return allowed.filter(
    (exchange) => !succeeded(exchange) && served.some((neighbour) => neighbourOf(exchange, neighbour)),
  );
}

/**
 * A request without a valid key is refused; one whose key is empty or only spaces is refused as the same request
 * without a key is (with its status).
 */
function authBroken(exchanges: Exchange[]): Exchange[] {
  const same = (a: Exchange, b: Exchange) =>
    a.operationId === b.operationId &&
    a.path === b.path &&
    JSON.stringify(a.query) === JSON.stringify(b.query) &&
    JSON.stringify(a.form) === JSON.stringify(b.form);
  return exchanges.filter((exchange) => {
    if (exchange.intent !== 'unauthorised') return false;
    if (succeeded(exchange)) return true;
    const keyless =
      exchange.key === 'blank' && exchanges.find((other) => other.key === 'missing' && same(other, exchange));
    return keyless ? keyless.reply.status !== exchange.reply.status : false;
  });
}

const each = (judge: (exchange: Exchange) => boolean) => (exchanges: Exchange[]) => exchanges.filter(judge);

/** A create that answers the id of a website that was there before it, under another domain. */
function createNamesAnother(exchanges: Exchange[]): Exchange[] {
  const shown = new Map<string, string>();
  const broken: Exchange[] = [];
  for (const exchange of exchanges) {
    const record = recordOf(exchange);
    const id = record?.id === undefined ? undefined : String(record.id);
    if (exchange.operationId === 'createWebsite' && exchange.intent === 'valid' && id !== undefined) {
      const before = shown.get(id);
      if (before !== undefined && before !== exchange.form.domain) broken.push(exchange);
    }
    for (const row of [...(rowsOf(exchange) ?? []), ...(record ? [record] : [])])
      if (row.id !== undefined && typeof row.domain === 'string') shown.set(String(row.id), row.domain);
  }
  return broken;
}

/** Account details with the main key that name another account than the first answer did. */
function accountChanged(exchanges: Exchange[]): Exchange[] {
  const details = exchanges.filter(
    (exchange) => exchange.operationId === 'getAccountDetails' && exchange.key === 'main' && succeeded(exchange),
  );
  const username = (exchange: Exchange) => ((bodyOf(exchange).data as Row | undefined)?.username as string) ?? '';
  return details.filter((exchange) => username(exchange) !== username(details[0]!));
}

/** The exchanges of a probe that break each check's definition. */
export const EVIDENCE: Record<CheckName, (exchanges: Exchange[]) => Exchange[] | Promise<Exchange[]>> = {
  not_a_server_error: each((exchange) => exchange.reply.status >= 500),
  status_code_conformance: (exchanges) => [
    ...formNotRead(exchanges),
    ...availabilityBroken(exchanges),
    ...roundTripBroken(exchanges),
    ...each(
      (exchange) =>
        (exchange.api === 'analytics' && exchange.intent === 'valid' && !succeeded(exchange)) ||
        (exchange.api === 'marketplace' && outcome(exchange) === '成功' && !is2xx(exchange)),
    )(exchanges),
  ],
  content_type_conformance: each((exchange) => hasBody(exchange) && !isJson(exchange)),
  response_schema_conformance: schemaBroken,
  // A field the update does not take may be refused or dropped; taken, it renames the website.
  negative_data_rejection: (exchanges) =>
    exchanges.filter(
      (exchange, index) =>
        exchange.intent === 'invalid' &&
        succeeded(exchange) &&
        (exchange.operationId !== 'updateWebsite' ||
          exchange.form.domain === undefined ||
          exchanges.slice(index + 1).some((later) => recordOf(later)?.domain === exchange.form.domain)),
    ),
  ignored_auth: authBroken,
  documented_error_messages: each(messageBroken),
  default_equivalence: defaultsBroken,
  page_size_honoured: each(pageSizeBroken),
  sort_order: each(sortBroken),
  filter_effect: filtersBroken,
  date_range_effect: (exchanges) => [...each(rangeBroken)(exchanges), ...nestedRangeBroken(exchanges)],
  // The model of the state judges what a write did wherever it shows: a read of the record written (the probe's
  // round trip and its links), a list and a search of it, and a list of every record.
  // The model of the state judges what a write did wherever it shows: a read of the record written (the probe's
  // round trip and its links), a list and a search of it, and a list of every record; and a record read again.
  read_matches_list: (exchanges) => [
    ...readBroken(exchanges),
    ...roundTripBroken(exchanges),
    ...availabilityBroken(exchanges),
    ...accountChanged(exchanges),
  ],
  echoed_fields: each(
    (exchange) =>
      exchange.operationId === 'validatePurchase' &&
      outcome(exchange) === '成功' &&
      ((bodyOf(exchange).data as Row)?.purchase as Row)?.purchase_code !== exchange.form.purchase_code,
  ),
  linked_records_agree: linksBroken,
  key_scope: keyScopeBroken,
  list_matches_state: (exchanges) => [
    ...listStateBroken(exchanges),
    ...exchanges.filter((exchange) => exchange.walk !== undefined && isList(exchange) && sortBroken(exchange)),
    ...pagesBroken(exchanges),
    ...creationOrderBroken(exchanges),
    ...createdSearchBroken(exchanges),
    ...availabilityBroken(exchanges),
  ],
  pages_consistent: pagesBroken,
  write_isolated: (exchanges) => [
    ...isolationBroken(exchanges),
    ...createNamesAnother(exchanges),
    ...roundTripBroken(exchanges),
    ...availabilityBroken(exchanges),
  ],
  stored_as_sent: (exchanges) => [
    ...storedBroken(exchanges),
    ...roundTripBroken(exchanges),
    ...availabilityBroken(exchanges),
    ...createDefaultsBroken(exchanges),
    ...invalidStored(exchanges),
  ],
  neighbours_served: neighboursBroken,
};
