// neighbours_served: a value the documentation allows is served where its
// neighbour of the same kind is (neighbours.ts): a statistics range is not
// refused, nor answered with a 5XX, where the same range a day earlier is
// served; a search text is not where a text of its length in ASCII is; a
// request is not where the same request was served a step earlier, unless a
// write in between explains it (the record it reads was deleted); a write
// does not fail (a 5XX, no answer) where the same write with plain short
// text is served (a refusal of it may follow a rule of the deployment's).
// Specified: the source documentation allows any Y-m-d date and any search
// text, and states no rule a neighbour could pass and its value fail. Both
// requests are the evidence.
import { identifyingParameter, writableKind } from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import { fail, pass, titleOf } from '../../checks/judging/evidence.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import { failedWrite, isWriteNeighbour, neighboursOf, refusedAllowed } from '../neighbours.js';
import { type Finding, stateCheck } from './frame.js';
import { othersWrite, shownAfter, type StateTimeline } from '../timeline.js';

const NAME = 'neighbours_served';

/** The key of an operation's request by its values (the secrets filled in), for finding the same request again. */
const requestKey = (run: RecordedRun, operationId: string, values: Readonly<Record<string, unknown>>): string =>
  JSON.stringify([
    operationId,
    Object.keys(values)
      .filter((name) => values[name] !== undefined)
      .sort()
      .map((name) => [name, run.valueOf(values[name] as never)]),
  ]);

/** A delete between two answers of the record `answer` addresses: what may explain that it is refused now. */
function deletedBetween(run: RecordedRun, earlier: Answer, answer: Answer): boolean {
  const parameter = answer.operation.parameters.find((candidate) => candidate.identifies !== undefined);
  const id = parameter ? answer.case?.values[parameter.name] : undefined;
  if (id === undefined) return false;
  return run.answers.some((other) => {
    if (other.operation.effect !== 'delete' || other.exchange.id <= earlier.exchange.id) return false;
    if (other.exchange.id >= answer.exchange.id) return false;
    const target = identifyingParameter(other.operation, parameter!.identifies);
    return target !== undefined && other.case?.values[target.name] === id;
  });
}

/**
 * Where another client writes to the account, a record the run did not create that is not shown again after a read of
 * it was refused went away by its doing: the same request served a step earlier says nothing then.
 */
function goneByOthers(run: RecordedRun, timeline: StateTimeline, answer: Answer, shared: boolean): boolean {
  const parameter = answer.operation.parameters.find((candidate) => candidate.identifies === timeline.kind?.name);
  const sent = parameter ? answer.case?.values[parameter.name] : undefined;
  if (!shared || sent === undefined) return false;
  const id = run.valueOf(sent);
  return timeline.model?.records.get(id)?.origin !== 'created' && !shownAfter(timeline, id, answer.exchange.id);
}

const servedAlike = (answer: Answer): boolean =>
  answer.verdict === 'accepted' && answer.case?.auth === 'valid' && answer.answered;

function findings(run: RecordedRun, timeline: StateTimeline): Finding[] {
  const found: Finding[] = [];
  const shared = othersWrite(timeline);
  const served = run.answers.filter(servedAlike);
  // The answers served, by request, in the order sent.
  const servedAs = new Map<string, Answer[]>();
  for (const answer of served) {
    const key = requestKey(run, answer.operation.id, answer.case?.values ?? {});
    servedAs.set(key, [...(servedAs.get(key) ?? []), answer]);
  }
  for (const answer of run.answers) {
    if (!refusedAllowed(answer)) continue;
    const title = `${titleOf(answer)}: served as its neighbours are`;
    const how = (answer.status ?? 0) >= 500 ? `answered HTTP ${answer.status}` : `refused (HTTP ${answer.status})`;
    let neighbour: { answer: Answer; kind: string } | undefined;
    for (const candidate of neighboursOf(
      answer.operation,
      answer.case!.values,
      answer.exchange.startedAt || Date.now(),
    )) {
      const match = servedAs.get(requestKey(run, answer.operation.id, candidate.values))?.[0];
      if (match) {
        neighbour = { answer: match, kind: candidate.kind };
        break;
      }
    }
    if (!neighbour && !goneByOthers(run, timeline, answer, shared)) {
      const before = servedAs
        .get(requestKey(run, answer.operation.id, answer.case!.values))
        ?.find((other) => other.exchange.id < answer.exchange.id && !deletedBetween(run, other, answer));
      if (before) neighbour = { answer: before, kind: 'the same request, a step earlier' };
    }
    if (!neighbour) continue;
    found.push({
      subject: `#${answer.exchange.id}`,
      version: 0,
      result: fail(
        'neighbour-served',
        answer,
        `served, as its neighbour (${neighbour.kind}, #${neighbour.answer.exchange.id}) is: the source documentation ` +
          'allows both values alike',
        `${how}, while its neighbour was served`,
        { basis: 'specified', title, related: [neighbour.answer] },
      ),
    });
  }
  found.push(...writeFindings(run));
  // Nothing refused that a neighbour was served for: every request with a neighbour kind held the invariant.
  if (found.length > 0) return found;
  const candidates = served.filter((answer) => neighboursOf(answer.operation, answer.case!.values).length > 0);
  if (candidates.length > 0)
    found.push({
      subject: 'neighbours',
      version: 0,
      result: pass(
        `${NAME}: ${candidates.length} requests with a range or a search text, none refused as its neighbour`,
      ),
    });
  return found;
}

/** The values a write sent, the key left out, as text. */
const sentText = (run: RecordedRun, answer: Answer): Record<string, string> =>
  Object.fromEntries(
    Object.entries(answer.case?.values ?? {})
      .filter(
        ([name]) => answer.operation.parameters.find((parameter) => parameter.name === name)?.role !== 'credential',
      )
      .map(([name, value]) => [name, run.valueOf(value)]),
  );

/** A write the documentation allows that failed, while the same write with plain short text was served. */
function writeFindings(run: RecordedRun): Finding[] {
  const label = writableKind(run.model)?.label;
  const found: Finding[] = [];
  for (const answer of run.answers) {
    if (!failedWrite(answer)) continue;
    const values = sentText(run, answer);
    const neighbour = run.answers.find(
      (other) =>
        other !== answer &&
        other.operation.id === answer.operation.id &&
        servedAlike(other) &&
        isWriteNeighbour(values, sentText(run, other), label),
    );
    if (!neighbour) continue;
    found.push({
      subject: `#${answer.exchange.id}`,
      version: 0,
      result: fail(
        'neighbour-served',
        answer,
        `served, as the same write with plain short text is (#${neighbour.exchange.id}): the source documentation ` +
          'allows both values alike, and a deployment that does not take one refuses it',
        answer.answered ? `answered HTTP ${answer.status}` : 'no answer',
        { basis: 'specified', title: `${titleOf(answer)}: served as its neighbours are`, related: [neighbour] },
      ),
    });
  }
  return found;
}

export const neighboursServed = stateCheck(
  NAME,
  'A value the documentation allows is served where its neighbour of the same kind is: the day before, the same ' +
    'length of ASCII text, the same request a step earlier.',
  {
    writes: false,
    // A refusal is the deployment's answer to one request: no later look undoes it.
    lags: false,
    nothingToJudge: 'no allowed request was refused',
    findings,
  },
);
