// echoed_fields on recorded exchanges: a field that echoes the request (the selecting id, a validated purchase
// code) equals what was sent; a code shown as stored, differing in letter case or spaces only, warns.
import { describe, expect, it } from 'vitest';
import { echoedFields } from '../../src/checks/echoed-fields.js';
import { type Recorded, recordedRun, statuses, verdictOf } from './recorded.js';

const CODE = '8f3c2a91-5d7e-4b1a-9c60-2e4f7d8b1a35';
const item = (sent: string, id: unknown): Recorded => ({
  api: 'marketplace',
  operationId: 'getItem',
  values: { item_id: sent },
  status: 200,
  body: { status: '成功', item: { id, name: 'Lantern Admin Dashboard' } },
});
const validated = (sent: string, purchase: Record<string, unknown>): Recorded => ({
  api: 'marketplace',
  operationId: 'validatePurchase',
  values: { purchase_code: sent },
  status: 200,
  body: { status: '成功', data: { purchase: { license_type: 'Regular license', ...purchase } } },
});

describe('echoed_fields', () => {
  it('fails an item other than the one asked for, and a purchase showing another code', () => {
    const results = echoedFields.judge(
      recordedRun([item('48213', 51007), validated(CODE, { purchase_code: '2b7e9d04-1c3a-4f85-8e21-6a0c5f9b3d72' })]),
    );
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(results[0]).toMatchObject({ kind: 'echo-differs', basis: 'specified', operationId: 'getItem' });
    expect(verdictOf(results, 'fail').actual).toContain('id differs from what was sent (51007)');
    expect(results[1]).toMatchObject({ kind: 'echo-differs', basis: 'specified', operationId: 'validatePurchase' });
  });

  it('fails a website read that answers another id', () => {
    const results = echoedFields.judge(
      recordedRun([{ operationId: 'getWebsite', values: { id: '42' }, status: 200, body: { data: { id: 17 } } }]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'echo-differs', basis: 'specified' });
  });

  it('warns on a code shown as stored, differing in letter case or surrounding spaces only', () => {
    const results = echoedFields.judge(recordedRun([validated(CODE, { purchase_code: ` ${CODE.toUpperCase()}` })]));
    expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'echo-differs', basis: 'convention' });
    expect(verdictOf(results, 'warn').actual).toContain('letter case or surrounding spaces only');
  });

  it('passes an echo in another representation, and judges only accepted answers', () => {
    const results = echoedFields.judge(
      recordedRun([
        item('48213', 48213),
        validated(CODE, { purchase_code: CODE }),
        {
          api: 'marketplace',
          operationId: 'getItem',
          values: { item_id: '1' },
          status: 200,
          body: { status: '错误', msg: '未找到任何商品' },
        },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass']);
  });

  it('skips an answer without the echoed field and a run with no echo; the mock has its ids unjudged', () => {
    expect(echoedFields.judge(recordedRun([validated(CODE, {})]))).toMatchObject([
      { status: 'skip', reason: 'the answer does not show purchase_code' },
    ]);
    expect(
      echoedFields.judge(
        recordedRun([
          { api: 'marketplace', operationId: 'listItems', status: 200, body: { status: '成功', items: [] } },
        ]),
      ),
    ).toMatchObject([{ status: 'skip', reason: 'no answer echoes a request value' }]);
    // The mock answers its example record whatever id is asked, but an echo mark is still judged there.
    const onMock = echoedFields.judge(
      recordedRun([item('48213', 51007), validated(CODE, { purchase_code: 'x' })], { mock: true }),
    );
    expect(statuses(onMock)).toEqual(['fail']);
    expect(onMock[0]).toMatchObject({ operationId: 'validatePurchase' });
  });
});
