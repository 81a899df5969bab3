// The combinations plan, read from the spec model: its dimensions (a parameter and the one it modifies as one, search
// texts drawn from the data), the requests that complete every pair given those sent, and the coverage reported.
import { describe, expect, it } from 'vitest';
import type { CaseContext } from '../src/cases/context.js';
import { combinationCases, combinationCoverage, dimensionsOf } from '../src/derived/combinations.js';
import { generatedCases, TEXT_CLASSES } from '../src/cases/generated.js';
import { specModels } from '../src/spec/models.js';
import { answersOf } from './checks/recorded.js';

const model = specModels.analytics;
const operation = (id: string) => model.operations.find((candidate) => candidate.id === id)!;
const ctx: CaseContext & { valueOf(value: unknown): string } = {
  api: 'analytics',
  model,
  mock: false,
  fixtures: { website: '7' },
  unknownIds: {},
  knownValues: {},
  hasKeyWithoutRecords: false,
  valueOf: (value) => String(value),
};
const websites = Array.from({ length: 30 }, (_, index) => ({ id: index + 1, domain: `shop-${index + 1}.example.org` }));

describe('the dimensions of an operation', () => {
  it('pairs the sort key with its direction and the search with its field, beside the page size', () => {
    const dimensions = dimensionsOf(operation('listWebsites'));
    expect(dimensions.map((dimension) => dimension.name)).toEqual(['search+search_by', 'sort_by+sort', 'per_page']);
    const [search, sort, pageSize] = dimensions.map((dimension) => dimension.choices.map((choice) => choice.label));
    expect(sort).toEqual(['absent', 'id', 'domain', 'desc', 'asc', 'id desc', 'id asc', 'domain desc', 'domain asc']);
    expect(search).toEqual(['absent', 'whole text', 'whole text by domain', 'part text', 'part text by domain']);
    expect(pageSize).toEqual(['absent', '10', '25', '50', '100']);
  });

  it('takes a statistic name as a dimension of its own, never absent, and keeps the range of the plain call', () => {
    const dimensions = dimensionsOf(operation('getStats'));
    expect(dimensions.map((dimension) => dimension.name)).toEqual([
      'search+search_by',
      'sort_by+sort',
      'name',
      'per_page',
    ]);
    expect(dimensions[2]!.choices).toHaveLength(17);
    // The field of a statistic's search is always sent: its documented default (url) is not an allowed value.
    expect(dimensions[0]!.choices.map((choice) => choice.label)).toEqual([
      'absent',
      'whole text by value',
      'part text by value',
    ]);
  });
});

describe('the requests that complete the pairs', () => {
  const listed = answersOf([
    { operationId: 'listWebsites', values: { per_page: '100' }, status: 200, body: { data: websites } },
  ]);

  it('send every pair of values at least once, with texts drawn from the rows, the same for the same seed', () => {
    const cases = combinationCases(ctx, listed, 2, 5).filter((testCase) => testCase.operationId === 'listWebsites');
    expect(cases.length).toBeGreaterThanOrEqual(9 * 5);
    expect(cases.every((testCase) => testCase.family === 'combination' && testCase.expect === 'success')).toBe(true);
    const texts = new Set(cases.map((testCase) => testCase.values.search).filter(Boolean));
    // The part the most rows share (every domain holds "sho"), and a whole value.
    expect([...texts].sort()).toEqual(['sho', 'shop-1.example.org']);
    const sent = answersOf(
      cases.map((testCase) => ({
        operationId: 'listWebsites',
        values: testCase.values,
        status: 200,
        body: { data: websites },
        case: testCase,
      })),
    );
    const coverage = combinationCoverage(ctx, [...listed, ...sent], 2).find(
      (entry) => entry.operationId === 'listWebsites',
    )!;
    expect(coverage.covered).toBe(coverage.possible);
    expect(combinationCases(ctx, listed, 2, 5)).toEqual(combinationCases(ctx, listed, 2, 5));
  });

  it('send every pair of a sort and a page size once without a search, whatever the seed', () => {
    // A search that keeps one row hides the order: `domain asc` with a page of 50 must also come unsearched.
    for (const seed of [1, 6, 23, 24, 28]) {
      const unsearched = combinationCases(ctx, listed, 2, seed).filter(
        (testCase) => testCase.operationId === 'listWebsites' && testCase.values.search === undefined,
      );
      const pairs = new Set(
        unsearched.map(({ values }) => `${values.sort_by ?? '-'} ${values.sort ?? '-'} ${values.per_page ?? '-'}`),
      );
      for (const perPage of ['10', '25', '50', '100']) expect(pairs).toContain(`domain asc ${perPage}`);
    }
  });

  it('add nothing where the requests sent already cover every pair, and triples at depth 3', () => {
    const first = combinationCases(ctx, listed, 2, 5).filter((testCase) => testCase.operationId === 'listWebsites');
    const sent = answersOf(
      first.map((testCase) => ({
        operationId: 'listWebsites',
        values: testCase.values,
        status: 200,
        body: { data: websites },
        case: testCase,
      })),
    );
    expect(
      combinationCases(ctx, [...listed, ...sent], 2, 5).filter((testCase) => testCase.operationId === 'listWebsites'),
    ).toEqual([]);
    const triples = combinationCases(ctx, listed, 3, 5).filter((testCase) => testCase.operationId === 'listWebsites');
    expect(triples.length).toBeGreaterThanOrEqual(9 * 5 * 5 - 1);
  });
});

describe('generated values', () => {
  it('try every class of text on each free-text parameter, seeded, and nothing on the mock', () => {
    const cases = generatedCases(ctx, 3);
    const searches = cases.filter(
      (testCase) => testCase.operationId === 'listWebsites' && testCase.varied === 'search',
    );
    expect(searches).toHaveLength(TEXT_CLASSES.length);
    const texts = searches.map((testCase) => String(testCase.values.search));
    expect(texts.some((text) => [...text].some((char) => char.codePointAt(0)! > 0x7f))).toBe(true);
    expect(texts.some((text) => text.length > 64)).toBe(true);
    expect(generatedCases(ctx, 3)).toEqual(cases);
    expect(generatedCases(ctx, 4)).not.toEqual(cases);
    expect(generatedCases({ ...ctx, mock: true }, 3)).toEqual([]);
  });

  it('start and end generated ranges on month ends or leap days, forwards', () => {
    const ranges = generatedCases(ctx, 9).filter(
      (testCase) => testCase.operationId === 'getStats' && testCase.varied === 'from',
    );
    expect(ranges.length).toBeGreaterThan(0);
    for (const { values } of ranges) {
      const [from, to] = [String(values.from), String(values.to)];
      expect(from <= to).toBe(true);
      for (const day of [from, to]) {
        const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);
        expect(next.getUTCDate() === 1 || day.endsWith('-02-29')).toBe(true);
      }
    }
  });
});
