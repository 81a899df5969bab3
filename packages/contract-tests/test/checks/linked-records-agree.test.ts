// linked_records_agree on recorded exchanges: a read a spec link leads to finds the record the first answer named
// (a purchase's item); the fields the link says agree differing is a convention, since a purchase may keep the item
// as it was bought. A search a link leads to is a list answer, the model of the state's to judge.
import { describe, expect, it } from 'vitest';
import { linkedRecordsAgree } from '../../src/checks/linked-records-agree.js';
import { specModels } from '../../src/spec/models.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const PREVIEW = 'https://cdn.lunaria.cn/items/48213/preview.jpg';
const purchase: Recorded = {
  api: 'marketplace',
  operationId: 'validatePurchase',
  values: { purchase_code: '8f3c2a91-5d7e-4b1a-9c60-2e4f7d8b1a35' },
  status: 200,
  body: {
    status: '成功',
    data: {
      purchase: {
        purchase_code: '8f3c2a91-5d7e-4b1a-9c60-2e4f7d8b1a35',
        item: { id: 48213, name: 'Lantern Admin Dashboard', media: { preview_image: PREVIEW } },
      },
    },
  },
};
const purchasedItem = (status: number, body: unknown): Recorded => ({
  api: 'marketplace',
  operationId: 'getItem',
  values: { item_id: '48213' },
  status,
  body,
  case: { family: 'derived' },
});
const item = (fields: Record<string, unknown> = {}) => ({
  status: '成功',
  item: { id: 48213, name: 'Lantern Admin Dashboard', media: { preview_image: PREVIEW }, ...fields },
});
const SHOP = { id: 42, domain: 'shop.lunaria.cn' };
const readWebsite: Recorded = { operationId: 'getWebsite', values: { id: '42' }, status: 200, body: { data: SHOP } };
const searched = (rows: unknown[]): Recorded => ({
  operationId: 'listWebsites',
  values: { search: 'shop.lunaria.cn' },
  status: 200,
  body: { data: rows },
  case: { family: 'derived' },
});

describe('linked_records_agree', () => {
  it("applies where a read of one record links to another (a purchase's item), not where links lead to lists", () => {
    expect(linkedRecordsAgree.appliesTo?.(specModels.marketplace)).toBe(true);
    expect(linkedRecordsAgree.appliesTo?.(specModels.analytics)).toBe(false);
  });

  it('fails a purchased item that its read refuses, naming the purchase', () => {
    const run = recordedRun([purchase, purchasedItem(200, { status: '错误', msg: '未找到任何商品' })]);
    const failure = verdictOf(linkedRecordsAgree.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'reference-unresolved', basis: 'specified', operationId: 'getItem' });
    expect(failure.title).toContain('ReadPurchasedItem finds what validatePurchase named');
    expect(failure.reason).toBe('refused');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('fails a purchased item read that is accepted without the item', () => {
    const results = linkedRecordsAgree.judge(recordedRun([purchase, purchasedItem(200, { status: '成功' })]));
    expect(verdictOf(results, 'fail')).toMatchObject({
      kind: 'reference-unresolved',
      basis: 'specified',
      reason: 'no record in the answer',
    });
  });

  it('leaves a search a link leads to (a website read, then looked for by its domain) to the state model', () => {
    const run = recordedRun([readWebsite, searched([{ id: 7, domain: 'shop.lunaria.cn.example' }])]);
    expect(statuses(linkedRecordsAgree.judge(run))).toEqual(['skip']);
  });

  it('warns when the item shows another name or preview image than the purchase', () => {
    const results = linkedRecordsAgree.judge(
      recordedRun([purchase, purchasedItem(200, item({ name: 'Lantern Admin Dashboard 2', media: {} }))]),
    );
    const warning = verdictOf(results, 'warn');
    expect(warning).toMatchObject({ kind: 'reference-differs', basis: 'convention' });
    expect(warning.actual).toContain('name "Lantern Admin Dashboard 2"');
    expect(warning.actual).not.toContain('preview_image');
  });

  it('passes an item read as the purchase shows it', () => {
    expect(statuses(linkedRecordsAgree.judge(recordedRun([purchase, purchasedItem(200, item())])))).toEqual(['pass']);
  });

  it('skips a status that says nothing, a link never followed, and the mock', () => {
    expect(linkedRecordsAgree.judge(recordedRun([purchase, purchasedItem(503, 'busy')]))).toMatchObject([
      { status: 'skip', reason: 'HTTP 503 says nothing' },
    ]);
    expect(linkedRecordsAgree.judge(recordedRun([purchase]))).toMatchObject([
      { status: 'skip', reason: 'no link was followed from an answer that named a record' },
    ]);
    // Links are followed from accepted answers outside the write round trip only (the write checks judge those).
    const written = { ...readWebsite, case: { family: 'write' as const, step: 'verify', record: 'shop.lunaria.cn' } };
    const refused = { ...readWebsite, status: 404, body: { data: SHOP } };
    for (const source of [written, refused])
      expect(statuses(linkedRecordsAgree.judge(recordedRun([source, searched([])])))).toEqual(['skip']);
    const onMock = recordedRun([purchase, purchasedItem(404, { status: '错误', msg: '未找到任何商品' })], {
      mock: true,
    });
    expect(statuses(linkedRecordsAgree.judge(onMock))).toEqual(['skip']);
  });
});
