// ignored_auth on recorded exchanges. The source documentation decides that every operation needs its key, so
// this check has no warning by design: a request without a key or with a wrong one that is served fails.
import { describe, expect, it } from 'vitest';
import { ignoredAuth } from '../../src/checks/ignored-auth.js';
import { recordedRun, stepIndexes, statuses, verdictOf } from './recorded.js';

const LABEL = 'tallyport-contract-run-auth.example.com';
const website = { data: { id: 77, domain: LABEL } };
const missing = { family: 'auth' as const, auth: 'missing' as const, expect: 'refusal' as const };
const wrong = { family: 'auth' as const, auth: 'wrong' as const, expect: 'refusal' as const };
const unauthorisedDelete = { ...wrong, family: 'write' as const, step: 'delete', record: LABEL };
const readAfter = { family: 'write' as const, step: 'read-after-unauthorised-delete', record: LABEL };

describe('ignored_auth', () => {
  it('fails a list served without a key, and the marketplace items served with a wrong key', () => {
    const analytics = ignoredAuth.judge(
      recordedRun([{ operationId: 'listWebsites', status: 200, body: { data: [] }, case: missing }]),
    );
    expect(verdictOf(analytics, 'fail')).toMatchObject({ kind: 'ignored-auth', basis: 'specified' });
    expect(verdictOf(analytics, 'fail').expected).toContain('without a key');
    const items = { status: '成功', items: [{ id: 48213, name: 'Lantern Admin Dashboard' }] };
    const marketplace = ignoredAuth.judge(
      recordedRun([{ api: 'marketplace', operationId: 'listItems', status: 200, body: items, case: wrong }]),
    );
    expect(verdictOf(marketplace, 'fail').expected).toContain('with a wrong key');
  });

  it('fails a delete with a wrong key after which the record no longer reads, naming both requests', () => {
    const run = recordedRun([
      {
        operationId: 'deleteWebsite',
        values: { id: '77' },
        status: 200,
        body: { deleted: true },
        case: unauthorisedDelete,
      },
      {
        operationId: 'getWebsite',
        values: { id: '77' },
        status: 404,
        body: { message: 'Not found.' },
        case: readAfter,
      },
    ]);
    const failure = verdictOf(ignoredAuth.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'ignored-auth', basis: 'specified', operationId: 'deleteWebsite' });
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('passes any refusal (a 4XX, an error outcome in a 200), and a delete answered 2XX whose record reads', () => {
    const analytics = ignoredAuth.judge(
      recordedRun([
        {
          operationId: 'getWebsite',
          values: { id: '42' },
          status: 401,
          body: { message: 'Unauthenticated.' },
          case: missing,
        },
        {
          operationId: 'deleteWebsite',
          values: { id: '77' },
          status: 200,
          body: { ok: true },
          case: unauthorisedDelete,
        },
        { operationId: 'getWebsite', values: { id: '77' }, status: 200, body: website, case: readAfter },
      ]),
    );
    expect(statuses(analytics)).toEqual(['pass', 'pass']);
    expect(analytics[1]!.title).toContain('the record still reads');
    const marketplace = ignoredAuth.judge(
      recordedRun([
        {
          api: 'marketplace',
          operationId: 'listItems',
          status: 200,
          body: { status: '错误', msg: '无效的密钥' },
          case: wrong,
        },
      ]),
    );
    expect(statuses(marketplace)).toEqual(['pass']);
  });

  it('skips a throttled answer and a request never answered, and judges only requests without a valid key', () => {
    const results = ignoredAuth.judge(
      recordedRun([
        { operationId: 'listWebsites', status: 200, body: { data: [] } },
        { operationId: 'listWebsites', status: 429, body: { message: 'Too Many Attempts.' }, case: missing },
        { operationId: 'getWebsite', values: { id: '42' }, case: wrong },
      ]),
    );
    expect(results).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('HTTP 429 says nothing') },
      { status: 'skip', reason: expect.stringContaining('no answer to judge') },
    ]);
  });
});
