// The lazy statistics agree with a day-by-day scan, and the calendar refuses
// what a strict Y-m-d validator refuses.
import { describe, expect, it } from 'vitest';
import { formatDay, parseYmd, parseYmdLoosely } from './calendar.js';
import { dailyCount, type StatQuery, statisticsPage } from './statistics.js';

function scan(query: StatQuery): string[] {
  const days: string[] = [];
  for (let day = query.from; day <= query.to; day++) {
    const text = formatDay(day);
    if (!query.search || text.includes(query.search.toLowerCase())) days.push(text);
  }
  return query.sort === 'asc' ? days : days.reverse();
}

describe('daily statistics', () => {
  const ranges: Array<[string, string]> = [
    ['1999-12-30', '2001-03-01'],
    ['0000-01-01', '0003-02-28'],
    ['2019-06-15', '2024-02-29'],
    ['2024-03-01', '2024-02-29'],
  ];
  const needles = [null, '', '2', '9-1', '-02-29', '00-0', '1-', '-3', '2000-01-01', '2024-02-29', 'x', '0'];

  it.each(ranges)('from %s to %s match a day-by-day scan for every search', (from, to) => {
    for (const search of needles) {
      for (const sort of ['asc', 'desc'] as const) {
        const query: StatQuery = {
          websiteId: 4,
          name: 'visitors',
          from: parseYmd(from)!,
          to: parseYmd(to)!,
          search,
          sortBy: 'value',
          sort,
        };
        const expected = scan(query);
        const first = statisticsPage(query, 0, 100);
        expect(first.total, `${search} ${sort}`).toBe(expected.length);
        expect(first.rows.map((row) => row.value)).toEqual(expected.slice(0, 100));
        const middle = Math.floor(expected.length / 2);
        expect(statisticsPage(query, middle, 25).rows.map((row) => row.value)).toEqual(
          expected.slice(middle, middle + 25),
        );
      }
    }
  });

  it('never lowers the count as the date rises, so sorting by count follows the date', () => {
    for (let day = parseYmd('2023-12-25')!; day < parseYmd('2024-01-20')!; day++) {
      expect(dailyCount(5, 'pageviews', day + 1)).toBeGreaterThanOrEqual(dailyCount(5, 'pageviews', day));
    }
  });
});

describe('the calendar', () => {
  it('reads only real Y-m-d dates', () => {
    expect(formatDay(parseYmd('2024-02-29')!)).toBe('2024-02-29');
    expect(formatDay(parseYmd('0000-02-29')!)).toBe('0000-02-29');
    for (const bad of ['2026-02-30', '2023-02-29', '1900-02-29', '2026-13-01', '2026-00-10', '2026-1-01', '26-01-01'])
      expect(parseYmd(bad), bad).toBeUndefined();
  });

  it('rolls impossible dates over only when asked to be loose', () => {
    expect(formatDay(parseYmdLoosely('2026-02-30')!)).toBe('2026-03-02');
    expect(formatDay(parseYmdLoosely('2026-13-01')!)).toBe('2027-01-01');
  });
});
