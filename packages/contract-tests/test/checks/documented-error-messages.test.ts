// documented_error_messages on recorded exchanges. The source documentation gives the outcome strings and the
// four messages, so this check has no warning by design: a wrong message or outcome fails.
import { describe, expect, it } from 'vitest';
import { documentedErrorMessages } from '../../src/checks/documented-error-messages.js';
import { type Recorded, recordedRun, statuses, verdictOf } from './recorded.js';

const itemNotFound = (body: unknown, status = 200): Recorded => ({
  api: 'marketplace',
  operationId: 'getItem',
  values: { item_id: '999999999' },
  status,
  body,
  case: { family: 'documented', expect: 'refusal', message: 'item_not_found' },
});

describe('documented_error_messages', () => {
  it('fails a documented condition answered with another message, or with a success', () => {
    const results = documentedErrorMessages.judge(
      recordedRun([
        itemNotFound({ status: '错误', msg: '商品不存在' }),
        itemNotFound({ status: '成功', item: { id: 999999999 } }),
      ]),
    );
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(results[0]).toMatchObject({ kind: 'wrong-message', basis: 'specified', operationId: 'getItem' });
    expect(verdictOf(results, 'fail').expected).toContain('未找到任何商品');
    expect(verdictOf(results, 'fail').actual).toContain('商品不存在');
    expect((results[1] as { actual: string }).actual).toContain('outcome success');
  });

  it('fails a body whose status field is neither of the two documented outcomes', () => {
    const results = documentedErrorMessages.judge(
      recordedRun([
        { api: 'marketplace', operationId: 'listItems', status: 200, body: { status: 'success', items: [] } },
      ]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'unknown-outcome', basis: 'specified' });
  });

  it('passes the documented message in any status, and gives no verdict on answers without a condition', () => {
    const results = documentedErrorMessages.judge(
      recordedRun([
        itemNotFound({ status: '错误', msg: '未找到任何商品' }),
        itemNotFound({ status: '错误', msg: '未找到任何商品' }, 404),
        { api: 'marketplace', operationId: 'listItems', status: 200, body: { status: '成功', items: [] } },
        { api: 'marketplace', operationId: 'listItems', status: 401, body: { status: '错误', msg: '无效的密钥' } },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass']);
  });

  it('skips an API that states no outcome, and a documented condition never answered', () => {
    const analytics = documentedErrorMessages.judge(
      recordedRun([{ operationId: 'getWebsite', values: { id: '42' }, status: 404, body: { message: 'Not found.' } }]),
    );
    expect(analytics).toMatchObject([{ status: 'skip', reason: expect.stringContaining('no outcome field') }]);
    const unanswered = documentedErrorMessages.judge(
      recordedRun([
        { ...itemNotFound(undefined), status: undefined },
        { api: 'marketplace', operationId: 'listItems' },
      ]),
    );
    expect(unanswered).toMatchObject([{ status: 'skip', reason: expect.stringContaining('no answer to judge') }]);
  });

  // A 429 still throttled after the retries, or a 503, is no answer to the condition (a 5XX is not_a_server_error's).
  it('skips a documented condition answered with a status that says nothing', () => {
    const results = documentedErrorMessages.judge(
      recordedRun([
        { ...itemNotFound('Too Many Requests', 429), contentType: 'text/plain', attempts: 5 },
        { ...itemNotFound({ status: '错误', msg: '服务器错误' }, 503), attempts: 3 },
      ]),
    );
    expect(statuses(results)).toEqual(['skip', 'skip']);
  });
});
