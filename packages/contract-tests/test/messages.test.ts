// Messages a newcomer met that misled: each now says what to do.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { runContract } from '../src/run/contract.js';
import type { RunResult } from '../src/report/result.js';

let mocks: RunningMocks;
beforeAll(async () => {
  mocks = await startMocks({ stateful: true });
});
afterAll(async () => {
  await mocks?.close();
});

const skipReasons = (result: RunResult): string[] =>
  result.apis.flatMap((api) =>
    api.checks.flatMap((check) => [
      ...(check.status === 'skip' ? [check.reason ?? ''] : []),
      ...check.cases.flatMap((entry) => (entry.status === 'skip' ? [entry.reason] : [])),
    ]),
  );

describe('a run that', () => {
  it('was interrupted before its writes says so, not that writes need --allow-writes', async () => {
    const interrupt = new AbortController();
    const result = await runContract({
      apis: ['analytics'],
      analytics: { baseUrl: mocks.analytics!.url, apiKey: mocks.engine!.keys.analyticsKey },
      allowWrites: true,
      signal: interrupt.signal,
      onProgress: ({ sent }) => {
        if (sent >= 3) interrupt.abort();
      },
    });
    const writes = result.apis[0]!.checks.filter((check) => ['write_isolated', 'stored_as_sent'].includes(check.check));
    expect(writes.map((check) => [check.check, check.status])).toEqual([
      ['write_isolated', 'interrupted'],
      ['stored_as_sent', 'interrupted'],
    ]);
    expect(JSON.stringify(result)).not.toContain('--allow-writes');
    expect(result.interrupted).toBe(true);
  });

  it('was not allowed to write says which flag allows it', async () => {
    const result = await runContract({
      apis: ['analytics'],
      analytics: { baseUrl: mocks.analytics!.url, apiKey: mocks.engine!.keys.analyticsKey },
      only: ['stored_as_sent'],
    });
    expect(result.apis[0]!.checks.map((check) => [check.status, check.reason])).toEqual([
      ['skip', 'no write was made (writes need --allow-writes)'],
    ]);
  });

  it('has no purchase code or second key names the variables that give them', async () => {
    const result = await runContract({
      apis: ['marketplace'],
      marketplace: { baseUrl: mocks.marketplace!.url, apiKey: mocks.engine!.keys.marketKey },
    });
    expect(result.apis[0]!.notes.join('\n')).toContain(
      'no purchase_code the deployment recognises is configured (set MARKETPLACE_PURCHASE_CODE)',
    );
    expect(skipReasons(result)).toContain(
      'no second valid key is configured (set MARKETPLACE_EMPTY_API_KEY to a key whose account holds no records)',
    );
  });
});
