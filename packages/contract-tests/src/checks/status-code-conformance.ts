// status_code_conformance: a request that follows the spec is served, not
// refused (with any status, in the body or not), and every status is one
// its operation declares. The source documentation shows no status codes,
// so the status itself is judged only as a convention: a success body comes
// with a 2XX, and a request is answered rather than redirected.
import { isSuccessStatus } from '@tallyport/http-policy';
import { declaredResponseKeys, responseFor } from '@tallyport/spec-model/query';
import { type Answer, whileWriting } from '../answers/answer.js';
import { eachAnswered, fail, pass, skip, titleOf } from './judging/evidence.js';
import { refusalBasis } from './judging/related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

const conforming = (answer: Answer): boolean => answer.case?.expect === 'success' && answer.case.auth === 'valid';

/**
 * A write-session read followed by the same read of the same step (the session reads a record it just wrote a few
 * times, since the source does not say how soon a write shows: a replica, a cache).
 */
const madeAgain = (run: RecordedRun, answer: Answer): boolean =>
  whileWriting(answer) &&
  run.answers.some(
    (later) =>
      later.exchange.id > answer.exchange.id &&
      later.case?.key === answer.case!.key &&
      later.case.step === answer.case!.step,
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
  if (!conforming(answer)) return pass(titleOf(answer));
  if (status >= 300 && status < 400)
    return fail(
      'unexpected-status',
      answer,
      `the answer to a request that follows the spec (${operation.id}) itself, not a redirect (never followed)`,
      `HTTP ${status}${answer.exchange.response?.headers.location ? ' to another address' : ''}`,
      { basis: 'convention' },
    );
  if (answer.verdict !== 'refused') return pass(titleOf(answer));
  if (madeAgain(run, answer))
    return skip(
      titleOf(answer),
      'a read of a record just written, made again as the write may not show at once: resource_availability ' +
        'judges the reads together',
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
  needs: ['baseline', 'coverage', 'derived', 'combination', 'example', 'write'],
  judge: (run) => eachAnswered(run, (answer) => judge(run, answer)),
};
