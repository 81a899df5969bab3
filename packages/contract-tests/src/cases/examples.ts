// Drawn examples (`--examples N`): extra valid and invalid inputs per
// operation, drawn from the parameter schemas with fast-check and fully
// reproducible from `--seed`. A valid draw sets each optional parameter or
// not, with a value its schema allows; an invalid draw breaks one rule of
// one parameter on top of a valid draw.
import fc from 'fast-check';
import { parameterWithRole, type OperationModel, type ParameterModel } from '@tallyport/spec-model/query';
import type { Values } from '../spec/secrets.js';
import { baselineValues } from './coverage.js';
import { type CaseContext, ownerKnown, settable } from './context.js';
import { type RequestCase, requestCase } from './types.js';
import { invalidValues, validValues, ymd } from './values.js';

const dateArbitrary = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2030, 11, 31)), noInvalidDate: true })
  .map((date) => ymd(date.getTime()));

function valueArbitrary(parameter: ParameterModel): fc.Arbitrary<string> | undefined {
  if (parameter.enum) {
    const values = validValues(parameter);
    return values.length > 0 ? fc.constantFrom(...values) : undefined;
  }
  if (parameter.format === 'date') return dateArbitrary;
  if (parameter.types.includes('integer')) return fc.integer({ min: 1, max: 1_000_000 }).map(String);
  if (parameter.types.length === 0 || parameter.types.includes('string'))
    return fc.string({ minLength: Math.max(1, parameter.minLength ?? 1), maxLength: 24, unit: 'grapheme-ascii' });
  return undefined;
}

type Draw = { values: Values; broken?: { name: string; rule: string } };

function drawArbitrary(operation: OperationModel, base: Values, invalid: boolean) {
  const known = ownerKnown(operation);
  const free = settable(operation).filter(
    (parameter) => !parameter.identifies && !known.has(parameter.name) && parameter.in !== 'path',
  );
  const parts: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const parameter of free) {
    const arbitrary = valueArbitrary(parameter);
    if (!arbitrary) continue;
    parts[parameter.name] = parameter.required ? arbitrary : fc.option(arbitrary, { nil: undefined });
  }
  const breakable = free.flatMap((parameter) =>
    invalidValues(parameter).map((entry) => ({ name: parameter.name, ...entry })),
  );
  const broken = invalid && breakable.length > 0 ? fc.constantFrom(...breakable) : fc.constant(undefined);
  return fc.tuple(fc.record(parts), broken).map(([drawn, rule]): Draw => {
    const values: Values = { ...base };
    for (const [name, value] of Object.entries(drawn)) if (value !== undefined) values[name] = value;
    orderRange(operation, values);
    if (!rule) return { values };
    values[rule.name] = rule.value;
    return { values, broken: { name: rule.name, rule: rule.rule } };
  });
}

/** A drawn range runs forwards: a backwards one is not documented either way. */
function orderRange(operation: OperationModel, values: Values): void {
  const start = parameterWithRole(operation, 'range-start')?.name;
  const end = parameterWithRole(operation, 'range-end')?.name;
  if (!start || !end) return;
  const [from, to] = [values[start], values[end]];
  if (typeof from === 'string' && typeof to === 'string' && from > to) [values[start], values[end]] = [to, from];
}

/** `count` valid and `count` invalid draws per reading operation, the same for the same seed. */
export function exampleCases(ctx: CaseContext, count: number, seed: number): RequestCase[] {
  if (count <= 0) return [];
  const cases: RequestCase[] = [];
  ctx.model.operations.forEach((operation, index) => {
    if (operation.effect !== 'read') return;
    const base = baselineValues(ctx, operation);
    if (typeof base === 'string') return;
    // A drawn range may be long or far off, and whether a deployment bounds ranges is not shown.
    const ranged = !!parameterWithRole(operation, 'range-start');
    for (const invalid of [false, true]) {
      const draws = fc.sample(drawArbitrary(operation, base, invalid), {
        seed: (seed + index * 7919 + (invalid ? 104_729 : 0)) | 0,
        numRuns: count,
      });
      for (const draw of draws) {
        if (invalid && !draw.broken) continue;
        cases.push(
          requestCase(operation.id, 'example', draw.values, draw.broken ? draw.broken.rule : 'drawn', {
            ...(ranged ? { basis: 'convention' as const } : {}),
            expect: draw.broken ? 'refusal' : 'success',
            ...(draw.broken ? { varied: draw.broken.name, rule: draw.broken.rule } : {}),
          }),
        );
      }
    }
  });
  return cases;
}
