// Cases that need the deployment's own data, derived from the answers the
// run already has: the requests the spec's links lead to (every listed
// record read back by its id, a read record found in its list, a
// purchase's item read), and the default,
// page-size, sort, range and search cases sent on the richest answer (the one
// with the most rows) of each list and of each selection of its data (each
// statistic name), so their effects are observable. The search text comes
// from the rows themselves.
import {
  identifyingParameter,
  listedKind,
  modifierPairs,
  type OperationModel,
  type ParameterModel,
  parameterWithRole,
  SHAPING_ROLES,
  singleKind,
} from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import type { Row } from '../answers/records.js';
import type { TemplateValue, Values } from '../spec/secrets.js';
import { baselineValues } from '../cases/coverage.js';
import { followLink } from './links.js';
import type { CaseContext } from '../cases/context.js';
import { type RequestCase, requestCase } from '../cases/types.js';
import { DATE_EDGES, largestValue, revealingInvalidSize, validValues } from '../cases/values.js';
import { DAY_MS, searchField, ymd } from '../cases/values.js';

/** How many listed records are read back per list, at most. */
export const MAX_READS_PER_LIST = 12;

const derived = (
  operation: OperationModel,
  values: Values,
  step: string,
  note: string,
  extra: Partial<RequestCase> = {},
) => requestCase(operation.id, 'derived', values, note, { expect: 'success', step, ...extra });

const usable = (answer: Answer): boolean =>
  answer.verdict === 'accepted' && answer.case?.auth === 'valid' && answer.case.expect === 'success';

/**
 * Parameters that choose which data a list holds rather than how it is shown: enums without a role (a
 * statistic's `name`). Each value may be served by its own code, so the effects are tried on each one's answer.
 */
export const selectors = (operation: OperationModel): ParameterModel[] =>
  operation.parameters.filter((parameter) => parameter.enum && !parameter.role && parameter.in !== 'body');

type Richest = { answer: Answer; rows: Row[]; score: number };

/** For each selection of `operation`'s data, the answered case with the most rows, and those rows. */
export function richestBySelection(operation: OperationModel, answers: readonly Answer[]): Richest[] {
  const chosen = selectors(operation);
  const best = new Map<string, Richest>();
  for (const answer of answers) {
    if (answer.operation.id !== operation.id || !usable(answer) || !answer.records?.many) continue;
    const selection = chosen.map((parameter) => String(answer.case!.values[parameter.name] ?? '')).join('&');
    // A stated total tells rows beyond the page apart: it ranks first.
    const score = Math.max(answer.records.count, answer.page?.statedTotal ?? 0);
    const current = best.get(selection);
    if (!current || score > current.score) best.set(selection, { answer, rows: answer.records.rows, score });
  }
  return [...best.values()];
}

/**
 * The texts a search is tried with, drawn from rows: a whole value of the searched field, and the part of one that
 * the most values share (three characters), so a search that matches many rows can fill, or fail to fill, a page.
 */
export function searchTexts(rows: readonly Row[], field: string): { whole?: string; part?: string } {
  const texts = rows.map((row) => row[field]).filter((value): value is string => typeof value === 'string');
  const whole = texts.find((value) => value.length >= 3);
  const shared = new Map<string, number>();
  for (const text of texts) {
    const parts = new Set<string>();
    for (let at = 0; at + 3 <= text.length; at++) parts.add(text.slice(at, at + 3));
    for (const part of parts) if (part.trim().length === 3) shared.set(part, (shared.get(part) ?? 0) + 1);
  }
  let part: string | undefined;
  for (const [candidate, count] of shared) if (!part || count > shared.get(part)!) part = candidate;
  return { ...(whole ? { whole } : {}), ...(part ? { part } : {}) };
}

/** At most `count` of `items`, evenly spread from the first to the last, so a fault in one range of ids shows. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  if (count <= 1) return items.slice(0, count);
  return Array.from({ length: count }, (_, index) => items[Math.round((index * (items.length - 1)) / (count - 1))]!);
}

/** The most requests a link leads to from the answers so far, unless it starts at a list (one per row read). */
const LINK_TARGETS = 3;

/**
 * The requests the spec's links lead to from the answers of reading operations to other reading operations:
 * each listed record read by its id (spread over the whole list), a record read found again in its list by its
 * label, a purchase's item read by its id. The writes' links are the write session's to follow.
 */
function followedLinks(ctx: CaseContext, answers: readonly Answer[]): RequestCase[] {
  const cases: RequestCase[] = [];
  for (const from of ctx.model.operations) {
    if (from.effect !== 'read') continue;
    for (const link of from.links) {
      const target = ctx.model.operations.find((operation) => operation.id === link.operationId);
      if (target?.effect !== 'read' || !/^2/.test(link.response)) continue;
      const base = baselineValues(ctx, target);
      if (typeof base === 'string') continue;
      const listed = listedKind(from) !== undefined;
      const found = new Map<string, { values: Values; exchangeId: number }>();
      for (const answer of answers) {
        if (answer.operation.id !== from.id || !usable(answer) || answer.case?.linkedFrom) continue;
        for (const followed of followLink(link, answer)) {
          const key = JSON.stringify(followed.values);
          if (!found.has(key)) found.set(key, { values: followed.values, exchangeId: answer.exchange.id });
        }
      }
      const chosen = listed
        ? spread([...found.values()], MAX_READS_PER_LIST)
        : [...found.values()].slice(0, LINK_TARGETS);
      const kind = singleKind(target);
      const idParameter = kind ? identifyingParameter(target, kind) : undefined;
      for (const { values, exchangeId } of chosen) {
        const id = idParameter ? values[idParameter.name] : undefined;
        const step = listed && idParameter ? 'read-listed' : 'follow-link';
        const note = step === 'read-listed' ? `read listed ${kind} ${String(id)}` : `${link.name} from #${exchangeId}`;
        cases.push(
          derived(target, { ...base, ...values }, step, note, {
            ...(typeof id === 'string' ? { record: id } : {}),
            linkedFrom: { link: link.name, exchangeId },
          }),
        );
      }
    }
  }
  return cases;
}

/** The range one day shorter at each end, when both ends are Y-m-d dates at least three days apart. */
function innerRange(from: TemplateValue | undefined, to: TemplateValue | undefined) {
  if (typeof from !== 'string' || typeof to !== 'string') return undefined;
  const [start, end] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
  if (!Number.isFinite(start) || !Number.isFinite(end) || end - start < 2 * DAY_MS) return undefined;
  return { from: ymd(start + DAY_MS), to: ymd(end - DAY_MS) };
}

const looksLikeDate = (value: unknown): boolean => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

function effects(ctx: CaseContext, all: readonly Answer[]): RequestCase[] {
  const cases: RequestCase[] = [];
  for (const operation of ctx.model.operations) {
    if (operation.effect !== 'read' || !listedKind(operation)) continue;
    const answers = richestBySelection(operation, all).filter((best) => best.rows.length > 0);
    // The mock answers every selection with the same examples: the richest one stands for all.
    const tried = ctx.mock ? answers.sort((a, b) => b.score - a.score).slice(0, 1) : answers;
    for (const best of tried) cases.push(...effectsOn(operation, best));
    const richest = answers.reduce<Richest | undefined>(
      (top, best) => (top && top.score >= best.score ? top : best),
      undefined,
    );
    if (richest) cases.push(...invalidPageSize(operation, richest));
  }
  return cases;
}

/**
 * A page size the spec does not allow, sent on the answer that showed the most rows: one whose effect shows if it
 * is honoured (a page of exactly that size while more rows exist), where sizes past the largest allowed one show
 * nothing on a list shorter than them. Honoured, it fails; answered as the default, it warns; refused, it passes.
 */
function invalidPageSize(operation: OperationModel, richest: Richest): RequestCase[] {
  const pageSize = parameterWithRole(operation, 'page-size');
  const invalid = pageSize ? revealingInvalidSize(pageSize, richest.rows.length) : undefined;
  if (!pageSize || !invalid) return [];
  const values: Values = { ...effectBase(operation, richest), [pageSize.name]: invalid.value };
  return [
    derived(operation, values, 'page-size-invalid', `${invalid.rule}, below the ${richest.rows.length} rows shown`, {
      expect: 'refusal',
      varied: pageSize.name,
      rule: invalid.rule,
      ruleBasis: invalid.ruleBasis,
    }),
  ];
}

/** The values of an answer's request without the parameters whose effects are tried on it. */
function effectBase(operation: OperationModel, best: Richest): Values {
  const base: Values = {};
  for (const [name, value] of Object.entries(best.answer.case!.values)) {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    if (!parameter?.role || !SHAPING_ROLES.has(parameter.role)) base[name] = value;
  }
  return base;
}

/** Defaults, page sizes, sorts, searches and date ranges, each sent on one answer that has rows. */
function effectsOn(operation: OperationModel, best: Richest): RequestCase[] {
  const cases: RequestCase[] = [];
  const add = (values: Values, step: string, note: string, extra: Partial<RequestCase> = {}) =>
    cases.push(derived(operation, values, step, note, extra));
  const base = effectBase(operation, best);
  // The answer with every such parameter left out, and with each documented default sent alone: where rows
  // outnumber a default page, leaving a default out and sending it can be told apart.
  add(base, 'defaults', 'on the richest answer, defaults left out');
  for (const parameter of operation.parameters)
    if (
      parameter.role &&
      SHAPING_ROLES.has(parameter.role) &&
      parameter.hasDefault &&
      validValues(parameter).includes(String(parameter.default))
    )
      add({ ...base, [parameter.name]: String(parameter.default) }, 'default', 'the default sent', {
        varied: parameter.name,
      });
  const pageSize = parameterWithRole(operation, 'page-size');
  if (pageSize)
    for (const value of validValues(pageSize))
      add({ ...base, [pageSize.name]: value }, 'page-size', 'on the richest answer', { varied: pageSize.name });
  const sortKey = parameterWithRole(operation, 'sort-key');
  const direction = parameterWithRole(operation, 'sort-direction');
  if (sortKey && direction)
    for (const key of validValues(sortKey))
      for (const way of validValues(direction))
        add({ ...base, [sortKey.name]: key, [direction.name]: way }, 'sort', 'on the richest answer');
  const search = parameterWithRole(operation, 'search');
  const field = searchField(operation);
  const { whole, part: fragment } = search && field ? searchTexts(best.rows, field.name) : {};
  if (search && field) {
    const withField = (text: string): Values => ({
      ...base,
      [search.name]: text,
      ...(field.send && field.parameter ? { [field.parameter]: field.name } : {}),
    });
    if (whole) add(withField(whole), 'search-whole', 'a whole listed value');
    if (fragment) add(withField(fragment), 'search-part', 'part of a listed value');
    // The part many rows share on the largest page too: a page cut short by the search shows against it.
    if (fragment && pageSize && largestValue(pageSize))
      add(
        { ...withField(fragment), [pageSize.name]: largestValue(pageSize)! },
        'search-part',
        'part of a listed value, the largest page',
      );
  }
  cases.push(...modifiersTogether(operation, base, (parameter) => (parameter === search ? whole : undefined)));
  const start = parameterWithRole(operation, 'range-start');
  const end = parameterWithRole(operation, 'range-end');
  // Rows that carry dates show whether a range took effect.
  if (start && end && best.rows.some((row) => Object.values(row).some(looksLikeDate))) {
    // Whether a deployment bounds ranges or dates is not shown: these expect success only by convention.
    for (const edge of DATE_EDGES)
      add({ ...base, [start.name]: edge.from, [end.name]: edge.to }, 'range', edge.note, { basis: 'convention' });
    // The whole range and the range a day shorter at each end, on the largest page: the shorter one must answer
    // exactly the whole one's rows of its days, which shows a bound that is dropped or moved.
    const inner = innerRange(base[start.name], base[end.name]);
    const largest = pageSize ? largestValue(pageSize) : undefined;
    if (inner) {
      const page: Values = pageSize && largest ? { [pageSize.name]: largest } : {};
      add({ ...base, ...page }, 'range-outer', 'the whole range on one page');
      add(
        { ...base, ...page, [start.name]: inner.from, [end.name]: inner.to },
        'range-inner',
        'a day less at each end',
      );
    }
    // Where the rows are one per day and fewer than the largest page, a range longer than that page makes every
    // page size judgeable on data that exceeds it (a deployment may bound ranges: acceptance is a convention).
    const wide = largest ? widerRange(base[end.name], Number(largest) + 10) : undefined;
    if (pageSize && wide && best.score < Number(largest)) {
      const widened: Values = { ...base, [start.name]: wide.from, [end.name]: wide.to };
      const extra = { basis: 'convention' as const, varied: pageSize.name };
      add(widened, 'page-size-wide', 'a range longer than the largest page', extra);
      for (const value of validValues(pageSize))
        add({ ...widened, [pageSize.name]: value }, 'page-size-wide', 'a long range', extra);
      // The largest page in each direction: together they show more rows than one page holds, so a page cut
      // short shows even where no total is stated.
      if (direction)
        for (const way of validValues(direction))
          add(
            { ...widened, [pageSize.name]: String(largest), [direction.name]: way },
            'page-size-wide',
            'a long range, one way',
            extra,
          );
    }
  }
  return cases;
}

/**
 * Every allowed value of a parameter that modifies another (a search field, a sort direction) sent with that other
 * one at least once, explicitly: a deployment that drops one of them only when both are present shows it only
 * then. The modified parameter takes `valueFor`'s value (drawn from the data), or its first listed value.
 */
function modifiersTogether(
  operation: OperationModel,
  base: Values,
  valueFor: (parameter: ParameterModel) => string | undefined,
): RequestCase[] {
  const cases: RequestCase[] = [];
  for (const { modifier, modified } of modifierPairs(operation)) {
    // Free text (a search) is drawn from the data; only a listed value is sent without it.
    const value = valueFor(modified) ?? (modified.enum ? validValues(modified)[0] : undefined);
    if (value === undefined) continue;
    for (const way of validValues(modifier))
      cases.push(
        derived(
          operation,
          { ...base, [modified.name]: value, [modifier.name]: way },
          'together',
          `${modifier.name} with ${modified.name}`,
        ),
      );
  }
  return cases;
}

/** A range of `days` days ending on `to` (a Y-m-d date). */
function widerRange(to: TemplateValue | undefined, days: number) {
  if (typeof to !== 'string' || !Number.isFinite(Date.parse(`${to}T00:00:00Z`))) return undefined;
  const end = Date.parse(`${to}T00:00:00Z`);
  return { from: ymd(end - (days - 1) * DAY_MS), to };
}

export function derivedCases(ctx: CaseContext, answers: readonly Answer[]): RequestCase[] {
  return [...followedLinks(ctx, answers), ...effects(ctx, answers)];
}
