// write_round_trip on recorded exchanges: the evidence that leaves no honest reading of a write.
import { describe, expect, it } from 'vitest';
import type { RequestCase } from '../../src/cases/types.js';
import { writeRoundTrip } from '../../src/checks/write-round-trip.js';
import { type Recorded, recordedRun, statuses } from './recorded.js';

const LABEL = 'tallyport-contract-run-full.example.com';
const write = (step: string, extra: Partial<RequestCase> = {}): Partial<RequestCase> => ({
  family: 'write',
  step,
  record: LABEL,
  ...extra,
});
const website = (fields: Record<string, unknown> = {}) => ({
  data: { id: 501, domain: LABEL, privacy: 1, email: 0, exclude_bots: 1, exclude_params: 'a,b', ...fields },
});
const created: Recorded[] = [
  {
    operationId: 'createWebsite',
    values: { domain: LABEL, exclude_params: 'a,b' },
    status: 201,
    body: website(),
    case: write('create'),
  },
  { operationId: 'getWebsite', values: { id: '501' }, status: 200, body: website(), case: write('verify') },
];
const update = (values: Record<string, string>, shownAfter: Record<string, unknown>, status = 200): Recorded[] => [
  { operationId: 'getWebsite', values: { id: '501' }, status: 200, body: website(), case: write('read-before-update') },
  {
    operationId: 'updateWebsite',
    values: { id: '501', ...values },
    status,
    body: status < 300 ? website(shownAfter) : { message: 'refused' },
    case: write('update', { varied: Object.keys(values)[0]! }),
  },
  {
    operationId: 'getWebsite',
    values: { id: '501' },
    status: 200,
    body: website(shownAfter),
    case: write('read-after-update'),
  },
];

describe('write_round_trip', () => {
  it('fails an update that succeeds while the field reads exactly as before, in any format', () => {
    const results = writeRoundTrip.judge(recordedRun([...created, ...update({ exclude_params: 'c,d' }, {})]));
    const kept = results.find((result) => result.status === 'fail');
    expect(kept).toMatchObject({ kind: 'write-lost', basis: 'specified' });
    expect((kept as { actual: string }).actual).toContain('exactly as before');
  });

  it('warns, not fails, where a free-format field shows the new value normalised', () => {
    const results = writeRoundTrip.judge(
      recordedRun([...created, ...update({ exclude_params: 'c,d' }, { exclude_params: 'c, d' })]),
    );
    expect(statuses(results)).toContain('warn');
    expect(statuses(results)).not.toContain('fail');
  });

  it('passes an update that shows what it sent', () => {
    const results = writeRoundTrip.judge(recordedRun([...created, ...update({ privacy: '0' }, { privacy: 0 })]));
    expect(statuses(results)).not.toContain('fail');
    expect(statuses(results)).not.toContain('warn');
  });

  it('fails a create refused as a form and accepted as JSON: the documented body is never read', () => {
    const results = writeRoundTrip.judge(
      recordedRun([
        {
          operationId: 'createWebsite',
          values: { domain: LABEL },
          status: 422,
          body: { message: 'The domain field is required.' },
          case: write('create'),
        },
        {
          operationId: 'createWebsite',
          values: { domain: LABEL },
          status: 201,
          body: website(),
          case: write('create', { encoding: 'json' }),
        },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'fail', kind: 'write-refused', basis: 'specified' });
    expect((results[0] as { steps: unknown[] }).steps).toHaveLength(2);
  });

  it('warns on a create refused in both encodings (a plan limit or a domain rule the source does not show)', () => {
    const results = writeRoundTrip.judge(
      recordedRun([
        {
          operationId: 'createWebsite',
          values: { domain: LABEL },
          status: 403,
          body: { message: 'Plan limit reached' },
          case: write('create'),
        },
        {
          operationId: 'createWebsite',
          values: { domain: LABEL },
          status: 403,
          body: { message: 'Plan limit reached' },
          case: write('create', { encoding: 'json' }),
        },
      ]),
    );
    expect(results[0]).toMatchObject({ status: 'warn', basis: 'convention' });
    expect((results[0] as { actual: string }).actual).toContain('refused as json too');
  });

  it('fails an update refused as a form and accepted as JSON', () => {
    const refused = update({ email: '1' }, {}, 415);
    const encoded = update({ email: '1' }, { email: 1 }).map((entry) =>
      entry.operationId === 'updateWebsite' ? { ...entry, case: { ...entry.case, encoding: 'json' as const } } : entry,
    );
    const results = writeRoundTrip.judge(recordedRun([...created, ...refused, ...encoded]));
    expect(results.find((result) => result.status === 'fail')).toMatchObject({ kind: 'write-refused' });
  });

  it('skips on the mock, which keeps nothing', () => {
    expect(statuses(writeRoundTrip.judge(recordedRun(created, { mock: true })))).toEqual(['skip']);
  });

  it('skips a run without writes and an API with no writable record, and warns of a refused create', () => {
    expect(writeRoundTrip.judge(recordedRun([{ operationId: 'listWebsites', status: 200, body: [] }]))).toMatchObject([
      { status: 'skip', reason: 'no write was made (writes need --allow-writes)' },
    ]);
    const refused = { ...created[0]!, status: 403, body: { message: 'Plan limit reached' } };
    // A refused create may be a plan limit or a domain rule: a warning, never a skip.
    expect(writeRoundTrip.judge(recordedRun([refused]))).toMatchObject([
      { status: 'warn', reason: 'refused (HTTP 403)' },
    ]);
    expect(
      writeRoundTrip.judge(recordedRun([{ api: 'marketplace', operationId: 'listItems', status: 200, body: {} }])),
    ).toMatchObject([{ status: 'skip', reason: 'the spec names no record this tool can create' }]);
  });
});
