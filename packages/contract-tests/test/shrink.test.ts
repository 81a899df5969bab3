// A failing generated request is shrunk before it is reported: every optional parameter the failure does not need
// is left out and the generated text cut to what still fails, each step sent again; the larger requests that
// failed the same way are left out of the verdicts.
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestCase } from '../src/cases/types.js';
import { runContract } from '../src/run/contract.js';
import { removableFrom, shrink } from '../src/run/shrink.js';
import { specModels } from '../src/spec/models.js';
import { answersOf } from './checks/recorded.js';
import { type FakeDeployment, runOptionsFor, startFakeDeployment } from './fake-deployment/server.js';

const stats = specModels.analytics.operations.find((operation) => operation.id === 'getStats')!;

describe('shrinking a failing generated request', () => {
  it('leaves out what the failure does not need and cuts the text to what still fails', async () => {
    const fails = (testCase: RequestCase) => String(testCase.values.search ?? '').includes('é');
    const answerTo = (testCase: RequestCase) =>
      answersOf([
        {
          operationId: 'getStats',
          values: testCase.values,
          status: fails(testCase) ? 500 : 200,
          body: { data: [] },
          case: testCase,
        },
      ])[0]!;
    const first = answerTo({
      key: 'k',
      family: 'example',
      operationId: 'getStats',
      title: 'getStats',
      values: {
        id: '1',
        name: 'city',
        from: '2026-10-01',
        to: '2026-10-31',
        search: 'àéîõ',
        search_by: 'value',
        sort: 'asc',
        per_page: '25',
      },
      auth: 'valid',
      expect: 'success',
      step: 'generated',
      varied: 'search',
    });
    const sent: RequestCase[] = [];
    const result = await shrink(
      first,
      async (testCase) => {
        sent.push(testCase);
        return answerTo(testCase);
      },
      removableFrom(stats, 'search'),
      16,
    );
    expect(result.smallest.case!.values).toEqual({
      id: '1',
      name: 'city',
      from: '2026-10-01',
      to: '2026-10-31',
      search: 'é',
      search_by: 'value',
    });
    expect(result.superseded).toContain(first.exchange.id);
    expect(result.sent).toBe(sent.length);
    expect(result.sent).toBeLessThanOrEqual(16);
  });

  it('stops at its budget and changes nothing when the request does not fail', async () => {
    const [answer] = answersOf([
      { operationId: 'getStats', values: { id: '1', name: 'city', search: 'x' }, status: 200, body: { data: [] } },
    ]);
    const result = await shrink(
      answer!,
      async () => answer!,
      () => true,
      16,
    );
    expect(result).toMatchObject({ smallest: answer, superseded: [], sent: 0 });
  });
});

describe('a run against a deployment that fails on long search texts', () => {
  let fake: FakeDeployment | undefined;
  afterEach(async () => {
    await fake?.close();
  });

  it('reports the smallest failing request: no parameter could be left out, the text one past the limit', async () => {
    fake = await startFakeDeployment({ faults: ['analytics-stats-long-search-500'] });
    const result = await runContract({
      ...runOptionsFor(fake),
      apis: ['analytics'],
      only: ['not_a_server_error'],
      seed: 11,
    });
    const check = result.apis[0]!.checks.find((entry) => entry.check === 'not_a_server_error')!;
    const failed = check.cases.flatMap((entry) => (entry.status === 'fail' ? [entry] : []));
    // A command sequence's search fails too: it comes with its sequence (test/state/sequence-verdicts.test.ts).
    const generated = failed.filter((entry) => !entry.sequence);
    expect(generated.length).toBeGreaterThan(0);
    for (const entry of generated) {
      expect(entry.title).toContain('(shrunk)');
      // Nothing optional is left but the search and the field it is read by; the text is one past the 64 allowed.
      const sent = [...(entry.curl ?? '').matchAll(/--data-urlencode '([a-z_]+)=([^']*)'/g)];
      expect(sent.map(([, name]) => name).sort()).toEqual(['from', 'name', 'search', 'search_by', 'to']);
      expect(sent.find(([, name]) => name === 'search')![2]).toHaveLength(65);
    }
    expect(result.apis[0]!.notes.some((note) => note.startsWith('shrunk: '))).toBe(true);
    expect(result.exitCode).toBe(1);
  });
});
