// The marketplace on the stateful mock: the key selects the account and its
// items, each of the four documented messages answers the request that
// provokes it, and every item has one purchase code that validates.
import { describe, expect, it } from 'vitest';
import { market, mockFetch } from './support/call.js';
import { problems, specModels } from './support/conformance.js';

const fetch = mockFetch();
const documented = (code: string) =>
  specModels.marketplace.operations
    .flatMap((operation) => operation.errorMessages)
    .find((entry) => entry.code === code)!.msg;

describe('the marketplace with the key of an account with items', () => {
  it('answers the account, every item, each item and each item purchase code', async () => {
    const account = await market(fetch, 'GET', '/api/account/details');
    expect(account.status).toBe(200);
    expect(problems('marketplace', 'getAccountDetails', account)).toEqual([]);
    expect(account.body).toMatchObject({ status: '成功', data: { username: 'meichen_studio' } });

    const items = await market(fetch, 'GET', '/api/items/all');
    expect(problems('marketplace', 'listItems', items)).toEqual([]);
    expect(items.body.items.length).toBeGreaterThanOrEqual(3);
    const codes = new Map(fetch.engine.knownValues().map((known) => [Number(known.about?.id), known.value]));
    expect([...codes.keys()].sort()).toEqual(items.body.items.map((item: { id: number }) => item.id).sort());

    for (const item of items.body.items) {
      const one = await market(fetch, 'GET', '/api/items/item', { query: { item_id: String(item.id) } });
      expect(problems('marketplace', 'getItem', one)).toEqual([]);
      expect(one.body.item).toEqual(item);
      const purchase = await market(fetch, 'POST', '/api/purchases/validation', {
        form: { purchase_code: codes.get(item.id)! },
      });
      expect(problems('marketplace', 'validatePurchase', purchase)).toEqual([]);
      expect(purchase.body.data.purchase).toMatchObject({
        purchase_code: codes.get(item.id),
        item: { id: item.id, name: item.name },
      });
    }
  });

  it('keeps the media rules of each kind: no preview image for audio, a video preview only for video', async () => {
    const items = (await market(fetch, 'GET', '/api/items/all')).body.items as Array<{ media: object }>;
    const kinds = items.map((item) =>
      Object.keys(item.media)
        .filter((key) => key.startsWith('preview_'))
        .join('+'),
    );
    expect(new Set(kinds)).toEqual(new Set(['preview_image', 'preview_image+preview_video', 'preview_audio']));
  });
});

describe('the documented messages', () => {
  it('无效请求 answers account details without a key or with an unknown one', async () => {
    for (const key of ['', 'not-a-key']) {
      const answer = await market(fetch, 'GET', '/api/account/details', { key });
      expect(answer.body).toEqual({ status: '错误', msg: documented('invalid_request') });
      expect(problems('marketplace', 'getAccountDetails', answer)).toEqual([]);
    }
  });

  it('该分类下暂无商品上架 answers the list of an account without items, whose account still reads', async () => {
    const items = await market(fetch, 'GET', '/api/items/all', { key: 'demo-empty-key' });
    expect(items.body).toEqual({ status: '错误', msg: documented('no_items') });
    expect(problems('marketplace', 'listItems', items)).toEqual([]);
    const account = await market(fetch, 'GET', '/api/account/details', { key: 'demo-empty-key' });
    expect(account.body.status).toBe('成功');
    expect(account.body.data.username).not.toBe('meichen_studio');
  });

  it('未找到任何商品 answers an item id no item of the key has', async () => {
    for (const [key, id] of [
      ['demo-market-key', '999999999'],
      ['demo-empty-key', '48213'],
    ]) {
      const answer = await market(fetch, 'GET', '/api/items/item', { key, query: { item_id: id! } });
      expect(answer.body).toEqual({ status: '错误', msg: documented('item_not_found') });
    }
  });

  it('购买代码无效 answers a code no purchase has, and a valid code sent with another key', async () => {
    const code = fetch.engine.knownValues()[0]!.value;
    for (const [key, purchaseCode] of [
      ['demo-market-key', 'tallyport-unrecognised-0000'],
      ['demo-empty-key', code],
    ]) {
      const answer = await market(fetch, 'POST', '/api/purchases/validation', {
        key,
        form: { purchase_code: purchaseCode! },
      });
      expect(answer.body).toEqual({ status: '错误', msg: documented('invalid_purchase_code') });
      expect(problems('marketplace', 'validatePurchase', answer)).toEqual([]);
    }
  });
});
