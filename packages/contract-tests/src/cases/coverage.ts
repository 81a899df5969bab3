// The cases read straight from the spec, one operation at a time: the plain
// call, every valid value of every parameter alone (every enum value, date
// edges, every sort key with every direction), one broken rule at a time,
// requests without a valid key, and the requests that provoke each documented
// error message. Operations that write are left to the write round trip.
import { identifyingParameter, parameterWithRole, type OperationModel } from '@tallyport/spec-model/query';
import { API_SECRETS } from '../spec/deployment.js';
import type { Values } from '../spec/secrets.js';
import { type CaseContext, ownerKnown, settable } from './context.js';
import { type RequestCase, requestCase, worthSending } from './types.js';
import { DATE_EDGES, invalidValues, plainValue, validValues } from './values.js';

export interface GeneratedCases {
  cases: RequestCase[];
  /** Operations or families that could not be covered, with why. */
  notCovered: string[];
}

type Extra = Partial<RequestCase> & Pick<RequestCase, 'expect'>;

function make(
  operation: OperationModel,
  family: RequestCase['family'],
  values: Values,
  extra: Extra,
  note?: string,
): RequestCase {
  const made = requestCase(operation.id, family, values, note, extra);
  return extra.mockExample ? { ...made, key: `${made.key} prefer=${extra.mockExample}` } : made;
}

/** What adds the cases of one operation and family to `cases`: their values, what they expect, a note for the title. */
const adding = (cases: RequestCase[], operation: OperationModel, family: RequestCase['family']) => {
  return (values: Values, extra: Extra, note?: string) => cases.push(make(operation, family, values, extra, note));
};

/** The values of the plain call: every required (or always-sent) parameter, nothing else; `given` wins. */
export function baselineValues(ctx: CaseContext, operation: OperationModel, given: Values = {}): Values | string {
  const values: Values = { ...given };
  const known = ownerKnown(operation);
  for (const parameter of settable(operation)) {
    if ((!parameter.required && !parameter.alwaysSent) || parameter.name in given) continue;
    if (parameter.identifies) {
      const id = ctx.fixtures[parameter.identifies];
      if (id === undefined) return `no ${parameter.identifies} is known to address (${parameter.name})`;
      values[parameter.name] = id;
    } else if (known.has(parameter.name)) {
      const value = ctx.knownValues[parameter.name];
      const secret = API_SECRETS[ctx.api].knownValues[parameter.name];
      if (value === undefined)
        return `no ${parameter.name} the deployment recognises is configured${secret ? ` (set ${secret})` : ''}`;
      values[parameter.name] = value;
    } else {
      const value = plainValue(parameter);
      if (value === undefined) return `no value is known for ${parameter.name}`;
      values[parameter.name] = value;
    }
  }
  return values;
}

function positive(operation: OperationModel, base: Values): RequestCase[] {
  const cases: RequestCase[] = [];
  const add = adding(cases, operation, 'coverage');
  const known = ownerKnown(operation);
  for (const parameter of settable(operation)) {
    if (parameter.identifies || known.has(parameter.name) || parameter.in === 'path') continue;
    if (parameter.role === 'range-start' || parameter.role === 'range-end') continue;
    const vary = (value: string, expect: 'success' | 'any', note?: string) =>
      add({ ...base, [parameter.name]: value }, { expect, varied: parameter.name }, note);
    for (const value of validValues(parameter)) vary(value, 'success');
    const fallback = parameter.default === undefined ? undefined : String(parameter.default);
    // A documented default outside the allowed values (a quirk): sent to see what the deployment does, never judged.
    if (fallback !== undefined && !validValues(parameter).includes(fallback))
      vary(fallback, 'any', 'the documented default, outside the allowed values');
  }
  const start = parameterWithRole(operation, 'range-start');
  const end = parameterWithRole(operation, 'range-end');
  // Whether a deployment bounds ranges or dates is not shown: these expect success only by convention.
  if (start && end)
    for (const edge of DATE_EDGES)
      add(
        { ...base, [start.name]: edge.from, [end.name]: edge.to },
        { expect: 'success', varied: start.name, basis: 'convention' },
        edge.note,
      );
  const sortKey = parameterWithRole(operation, 'sort-key');
  const direction = parameterWithRole(operation, 'sort-direction');
  if (sortKey && direction)
    for (const key of validValues(sortKey))
      for (const way of validValues(direction))
        add({ ...base, [sortKey.name]: key, [direction.name]: way }, { expect: 'success', varied: sortKey.name });
  return cases;
}

function negative(operation: OperationModel, base: Values): RequestCase[] {
  const cases: RequestCase[] = [];
  const add = adding(cases, operation, 'negative');
  for (const parameter of settable(operation)) {
    if (parameter.in === 'path') continue;
    for (const { value, rule, ruleBasis } of invalidValues(parameter))
      add({ ...base, [parameter.name]: value }, { expect: 'refusal', varied: parameter.name, rule, ruleBasis }, rule);
    if (!parameter.required || !(parameter.name in base)) continue;
    const { [parameter.name]: _left, ...rest } = base;
    const rule = 'a required parameter missing';
    add(rest, { expect: 'refusal', varied: parameter.name, rule, ruleBasis: 'specified' }, `without ${parameter.name}`);
  }
  return cases;
}

function auth(ctx: CaseContext, operation: OperationModel, base: Values): RequestCase[] {
  if (!operation.credential) return [];
  const cases: RequestCase[] = [];
  const add = adding(cases, operation, 'auth');
  add(base, { expect: 'refusal', auth: 'missing' }, 'no key');
  if (worthSending('wrong', ctx.mock)) add(base, { expect: 'refusal', auth: 'wrong' }, 'a wrong key');
  // A key that is empty or only spaces is no key: refused as a missing one is (some code trims it, then matches).
  for (const [mode, note] of [
    ['blank', 'an empty key'],
    ['whitespace', 'a key of spaces only'],
  ] as const)
    if (worthSending(mode, ctx.mock)) add(base, { expect: 'refusal', auth: mode }, note);
  // A record the main key can read, read with the key that lists none: found (records may be shared by keys) or not
  // found with the message documented for that; never another refusal.
  const notFound = operation.errorMessages.find((message) => message.trigger === 'unknown-identifier');
  if (notFound && ctx.hasKeyWithoutRecords && identifyingParameter(operation)) {
    const extra: Extra = {
      expect: 'any',
      auth: 'key-without-records',
      message: notFound.code,
      step: 'other-key-record',
    };
    add(base, extra, 'another key: found, or not found');
  }
  // What a key selects is compared across keys: the other valid key asks the same, where no message says what.
  const documented = operation.errorMessages.some((message) => message.trigger === 'key-without-records');
  if (operation.scope === 'key' && ctx.hasKeyWithoutRecords && !documented)
    add(base, { expect: 'success', auth: 'key-without-records', step: 'other-key' }, 'another key');
  return cases;
}

/** The spec example that shows `msg`, so the mock can be asked for it. */
function exampleShowing(ctx: CaseContext, operation: OperationModel, msg: string): string | undefined {
  const field = ctx.model.outcome?.messageField;
  if (!field) return undefined;
  for (const response of operation.responses)
    for (const example of response.examples) {
      const value = example.value as Record<string, unknown> | null;
      if (value && typeof value === 'object' && value[field] === msg) return example.name;
    }
  return undefined;
}

function documented(ctx: CaseContext, operation: OperationModel, base: Values | string): RequestCase[] {
  const cases: RequestCase[] = [];
  for (const message of operation.errorMessages) {
    if (!message.trigger) continue;
    const mockExample = ctx.mock ? exampleShowing(ctx, operation, message.msg) : undefined;
    const extra = { expect: 'refusal' as const, message: message.code, ...(mockExample ? { mockExample } : {}) };
    if (message.trigger === 'key-without-records') {
      if (typeof base === 'string' || !ctx.hasKeyWithoutRecords) continue;
      cases.push(make(operation, 'documented', base, { ...extra, auth: 'key-without-records' }, message.condition));
    } else if (message.trigger === 'unknown-identifier') {
      const parameter = identifyingParameter(operation);
      const unknown = parameter ? ctx.unknownIds[parameter.identifies!] : undefined;
      if (!parameter || unknown === undefined) continue;
      const values = typeof base === 'string' ? {} : { ...base };
      cases.push(make(operation, 'documented', { ...values, [parameter.name]: unknown }, extra, message.condition));
    } else if (message.trigger === 'unrecognised-value' && message.parameter) {
      const values: Values = {};
      for (const parameter of settable(operation)) {
        if (parameter.required && parameter.name !== message.parameter) {
          const plain = plainValue(parameter);
          if (plain !== undefined) values[parameter.name] = plain;
        }
      }
      values[message.parameter] = 'tallyport-unrecognised-0000';
      cases.push(make(operation, 'documented', values, extra, message.condition));
    }
  }
  return cases;
}

/**
 * The broken values of a required parameter whose valid values only the deployment's owner knows (a purchase code),
 * when none is configured: each broken value (left out, blank, the wrong type) stands where the valid one would,
 * so the rest of the request is the plain call's and no valid value is needed.
 */
function withoutOwnerValue(ctx: CaseContext, operation: OperationModel): RequestCase[] {
  const known = ownerKnown(operation);
  const unknown = settable(operation).filter(
    (parameter) => parameter.required && known.has(parameter.name) && ctx.knownValues[parameter.name] === undefined,
  );
  if (unknown.length !== 1) return [];
  const name = unknown[0]!.name;
  const base = baselineValues(ctx, operation, { [name]: 'tallyport-never-sent' });
  if (typeof base === 'string') return [];
  return negative(operation, base).filter((testCase) => testCase.varied === name);
}

/** Every case the spec yields for the operations that only read. */
export function coverageCases(ctx: CaseContext): GeneratedCases {
  const cases: RequestCase[] = [];
  const notCovered: string[] = [];
  for (const operation of ctx.model.operations) {
    if (operation.effect !== 'read') continue;
    const base = baselineValues(ctx, operation);
    cases.push(...documented(ctx, operation, base));
    if (typeof base === 'string') {
      notCovered.push(`${operation.id}: ${base}`);
      cases.push(...withoutOwnerValue(ctx, operation));
      continue;
    }
    cases.push(make(operation, 'baseline', base, { expect: 'success' }));
    cases.push(...positive(operation, base));
    cases.push(...negative(operation, base));
    cases.push(...auth(ctx, operation, base));
  }
  return { cases, notCovered };
}
