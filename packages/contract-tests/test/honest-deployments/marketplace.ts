// The Marketplace API of an honest deployment: account details, all items of the key, one item, and purchase-code
// validation under /api, with the exact `status` strings (成功 / 错误) and the four `msg` strings of the source
// documentation. Where the key travels, which statuses errors use and the rest are the variant's choices.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Choices, MarketChoices } from './choices.js';
import { ACCOUNTS, type Account, type Item, PURCHASES, type Purchase, startingItems } from './data.js';
import {
  type Answer,
  jsonAnswer,
  type ParamSource,
  parseBody,
  readParam,
  send,
  sendFinished,
  sourceOf,
} from './http-kit.js';
import type { Throttle } from './throttle.js';
import { type LiveMarket, liveMarket } from './live-market.js';
import { formatIso } from './timestamps.js';

/** "On success, `status` is the string `成功`." and the error body's "`status` is the string `错误`". */
export const SUCCESS = '成功';
export const FAILURE = '错误';
/** The four messages of section 7, each for its one condition. */
export const MESSAGES = {
  invalidRequest: '无效请求',
  noItems: '该分类下暂无商品上架',
  itemNotFound: '未找到任何商品',
  invalidPurchaseCode: '购买代码无效',
} as const;

type Owner = 'main' | 'empty';

export interface MarketplaceState {
  choices: Choices;
  keys: Map<string, Owner>;
  /** The accounts of the two keys, as this deployment holds them now. */
  accounts: Record<Owner, Account>;
  items: Item[];
  purchases: Purchase[];
  throttle?: Throttle;
  /** Sales, item updates and downloads while a run reads (choice 144). */
  live?: LiveMarket;
}

export function createMarketplaceState(
  choices: Choices,
  keys: { main: string; empty: string },
  throttle?: Throttle,
): MarketplaceState {
  const accounts = { main: { ...ACCOUNTS.main }, empty: { ...ACCOUNTS.empty } };
  const items = startingItems();
  const live = choices.market.liveRecords;
  // A live shop's handed purchase was bought for the run: not downloaded yet (choice 144).
  const purchases = PURCHASES.map((purchase) =>
    live && purchase.label === choices.market.handedCode ? { ...purchase, downloaded: false } : { ...purchase },
  );
  return {
    choices,
    keys: new Map<string, Owner>([
      [keys.main, 'main'],
      [keys.empty, 'empty'],
    ]),
    accounts,
    items,
    purchases,
    ...(throttle ? { throttle } : {}),
    ...(live ? { live: liveMarket(accounts.main, items) } : {}),
  };
}

const ROUTES: Record<string, 'GET' | 'POST'> = {
  '/api/account/details': 'GET',
  '/api/items/all': 'GET',
  '/api/items/item': 'GET',
  '/api/purchases/validation': 'POST',
};

export function marketplaceHandler(
  state: MarketplaceState,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    state.live?.tick();
    const c = state.choices;
    // The marketplace is served behind the same front (layout, compression, framing, ETags); CORS is not set up.
    const finishing = { ...c, cors: 'none' as const, escaping: c.market.escapeJson };
    handle(state, request)
      .then(({ answer, headers }) => sendFinished(request, response, answer, headers, finishing))
      .catch(() => send(response, failure(state.choices, 500, '服务器错误')));
  };
}

/** The media type of marketplace answers (choice 89). */
function marketType(choices: Choices): string {
  switch (choices.market.contentType) {
    case 'same':
      return choices.jsonContentType;
    case 'application/json':
      return 'application/json';
    case 'php-html':
      return 'text/html; charset=UTF-8';
  }
}

function success(choices: Choices, body: Record<string, unknown>): Answer {
  return jsonAnswer(200, { status: SUCCESS, ...body }, marketType(choices), {}, choices.market.escapeJson);
}

/** The error body `{status, msg}`; its HTTP status is the variant's (always 200, or the given 4xx). */
function failure(choices: Choices, status: number, msg: string, headers: Record<string, string> = {}): Answer {
  const keyed = status === 401 ? choices.market.keyStatus : status;
  const code = choices.market.errorStatuses === 'always-200' && status < 500 && status !== 429 ? 200 : keyed;
  return jsonAnswer(code, { status: FAILURE, msg }, marketType(choices), headers, choices.market.escapeJson);
}

async function handle(
  state: MarketplaceState,
  request: IncomingMessage,
): Promise<{ answer: Answer; headers: Record<string, string> }> {
  const c = state.choices;
  const m = c.market;
  const url = new URL(request.url ?? '/', 'http://deployment.invalid');
  let path = url.pathname;
  if (path.length > 1 && path.endsWith('/')) {
    if (c.trailingSlash === 'same') path = path.replace(/\/+$/, '');
    else if (c.trailingSlash === 'redirect') {
      return {
        answer: { status: 301, headers: { Location: `${path.replace(/\/+$/, '')}${url.search}` } },
        headers: {},
      };
    }
  }
  const expected = ROUTES[path];
  if (!expected) return { answer: failure(c, 404, '接口不存在'), headers: {} };
  const method = (request.method ?? 'GET').toUpperCase();
  if (method !== expected && !(method === 'HEAD' && expected === 'GET')) {
    const allow = expected === 'GET' ? 'GET, HEAD' : 'POST';
    return { answer: failure(c, 405, '请求方法不允许', { Allow: allow }), headers: {} };
  }

  let params = sourceOf(url.searchParams);
  if (method === 'POST' && m.postParams === 'json-only') {
    // `express.json()` alone: only a JSON body is read; a form or the query leaves `req.body` empty (choice 129).
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const body = await parseBody(request, c.maxBodyBytes, 'form-and-json');
    if (body.kind === 'too-large') return { answer: failure(c, 413, '请求体过大'), headers: {} };
    if (type !== 'application/json' || body.kind !== 'ok') {
      return { answer: failure(c, 400, MESSAGES.invalidRequest), headers: {} };
    }
    params = body.params;
  } else if (method === 'POST' && m.postParams === 'query-only') {
    // `$_GET` for every operation: the body of the POST is drained, never read (choice 129).
    const body = await parseBody(request, c.maxBodyBytes, 'form-ignore-others');
    if (body.kind === 'too-large') return { answer: failure(c, 413, '请求体过大'), headers: {} };
  } else if (method === 'POST') {
    const body = await parseBody(request, c.maxBodyBytes, m.jsonBody ? 'form-and-json' : 'form-ignore-others');
    if (body.kind === 'too-large') return { answer: failure(c, 413, '请求体过大'), headers: {} };
    if (body.kind === 'ok') params = new Map([...params, ...body.params]); // PHP $_REQUEST: the body wins
  }
  const key = keyOf(request, params, m);
  let headers: Record<string, string> = {};
  if (state.throttle) {
    const verdict = state.throttle.take(`marketplace:${key ?? request.socket.remoteAddress ?? 'anonymous'}`);
    headers = verdict.headers;
    if (!verdict.allowed) return { answer: failure(c, 429, '请求过于频繁，请稍后再试'), headers };
  }
  const owner = key === undefined ? undefined : state.keys.get(key);
  return { answer: operate(state, path, params, owner), headers };
}

function keyOf(request: IncomingMessage, params: ParamSource, market: MarketChoices): string | undefined {
  if (market.keyTransport === 'request') {
    const read = readParam(params, 'api_key', { repeatedParams: 'last', trimInputs: false, emptyParam: 'absent' });
    return 'value' in read ? read.value : undefined;
  }
  const value = request.headers[market.keyTransport.header.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function param(params: ParamSource, name: string): string | undefined {
  const read = readParam(params, name, { repeatedParams: 'last', trimInputs: true, emptyParam: 'absent' });
  return 'value' in read ? read.value : undefined;
}

function operate(state: MarketplaceState, path: string, params: ParamSource, owner: Owner | undefined): Answer {
  const c = state.choices;
  const m = c.market;
  if (path === '/api/account/details') {
    // "Account details | request invalid | 无效请求": its only parameter is the key.
    if (!owner) return failure(c, 401, MESSAGES.invalidRequest);
    return success(c, { data: accountView(state.accounts[owner], m) });
  }
  if (!owner) return failure(c, 401, m.keyMessage);
  if (path === '/api/items/all') {
    const items = state.items.filter((item) => item.owner === owner);
    if (items.length === 0) return failure(c, 404, MESSAGES.noItems);
    const ordered =
      m.itemsOrder === 'id-asc'
        ? items.sort((a, b) => a.id - b.id)
        : items.sort((a, b) => b.published_at.getTime() - a.published_at.getTime());
    // A list serializer without the detail serializer's extra fields (choice 71).
    const listed = m.extrasOnDetailsOnly ? { ...m, extraFields: false } : m;
    return success(c, { items: ordered.map((item) => itemView(item, listed)) });
  }
  if (path === '/api/items/item') {
    const text = param(params, 'item_id');
    if (text === undefined) {
      return m.missingParamMessage === 'operation'
        ? failure(c, 404, MESSAGES.itemNotFound)
        : failure(c, 400, MESSAGES.invalidRequest);
    }
    const pattern = m.itemIdSyntax === 'digits' ? /^\d+$/ : /^[1-9]\d*$/;
    const id = pattern.test(text) ? Number(text) : Number.NaN;
    const item = state.items.find(
      (candidate) => candidate.id === id && (m.itemScope === 'any' || candidate.owner === owner),
    );
    if (!item) return failure(c, 404, MESSAGES.itemNotFound);
    return success(c, { item: itemView(item, m) });
  }
  // /api/purchases/validation
  const code = param(params, 'purchase_code');
  if (code === undefined) {
    return m.missingParamMessage === 'operation'
      ? failure(c, m.invalidCodeStatus, MESSAGES.invalidPurchaseCode)
      : failure(c, 400, MESSAGES.invalidRequest);
  }
  // A MySQL `_ci` column compares without case and ignores trailing spaces (PAD SPACE), choice 116.
  const same = (stored: string) =>
    m.codeMatch === 'ci' ? stored.toLowerCase() === code.replace(/ +$/, '').toLowerCase() : stored === code;
  const purchase = state.purchases.find((candidate) => same(candidate.code));
  const item = purchase && state.items.find((candidate) => candidate.id === purchase.itemId);
  if (!purchase || !item || (m.purchaseScope === 'own' && item.owner !== owner)) {
    return failure(c, m.invalidCodeStatus, MESSAGES.invalidPurchaseCode);
  }
  const answer = success(c, { data: { purchase: purchaseView(purchase, item, m) } });
  state.live?.validated(purchase);
  return answer;
}

// ---- Views ----

const CDN = 'https://cdn.market.example';

function itemUrl(item: Item): string {
  const slug = item.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://market.example/item/${slug || 'item'}/${item.id}`;
}

function accountView(account: Account, m: MarketChoices): Record<string, unknown> {
  return {
    name: account.name,
    username: account.username,
    email: account.email,
    balance: account.balance,
    currency: account.currency,
    profile: account.profile,
    registered_at: formatIso(account.registered_at, m.timestampStyle),
  };
}

/**
 * An S3 presigned URL valid for an hour (choice 104), as django-storages writes one on every serialization by
 * default (`AWS_QUERYSTRING_AUTH = True`): signed at the current second. Or the URL itself.
 */
function mediaUrl(url: string, m: MarketChoices): string {
  if (!m.signedMediaUrls) return url;
  const date = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15);
  const stamp = `${date}Z`;
  const signature = createHash('sha256').update(`${url}|${stamp}`).digest('hex');
  const credential = `AKIAIOSFODNN7EXAMPLE%2F${date.slice(0, 8)}%2Fus-east-1%2Fs3%2Faws4_request`;
  return (
    `${url}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=${credential}&X-Amz-Date=${stamp}` +
    `&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature=${signature}`
  );
}

/** Media by kind: "preview_image: absent for audio items", video only for video, audio only for audio. */
function mediaOf(item: Item, m: MarketChoices): Record<string, unknown> {
  const media: Record<string, unknown> = { thumbnail: mediaUrl(item.thumbnail, m) };
  if (item.kind !== 'audio') media.preview_image = mediaUrl(`${CDN}/items/${item.id}/preview.jpg`, m);
  if (item.kind === 'video') media.preview_video = mediaUrl(`${CDN}/items/${item.id}/preview.mp4`, m);
  if (item.kind === 'audio') media.preview_audio = mediaUrl(`${CDN}/items/${item.id}/preview.mp3`, m);
  media.screenshots = item.screenshots.map((shot) => mediaUrl(shot, m));
  return media;
}

function itemView(item: Item, m: MarketChoices): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: item.id,
    name: item.name,
    description: item.description,
    category: item.category,
    sub_category: item.sub_category,
    options: item.options,
    version: item.version,
    demo_link: item.demo_link,
    tags: item.tags,
    media: mediaOf(item, m),
    price: item.price,
    currency: item.currency,
    published_at: formatIso(item.published_at, m.timestampStyle),
  };
  if (m.extraFields) {
    view.url = itemUrl(item);
    view.author = item.owner === 'main' ? ACCOUNTS.main.username : ACCOUNTS.other.username;
    view.sales = item.sales;
    view.rating = item.rating;
    view.updated_at = formatIso(new Date(item.published_at.getTime() + 86_400_000 * 40), m.timestampStyle);
  }
  return view;
}

const LICENSES: Record<MarketChoices['licenseLabels'], Record<Purchase['license'], string>> = {
  english: { regular: 'Regular License', extended: 'Extended License' },
  chinese: { regular: '常规授权', extended: '扩展授权' },
};

function purchaseView(purchase: Purchase, item: Item, m: MarketChoices): Record<string, unknown> {
  const media: Record<string, unknown> = {};
  if (item.kind !== 'audio') media.preview_image = mediaUrl(`${CDN}/items/${item.id}/preview.jpg`, m);
  else if (m.audioPurchasePreview === 'thumbnail') media.preview_image = mediaUrl(item.thumbnail, m);
  const view: Record<string, unknown> = {
    purchase_code: purchase.code,
    license_type: LICENSES[m.licenseLabels][purchase.license],
    price: purchase.price,
    currency: purchase.currency,
    item: { id: item.id, name: item.name, url: itemUrl(item), media },
  };
  // "supported_until: omitted when support is disabled or not supported".
  if (purchase.supportedUntil) view.supported_until = formatIso(purchase.supportedUntil, m.timestampStyle);
  view.downloaded = purchase.downloaded;
  view.date = formatIso(purchase.date, m.timestampStyle);
  return view;
}
