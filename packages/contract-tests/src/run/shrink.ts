// Shrinking a failing generated request to the smallest one that fails the
// same way, before it is reported: each optional parameter the failure does
// not need is left out, then the generated text is cut (chunks from either
// end, halving), each step a request sent again. What a reader gets is the
// request with nothing left to take away; the larger ones that failed the same
// way are left out of the verdicts, and a note says what was shrunk.
import { modifierPairs, type OperationModel } from '@tallyport/spec-model/query';
import { type Answer, carriesMessage, documentedMessageOf } from '../answers/answer.js';
import { UNAVAILABLE_STATUSES } from '@tallyport/http-policy';
import { caseKey, caseTitle, type RequestCase } from '../cases/types.js';

/** How a single answer fails, whatever else the run saw: a server error, no answer, a wrong documented message. */
export function failsAlone(answer: Answer): string | undefined {
  if (answer.exchange.interrupted) return undefined;
  if (!answer.exchange.response) return 'no answer';
  const status = answer.status!;
  if (status >= 500 && !UNAVAILABLE_STATUSES.has(status)) return `HTTP ${status}`;
  if (answer.case?.expect !== 'refusal' || UNAVAILABLE_STATUSES.has(status)) return undefined;
  const documented = documentedMessageOf(answer);
  return documented && !carriesMessage(answer, documented) ? `not ${documented.msg}` : undefined;
}

/** Shorter texts to try: the text without a chunk at its end or its start, chunks halving down to one character. */
function shorterTexts(text: string): string[] {
  const chars = Array.from(text);
  const found: string[] = [];
  for (let size = Math.floor(chars.length / 2); size >= 1; size = Math.floor(size / 2)) {
    found.push(chars.slice(0, chars.length - size).join(''), chars.slice(size).join(''));
  }
  return found.filter((candidate, index) => candidate.length > 0 && found.indexOf(candidate) === index);
}

/** The requests one step smaller than `testCase`: an optional parameter left out, or the varied text shorter. */
export function smallerCases(testCase: RequestCase, removable: (name: string) => boolean): RequestCase[] {
  const variants: Array<Record<string, RequestCase['values'][string]>> = [];
  for (const name of Object.keys(testCase.values)) {
    if (name === testCase.varied || !removable(name)) continue;
    const { [name]: _left, ...rest } = testCase.values;
    variants.push(rest);
  }
  const text = testCase.varied ? testCase.values[testCase.varied] : undefined;
  if (typeof text === 'string')
    for (const shorter of shorterTexts(text)) variants.push({ ...testCase.values, [testCase.varied!]: shorter });
  return variants.map((values) => ({
    ...testCase,
    key: `${caseKey(testCase.operationId, testCase.auth, values)} shrink`,
    title: caseTitle(testCase.operationId, values, 'shrunk'),
    values,
    step: 'shrink',
  }));
}

/**
 * What a shrink may leave out of a request of `operation` varying `varied`: its optional parameters, but not the
 * one that says how the varied one is read (a search's field) nor what addresses the record.
 */
export function removableFrom(operation: OperationModel, varied: string | undefined) {
  const keep = new Set(
    modifierPairs(operation).flatMap(({ modifier, modified }) => (modified.name === varied ? [modifier.name] : [])),
  );
  return (name: string) => {
    const parameter = operation.parameters.find((candidate) => candidate.name === name);
    return !!parameter && !parameter.required && !parameter.identifies && parameter.in !== 'path' && !keep.has(name);
  };
}

export interface Shrunk {
  smallest: Answer;
  /** Answers that failed the same way as larger requests: left out of the verdicts. */
  superseded: number[];
  sent: number;
}

/**
 * Sends smaller requests while one fails the same way as `first`, at most `budget` of them. `removable` says which
 * parameters may be left out (optional ones; a search's field goes with its text).
 */
export async function shrink(
  first: Answer,
  send: (testCase: RequestCase) => Promise<Answer>,
  removable: (name: string) => boolean,
  budget: number,
): Promise<Shrunk> {
  const failure = failsAlone(first);
  let smallest = first;
  const superseded: number[] = [];
  let sent = 0;
  let smaller = true;
  while (failure && smaller && sent < budget) {
    smaller = false;
    for (const candidate of smallerCases(smallest.case!, removable)) {
      if (sent >= budget) break;
      sent++;
      const answer = await send(candidate);
      if (failsAlone(answer) !== failure) continue;
      superseded.push(smallest.exchange.id);
      smallest = answer;
      smaller = true;
      break;
    }
  }
  return { smallest, superseded, sent };
}
