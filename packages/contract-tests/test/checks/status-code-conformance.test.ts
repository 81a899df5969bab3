// status_code_conformance on recorded exchanges: a request that follows the spec is served; a refusal of it is
// specified only when the same request with other allowed values was served; statuses themselves are conventions.
import { describe, expect, it } from 'vitest';
import { statusCodeConformance } from '../../src/checks/status-code-conformance.js';
import { specModels } from '../../src/spec/models.js';
import { recordedRun, statuses, verdictOf } from './recorded.js';

const websites = [
  { id: 2, domain: 'blog.lunaria.cn' },
  { id: 1, domain: 'shop.lunaria.cn' },
];
const LABEL = 'tallyport-contract-run-status.example.com';

describe('status_code_conformance', () => {
  it('fails a refusal of an allowed value when another allowed value of the same parameter was served', () => {
    const results = statusCodeConformance.judge(
      recordedRun([
        { operationId: 'listWebsites', values: { sort_by: 'domain' }, status: 200, body: { data: websites } },
        {
          operationId: 'listWebsites',
          values: { sort_by: 'id' },
          status: 422,
          body: { message: 'The selected sort by is invalid.' },
          case: { varied: 'sort_by' },
        },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'fail']);
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'unexpected-status', basis: 'specified' });
    expect(verdictOf(results, 'fail').actual).toContain('refused with HTTP 422');
  });

  it('fails a status no response of the operation declares', () => {
    // Every operation of both specs declares `default`; a spec without it is what makes a status undeclared.
    const model = structuredClone(specModels.analytics);
    for (const operation of model.operations)
      operation.responses = operation.responses.filter((response) => response.key !== 'default');
    const results = statusCodeConformance.judge(
      recordedRun([{ operationId: 'listWebsites', status: 302, body: '', headers: { location: '/login' } }], { model }),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'undeclared-status', basis: 'specified' });
  });

  it('warns on a refusal no other answer explains (a range the deployment may bound)', () => {
    const results = statusCodeConformance.judge(
      recordedRun([
        {
          operationId: 'getStats',
          values: { id: '42', name: 'browser', from: '2016-01-01', to: '2026-10-31' },
          status: 422,
          body: { message: 'The range is too long.' },
        },
      ]),
    );
    expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'unexpected-status', basis: 'convention' });
  });

  it('warns on a redirect of a conforming request, and on a success body with a 4XX', () => {
    const redirect = statusCodeConformance.judge(
      recordedRun([{ operationId: 'listWebsites', status: 302, body: '', headers: { location: '/login' } }]),
    );
    expect(verdictOf(redirect, 'warn')).toMatchObject({ kind: 'unexpected-status', basis: 'convention' });
    expect(verdictOf(redirect, 'warn').actual).toContain('to another address');
    const success = statusCodeConformance.judge(
      recordedRun([
        {
          api: 'marketplace',
          operationId: 'getItem',
          values: { item_id: '48213' },
          status: 400,
          body: { status: '成功', item: { id: 48213 } },
        },
      ]),
    );
    expect(verdictOf(success, 'warn')).toMatchObject({ kind: 'unexpected-status', basis: 'convention' });
    expect(verdictOf(success, 'warn').expected).toContain('2XX');
  });

  it('passes a served request and any refusal of a request that breaks a rule', () => {
    const results = statusCodeConformance.judge(
      recordedRun([
        { operationId: 'listWebsites', status: 200, body: websites },
        {
          operationId: 'listWebsites',
          values: { per_page: '37' },
          status: 422,
          body: { message: 'The selected per page is invalid.' },
          case: { family: 'negative', expect: 'refusal', varied: 'per_page' },
        },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass']);
  });

  it('leaves a refused read of a record the run writes to the state model, and skips a request never answered', () => {
    const verify = { family: 'write' as const, step: 'verify', record: LABEL, key: 'getWebsite verify 77' };
    const results = statusCodeConformance.judge(
      recordedRun([
        { operationId: 'getWebsite', values: { id: '77' }, status: 404, body: { message: 'Not found.' }, case: verify },
        {
          operationId: 'getWebsite',
          values: { id: '77' },
          status: 200,
          body: { data: { id: 77, domain: LABEL } },
          case: verify,
        },
        { operationId: 'listWebsites' },
      ]),
    );
    expect(results).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('read_matches_list') },
      { status: 'pass' },
      { status: 'skip', reason: expect.stringContaining('no answer to judge') },
    ]);
  });

  it('fails a write refused as documented (a form) that the same values sent as JSON get served', () => {
    const values = { domain: LABEL, privacy: '0' };
    const results = statusCodeConformance.judge(
      recordedRun([
        {
          operationId: 'createWebsite',
          values,
          status: 415,
          body: { message: 'Unsupported' },
          case: { family: 'write' },
        },
        {
          operationId: 'createWebsite',
          values,
          status: 201,
          body: { data: { id: 78, domain: LABEL } },
          case: { family: 'write', encoding: 'json' },
        },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'fail', kind: 'write-refused', basis: 'specified' });
  });

  describe("a command sequence's writes", () => {
    const sequence = { family: 'sequence' as const, expect: 'any' as const, sequence: { id: '3', command: 1 } };

    it('warns on a redirect of an update, whatever its generated values', () => {
      const results = statusCodeConformance.judge(
        recordedRun([
          {
            operationId: 'updateWebsite',
            values: { id: '78', privacy: '1' },
            status: 302,
            body: '',
            headers: { location: '/websites/78/edit' },
            case: { ...sequence, step: 'update', record: LABEL },
          },
        ]),
      );
      expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'unexpected-status', basis: 'convention' });
    });

    it('leaves a refused write of risky text to neighbours_served, and warns on a refused plain one', () => {
      const refused = (values: Record<string, string>) => ({
        operationId: 'updateWebsite',
        values,
        status: 422,
        body: { message: 'The given data was invalid.' },
        case: { ...sequence, step: 'update', record: LABEL },
      });
      const long = statusCodeConformance.judge(recordedRun([refused({ id: '78', exclude_params: 'x'.repeat(120) })]));
      expect(long).toMatchObject([{ status: 'skip', reason: expect.stringContaining('neighbours_served') }]);
      const plain = statusCodeConformance.judge(recordedRun([refused({ id: '78', privacy: '1' })]));
      expect(verdictOf(plain, 'warn')).toMatchObject({ kind: 'unexpected-status', basis: 'convention' });
    });

    it('fails a plain write refused as documented when the same values were served as JSON', () => {
      const values = { id: '78', privacy: '1' };
      const refused = {
        operationId: 'updateWebsite',
        values,
        status: 422,
        body: { message: 'The privacy is invalid.' },
        case: { ...sequence, step: 'update', record: LABEL },
      };
      const resent = statusCodeConformance.judge(
        recordedRun([
          { ...refused, status: 415, body: { message: 'Unsupported Media Type' } },
          {
            operationId: 'updateWebsite',
            values,
            status: 200,
            body: { data: { id: 78, domain: LABEL, privacy: 1 } },
            case: { ...sequence, step: 'update', record: LABEL, encoding: 'json' },
          },
        ]),
      );
      expect(resent[0]).toMatchObject({ status: 'fail', kind: 'write-refused', basis: 'specified' });
    });

    it('fails a delete answered as refused when the read after it shows the record deleted', () => {
      const remove = {
        operationId: 'deleteWebsite',
        values: { id: '78' },
        status: 404,
        body: { message: 'Not found.' },
        case: { ...sequence, step: 'delete', record: LABEL },
      };
      const readAfter = (status: number) => ({
        operationId: 'getWebsite',
        values: { id: '78' },
        status,
        body: status === 200 ? { data: { id: 78, domain: LABEL } } : { message: 'Not found.' },
        case: { ...sequence, expect: status === 200 ? ('success' as const) : ('refusal' as const) },
      });
      const taken = statusCodeConformance.judge(
        recordedRun([
          remove,
          { ...readAfter(404), case: { ...readAfter(404).case, step: 'read-after-delete', record: LABEL } },
        ]),
      );
      expect(verdictOf(taken, 'fail')).toMatchObject({ kind: 'unexpected-status', basis: 'specified' });
      expect(verdictOf(taken, 'fail').actual).toContain('shows the record deleted');
      // Sent again after a gateway's 504: an earlier attempt was taken, and the 404 to the last one is true.
      const again = statusCodeConformance.judge(
        recordedRun([
          { ...remove, attempts: 2 },
          { ...readAfter(404), case: { ...readAfter(404).case, step: 'read-after-delete', record: LABEL } },
        ]),
      );
      expect(statuses(again)).toEqual(['pass', 'pass']);
      // The record still there: a refusal nothing explains, so a warning.
      const kept = statusCodeConformance.judge(
        recordedRun([
          remove,
          { ...readAfter(200), case: { ...readAfter(200).case, step: 'read-after-delete', record: LABEL } },
        ]),
      );
      expect(verdictOf(kept, 'warn')).toMatchObject({ kind: 'unexpected-status', basis: 'convention' });
    });
  });
});
