// The combinations plan: for each reading operation, every pair of values of
// two of its parameters in at least one request (every triple with --depth 3),
// counting the requests already sent. A fault that shows only when two
// parameters meet (a sort direction dropped whenever a search is present, a
// page size dropped with a search) shows in some answer, which every check
// then judges. The dimensions come from the spec model: each enum value and
// "absent" for optional parameters, a parameter and the one it modifies (a
// sort key and its direction, a search and its field) as one dimension, and
// search texts drawn from the data (a whole value, a part of one).
import { modifierPairs, type OperationModel, type ParameterModel } from '@tallyport/spec-model/query';
import { type Answer, acceptedConforming } from '../answers/answer.js';
import type { TemplateValue, Values } from '../spec/secrets.js';
import { type CaseContext, ownerKnown, settable } from '../cases/context.js';
import { baselineValues } from '../cases/coverage.js';
import { covering, type Row } from '../cases/covering.js';
import { richestBySelection, searchTexts, selectors } from './effects.js';
import { type RequestCase, requestCase } from '../cases/types.js';
import { searchField, validValues } from '../cases/values.js';

type Drawn = 'whole' | 'part';

/** One value of a dimension: each of its parameters set or left out (undefined), a search text drawn from data. */
interface Choice {
  label: string;
  values: Record<string, string | undefined>;
  drawn?: { parameter: string; kind: Drawn };
}

interface Dimension {
  name: string;
  choices: Choice[];
}

const DRAWN: readonly Drawn[] = ['whole', 'part'];

const left = (names: readonly string[]): Record<string, undefined> =>
  Object.fromEntries(names.map((name) => [name, undefined]));

/** The choices of a parameter and the parameter it modifies, as one dimension. */
function pairDimension(operation: OperationModel, modifier: ParameterModel, modified: ParameterModel): Dimension {
  const names = [modified.name, modifier.name];
  const choices: Choice[] = [{ label: 'absent', values: left(names) }];
  const ways = validValues(modifier);
  if (modified.enum) {
    const keys = validValues(modified);
    for (const key of keys) choices.push({ label: key, values: { ...left(names), [modified.name]: key } });
    for (const way of ways) choices.push({ label: way, values: { ...left(names), [modifier.name]: way } });
    for (const key of keys)
      for (const way of ways)
        choices.push({ label: `${key} ${way}`, values: { [modified.name]: key, [modifier.name]: way } });
    return { name: names.join('+'), choices };
  }
  // Free text drawn from the data; its field is sent where the spec's default is not an allowed value.
  const field = searchField(operation);
  for (const kind of DRAWN) {
    const drawn = { parameter: modified.name, kind };
    if (!field?.send) choices.push({ label: `${kind} text`, values: { ...left(names), [modified.name]: kind }, drawn });
    for (const way of ways)
      choices.push({ label: `${kind} text by ${way}`, values: { [modified.name]: kind, [modifier.name]: way }, drawn });
  }
  return { name: names.join('+'), choices };
}

/** The dimensions of an operation's combinations; a range, identifiers and owner-known values keep the plain call's. */
export function dimensionsOf(operation: OperationModel): Dimension[] {
  const pairs = modifierPairs(operation);
  const paired = new Set(pairs.flatMap(({ modifier, modified }) => [modifier.name, modified.name]));
  const known = ownerKnown(operation);
  const dimensions = pairs.map(({ modifier, modified }) => pairDimension(operation, modifier, modified));
  for (const parameter of settable(operation)) {
    if (paired.has(parameter.name) || parameter.in === 'path' || parameter.identifies || known.has(parameter.name))
      continue;
    if (parameter.role === 'range-start' || parameter.role === 'range-end') continue;
    const names = [parameter.name];
    const choices: Choice[] = parameter.required ? [] : [{ label: 'absent', values: left(names) }];
    if (parameter.enum)
      for (const value of validValues(parameter)) choices.push({ label: value, values: { [parameter.name]: value } });
    else if (parameter.role === 'search')
      for (const kind of DRAWN)
        choices.push({
          label: `${kind} text`,
          values: { [parameter.name]: kind },
          drawn: { parameter: parameter.name, kind },
        });
    else continue;
    if (choices.length > 1) dimensions.push({ name: parameter.name, choices });
  }
  return dimensions;
}

function selectionOf(run: { valueOf(value: TemplateValue): string }, operation: OperationModel, values: Values) {
  return selectors(operation)
    .map((parameter) => (values[parameter.name] === undefined ? '' : run.valueOf(values[parameter.name]!)))
    .join('&');
}

/** Which choice of each dimension a request sent: undefined where it sent none of them. */
function rowOf(
  dimensions: readonly Dimension[],
  values: Record<string, string | undefined>,
  isWhole: (text: string) => boolean,
): Row {
  return dimensions.map((dimension) => {
    const index = dimension.choices.findIndex((choice) =>
      Object.entries(choice.values).every(([name, wanted]) => {
        const sent = values[name];
        if (wanted === undefined) return sent === undefined;
        if (sent === undefined) return false;
        if (choice.drawn?.parameter === name) return choice.drawn.kind === (isWhole(sent) ? 'whole' : 'part');
        return sent === wanted;
      }),
    );
    return index < 0 ? undefined : index;
  });
}

/** Whether a dimension narrows the data to what a text drawn from it matches (a search). */
const narrows = (dimension: Dimension): boolean => dimension.choices.some((choice) => choice.drawn !== undefined);

/**
 * The rows that send every combination of the dimensions that do not narrow the data with no search at all: a
 * search that keeps one row hides what a sort or a page size does, so a plan whose only request of `domain asc`
 * with a page of 50 also searched a whole domain would never see that order.
 */
function unsearchedRows(dimensions: readonly Dimension[], strength: number, seed: number, planned: readonly Row[]) {
  const narrowing = dimensions.map(narrows);
  const absent = dimensions.map((dimension) => dimension.choices.findIndex((choice) => choice.label === 'absent'));
  if (!narrowing.some(Boolean) || narrowing.every(Boolean) || narrowing.some((on, index) => on && absent[index]! < 0))
    return [];
  const unsearched = planned.filter((row) => row.every((value, index) => !narrowing[index] || value === absent[index]));
  const open = (row: Row) => row.filter((_, index) => !narrowing[index]);
  const sizes = open(dimensions.map((dimension) => dimension.choices.length)) as number[];
  const { rows } = covering(sizes, strength, seed, unsearched.map(open));
  return rows.map((row) => {
    const values = [...row];
    return dimensions.map((_, index) => (narrowing[index] ? absent[index]! : values.shift()!));
  });
}

export interface CombinationCoverage {
  operationId: string;
  /** Combinations of `strength` values of different parameters the plan asks for. */
  possible: number;
  /** Of those, how many some request sent. */
  covered: number;
  strength: number;
}

interface Sent {
  rows: Row[];
  /** The values of the data, per selection, that a search text is whole against. */
  wholes: Map<string, Set<string>>;
}

/** What the requests so far sent, as rows of the operation's dimensions. */
function sentRows(
  ctx: Pick<CaseContext, 'model'> & { valueOf(value: TemplateValue): string },
  operation: OperationModel,
  dimensions: readonly Dimension[],
  answers: readonly Answer[],
): Sent {
  const field = searchField(operation);
  const own = answers.filter(
    (answer) => answer.operation.id === operation.id && answer.case?.auth === 'valid' && answer.case.family !== 'write',
  );
  const wholes = new Map<string, Set<string>>();
  for (const answer of own) {
    if (!acceptedConforming(answer) || !answer.records?.many || !field) continue;
    const selection = selectionOf(ctx, operation, answer.case!.values);
    const set = wholes.get(selection) ?? new Set<string>();
    for (const row of answer.records.rows) if (typeof row[field.name] === 'string') set.add(row[field.name] as string);
    wholes.set(selection, set);
  }
  const rows = own.map((answer) => {
    const values = Object.fromEntries(
      Object.entries(answer.case!.values).map(([name, value]) => [name, ctx.valueOf(value)]),
    );
    const selection = selectionOf(ctx, operation, answer.case!.values);
    return rowOf(dimensions, values, (text) => wholes.get(selection)?.has(text) ?? false);
  });
  return { rows, wholes };
}

/** How well the requests sent cover each reading operation's combinations. */
export function combinationCoverage(
  ctx: Pick<CaseContext, 'model'> & { valueOf(value: TemplateValue): string },
  answers: readonly Answer[],
  strength: number,
): CombinationCoverage[] {
  return ctx.model.operations.flatMap((operation) => {
    const dimensions = dimensionsOf(operation);
    if (operation.effect !== 'read' || dimensions.length === 0) return [];
    const { rows } = sentRows(ctx, operation, dimensions, answers);
    const sizes = dimensions.map((dimension) => dimension.choices.length);
    const { possible, coveredBefore } = covering(sizes, strength, 0, rows);
    return [{ operationId: operation.id, possible, covered: coveredBefore, strength }];
  });
}

/**
 * The requests that complete the combinations of every reading operation, given the answers so far. A drawn text
 * comes from the rows of the same selection of data; where a selection shows none, its rows leave the search out.
 */
export function combinationCases(
  ctx: CaseContext & { valueOf(value: TemplateValue): string },
  answers: readonly Answer[],
  strength: number,
  seed: number,
): RequestCase[] {
  // The embedded Prism mock answers with the spec's examples, whatever is sent: combinations show nothing there.
  if (ctx.mock) return [];
  const cases: RequestCase[] = [];
  for (const operation of ctx.model.operations) {
    const dimensions = dimensionsOf(operation);
    if (operation.effect !== 'read' || dimensions.length === 0) continue;
    const base = baselineValues(ctx, operation);
    if (typeof base === 'string') continue;
    const { rows: sent } = sentRows(ctx, operation, dimensions, answers);
    const sizes = dimensions.map((dimension) => dimension.choices.length);
    const { rows } = covering(sizes, strength, seed, sent);
    rows.push(...unsearchedRows(dimensions, strength, seed, [...sent, ...rows]));
    const richest = new Map(
      richestBySelection(operation, answers).map((best) => [
        selectionOf(ctx, operation, best.answer.case!.values),
        best,
      ]),
    );
    const field = searchField(operation);
    for (const row of rows) {
      const values: Values = { ...base };
      const chosen = row.map((index, dimension) => dimensions[dimension]!.choices[index]!);
      for (const choice of chosen)
        for (const [name, value] of Object.entries(choice.values)) {
          if (value === undefined) delete values[name];
          else if (choice.drawn?.parameter !== name) values[name] = value;
        }
      const selection = selectionOf(ctx, operation, values);
      const texts = searchTexts(richest.get(selection)?.rows ?? [], field?.name ?? '');
      for (const choice of chosen) {
        if (!choice.drawn) continue;
        const text = texts[choice.drawn.kind];
        if (text !== undefined) values[choice.drawn.parameter] = text;
        else for (const name of Object.keys(choice.values)) delete values[name];
      }
      const named = chosen.map((choice, dimension) => `${dimensions[dimension]!.name} ${choice.label}`);
      const note = `${strength > 2 ? `${strength}-wise` : 'pairwise'}: ${named.join(', ')}`;
      cases.push(requestCase(operation.id, 'combination', values, note, { expect: 'success', step: 'combination' }));
    }
  }
  return cases;
}
