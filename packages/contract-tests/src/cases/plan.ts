// Deduplicates cases and fits them into a request budget. Families are kept
// in priority order (CASE_FAMILIES), so a small budget drops drawn examples
// before coverage and coverage before the plain calls; what is dropped is
// counted so the report can say so.
import { CASE_FAMILIES, type CaseFamily, type RequestCase } from './types.js';

export interface CasePlan {
  kept: RequestCase[];
  dropped: Partial<Record<CaseFamily, number>>;
}

export function planCases(cases: readonly RequestCase[], budget: number, seen = new Set<string>()): CasePlan {
  const unique: RequestCase[] = [];
  for (const testCase of cases) {
    if (seen.has(testCase.key)) continue;
    seen.add(testCase.key);
    unique.push(testCase);
  }
  const rank = (family: CaseFamily) => CASE_FAMILIES.indexOf(family);
  const ordered = unique
    .map((testCase, index) => ({ testCase, index }))
    .sort((a, b) => rank(a.testCase.family) - rank(b.testCase.family) || a.index - b.index)
    .map(({ testCase }) => testCase);
  const kept = ordered.slice(0, Math.max(0, budget));
  const dropped: Partial<Record<CaseFamily, number>> = {};
  for (const testCase of ordered.slice(kept.length)) dropped[testCase.family] = (dropped[testCase.family] ?? 0) + 1;
  return { kept, dropped };
}

export function addDropped(into: Partial<Record<CaseFamily, number>>, more: Partial<Record<CaseFamily, number>>): void {
  for (const [family, count] of Object.entries(more) as Array<[CaseFamily, number]>)
    into[family] = (into[family] ?? 0) + count;
}
