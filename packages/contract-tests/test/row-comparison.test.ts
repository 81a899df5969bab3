// How two answers' rows and values are compared: on what the source documents of a row, with the links a
// deployment signs for each answer told apart only by a warning.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../src/answers/answer.js';
import { sameButUrlQueries, sameValue } from '../src/checks/judging/compare.js';
import { rowKeyOf, sameRows } from '../src/checks/judging/rows.js';
import type { RecordedRun } from '../src/checks/judging/types.js';
import { specModels } from '../src/spec/models.js';

const run = { model: specModels.analytics } as unknown as RecordedRun;
const answerOf = (kind: string) => ({ records: { kind } }) as unknown as Answer;

describe('rows compared on what the source documents of them', () => {
  const statRow = rowKeyOf(run, answerOf('stat-row'));
  const website = rowKeyOf(run, answerOf('website'));

  it('ignores the fields a deployment adds to a statistic row (an IRI per answer, a share of the range)', () => {
    const first = [{ '@id': '/.well-known/genid/a1', value: 'Europe', count: 7, percentage: 70 }];
    const second = [{ '@id': '/.well-known/genid/b2', value: 'Europe', count: 7, percentage: 35 }];
    expect(sameRows(first, second, 'count', false, statRow)).toBe(true);
  });

  it('still tells rows apart by their documented count and value', () => {
    expect(sameRows([{ value: 'Europe', count: 7 }], [{ value: 'Europe', count: 8 }], 'count', false, statRow)).toBe(
      false,
    );
    expect(sameRows([{ value: 'Asia', count: 7 }], [{ value: 'Europe', count: 7 }], 'count', false, statRow)).toBe(
      false,
    );
  });

  it('ignores a live counter and timestamps on websites, not their documented settings', () => {
    const a = { id: 1, domain: 'a.example', privacy: 1, current_visitors: 3, updated_at: '2026-11-23T10:00:00Z' };
    expect(website({ ...a, current_visitors: 9, updated_at: '2026-11-23T10:00:01Z' })).toBe(website(a));
    expect(website({ ...a, privacy: 2 })).not.toBe(website(a));
  });

  it('ignores how a password is shown (masked, hashed or left out is a convention)', () => {
    const a = { id: 1, domain: 'a.example', password: '••••' };
    expect(website({ ...a, password: 'hash:9f2c' })).toBe(website(a));
  });

  it('compares a row that shows none of the documented fields whole', () => {
    expect(statRow({ name: 'Europe', total: 7 })).not.toBe(statRow({ name: 'Europe', total: 8 }));
  });

  it('accepts rows that tie on the sort key in any order, not others', () => {
    const a = [
      { value: 'x', count: 5 },
      { value: 'y', count: 5 },
      { value: 'z', count: 1 },
    ];
    const tiesSwapped = [a[1]!, a[0]!, a[2]!];
    expect(sameRows(a, tiesSwapped, 'count', false, statRow)).toBe(true);
    expect(sameRows(a, [a[2]!, a[0]!, a[1]!], 'count', false, statRow)).toBe(false);
    expect(sameRows(a, tiesSwapped, undefined, false, statRow)).toBe(false);
  });
});

describe('a number shown as text', () => {
  it('is the same value at any depth, as it is at the top (a price on one API as a privacy on the other)', () => {
    expect(sameValue('1', 1)).toBe(true);
    expect(sameValue({ regular: '89', extended: 129 }, { regular: 89, extended: '129' })).toBe(true);
    expect(sameValue([{ count: '3' }], [{ count: 3 }])).toBe(true);
    expect(sameValue({ regular: '89' }, { regular: 90 })).toBe(false);
    expect(sameValue({ regular: 89 }, { regular: 89, extended: 1 })).toBe(false);
    // Nor is a number shown as text a link signed for each answer.
    expect(sameButUrlQueries({ regular: '89' }, { regular: 89 })).toBe(true);
  });
});

describe('one number or one instant written two ways', () => {
  it('is the same value: a fraction of zeros, a float printed to 17 digits, another precision or zone form', () => {
    expect(sameValue('10.00', 10)).toBe(true);
    expect(sameValue('10.00', '10')).toBe(true);
    expect(sameValue(12.990000000000002, '12.99')).toBe(true);
    expect(sameValue('2026-11-28T10:00:00Z', '2026-11-28T10:00:00.000000+00:00')).toBe(true);
    expect(sameValue('2026-11-28T10:00:00Z', '2026-11-28 10:00:00+0000')).toBe(true);
  });

  it('is not the same where the number or the instant differs, nor text that only looks like a number', () => {
    expect(sameValue('10.01', 10)).toBe(false);
    expect(sameValue('007', '7')).toBe(false);
    expect(sameValue('2026-11-28T10:00:00Z', '2026-11-28T10:00:01Z')).toBe(false);
  });
});

describe('links that differ in their query only', () => {
  const signed = (date: string) =>
    `https://media.example-cdn.com/items/7/preview.jpg?X-Amz-Date=${date}&X-Amz-Signature=ab${date}`;

  it('are the same link to one file, deep in a record, but not the same value', () => {
    const a = { preview_image: signed('20261123T100000Z'), screenshots: [signed('20261123T100000Z')] };
    const b = { preview_image: signed('20261123T100001Z'), screenshots: [signed('20261123T100001Z')] };
    expect(sameButUrlQueries(a, b)).toBe(true);
    expect(sameValue(a, b)).toBe(false);
  });

  it('are told apart when the path, the host or the shape differs', () => {
    expect(sameButUrlQueries(signed('1'), signed('1').replace('preview', 'thumbnail'))).toBe(false);
    expect(sameButUrlQueries(signed('1'), signed('1').replace('media.', 'other.'))).toBe(false);
    expect(sameButUrlQueries({ a: signed('1') }, { a: signed('2'), b: 1 })).toBe(false);
    expect(sameButUrlQueries('plain?x=1', 'plain?x=2')).toBe(false);
  });
});
