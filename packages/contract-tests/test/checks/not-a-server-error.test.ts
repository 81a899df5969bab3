// not_a_server_error on recorded exchanges: a 5XX fails a conforming request, warns for one that breaks a rule,
// and a gateway's 502, 503 or 504 to a request sent once says nothing.
import { describe, expect, it } from 'vitest';
import { notAServerError } from '../../src/checks/not-a-server-error.js';
import { recordedRun, statuses, verdictOf } from './recorded.js';

const RANGE = { id: '42', name: 'browser', from: '2026-10-01', to: '2026-10-31' };

describe('not_a_server_error', () => {
  it("leaves a neighbour's 500 to the request it was sent to judge, which carries the verdict", () => {
    const failed = { operationId: 'getStats', values: { ...RANGE, search: 'ñandú' }, status: 500, body: {} };
    const neighbour = {
      ...failed,
      values: { ...RANGE, search: 'tally' },
      case: { family: 'sequence' as const, step: 'neighbour' },
    };
    expect(statuses(notAServerError.judge(recordedRun([failed, neighbour])))).toEqual(['fail', 'skip']);
  });

  it('fails a 500 to a request that follows the spec', () => {
    const results = notAServerError.judge(
      recordedRun([{ operationId: 'getStats', values: RANGE, status: 500, body: { message: 'Server Error' } }]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({
      kind: 'server-error',
      basis: 'specified',
      severity: 'error',
      operationId: 'getStats',
    });
  });

  it('fails a read that answers 503 however often it is sent again', () => {
    const results = notAServerError.judge(
      recordedRun([{ operationId: 'listWebsites', status: 503, body: 'busy', contentType: 'text/plain', attempts: 3 }]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'server-error', basis: 'specified' });
  });

  it('warns on a 500 to a request that breaks a rule: a refusal was due, in a form the source does not show', () => {
    const results = notAServerError.judge(
      recordedRun([
        {
          operationId: 'getStats',
          values: { ...RANGE, name: 'tallyport-not-allowed' },
          status: 500,
          body: '<html>Whoops</html>',
          contentType: 'text/html',
          case: { family: 'negative', expect: 'refusal', varied: 'name', rule: 'a value outside the enum' },
        },
        {
          operationId: 'listWebsites',
          status: 502,
          body: 'Bad Gateway',
          contentType: 'text/plain',
          attempts: 4,
          case: { family: 'auth', auth: 'missing', expect: 'refusal' },
        },
      ]),
    );
    expect(statuses(results)).toEqual(['warn', 'warn']);
    expect(verdictOf(results, 'warn')).toMatchObject({
      kind: 'server-error',
      basis: 'convention',
      severity: 'warning',
    });
  });

  it('passes any answer below 500, a refusal included', () => {
    const results = notAServerError.judge(
      recordedRun([
        { operationId: 'getStats', values: RANGE, status: 200, body: { data: [{ value: 'Chrome', count: 3 }] } },
        { operationId: 'getWebsite', values: { id: '999999' }, status: 404, body: { message: 'Not found.' } },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass']);
    const marketplace = notAServerError.judge(
      recordedRun([
        {
          api: 'marketplace',
          operationId: 'getAccountDetails',
          status: 200,
          body: { status: '错误', msg: '无效请求' },
        },
      ]),
    );
    expect(statuses(marketplace)).toEqual(['pass']);
  });

  it('skips a gateway answer to a create sent once, and fails a request never answered', () => {
    const results = notAServerError.judge(
      recordedRun([
        {
          operationId: 'createWebsite',
          values: { domain: 'tallyport-contract-run.example.com' },
          status: 503,
          body: 'Service Unavailable',
          contentType: 'text/plain',
          case: { family: 'write', step: 'create', record: 'tallyport-contract-run.example.com' },
        },
        { operationId: 'listWebsites' },
      ]),
    );
    expect(results).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('sent again only once the state shows it took no effect') },
      { status: 'fail', kind: 'no-answer', basis: 'specified' },
    ]);
  });

  it('fails a gateway answer to a create that fails again when resent, and skips one whose resend is served', () => {
    const create = (status: number) => ({
      operationId: 'createWebsite',
      values: { domain: 'tallyport-contract-run.example.com' },
      status,
      body: status === 503 ? 'Service Unavailable' : { data: { id: 9, domain: 'tallyport-contract-run.example.com' } },
      ...(status === 503 ? { contentType: 'text/plain' } : {}),
      case: { family: 'write' as const, step: 'create', record: 'tallyport-contract-run.example.com' },
    });
    const twice = notAServerError.judge(recordedRun([create(503), create(503)]));
    expect(twice.map((result) => result.status)).toEqual(['fail', 'skip']);
    const served = notAServerError.judge(recordedRun([create(503), create(201)]));
    expect(served).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('the same request sent again was answered') },
      { status: 'pass' },
    ]);
  });

  it('skips a create whose connection closed before any answer once its resend is served, and fails the rest', () => {
    const create = (status?: number) => ({
      operationId: 'createWebsite',
      values: { domain: 'tallyport-contract-run.example.com' },
      ...(status === undefined ? { connectionClosed: true } : { status }),
      body: status === undefined ? undefined : { data: { id: 9, domain: 'tallyport-contract-run.example.com' } },
      case: { family: 'write' as const, step: 'create', record: 'tallyport-contract-run.example.com' },
    });
    expect(notAServerError.judge(recordedRun([create(), create(201)]))).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('the connection closed before any answer') },
      { status: 'pass' },
    ]);
    // Closed again, or never sent again: the operation gave no answer.
    expect(statuses(notAServerError.judge(recordedRun([create(), create()])))).toEqual(['fail', 'fail']);
    expect(statuses(notAServerError.judge(recordedRun([create()])))).toEqual(['fail']);
    // A timeout is no closed connection: a stalled operation fails, whatever came later.
    const timedOut = { ...create(), connectionClosed: false };
    expect(statuses(notAServerError.judge(recordedRun([timedOut, create(201)])))).toEqual(['fail', 'pass']);
  });

  it('fails a 500 to a write of a command sequence: its values are all allowed, whatever it may be refused for', () => {
    const results = notAServerError.judge(
      recordedRun([
        {
          operationId: 'updateWebsite',
          values: { id: '9', exclude_params: 'x'.repeat(300) },
          status: 500,
          body: { message: 'Server Error' },
          case: { family: 'sequence', step: 'update', expect: 'any' },
        },
      ]),
    );
    expect(results).toMatchObject([{ status: 'fail', kind: 'server-error', basis: 'specified' }]);
  });

  // A read answered once with a 503 (retries spent, or the run stopped) is skipped with the reason of a read.
  it('gives a read sent once the reason of a read', () => {
    const results = notAServerError.judge(
      recordedRun([{ operationId: 'listWebsites', status: 503, body: 'busy', contentType: 'text/plain' }]),
    );
    expect(results).toMatchObject([{ status: 'skip' }]);
    expect((results[0] as { reason: string }).reason).not.toContain('may create a record');
  });
});
