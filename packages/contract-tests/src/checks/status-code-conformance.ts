// status_code_conformance: a request that follows the spec is served, not
// refused (with any status, in the body or not), and every status is one
// its operation declares. The source documentation shows no status codes,
// so the status itself is judged only as a convention: a success body comes
// with a 2XX, and a request is answered rather than redirected.
import { isSuccessStatus } from '@tallyport/http-policy';
import { declaredResponseKeys, responseFor, singleKind, writableKind } from '@tallyport/spec-model/query';
import { type Answer, sequenceWrite } from '../answers/answer.js';
import { eachAnswered, fail, pass, skip, titleOf } from './judging/evidence.js';
import { refusalBasis } from './judging/related.js';
import { plainWrite } from '../cases/values.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

const conforming = (answer: Answer): boolean => answer.case?.expect === 'success' && answer.case.auth === 'valid';

/**
 * The first read of the same record after a refused delete, when it shows the record gone: the delete was taken
 * (the record was read before it, and nothing else of the run deletes it).
 */
const takenAnyway = (run: RecordedRun, remove: Answer): Answer | undefined => {
  if (remove.operation.effect !== 'delete' || !remove.case?.record) return undefined;
  const next = run.answers.find(
    (other) =>
      other.exchange.id > remove.exchange.id &&
      other.operation.effect === 'read' &&
      other.case?.record === remove.case!.record &&
      other.case?.auth === 'valid' &&
      singleKind(other.operation) !== undefined,
  );
  return next?.verdict === 'refused' && next.status !== undefined && next.status < 500 ? next : undefined;
};

/**
 * A read by id of a record of the kind the run may write: whether the record should read then (listed, created,
 * deleted, gone by another client's doing, slow to show a write) is the model of the state's to judge
 * (read_matches_list), whichever part of the run sent it.
 */
const readOfState = (run: RecordedRun, answer: Answer): boolean =>
  answer.operation.effect === 'read' &&
  singleKind(answer.operation) !== undefined &&
  singleKind(answer.operation) === writableKind(run.model)?.name;

/**
 * The same write sent again in the other common encoding, served: the documented body is never read, since nothing
 * else differs between the two requests (a plan limit or a domain rule refuses both alike).
 */
const servedEncoded = (run: RecordedRun, write: Answer): Answer | undefined =>
  write.operation.effect === 'read' || write.case?.encoding
    ? undefined
    : run.answers.find(
        (other) =>
          other.exchange.id > write.exchange.id &&
          other.operation.id === write.operation.id &&
          other.case?.encoding !== undefined &&
          JSON.stringify(other.case.values) === JSON.stringify(write.case!.values) &&
          other.verdict === 'accepted',
      );

function judge(run: RecordedRun, answer: Answer): CaseResult {
  const { operation } = answer;
  const status = answer.status!;
  if (!responseFor(operation, status))
    return fail(
      'undeclared-status',
      answer,
      `a status declared by ${operation.id} (${declaredResponseKeys(operation)})`,
      `HTTP ${status} is not declared`,
      { basis: 'specified' },
    );
  if (answer.outcome === 'success' && !isSuccessStatus(status))
    return fail('unexpected-status', answer, 'a success body comes with a 2XX status', `HTTP ${status}`, {
      basis: 'convention',
    });
  if (!conforming(answer) && !sequenceWrite(answer)) return pass(titleOf(answer));
  if (status >= 300 && status < 400)
    return fail(
      'unexpected-status',
      answer,
      `the answer to a request that follows the spec (${operation.id}) itself, not a redirect (never followed)`,
      `HTTP ${status}${answer.exchange.response?.headers.location ? ' to another address' : ''}`,
      { basis: 'convention' },
    );
  if (answer.verdict !== 'refused') return pass(titleOf(answer));
  if (readOfState(run, answer))
    return skip(titleOf(answer), 'a read of a record the run writes: read_matches_list judges it on the model');
  const encoded = servedEncoded(run, answer);
  if (encoded)
    return fail(
      'write-refused',
      answer,
      `the documented body (${operation.body?.mediaType ?? 'its media type'}) is read: a ${operation.id} that ` +
        'follows the spec is served',
      `refused as documented, while the same values sent as ${encoded.case!.encoding} were accepted ` +
        `(#${encoded.exchange.id}): the documented body is never read`,
      { basis: 'specified', related: [encoded] },
    );
  const taken = takenAnyway(run, answer);
  // A delete sent again (after a gateway's 504, say) was taken by an earlier attempt: the 404 to the last is true.
  if (taken && answer.exchange.attempts > 1) return pass(titleOf(answer));
  if (taken)
    return fail(
      'unexpected-status',
      answer,
      `the answer to a ${operation.id} that was taken says it was served`,
      `refused (HTTP ${status}), while the read after it (#${taken.exchange.id}) shows the record deleted`,
      { basis: 'specified', related: [taken] },
    );
  if (answer.operation.effect !== 'read' && !plainWrite(answer.case?.values ?? {}))
    return skip(
      titleOf(answer),
      'a write of text the deployment may refuse by a rule of its own (long, outside ASCII, or read by a query ' +
        'language): neighbours_served judges it against its neighbours',
    );
  const how =
    answer.outcome === 'error'
      ? 'the body states an error'
      : answer.refusedInBody
        ? 'a refusal in a 2XX body (not the success payload, no record)'
        : `refused with HTTP ${status}`;
  return fail('unexpected-status', answer, `a request that follows the spec is served (${operation.id})`, how, {
    basis: refusalBasis(run, answer),
  });
}

export const statusCodeConformance: CheckDefinition = {
  name: 'status_code_conformance',
  description:
    'Requests that follow the spec are served, not refused; statuses are declared; a success comes with a 2XX ' +
    '(a convention).',
  needs: ['baseline', 'coverage', 'derived', 'combination', 'example', 'write', 'sequence'],
  judge: (run) => eachAnswered(run, (answer) => judge(run, answer)),
};
