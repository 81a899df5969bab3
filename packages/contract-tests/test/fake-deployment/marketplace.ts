// A conforming Marketplace deployment with switchable faults. Errors carry
// `{status: "错误", msg}` with HTTP 200 or with a 4xx code, both allowed by
// the spec (status codes are not shown).
import type { ServerResponse } from 'node:http';
import { ACCOUNT, purchaseFor, seedItems } from './data.js';
import type { FaultName } from './faults.js';
import { sendJson, type FakeRequest } from './http.js';

export type ErrorStatusMode = 'http200' | 'http4xx';

export interface MarketplaceKeys {
  key: string;
  emptyKey: string;
  purchaseCode: string;
}

export class FakeMarketplace {
  constructor(
    private readonly keys: MarketplaceKeys,
    private readonly faults: ReadonlySet<FaultName>,
    private readonly errorMode: ErrorStatusMode,
  ) {}

  private contentType(): string {
    return this.faults.has('marketplace-html-content-type') ? 'text/html; charset=UTF-8' : 'application/json';
  }

  private success(response: ServerResponse, body: Record<string, unknown>, status = 200) {
    const label = this.faults.has('marketplace-success-status-english') ? 'success' : '成功';
    sendJson(response, status, { status: label, ...body }, this.contentType());
  }

  private error(response: ServerResponse, httpStatus: number, msg: string) {
    const label = this.faults.has('marketplace-error-status-english') ? 'error' : '错误';
    sendJson(response, this.errorMode === 'http200' ? 200 : httpStatus, { status: label, msg }, this.contentType());
  }

  private items(): Array<Record<string, unknown>> {
    return seedItems().map((item) => {
      const media = { ...item.media };
      if (this.faults.has('marketplace-audio-with-preview-image') && 'preview_audio' in media)
        media.preview_image = 'https://cdn.example.cn/7003/p.jpg';
      // A regular item with preview_video would just be a video item; a video
      // item with preview_audio breaks the media rules whichever kind it is.
      if (this.faults.has('marketplace-video-with-preview-audio') && 'preview_video' in media)
        media.preview_audio = 'https://cdn.example.cn/7002/a.mp3';
      const result: Record<string, unknown> = { ...item, media };
      if (this.faults.has('marketplace-price-as-string')) result.price = { regular: '199.00', extended: 899 };
      if (this.faults.has('marketplace-missing-published-at')) delete result.published_at;
      if (this.faults.has('marketplace-timestamp-offset')) result.published_at = '2025-06-18T18:00:00+08:00';
      return result;
    });
  }

  /** Which account a key belongs to: the full one, the empty one, or none. */
  private account(key: string | null): 'full' | 'empty' | undefined {
    if (key === null || key === '') return this.faults.has('marketplace-missing-key-accepted') ? 'full' : undefined;
    if (key === this.keys.key) return 'full';
    if (key === this.keys.emptyKey) return 'empty';
    return this.faults.has('marketplace-wrong-key-accepted') ? 'full' : undefined;
  }

  handle(request: FakeRequest, response: ServerResponse) {
    const { method, path } = request;
    const key =
      method === 'POST' ? (request.form.get('api_key') ?? request.query.get('api_key')) : request.query.get('api_key');
    const account = this.account(key);
    if (!account) {
      // The seed links 无效请求 to account details; this fake uses it for every refused key.
      return this.error(response, 401, '无效请求');
    }
    if (path === '/api/account/details' && method === 'GET') {
      return this.success(response, { data: ACCOUNT }, this.faults.has('marketplace-success-with-400') ? 400 : 200);
    }
    if (path === '/api/items/all' && method === 'GET') {
      if (account === 'empty') {
        if (this.faults.has('marketplace-no-items-empty-success')) return this.success(response, { items: [] });
        return this.error(response, 404, '该分类下暂无商品上架');
      }
      return this.success(response, { items: this.items() });
    }
    if (path === '/api/items/item' && method === 'GET') {
      const raw = request.query.get('item_id');
      const items = account === 'empty' ? [] : this.items();
      if (raw === null || raw === '') {
        if (this.faults.has('marketplace-missing-item-id-accepted') && items[0])
          return this.success(response, { item: items[0] });
        return this.error(response, 400, '无效请求');
      }
      if (!/^\d+$/.test(raw)) return this.error(response, 400, '无效请求');
      const item = this.faults.has('marketplace-item-id-ignored')
        ? items[0]
        : items.find((candidate) => candidate.id === Number(raw));
      if (!item) {
        const msg = this.faults.has('marketplace-item-not-found-message') ? 'Item not found' : '未找到任何商品';
        // The echo fault: a debugging aid left on that repeats the caller's key.
        return this.error(response, 404, this.faults.has('marketplace-key-echoed') ? `${msg} (api_key=${key})` : msg);
      }
      return this.success(response, { item });
    }
    if (path === '/api/purchases/validation' && method === 'POST') {
      const code = request.form.get('purchase_code');
      if (!code) return this.error(response, 400, '无效请求');
      if (code === this.keys.purchaseCode || this.faults.has('marketplace-any-code-valid')) {
        // The echo fault: the code is normalised (upper-cased) before it is answered.
        const shown = this.faults.has('marketplace-purchase-code-not-echoed') ? code.toUpperCase() : code;
        return this.success(response, { data: { purchase: purchaseFor(shown, true) } });
      }
      return this.error(
        response,
        422,
        this.faults.has('marketplace-purchase-message') ? '无效的购买代码' : '购买代码无效',
      );
    }
    this.error(response, 404, '无效请求');
  }
}
