// The fake Marketplace deployment: account, items and purchase validation as
// the source documentation describes them (sections 2.3-2.5, 4.3, 7), with the
// status of an error chosen by the variant and single faults switched on by name.
import { type Item, purchaseFor, seedAccount, seedItems } from './data.js';
import type { Faults } from './faults.js';
import { HTML_TYPE, lastValue, outsideAscii, type FakeRequest, type Reply } from './http.js';
import type { MarketplaceFailure, Variant } from './variants.js';

export const MESSAGES = {
  invalidRequest: '无效请求',
  noItems: '该分类下暂无商品上架',
  noItem: '未找到任何商品',
  invalidCode: '购买代码无效',
} as const;

export interface MarketplaceKeys {
  key: string;
  emptyKey: string;
  purchaseCode: string;
  /** When set, the key is read from this header only, as some deployments do (the spec does not show where). */
  header?: string;
  /** When set with `header`, only requests to this path read the key from the header (one operation moved it). */
  headerPath?: string;
}

type Operation = 'account' | 'items' | 'item' | 'purchase';

/** The same instant written with a +08:00 offset, as a server on Beijing time would. */
function inBeijing(utc: string): string {
  const shifted = new Date(Date.parse(utc) + 8 * 3_600_000).toISOString().replace(/\.\d{3}Z$/, '');
  return `${shifted}+08:00`;
}

/** The storefront's featured items, which a fault lists for a key without items of its own. */
const FEATURED = [7001, 7004];
/** Items with ids above this one were added after item details' table stopped being synced. */
const LAST_SYNCED_ITEM = 7003;
/** An id from the catalogue before the item ids were renumbered: no item has it now. */
const LEGACY_ITEM_ID = 1001;

export class FakeMarketplace {
  private readonly items: Item[] = seedItems();
  /** The last item list answered, which a response cache keyed by the path alone serves to every key (a fault). */
  private listCachedWithoutKey: Reply | undefined;

  constructor(
    private readonly keys: MarketplaceKeys,
    private readonly faults: Faults,
    private readonly variant: Variant,
  ) {}

  /** The key as the caller sent it: query string for GETs, form body (or query string) for the POST. */
  keyOf(request: FakeRequest): string | null {
    // Purchase validation that reads a JSON body only: a form body or query string reaches it empty.
    if (this.readsJsonOnly(request)) return null;
    if (this.keys.header && (!this.keys.headerPath || request.path === this.keys.headerPath)) {
      const sent = request.headers[this.keys.header.toLowerCase()];
      return typeof sent === 'string' ? sent : null;
    }
    return request.method === 'POST'
      ? (lastValue(request.form, 'api_key') ?? lastValue(request.query, 'api_key'))
      : lastValue(request.query, 'api_key');
  }

  private readsJsonOnly(request: FakeRequest): boolean {
    return (
      this.faults.has('marketplace-purchase-json-only-any-code-valid') &&
      request.path === '/api/purchases/validation' &&
      !(request.headers['content-type'] ?? '').startsWith('application/json')
    );
  }

  handle(request: FakeRequest): Reply {
    const operation = this.route(request);
    if (!operation) return this.error('not-found', MESSAGES.invalidRequest, 404);
    const account = this.account(operation, this.keyOf(request));
    if (!account) return this.error('auth', MESSAGES.invalidRequest);
    if (operation === 'account') return this.accountDetails(account);
    if (operation === 'items') return this.list(account);
    if (operation === 'item') return this.item(account, request);
    return this.purchase(account, request);
  }

  private route({ method, path }: FakeRequest): Operation | undefined {
    const routes: Record<string, [string, Operation]> = {
      '/api/account/details': ['GET', 'account'],
      '/api/items/all': ['GET', 'items'],
      '/api/items/item': ['GET', 'item'],
      '/api/purchases/validation': ['POST', 'purchase'],
    };
    const route = routes[path];
    return route && route[0] === method ? route[1] : undefined;
  }

  /** A purchase was validated with the main key (the buyer's session, for a fault that keeps it). */
  private validated = false;

  private account(operation: Operation, key: string | null): 'full' | 'empty' | undefined {
    const f = this.faults;
    if (key === this.keys.key) return 'full';
    if (key === this.keys.emptyKey) return 'empty';
    if (key !== null && key.trim() === '' && f.has('marketplace-blank-key-accepted')) return 'full';
    const missing = key === null || key === '';
    if (operation === 'purchase' && f.has('marketplace-purchase-key-unchecked')) return 'full';
    if (missing) return f.has('marketplace-missing-key-accepted') ? 'full' : undefined;
    if (f.has('marketplace-wrong-key-accepted')) return 'full';
    if (operation === 'item' && f.has('marketplace-item-wrong-key-accepted')) return 'full';
    return undefined;
  }

  private success(body: Record<string, unknown>, status = 200, contentType?: string): Reply {
    const label = this.faults.has('marketplace-success-status-english') ? 'success' : '成功';
    return { status, body: { status: label, ...body }, ...(contentType ? { contentType } : {}) };
  }

  private error(failure: MarketplaceFailure, msg: string, status = this.variant.marketplaceStatus(failure)): Reply {
    const f = this.faults;
    const label = f.has('marketplace-error-status-english') ? 'error' : '错误';
    const body = f.has('marketplace-error-message-field') ? { status: label, message: msg } : { status: label, msg };
    return { status, body, ...(f.has('marketplace-errors-html') ? { contentType: HTML_TYPE } : {}) };
  }

  private accountDetails(account: 'full' | 'empty'): Reply {
    const f = this.faults;
    // The account is looked up by the workspace the key belongs to, and every key here is the main workspace's.
    const owner = f.has('marketplace-any-key-same-account') ? 'full' : account;
    // After a purchase was validated, the session's account is the buyer's, and account details answer it.
    const buyer = owner === 'full' && this.validated && f.has('marketplace-account-becomes-buyer');
    const data = buyer
      ? seedAccount('buyer_chen', false)
      : owner === 'full'
        ? seedAccount('linwu_audio', true)
        : seedAccount('linwu_new', false);
    if (f.has('marketplace-registered-at-local'))
      data.registered_at = inBeijing(String(data.registered_at)).replace('T', ' ').slice(0, 19);
    const contentType = f.has('marketplace-account-text-plain') ? 'text/plain; charset=UTF-8' : undefined;
    return this.success({ data }, f.has('marketplace-account-success-400') ? 400 : 200, contentType);
  }

  private render(item: Item): Record<string, unknown> {
    const f = this.faults;
    const record: Record<string, unknown> = { ...item.record, media: { ...item.record.media } };
    const media = record.media as Record<string, unknown>;
    if (f.has('marketplace-audio-with-preview-image') && item.kind === 'audio')
      media.preview_image = `https://cdn.example.cn/items/${item.id}/preview.jpg`;
    if (f.has('marketplace-regular-without-preview-image') && item.kind === 'regular') delete media.preview_image;
    if (f.has('marketplace-price-as-string'))
      record.price = { ...item.record.price, regular: Number(item.record.price.regular).toFixed(2) };
    if (f.has('marketplace-missing-published-at')) delete record.published_at;
    if (f.has('marketplace-timestamp-offset')) record.published_at = inBeijing(String(item.record.published_at));
    if (f.has('marketplace-version-prefixed')) record.version = `v${item.record.version}`;
    if (f.has('marketplace-item-id-string')) record.id = String(item.id);
    return record;
  }

  private list(account: 'full' | 'empty'): Reply {
    const f = this.faults;
    if (f.has('marketplace-empty-key-gets-items') && this.listCachedWithoutKey) return this.listCachedWithoutKey;
    if (account === 'empty') {
      // A storefront default: a key without items of its own is shown the featured items.
      if (f.has('marketplace-empty-key-lists-featured'))
        return this.success({
          items: this.items.filter((item) => FEATURED.includes(item.id)).map((item) => this.render(item)),
        });
      if (f.has('marketplace-no-items-empty-success')) return this.success({ items: [] });
      const msg = f.has('marketplace-no-items-message') ? '暂无商品' : MESSAGES.noItems;
      return this.error('no-items', msg);
    }
    const shown = f.has('marketplace-items-repeat-first-item') ? [...this.items, this.items[0]!] : this.items;
    const reply = this.success({ items: shown.map((item) => this.render(item)) });
    this.listCachedWithoutKey = reply;
    return reply;
  }

  private item(account: 'full' | 'empty', request: FakeRequest): Reply {
    const f = this.faults;
    const items = account === 'full' ? this.items : [];
    const raw = lastValue(request.query, 'item_id');
    let item: Item | undefined;
    if (raw === null || raw === '') {
      if (!f.has('marketplace-missing-item-id-accepted') || !items[0])
        return this.error('bad-input', MESSAGES.invalidRequest);
      item = items[0];
    } else if (!/^(0|-?[1-9]\d*)$/.test(raw)) {
      if (!f.has('marketplace-non-integer-item-id-accepted') || !items[0])
        return this.error('bad-input', MESSAGES.invalidRequest);
      item = items[0];
    } else if (account === 'empty' && f.has('marketplace-item-of-key-without-items-message')) {
      // The lookup starts from the key's item count, and a key without items gets the list's error.
      return this.error('no-items', MESSAGES.noItems);
    } else if (f.has('marketplace-item-id-ignored')) {
      item = items[0];
    } else {
      const index = items.findIndex((candidate) => String(candidate.id) === raw);
      item = index < 0 ? undefined : items[f.has('marketplace-item-neighbour') ? index + 1 : index];
    }
    if (item && item.id > LAST_SYNCED_ITEM && f.has('marketplace-listed-item-unreadable-above-7003')) item = undefined;
    if (!item) {
      if (f.has('marketplace-item-not-found-success-null')) return this.success({ item: null });
      if (f.has('marketplace-item-not-found-message')) return this.error('not-found', 'Item not found');
      const msg = f.has('marketplace-not-found-message-with-id') ? `${MESSAGES.noItem}: ${raw}` : MESSAGES.noItem;
      return this.error('not-found', msg);
    }
    if (item.kind === 'video' && f.has('marketplace-video-item-500'))
      return { status: 500, body: { message: 'Error' } };
    const record = this.render(item);
    if (f.has('marketplace-item-price-differs'))
      record.price = { ...item.record.price, regular: Math.round(Number(item.record.price.regular) * 0.8) };
    if (f.has('marketplace-item-version-stale')) record.version = '1.0.0';
    const status = f.has('marketplace-item-success-404') ? 404 : 200;
    return this.success({ item: record }, status, f.has('marketplace-item-html') ? HTML_TYPE : undefined);
  }

  private purchase(account: 'full' | 'empty', request: FakeRequest): Reply {
    const f = this.faults;
    let code = lastValue(request.form, 'purchase_code') ?? lastValue(request.query, 'purchase_code');
    const leftOut = f.has('marketplace-missing-purchase-code-accepted') && code === null;
    const blank = f.has('marketplace-blank-purchase-code-accepted') && code === '';
    if (code === null || code === '') {
      if (!leftOut && !blank) return this.error('bad-input', MESSAGES.invalidRequest);
      code = this.keys.purchaseCode;
    }
    // The lookup key is built with an ASCII-only encoder, which throws on any other character.
    if (outsideAscii(code) && f.has('marketplace-purchase-non-ascii-code-500'))
      return { status: 500, body: { message: 'Error' } };
    const anyCode = f.has('marketplace-any-code-valid') || f.has('marketplace-purchase-json-only-any-code-valid');
    const valid = account === 'full' && (code === this.keys.purchaseCode || anyCode);
    if (valid) this.validated = true;
    if (!valid) {
      if (f.has('marketplace-invalid-code-500')) return { status: 500, body: { message: 'Error' } };
      return this.error(
        'invalid-code',
        f.has('marketplace-purchase-message') ? '无效的购买代码' : MESSAGES.invalidCode,
      );
    }
    let echoed = code;
    if (f.has('marketplace-purchase-code-uppercased')) echoed = echoed.toUpperCase();
    if (f.has('marketplace-purchase-code-without-hyphens')) echoed = echoed.replace(/-/g, '');
    if (f.has('marketplace-purchase-code-truncated')) echoed = echoed.slice(0, 32);
    const purchase = purchaseFor(echoed);
    if (f.has('marketplace-purchase-date-offset')) purchase.date = inBeijing(String(purchase.date));
    if (f.has('marketplace-supported-until-null')) purchase.supported_until = null;
    purchase.item = this.purchasedItem(purchase.item as Record<string, unknown>);
    const status = f.has('marketplace-purchase-success-422') ? 422 : 200;
    return this.success({ data: { purchase } }, status, f.has('marketplace-purchase-html') ? HTML_TYPE : undefined);
  }

  /** The item a purchase names, as the purchase shows it: the item as it is, unless a fault shows another. */
  private purchasedItem(item: Record<string, unknown>): Record<string, unknown> {
    const f = this.faults;
    // Purchases were not migrated when item ids were renumbered.
    if (f.has('marketplace-purchase-item-unknown')) return { ...item, id: LEGACY_ITEM_ID };
    // A join on the purchase's own row number instead of its item id.
    if (f.has('marketplace-purchase-item-id-off-by-one')) return { ...item, id: Number(item.id) + 1 };
    // The name kept when the item was bought, since renamed.
    if (f.has('marketplace-purchase-item-name-stale')) return { ...item, name: `${String(item.name)} (v1)` };
    // The preview of the item's first version.
    if (f.has('marketplace-purchase-preview-differs'))
      return { ...item, media: { preview_image: 'https://cdn.example.com/previews/first-version.jpg' } };
    return item;
  }
}
