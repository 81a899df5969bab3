// Generated values: fast-check arbitraries, seeded, for what the spec's own
// values never try. Free text (a search, a code only the owner knows) in each
// class of text a deployment's code may mishandle (letters outside ASCII, CJK,
// emoji, right-to-left scripts, combining marks, long text), each sent with the
// other optional parameters drawn at random (so a failure can be shrunk to the
// parameters it needs), and date ranges that start and end on month ends and
// leap days. The same seed gives the same requests (`--seed`, printed).
import fc from 'fast-check';
import { type OperationModel, type ParameterModel, parameterWithRole } from '@tallyport/spec-model/query';
import type { Values } from '../spec/secrets.js';
import { type CaseContext, ownerKnown, settable } from './context.js';
import { baselineValues } from './coverage.js';
import { type RequestCase, requestCase } from './types.js';
import { searchField, validValues, ymd } from './values.js';

const char = (min: number, max: number) => fc.integer({ min, max }).map((code) => String.fromCodePoint(code));

/** Classes of text, each a place where code that handles only short ASCII text breaks. */
export const TEXT_CLASSES: ReadonlyArray<{ name: string; text: fc.Arbitrary<string> }> = [
  {
    name: 'letters outside ASCII',
    text: fc.string({ unit: fc.constantFrom(...'àéîõüñçßøåæœłđžš'), minLength: 1, maxLength: 8 }),
  },
  { name: 'CJK', text: fc.string({ unit: char(0x4e00, 0x9fff), minLength: 1, maxLength: 6 }) },
  { name: 'emoji', text: fc.string({ unit: char(0x1f300, 0x1f5ff), minLength: 1, maxLength: 4 }) },
  {
    name: 'right-to-left',
    text: fc.string({ unit: fc.oneof(char(0x05d0, 0x05ea), char(0x0627, 0x064a)), minLength: 1, maxLength: 8 }),
  },
  {
    name: 'combining marks',
    text: fc
      .array(fc.tuple(char(0x61, 0x7a), char(0x0300, 0x036f)), { minLength: 1, maxLength: 4 })
      .map((pairs) => pairs.map(([letter, mark]) => letter + mark).join('')),
  },
  {
    name: 'long',
    text: fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'),
      minLength: 65,
      maxLength: 300,
    }),
  },
];

/** Free text a deployment reads as text: no enum, no format, not an identifier. */
const isFreeText = (parameter: ParameterModel): boolean =>
  !parameter.enum &&
  !parameter.format &&
  !parameter.identifies &&
  parameter.in !== 'path' &&
  (parameter.types.length === 0 || parameter.types.includes('string'));

/** The optional parameters with listed values, each drawn or left out: what a shrink may take away. */
function othersArbitrary(operation: OperationModel, except: readonly string[]) {
  const parts: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const parameter of settable(operation)) {
    if (parameter.required || !parameter.enum || except.includes(parameter.name) || parameter.in === 'path') continue;
    parts[parameter.name] = fc.option(fc.constantFrom(...validValues(parameter)), { nil: undefined });
  }
  return fc.record(parts);
}

/** A range starting and ending on a month's last day or a leap day, forwards, at most about two months long. */
const edgeRange = fc
  .tuple(
    fc.integer({ min: 2016, max: 2026 }),
    fc.integer({ min: 0, max: 11 }),
    fc.integer({ min: 0, max: 2 }),
    fc.boolean(),
  )
  .map(([year, month, months, leap]) => {
    const leapYear = year - (year % 4);
    const start = leap ? Date.UTC(leapYear, 1, 29) : Date.UTC(year, month + 1, 0);
    const end = Date.UTC(new Date(start).getUTCFullYear(), new Date(start).getUTCMonth() + months + 1, 0);
    return { from: ymd(start), to: ymd(end) };
  });

/** How many date ranges on month ends and leap days each ranged operation gets. */
const RANGES = 2;

/**
 * The generated cases of every reading operation: one per class of text for each free-text parameter (a code only
 * the owner knows as the documented unrecognised one), and `RANGES` ranges on month ends. Acceptance rests on a
 * convention (a deployment may bound text or ranges; the source shows no limit), a server error never does.
 */
export function generatedCases(ctx: CaseContext, seed: number): RequestCase[] {
  // The embedded Prism mock answers with the spec's examples, whatever value is sent: generated values show nothing
  // there.
  if (ctx.mock) return [];
  const cases: RequestCase[] = [];
  ctx.model.operations.forEach((operation, index) => {
    if (operation.effect !== 'read') return;
    const known = ownerKnown(operation);
    const field = searchField(operation);
    for (const parameter of settable(operation).filter(isFreeText)) {
      const unrecognised = operation.errorMessages.find(
        (message) => message.trigger === 'unrecognised-value' && message.parameter === parameter.name,
      );
      const base = known.has(parameter.name)
        ? baselineValues(ctx, operation, { [parameter.name]: 'tallyport-never-sent' })
        : baselineValues(ctx, operation);
      if (typeof base === 'string' || (known.has(parameter.name) && !unrecognised)) continue;
      const withField =
        parameter.role === 'search' && field?.send && field.parameter ? { [field.parameter]: field.name } : {};
      const except = [parameter.name, ...Object.keys(withField)];
      TEXT_CLASSES.forEach((textClass, classIndex) => {
        const [drawn] = fc.sample(fc.tuple(textClass.text, othersArbitrary(operation, except)), {
          seed: (seed + index * 7919 + classIndex * 104_729) | 0,
          numRuns: 1,
        });
        const [text, others] = drawn!;
        const values: Values = { ...base, ...withField, [parameter.name]: text };
        for (const [name, value] of Object.entries(others)) if (value !== undefined) values[name] = value;
        const note = `${parameter.name} generated: ${textClass.name}`;
        cases.push(
          requestCase(operation.id, 'example', values, note, {
            step: 'generated',
            varied: parameter.name,
            ...(unrecognised
              ? { expect: 'refusal' as const, message: unrecognised.code }
              : { expect: 'success' as const, basis: 'convention' as const }),
          }),
        );
      });
    }
    const start = parameterWithRole(operation, 'range-start');
    const end = parameterWithRole(operation, 'range-end');
    const base = baselineValues(ctx, operation);
    if (!start || !end || typeof base === 'string') return;
    for (const range of fc.sample(edgeRange, { seed: (seed + index * 31) | 0, numRuns: RANGES })) {
      const values = { ...base, [start.name]: range.from, [end.name]: range.to };
      const fields = { step: 'generated', varied: start.name, expect: 'success', basis: 'convention' } as const;
      cases.push(requestCase(operation.id, 'example', values, 'generated: a range on month ends', fields));
    }
  });
  return cases;
}
