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
import { UNAVAILABLE_STATUSES } from '@tallyport/http-policy';
import { identifyingParameter, writableKind } from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import { titleOf } from '../../checks/judging/evidence.js';
import { failedAgain, sentAgain } from '../../checks/judging/related.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import { failedWrite, isWriteNeighbour, neighboursOf, refusedAllowed } from '../neighbours.js';
import { type Finding, stateCheck } from './frame.js';
import { finding } from './shared.js';
import { othersWrite, sentValues, shownAfter, type StateTimeline } from '../timeline.js';

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

/**
 * A delete of the record `answer` addresses before it: what may explain that it is refused now, even where a read
 * between served it (a replica may show a record a while after its delete).
 */
function deletedBefore(run: RecordedRun, answer: Answer): boolean {
  const parameter = answer.operation.parameters.find((candidate) => candidate.identifies !== undefined);
  const id = parameter ? answer.case?.values[parameter.name] : undefined;
  if (id === undefined) return false;
  return run.answers.some((other) => {
    if (other.operation.effect !== 'delete' || other.exchange.id >= answer.exchange.id) return false;
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
    const neighbours = neighboursOf(answer.operation, answer.case!.values, answer.exchange.startedAt || Date.now());
    let neighbour: { answer: Answer; kind: string } | undefined = neighbours.flatMap((candidate) => {
      const match = servedAs.get(requestKey(run, answer.operation.id, candidate.values))?.[0];
      return match ? [{ answer: match, kind: candidate.kind }] : [];
    })[0];
    if (!neighbour && !goneByOthers(run, timeline, answer, shared) && !deletedBefore(run, answer)) {
      const before = servedAs
        .get(requestKey(run, answer.operation.id, answer.case!.values))
        ?.find((other) => other.exchange.id < answer.exchange.id);
      if (before) neighbour = { answer: before, kind: 'the same request, a step earlier' };
    }
    if (!neighbour) continue;
    found.push(
      finding(`#${answer.exchange.id}`, 0, title, {
        kind: 'neighbour-served',
        answer,
        expected:
          `served, as its neighbour (${neighbour.kind}, #${neighbour.answer.exchange.id}) is: the source ` +
          'documentation allows both values alike',
        actual: `${how}, while its neighbour was served`,
        related: [neighbour.answer],
      }),
    );
  }
  found.push(...writeFindings(run));
  // Nothing refused that a neighbour was served for: every request with a neighbour kind held the invariant.
  if (found.length > 0) return found;
  const candidates = served.filter((answer) => neighboursOf(answer.operation, answer.case!.values).length > 0);
  const title = `${NAME}: ${candidates.length} requests with a range or a search text, none refused as its neighbour`;
  if (candidates.length > 0) found.push(finding('neighbours', 0, title));
  return found;
}

/** A write the documentation allows that failed, while the same write with plain short text was served. */
function writeFindings(run: RecordedRun): Finding[] {
  const label = writableKind(run.model)?.label;
  const found: Finding[] = [];
  for (const answer of run.answers) {
    if (!failedWrite(answer)) continue;
    // The same write sent again and answered: the failure did not hold (a gateway's occasional 503), and the answer
    // to the write is the later one's, a refusal by a rule of the deployment's included (judged where it stands).
    const again = sentAgain(run, answer);
    if (again && !failedAgain(again)) continue;
    // A gateway's 502, 503 or 504 says nothing of the write (done, its answer lost, or never sent on): as for
    // not_a_server_error, only the same write failing again when sent again is a failure.
    if (!again && answer.status !== undefined && UNAVAILABLE_STATUSES.has(answer.status)) continue;
    const values = sentValues(run, answer);
    const neighbour = run.answers.find(
      (other) =>
        other !== answer &&
        other.operation.id === answer.operation.id &&
        servedAlike(other) &&
        isWriteNeighbour(values, sentValues(run, other), label),
    );
    if (!neighbour) continue;
    found.push(
      finding(`#${answer.exchange.id}`, 0, `${titleOf(answer)}: served as its neighbours are`, {
        kind: 'neighbour-served',
        answer,
        expected:
          `served, as the same write with plain short text is (#${neighbour.exchange.id}): the source ` +
          'documentation allows both values alike, and a deployment that does not take one refuses it',
        actual: answer.answered ? `answered HTTP ${answer.status}` : 'no answer',
        related: [neighbour],
      }),
    );
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
