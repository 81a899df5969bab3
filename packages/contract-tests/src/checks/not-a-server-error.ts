// not_a_server_error: no request may make the deployment fail. A conforming
// request answered with a 5XX did not get what the source documentation
// says the operation does (specified); a request that breaks a rule should
// be refused, and a 5XX is the usual wrong way to refuse it (a convention:
// status codes are not shown). A request that got no answer at all (it timed
// out, or the connection broke) got nothing the source documents, whatever
// it sent: an operation that stalls is a failure of that operation.
import { type Answer, sequenceWrite } from '../answers/answer.js';
import { CASE_FAMILIES } from '../cases/types.js';
import { UNAVAILABLE_STATUSES } from '@tallyport/http-policy';
import { mayRepeat } from '../transport/template.js';
import { fail, pass, skip, titleOf, unanswered } from './judging/evidence.js';
import { failedAgain, sentAgain } from './judging/related.js';
import type { CheckDefinition } from './judging/types.js';

/**
 * Whether every value the request sent is one the documentation allows. A deployment may refuse some of them by
 * rules of its own (a range it bounds, a write of text it validates): that is beside the point, since a 5XX is not
 * a refusal. A command sequence's writes carry only allowed values (enum values, free text), whatever the outcome
 * they may get.
 */
const conforming = (answer: Answer): boolean =>
  (answer.case?.auth === 'valid' && answer.case.expect === 'success') || sequenceWrite(answer);

export const notAServerError: CheckDefinition = {
  name: 'not_a_server_error',
  description:
    'Every request gets an answer, and none is a 5XX: an error for a conforming request (specified), a warning ' +
    'for one that breaks a rule.',
  needs: CASE_FAMILIES,
  judge: (run) =>
    run.answers.map((answer) => {
      const status = answer.status;
      // A gateway's 502, 503 or 504 says nothing of whether the request arrived: a request safe to repeat is sent
      // again, and one that answers so every time fails; one that may create a record is sent again only once the
      // state shows the first took no effect, and fails when that answers so too.
      const again = !mayRepeat(answer.operation) ? sentAgain(run, answer) : undefined;
      const unavailable = answer.answered && status !== undefined && UNAVAILABLE_STATUSES.has(status);
      if (unavailable && answer.exchange.attempts <= 1 && !failedAgain(again))
        return skip(
          titleOf(answer),
          `HTTP ${status} from a gateway says nothing of the request, and ` +
            (again
              ? `the same request sent again was answered (#${again.exchange.id})`
              : mayRepeat(answer.operation)
                ? 'it was not sent again (its retries were spent, or the run stopped)'
                : `a ${answer.operation.method} that may create a record is sent again only once the state shows it ` +
                  'took no effect (it did, or the run could not tell)'),
        );
      // A neighbour is sent only to judge a request refused or failed before it (neighbours_served): that request
      // carries the verdict, and the neighbour's answer is its evidence.
      if (answer.case?.step === 'neighbour' && (!answer.answered || (status ?? 0) >= 500))
        return skip(titleOf(answer), 'a neighbour of a refused or failed request: its answer judges that request');
      if (answer.answered && status !== undefined && status >= 500)
        return fail(
          'server-error',
          answer,
          conforming(answer)
            ? `the operation answers a request that follows the spec (${answer.operation.id}), not a server error`
            : 'a refusal, not a server error (not 5XX)',
          `HTTP ${status}`,
          { basis: conforming(answer) ? 'specified' : 'convention' },
        );
      // A connection closed before any answer is how a kept-alive connection ends that the server closed as the
      // request went out (RFC 9112, 9.3.1): a request safe to repeat was sent again at once, and one that may create
      // a record is sent again once the state shows it took no effect. Served then, the first says nothing.
      if (answer.exchange.connectionClosed && again && !failedAgain(again))
        return skip(
          titleOf(answer),
          'the connection closed before any answer, and the same request sent again was answered ' +
            `(#${again.exchange.id})`,
        );
      // A status that came with a body too large to read is an answer; the run's own cap is not the deployment's.
      if (!answer.exchange.response && !answer.exchange.interrupted)
        return fail(
          'no-answer',
          answer,
          `an answer from ${answer.operation.id}, whatever its status`,
          'no answer (if the operation is only slow, raise --timeout)',
          { basis: 'specified' },
        );
      return unanswered(answer) ?? pass(titleOf(answer));
    }),
};
