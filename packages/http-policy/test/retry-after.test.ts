import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { retryAfterFetchHeadersMs, retryAfterHeaderMs, retryAfterMs } from '../src/index.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('Retry-After gives advice when it says something', () => {
  test.each([
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 7 ', 7000],
    ['1.5', 1500],
  ])('%j seconds', (value, ms) => {
    expect(retryAfterMs(value, NOW)).toBe(ms);
  });

  test.each([
    ['an IMF-fixdate', 'Sun, 22 Nov 2026 10:00:30 GMT'],
    ['an RFC 850 date', 'Sunday, 22-Nov-26 10:00:30 GMT'],
    ['an asctime date', 'Sun Nov 22 10:00:30 2026'],
  ])('%s in the future', (_, value) => {
    expect(retryAfterMs(value, NOW)).toBe(30_000);
  });
});

describe('Retry-After gives no advice when it is garbage', () => {
  test.each([
    '-5',
    '+5',
    '1.5.2',
    '1.',
    '.5',
    '5s',
    '1e3',
    '0x10',
    'Infinity',
    'NaN',
    'soon',
    '',
    '   ',
    '9'.repeat(400),
    'Sun, 22 Nov 2026 09:59:00 GMT',
    'Mon, 99 Foo 2026 10:00:30 GMT',
    `Mon, ${'1'.repeat(100_000)}`,
  ])('%j', (value) => {
    expect(retryAfterMs(value, NOW)).toBeUndefined();
  });

  test('absent', () => {
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });

  test('any text gives no advice or a finite wait that is not negative', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const ms = retryAfterMs(value, NOW);
        expect(ms === undefined || (Number.isFinite(ms) && ms >= 0)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the headers that ask for a wait', () => {
  test('retry-after-ms first, when sane, then Retry-After', () => {
    expect(retryAfterHeaderMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }), NOW)).toBe(250);
    expect(retryAfterHeaderMs(new Headers({ 'retry-after-ms': '-1', 'retry-after': '3' }), NOW)).toBe(3000);
    expect(retryAfterHeaderMs({ 'Retry-After': 'Sun, 22 Nov 2026 10:00:05 GMT' }, NOW)).toBe(5000);
    expect(retryAfterHeaderMs(new Headers(), NOW)).toBeUndefined();
  });

  test('a fetch Headers read the same way, alone', () => {
    for (const init of <Record<string, string>[]>[
      { 'retry-after-ms': '250', 'retry-after': '3' },
      { 'retry-after-ms': '-1', 'retry-after': '3' },
      { 'Retry-After': 'Sun, 22 Nov 2026 10:00:05 GMT' },
      { 'retry-after': 'soon' },
      {},
    ]) {
      const headers = new Headers(init);
      expect(retryAfterFetchHeadersMs(headers, NOW)).toBe(retryAfterHeaderMs(headers, NOW));
    }
    expect(retryAfterFetchHeadersMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }), NOW)).toBe(250);
    expect(retryAfterFetchHeadersMs(new Headers({ 'retry-after': '3' }), NOW)).toBe(3000);
  });
});
