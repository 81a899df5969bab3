import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { adviceWaitMs, rateLimitAdvice, resetMs } from '../src/index.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');
const EPOCH_SECONDS = NOW / 1000;
const advice = (headers: Record<string, string>) => rateLimitAdvice(new Headers(headers), NOW);

describe('each header family is read', () => {
  test('X-RateLimit-* with a reset in delta seconds', () => {
    expect(advice({ 'X-RateLimit-Limit': '60', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' })).toEqual({
      limit: 60,
      remaining: 0,
      resetMs: 30_000,
    });
  });

  test('X-RateLimit-Reset in epoch seconds, as GitHub sends it', () => {
    expect(advice({ 'x-ratelimit-reset': String(EPOCH_SECONDS + 45) }).resetMs).toBe(45_000);
  });

  test('X-RateLimit-Reset in epoch milliseconds', () => {
    expect(advice({ 'x-ratelimit-reset': String(NOW + 2500) }).resetMs).toBe(2500);
  });

  test('a reset time already past means the window has reset', () => {
    expect(advice({ 'x-ratelimit-reset': String(EPOCH_SECONDS - 100) }).resetMs).toBe(0);
  });

  test('RateLimit-Limit, -Remaining and -Reset of the earlier IETF drafts', () => {
    expect(advice({ 'RateLimit-Limit': '100', 'RateLimit-Remaining': '7', 'RateLimit-Reset': '12' })).toEqual({
      limit: 100,
      remaining: 7,
      resetMs: 12_000,
    });
  });

  test('the RateLimit dictionary of draft 07', () => {
    expect(advice({ RateLimit: 'limit=100, remaining=3, reset=9' })).toEqual({
      limit: 100,
      remaining: 3,
      resetMs: 9000,
    });
  });

  test('RateLimit items and RateLimit-Policy of the later drafts, the binding policy first', () => {
    expect(
      advice({
        RateLimit: '"hourly";r=40;t=3000, "burst";r=0;t=2',
        'RateLimit-Policy': '"hourly";q=1000;w=3600, "burst";q=10;w=1',
      }),
    ).toEqual({ limit: 10, remaining: 0, resetMs: 2000 });
  });

  test('a RateLimit-Policy of the form 100;w=60', () => {
    expect(advice({ 'RateLimit-Policy': '100;w=60', 'RateLimit-Remaining': '5' })).toEqual({
      limit: 100,
      remaining: 5,
    });
  });

  test('Retry-After and retry-after-ms', () => {
    expect(advice({ 'Retry-After': '3' }).retryAfterMs).toBe(3000);
    expect(advice({ 'Retry-After': '3', 'retry-after-ms': '250' }).retryAfterMs).toBe(250);
    expect(advice({ 'Retry-After': 'Sun, 22 Nov 2026 10:01:00 GMT' }).retryAfterMs).toBe(60_000);
  });

  test('the structured field wins over the older families', () => {
    expect(
      advice({
        RateLimit: 'limit=5, remaining=1, reset=1',
        'X-RateLimit-Limit': '500',
        'X-RateLimit-Remaining': '400',
      }),
    ).toEqual({ limit: 5, remaining: 1, resetMs: 1000 });
  });

  test('a repeated header counts once', () => {
    expect(advice({ 'X-RateLimit-Limit': '100, 100' }).limit).toBe(100);
  });

  test('Node header records in any case, arrays included', () => {
    expect(rateLimitAdvice({ 'X-RATELIMIT-REMAINING': ['2', '2'], 'retry-after': '1' }, NOW)).toEqual({
      remaining: 2,
      retryAfterMs: 1000,
    });
  });
});

describe('hostile values are ignored one by one', () => {
  test.each([
    ['negative counts', { 'x-ratelimit-limit': '-1', 'x-ratelimit-remaining': '-5', 'x-ratelimit-reset': '-3' }],
    ['not numbers', { 'x-ratelimit-limit': 'NaN', 'x-ratelimit-remaining': 'Infinity', 'x-ratelimit-reset': '1e9' }],
    ['absurd sizes', { 'x-ratelimit-limit': '9'.repeat(400), 'ratelimit-reset': '9'.repeat(400) }],
    ['fractional counts', { 'ratelimit-limit': '1.5', 'ratelimit-remaining': '0.0.1' }],
    ['unbalanced quotes', { ratelimit: '"a;r=1, limit="=', 'ratelimit-policy': '"""' }],
    ['prototype names', { ratelimit: '__proto__=1, constructor=2, toString=3' }],
    ['a huge structured field', { ratelimit: `${'x=1, '.repeat(50_000)}limit=1` }],
  ])('%s', (_, headers) => {
    expect(advice(headers)).toEqual({});
  });

  test('a garbage remaining does not hide a good Retry-After', () => {
    expect(advice({ 'x-ratelimit-remaining': 'lots', 'retry-after': '2' })).toEqual({ retryAfterMs: 2000 });
  });

  test('any header text gives finite figures that are not negative, or none', () => {
    const names = ['ratelimit', 'ratelimit-policy', 'ratelimit-reset', 'x-ratelimit-remaining', 'retry-after'];
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.string({ maxLength: 80 }), (name, value) => {
        const result = rateLimitAdvice({ [name]: value }, NOW);
        for (const figure of Object.values(result)) expect(Number.isFinite(figure) && figure >= 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the wait the server asked for', () => {
  test('Retry-After first, then the reset when nothing remains, else none', () => {
    expect(adviceWaitMs({ retryAfterMs: 5, remaining: 0, resetMs: 9 })).toBe(5);
    expect(adviceWaitMs({ remaining: 0, resetMs: 9 })).toBe(9);
    expect(adviceWaitMs({ remaining: 3, resetMs: 9 })).toBeUndefined();
    expect(adviceWaitMs({})).toBeUndefined();
  });

  test('resetMs reads one value on its own', () => {
    expect(resetMs('2', NOW)).toBe(2000);
    expect(resetMs('soon', NOW)).toBeUndefined();
  });
});
