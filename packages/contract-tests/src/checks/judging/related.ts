// What the checks that judge answers against each other share: the frame of
// checks that judge accepted answers of a live deployment, the value a case
// sent (or the documented default it left out), and "the same request but
// for these parameters".
import { type ParameterModel, writableKind } from '@tallyport/spec-model/query';
import { type Answer, acceptedConforming, ofSequence, whileWriting } from '../../answers/answer.js';
import { skip } from './evidence.js';
import type { CaseResult, RecordedRun } from './types.js';
import type { Basis } from '../../spec/basis.js';

export { acceptedConforming };

/** Why a check that needs a deployment's data is skipped on the embedded Prism mock (the summary counts it). */
export const MOCK_REASON = 'the embedded Prism mock answers with the spec examples, whatever is sent';

export function mockSkip(run: RecordedRun, title: string): CaseResult[] | undefined {
  return run.mock ? [skip(title, MOCK_REASON)] : undefined;
}

type Cache<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown };

/** What `cache` holds for `key`, computed once, the first time it is asked for. */
export function cached<K, V>(cache: Cache<K, V>, key: K, compute: () => V): V {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const value = compute();
  cache.set(key, value);
  return value;
}

/** `answers` grouped by `keyOf`, each group in the order sent; an answer whose key is undefined is left out. */
function groupBy(answers: readonly Answer[], keyOf: (answer: Answer) => string | undefined): Map<string, Answer[]> {
  const groups = new Map<string, Answer[]>();
  for (const answer of answers) {
    const key = keyOf(answer);
    if (key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(answer);
    else groups.set(key, [answer]);
  }
  return groups;
}

/**
 * The common frame of the checks that judge accepted answers of a live deployment: the mock is skipped, `judge`
 * gives verdicts (or none) per accepted answer, and a check with no verdict at all says why.
 */
export function judgeAccepted(
  run: RecordedRun,
  name: string,
  nothingToJudge: string,
  judge: (answer: Answer) => CaseResult | CaseResult[] | undefined,
): CaseResult[] {
  const onMock = mockSkip(run, name);
  if (onMock) return onMock;
  const results: CaseResult[] = [];
  for (const answer of run.answers) {
    // A command sequence's answers, and pages after the first, are the state model's to judge: the data changes
    // under a sequence, and how a further page is reached is the deployment's own.
    if (!acceptedConforming(answer) || furtherPage(answer) || ofSequence(answer)) continue;
    const verdict = judge(answer);
    if (verdict) results.push(...(Array.isArray(verdict) ? verdict : [verdict]));
  }
  return results.length > 0 ? results : [skip(name, nothingToJudge)];
}

/** A page after the first, asked for with values the operation does not declare (a page number, a cursor). */
export const furtherPage = (answer: Answer): boolean =>
  Object.keys(answer.case?.values ?? {}).some(
    (name) => !answer.operation.parameters.some((parameter) => parameter.name === name),
  );

/** The value sent for a parameter, or its documented default when it was left out. */
export function effectiveValue(run: RecordedRun, answer: Answer, parameter: ParameterModel): string | undefined {
  const sent = answer.case?.values[parameter.name];
  if (sent !== undefined) return run.valueOf(sent);
  return parameter.default === undefined ? undefined : String(parameter.default);
}

/** Each answer's comparable text, per list of parameters left out: checks ask it of every pair of answers. */
const withoutCache = new WeakMap<Answer, Map<string, string>>();

/** The values a case sent, with those of `except` left out, as one comparable text. */
export function valuesWithout(run: RecordedRun, answer: Answer, except: readonly string[]): string {
  const byExcept = cached(withoutCache, answer, () => new Map<string, string>());
  return cached(byExcept, except.join('&'), () => {
    const values = answer.case?.values ?? {};
    return Object.keys(values)
      .filter((name) => !except.includes(name))
      .sort()
      .map((name) => `${name}=${run.valueOf(values[name]!)}`)
      .join('&');
  });
}

/**
 * Whether answers of `answer`'s list may differ from one another because another client writes to the account: two
 * answers a moment apart then prove nothing about each other (the model of the state judges them, knowing that).
 */
export const othersWriteTo = (run: RecordedRun, answer: Answer): boolean =>
  !!run.othersWrite && answer.records !== undefined && answer.records.kind === writableKind(run.model)?.name;

/**
 * Accepted answers of the same operation whose request differs from `answer`'s only in `except`. Answers taken
 * while the run writes, or of a list another client writes to, are compared with nothing: the data changes under
 * them.
 */
export function sameRequestExcept(run: RecordedRun, answer: Answer, except: readonly string[]): Answer[] {
  if (whileWriting(answer) || othersWriteTo(run, answer)) return [];
  const alike = requestsAlike(run, comparableAnswers(run, answer.operation.id), except);
  return (alike.get(alikeKey(run, answer, except)) ?? []).filter((other) => other !== answer);
}

/** Answers alike share this: the state of the data they saw, and what they sent but `except`. */
const alikeKey = (run: RecordedRun, answer: Answer, except: readonly string[]): string =>
  `${answer.epoch} ${valuesWithout(run, answer, except)}`;

/** Answers of one operation grouped by `alikeKey`, per list of names left out. */
const alikeCache = new WeakMap<readonly Answer[], Map<string, Map<string, Answer[]>>>();

/** The answers grouped once per list of names left out: checks ask it of every answer, not of every pair. */
function requestsAlike(run: RecordedRun, answers: readonly Answer[], except: readonly string[]) {
  const byExcept = cached(alikeCache, answers, () => new Map<string, Map<string, Answer[]>>());
  return cached(byExcept, except.join('&'), () => groupBy(answers, (other) => alikeKey(run, other, except)));
}

/** The answers of a run that others are compared with, by operation: accepted, conforming, not of a write. */
const comparableCache = new WeakMap<readonly Answer[], { length: number; byOperation: Map<string, Answer[]> }>();

function comparableAnswers(run: RecordedRun, operationId: string): Answer[] {
  let cached = comparableCache.get(run.answers);
  // A run's answers only grow: a longer list is read again.
  if (!cached || cached.length !== run.answers.length) {
    const byOperation = groupBy(run.answers, (answer) =>
      whileWriting(answer) || !acceptedConforming(answer) ? undefined : answer.operation.id,
    );
    cached = { length: run.answers.length, byOperation };
    comparableCache.set(run.answers, cached);
  }
  return cached.byOperation.get(operationId) ?? [];
}

/**
 * What a refusal of a conforming request rests on. It is specified only when the deployment accepted the same
 * request with other values of parameters whose allowed values the spec decides (an enum, an identifier it listed,
 * a search text): then nothing the source leaves open explains the refusal. Otherwise (a date range, which may be
 * bounded; the only request of its kind) the refusal may follow a rule the source does not show.
 */
export function refusalBasis(run: RecordedRun, answer: Answer): Basis {
  if (!answer.case || (answer.case.basis ?? 'specified') === 'convention') return 'convention';
  const values = answer.case.values;
  // A field that applies under a value the request sets, and that it did not send: a deployment may require it.
  const applied = answer.operation.parameters.some(
    (field) =>
      field.appliesWhen &&
      values[field.name] === undefined &&
      values[field.appliesWhen.field] !== undefined &&
      run.valueOf(values[field.appliesWhen.field]!) === String(field.appliesWhen.value),
  );
  if (applied) return 'convention';
  const decided = (name: string) => {
    const parameter = answer.operation.parameters.find((candidate) => candidate.name === name);
    return !!parameter && (!!parameter.enum || !!parameter.identifies || parameter.role === 'search');
  };
  const explained = run.answers.some((other) => {
    if (other === answer || other.operation.id !== answer.operation.id || !acceptedConforming(other)) return false;
    const theirs = other.case!.values;
    const names = new Set([...Object.keys(values), ...Object.keys(theirs)]);
    const differing = [...names].filter(
      (name) =>
        (values[name] === undefined ? undefined : run.valueOf(values[name]!)) !==
        (theirs[name] === undefined ? undefined : run.valueOf(theirs[name]!)),
    );
    return differing.every(decided);
  });
  return explained ? 'specified' : 'convention';
}

/**
 * The same request sent again later (a write that failed and was found to have taken no effect, a retry): whether it
 * was served says whether the failure held.
 */
export const sentAgain = (run: RecordedRun, answer: Answer): Answer | undefined =>
  run.answers.find(
    (other) =>
      other.exchange.id > answer.exchange.id &&
      other.operation.id === answer.operation.id &&
      JSON.stringify(other.case?.values) === JSON.stringify(answer.case?.values),
  );

/** Whether a request sent again failed again (a 5XX, or no answer): the failure of the first held. */
export const failedAgain = (again: Answer | undefined): boolean =>
  again !== undefined && (!again.answered || (again.status ?? 0) >= 500);
