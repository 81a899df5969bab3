// key_scope on recorded exchanges: a second valid key (one without items) never gets the main key's items
// (specified); that it selects the same account is a convention, a warning.
import { describe, expect, it } from 'vitest';
import { keyScope } from '../../src/checks/key-scope.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const item = (id: number, name: string) => ({ id, name });
const account = (username: string) => ({
  status: '成功',
  data: { username, email: `${username}@lunaria.cn`, name: { full_name: username } },
});
const mainKey = (operationId: string, body: unknown): Recorded => ({
  api: 'marketplace',
  operationId,
  status: 200,
  body,
  case: { family: 'baseline' },
});
const emptyKey = (operationId: string, body: unknown, status = 200): Recorded => ({
  api: 'marketplace',
  operationId,
  status,
  body,
  case: { family: 'auth', auth: 'key-without-records', expect: 'any' },
});
const MAIN_ITEMS = { status: '成功', items: [item(48213, 'Lantern Admin Dashboard'), item(51007, 'Neon City Intro')] };

describe('key_scope', () => {
  it('fails a key without items that lists an item of the main key, naming both lists', () => {
    const run = recordedRun([
      mainKey('listItems', MAIN_ITEMS),
      emptyKey('listItems', { status: '成功', items: [item(51007, 'Neon City Intro')] }),
    ]);
    const failure = verdictOf(keyScope.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'foreign-items', basis: 'specified', operationId: 'listItems' });
    expect(failure.actual).toContain('id 51007');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('warns when both keys answer the same account', () => {
    const results = keyScope.judge(
      recordedRun([
        mainKey('getAccountDetails', account('meichen_studio')),
        emptyKey('getAccountDetails', account('meichen_studio')),
      ]),
    );
    expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'same-account', basis: 'convention' });
  });

  it('passes two accounts and two lists that share no item', () => {
    const results = keyScope.judge(
      recordedRun([
        mainKey('getAccountDetails', account('meichen_studio')),
        mainKey('listItems', MAIN_ITEMS),
        emptyKey('getAccountDetails', account('empty_shelf')),
        emptyKey('listItems', { status: '成功', items: [item(60001, 'Another Theme')] }),
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass']);
  });

  it('skips without a second key, when the second key gets no items, and on the mock', () => {
    expect(keyScope.judge(recordedRun([mainKey('listItems', MAIN_ITEMS)]))).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('MARKETPLACE_EMPTY_API_KEY') },
    ]);
    const noItems = emptyKey('listItems', { status: '错误', msg: '该分类下暂无商品上架' });
    expect(keyScope.judge(recordedRun([mainKey('listItems', MAIN_ITEMS), noItems]))).toMatchObject([
      { status: 'skip', reason: 'no answer of both keys to compare' },
    ]);
    // An outcome the source does not document says nothing, even beside items.
    const unknownOutcome = emptyKey('listItems', { status: 'pending', items: [item(51007, 'Neon City Intro')] });
    expect(keyScope.judge(recordedRun([mainKey('listItems', MAIN_ITEMS), unknownOutcome]))).toMatchObject([
      { status: 'skip', reason: 'no answer of both keys to compare' },
    ]);
    const onMock = recordedRun([mainKey('listItems', MAIN_ITEMS), emptyKey('listItems', MAIN_ITEMS)], { mock: true });
    expect(statuses(keyScope.judge(onMock))).toEqual(['skip']);
  });
});
