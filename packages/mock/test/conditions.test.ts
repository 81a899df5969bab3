// The conditions a front end must survive: answers held back by `latencyMs`
// (measured with a fake clock, never the real one) and a share of requests
// failing with the spec's own failure example, the same share for the same
// number.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { analytics, market, mockFetch } from './support/call.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('latency', () => {
  it('holds each answer back by the latency asked for', async () => {
    vi.useFakeTimers();
    const fetch = mockFetch({ latencyMs: 300 });
    let settled = false;
    const pending = analytics(fetch, 'GET', '/api/v1/websites/42').then((answer) => {
      settled = true;
      return answer;
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  it('lets an abort signal end the wait', async () => {
    vi.useFakeTimers();
    const fetch = mockFetch({ latencyMs: 10_000 });
    const controller = new AbortController();
    const pending = fetch('http://127.0.0.1:4010/api/v1/websites', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('failures', () => {
  it('answers every request with 503 and the spec failure example at a rate of 1, changing nothing', async () => {
    const fetch = mockFetch({ failRate: 1 });
    const analyticsFailure = await analytics(fetch, 'DELETE', '/api/v1/websites/42');
    expect(analyticsFailure).toMatchObject({ status: 503, body: { message: 'Server Error' } });
    const marketFailure = await market(fetch, 'GET', '/api/items/all');
    expect(marketFailure).toMatchObject({ status: 503, body: { status: '错误' } });
    expect(fetch.engine.count('analytics', 'website')).toBe(120);
  });

  it('fails about the share asked for, the same requests for the same number', async () => {
    const statuses = async (seed: number) => {
      const fetch = mockFetch({ failRate: 0.25, seed });
      const answers: number[] = [];
      for (let index = 0; index < 200; index++)
        answers.push((await analytics(fetch, 'GET', '/api/v1/websites/42')).status);
      return answers;
    };
    const [first, again] = [await statuses(5), await statuses(5)];
    expect(first).toEqual(again);
    const failed = first.filter((status) => status === 503).length;
    expect(failed).toBeGreaterThan(25);
    expect(failed).toBeLessThan(80);
  });

  it('refuses a rate outside 0 to 1 and a negative latency', () => {
    expect(() => mockFetch({ failRate: 1.5 })).toThrow(RangeError);
    expect(() => mockFetch({ latencyMs: -1 })).toThrow(RangeError);
  });
});
