// Attempts a recorded file holds that the client made again (retries.ts): they are not judged, and the last
// attempt counts them, as a live run's exchange counts its own.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../src/answers/answer.js';
import { attemptsMadeAgain } from '../../src/recorded/retries.js';
import { judgeChunks } from '../../src/recorded/judge.js';
import { harReport } from '../../src/report/har.js';
import { specModels } from '../../src/spec/models.js';
import { secret } from '../../src/spec/secrets.js';
import type { Exchange } from '../../src/transport/transport.js';

const operation = (id: string) => specModels.analytics.operations.find((candidate) => candidate.id === id)!;

/** An answer of the file: the request `key` of `operationId`, answered with `status`. */
const answer = (operationId: string, key: string, status: number) =>
  ({ operation: operation(operationId), case: { key }, status, exchange: { attempts: 1 } }) as unknown as Answer;

describe('attempts made again in a recorded file', () => {
  it('leaves out a delete answered 504 and sent again, and counts it in the last attempt', () => {
    const first = answer('deleteWebsite', 'delete 7', 504);
    const last = answer('deleteWebsite', 'delete 7', 404);
    const again = attemptsMadeAgain([first, answer('getWebsite', 'read 8', 200), last]);
    expect([...again]).toEqual([first]);
    expect(last.exchange.attempts).toBe(2);
  });

  it('counts every attempt before the last', () => {
    const answers = [503, 502, 200].map((status) => answer('getWebsite', 'read 7', status));
    expect(attemptsMadeAgain(answers).size).toBe(2);
    expect(answers.map((entry) => entry.exchange.attempts)).toEqual([1, 1, 3]);
  });

  it('judges a create answered 504 as it stands: a create is not sent again, whatever follows', () => {
    const first = answer('createWebsite', 'create a', 504);
    const next = answer('createWebsite', 'create a', 200);
    expect(attemptsMadeAgain([first, next]).size).toBe(0);
    expect(next.exchange.attempts).toBe(1);
  });

  it('judges an attempt that was never sent again, and a 500, as they stand', () => {
    const lone = answer('deleteWebsite', 'delete 7', 504);
    const broken = answer('getWebsite', 'read 7', 500);
    const after = answer('getWebsite', 'read 7', 200);
    expect(attemptsMadeAgain([lone, broken, after]).size).toBe(0);
    expect(after.exchange.attempts).toBe(1);
  });
});

/** A read of website 7 a gateway answered 503, after `attempts` attempts the run made. */
const unavailableRead = (attempts: number): Exchange => ({
  id: 1,
  template: {
    api: 'analytics',
    operationId: 'getWebsite',
    method: 'GET',
    baseUrl: 'http://127.0.0.1:4010',
    path: '/api/v1/websites/7',
    pathValues: { id: '7' },
    query: [],
    headers: [
      ['Accept', 'application/json'],
      ['Authorization', secret('ANALYTICS_API_KEY', 'Bearer ')],
    ],
    label: 'getWebsite id=7',
  },
  response: { status: 503, contentType: 'text/plain', headers: { 'content-type': 'text/plain' }, text: 'busy' },
  attempts,
  startedAt: Date.UTC(2026, 11, 8),
  durationMs: 2,
});

async function serverErrorVerdict(har: string) {
  const judged = await judgeChunks([har], 'run.har');
  const analytics = judged.apis.find((api) => api.api === 'analytics')!;
  return analytics.checks.find((check) => check.check === 'not_a_server_error')!.status;
}

describe("the attempts a run's HAR says a request took", () => {
  it('judge a gateway answer as the run did: sent again and 503 every time is judged, sent once skipped', async () => {
    // A warning, not a failure: the file cannot tell that website 7 exists, so the read may break a rule.
    expect(await serverErrorVerdict(harReport([unavailableRead(3)], '1'))).toBe('warn');
    expect(await serverErrorVerdict(harReport([unavailableRead(1)], '1'))).toBe('skip');
  });

  it('are read only in a file the tester wrote: elsewhere they could only change a verdict', async () => {
    const har = JSON.parse(harReport([unavailableRead(3)], '1'));
    har.log.creator = { name: 'mitmproxy', version: '11' };
    expect(await serverErrorVerdict(JSON.stringify(har))).toBe('skip');
  });
});
