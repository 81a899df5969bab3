// resource_availability on recorded exchanges: what the run writes shows where the spec's links say. A created
// record that never reads back, or an update answer a read contradicts, fails; how soon a write shows in a search,
// and whether a new record's statistics answer, are conventions and warn.
import { describe, expect, it } from 'vitest';
import type { RequestCase } from '../../src/cases/types.js';
import { resourceAvailability } from '../../src/checks/resource-availability.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from './recorded.js';

const LABEL = 'tallyport-contract-run-available.example.com';
const website = (fields: Record<string, unknown> = {}) => ({ id: 501, domain: LABEL, privacy: 1, email: 0, ...fields });
const step = (name: string, extra: Partial<RequestCase> = {}): Partial<RequestCase> => ({
  family: 'write',
  step: name,
  record: LABEL,
  ...extra,
});
const create: Recorded = {
  operationId: 'createWebsite',
  values: { domain: LABEL },
  status: 201,
  body: { data: website() },
  case: step('create'),
};
const read = (name: string, status: number, body: unknown): Recorded => ({
  operationId: 'getWebsite',
  values: { id: '501' },
  status,
  body,
  case: step(name),
});
const find = (name: string, rows: unknown[]): Recorded => ({
  operationId: 'listWebsites',
  values: { search: LABEL },
  status: 200,
  body: { data: rows },
  case: step(name),
});
const update = (shown: Record<string, unknown>): Recorded => ({
  operationId: 'updateWebsite',
  values: { id: '501', privacy: '0' },
  status: 200,
  body: { data: website(shown) },
  case: step('update', { varied: 'privacy' }),
});
const followStats = (status: number, body: unknown): Recorded => ({
  operationId: 'getStats',
  values: { id: '501', name: 'browser', from: '2026-10-01', to: '2026-10-31' },
  status,
  body,
  case: step('follow-created'),
});

describe('resource_availability', () => {
  it('fails a created record that no read finds by its id, naming the create and every read', () => {
    const run = recordedRun([
      create,
      read('verify', 404, { message: 'Not found.' }),
      read('verify', 404, { message: 'Not found.' }),
    ]);
    const failure = verdictOf(resourceAvailability.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'not-available', basis: 'specified', operationId: 'getWebsite' });
    expect(failure.actual).toContain('2 reads were refused');
    expect(stepIndexes(run, failure)).toEqual([0, 1, 2]);
  });

  it('fails an update whose answer a read right after contradicts, the update replayed first', () => {
    const run = recordedRun([
      create,
      read('verify', 200, { data: website() }),
      read('read-before-update', 200, { data: website() }),
      update({ privacy: 0 }),
      read('read-after-update', 200, { data: website({ privacy: 1 }) }),
    ]);
    const failure = verdictOf(resourceAvailability.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'answers-disagree', basis: 'specified', operationId: 'updateWebsite' });
    expect(failure.actual).toContain('privacy 0 (read 1)');
    expect(stepIndexes(run, failure)).toEqual([3, 4]);
  });

  it('fails an update that answers another record, and a list that shows the record otherwise than a read', () => {
    const results = resourceAvailability.judge(
      recordedRun([
        create,
        update({ domain: 'shop.lunaria.cn' }),
        read('read-after-update', 200, { data: website({ privacy: 0 }) }),
        find('find-after-update', [website({ privacy: 1 })]),
      ]),
    );
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(results[0]).toMatchObject({
      kind: 'answers-disagree',
      basis: 'specified',
      reason: 'domain "shop.lunaria.cn"',
    });
    expect(results[1]).toMatchObject({ kind: 'answers-disagree', basis: 'specified', operationId: 'listWebsites' });
  });

  it('warns when a search misses the new record, its statistics are refused, or it is listed once deleted', () => {
    const results = resourceAvailability.judge(
      recordedRun([
        create,
        read('verify', 200, { data: website() }),
        find('find-after-create', []),
        followStats(404, { message: 'No statistics yet.' }),
        find('find-after-delete', [website()]),
      ]),
    );
    expect(statuses(results)).toEqual(['warn', 'warn', 'warn']);
    expect(results[0]).toMatchObject({ kind: 'not-available', basis: 'convention', operationId: 'listWebsites' });
    expect(results[1]).toMatchObject({ kind: 'not-available', basis: 'convention', operationId: 'getStats' });
    expect(results[2]).toMatchObject({ kind: 'still-listed', basis: 'convention' });
  });

  it('passes a record that reads back, is listed, answers statistics, agrees after updates, leaves the list', () => {
    const results = resourceAvailability.judge(
      recordedRun([
        create,
        read('verify', 404, { message: 'Not found.' }),
        read('verify', 200, { data: website() }),
        find('find-after-create', [website()]),
        followStats(200, { data: [] }),
        update({ privacy: 0 }),
        read('read-after-update', 200, { data: website({ privacy: '0' }) }),
        find('find-after-update', [website({ privacy: 0 })]),
        find('find-after-delete', []),
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
  });

  it('knows the record by its label as reads by id show it (a domain outside ASCII stored as ASCII)', () => {
    const sent = 'tallyport-contract-run-s1-1.bücher.example';
    const stored = 'tallyport-contract-run-s1-1.xn--bcher-kva.example';
    const shown = (fields: Record<string, unknown> = {}) => ({ data: website({ domain: stored, ...fields }) });
    const named = (recorded: Recorded): Recorded => ({ ...recorded, case: { ...recorded.case, record: sent } });
    const results = resourceAvailability.judge(
      recordedRun(
        [
          { ...create, values: { domain: sent }, body: shown() },
          read('verify', 200, shown()),
          { ...find('find-after-create', [website({ domain: stored })]), values: { search: sent } },
          read('read-before-update', 200, shown()),
          { ...update({}), body: shown({ privacy: 0 }) },
          read('read-after-update', 200, shown({ privacy: 0 })),
          { ...find('find-after-update', [website({ domain: stored, privacy: 0 })]), values: { search: sent } },
          { ...find('find-after-delete', []), values: { search: sent } },
        ].map(named),
      ),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('does not call a record unavailable when one of its reads said nothing (a 503)', () => {
    const results = resourceAvailability.judge(
      recordedRun([
        create,
        read('verify', 503, 'busy'),
        read('verify', 404, { message: 'Not found.' }),
        find('find-after-create', [website()]),
      ]),
    );
    expect(statuses(results)).toEqual(['pass']);
  });

  it('skips the mock, a run without writes, one whose create was refused, and an API with no writable record', () => {
    expect(resourceAvailability.judge(recordedRun([create], { mock: true }))).toMatchObject([
      { status: 'skip', reason: expect.stringContaining('embedded Prism mock') },
    ]);
    expect(
      resourceAvailability.judge(recordedRun([{ operationId: 'listWebsites', status: 200, body: [] }])),
    ).toMatchObject([{ status: 'skip', reason: 'no write was made (writes need --allow-writes)' }]);
    const refused = { ...create, status: 403, body: { message: 'Plan limit reached' } };
    expect(resourceAvailability.judge(recordedRun([refused, find('find-after-create', [])]))).toMatchObject([
      { status: 'skip', reason: 'no create was accepted' },
    ]);
    expect(
      resourceAvailability.judge(
        recordedRun([{ api: 'marketplace', operationId: 'listItems', status: 200, body: {} }]),
      ),
    ).toMatchObject([{ status: 'skip', reason: 'the spec names no record this tool can create' }]);
  });
});
