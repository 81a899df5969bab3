// A HAR the tester writes says which embedded mock answered each entry, and
// `judge` reads the mark as the run's own word: on Prism's entries it skips
// the checks that need a deployment's data, with the run's reason. The mark
// is taken only from the tester's own file, where it cannot hide a verdict
// someone else recorded. Prism's answer here is the spec's example list,
// whatever order was asked for.
import { valueAt } from '@tallyport/spec-model/query';
import { describe, expect, it } from 'vitest';
import { MOCK_REASON } from '../../src/checks/judging/related.js';
import { judgeChunks } from '../../src/recorded/judge.js';
import { harReport } from '../../src/report/har.js';
import { secret } from '../../src/spec/secrets.js';
import { specDocuments } from '../../src/spec/models.js';
import type { Exchange } from '../../src/transport/transport.js';

const EXAMPLE_LIST = valueAt(specDocuments.analytics as never, '/components/examples/WebsiteListEnvelope/value');

/** A listWebsites request sorted by domain, answered with the spec's example list (not sorted so). */
const sortedByDomain: Exchange = {
  id: 1,
  template: {
    api: 'analytics',
    operationId: 'listWebsites',
    method: 'GET',
    baseUrl: 'http://127.0.0.1:4010',
    path: '/api/v1/websites',
    query: [
      ['sort_by', 'domain'],
      ['sort', 'asc'],
    ],
    headers: [
      ['Accept', 'application/json'],
      ['Authorization', secret('ANALYTICS_API_KEY', 'Bearer ')],
    ],
    label: 'listWebsites sort_by=domain sort=asc',
  },
  response: {
    status: 200,
    contentType: 'application/json',
    headers: { 'content-type': 'application/json' },
    text: JSON.stringify(EXAMPLE_LIST),
  },
  attempts: 1,
  startedAt: Date.UTC(2026, 10, 28),
  durationMs: 2,
};

const ofAccount: Exchange = {
  ...sortedByDomain,
  id: 2,
  template: { ...sortedByDomain.template, api: 'marketplace', operationId: 'getAccountDetails', path: '/api/account' },
};

async function sortOrderOf(har: string) {
  const judged = await judgeChunks([har], 'run.har');
  const analytics = judged.apis.find((api) => api.api === 'analytics')!;
  return { api: analytics, check: analytics.checks.find((check) => check.check === 'sort_order')! };
}

describe('the HAR of a run on an embedded mock', () => {
  it('marks the entries of each API checked against one with which, and only those', () => {
    const har = JSON.parse(harReport([sortedByDomain, ofAccount], '1', undefined, { analytics: 'prism' }));
    expect(har.log.entries.map((entry: { _tallyport?: unknown }) => entry._tallyport)).toEqual([
      { mock: 'prism' },
      undefined,
    ]);
    const stateful = JSON.parse(harReport([sortedByDomain], '1', undefined, { analytics: 'stateful' }));
    expect(stateful.log.entries[0]._tallyport).toEqual({ mock: 'stateful' });
  });

  it("is judged as the run judged Prism's examples: the order they cannot show is skipped, so said", async () => {
    const { api, check } = await sortOrderOf(harReport([sortedByDomain], '1', undefined, { analytics: 'prism' }));
    expect(check).toMatchObject({ status: 'skip', reason: MOCK_REASON });
    expect(api).toMatchObject({ mock: true, embeddedMock: 'prism' });
  });

  it('is judged as a deployment without the mark or on the stateful mock: the examples are out of order', async () => {
    for (const mocks of [{}, { analytics: 'stateful' as const }]) {
      const { check } = await sortOrderOf(harReport([sortedByDomain], '1', undefined, mocks));
      expect(check.status, JSON.stringify(mocks)).toBe('fail');
    }
  });

  it('is taken at its word only in a file the tester wrote', async () => {
    const har = JSON.parse(harReport([sortedByDomain], '1', undefined, { analytics: 'prism' }));
    har.log.creator = { name: 'mitmproxy', version: '11' };
    const { api, check } = await sortOrderOf(JSON.stringify(har));
    expect(check.status).toBe('fail');
    expect(api.mock).toBe(false);
  });
});
