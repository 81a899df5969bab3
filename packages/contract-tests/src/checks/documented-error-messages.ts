// documented_error_messages: each documented condition answers the error
// outcome with the exact message the spec ties to it (a request that may be
// served or meet the condition, a record read with another key, is either
// served or refused with that message), and a body that states
// an outcome states one of the documented two. All of it is specified: the
// source documentation gives the `status` strings and the four messages.
import { type Answer, carriesMessage, documentedMessageOf } from '../answers/answer.js';
import { UNAVAILABLE_STATUSES } from '@tallyport/http-policy';
import { anyOutcome } from './judging/applies.js';
import { fail, pass, skip, titleOf, unanswered } from './judging/evidence.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

function judge(run: RecordedRun, answer: Answer): CaseResult | undefined {
  const outcome = run.model.outcome!;
  const code = answer.case?.message;
  const waiting = unanswered(answer);
  if (waiting) return code ? waiting : undefined;
  const fields = answer.keys ?? [];
  if (answer.outcome === 'other' && fields.includes(outcome.field))
    return fail(
      'unknown-outcome',
      answer,
      `${outcome.field} is ${String(outcome.success)} or ${String(outcome.error)}`,
      `${outcome.field} is another value`,
      { basis: 'specified' },
    );
  const documented = documentedMessageOf(answer);
  if (!documented) return undefined;
  // A throttle, a gateway or a redirect did not answer the condition; a 500 did, wrongly.
  const status = answer.status ?? 0;
  if (UNAVAILABLE_STATUSES.has(status) || (status >= 300 && status < 400))
    return skip(titleOf(answer), `HTTP ${status} says nothing about the condition`);
  if (carriesMessage(answer, documented)) return pass(titleOf(answer));
  // A case that may also be served (a record read with another key) only says which message a refusal carries.
  if (answer.case!.expect === 'any' && answer.outcome === 'success') return pass(titleOf(answer));
  return fail(
    'wrong-message',
    answer,
    `${outcome.field} ${String(outcome.error)} with ${outcome.messageField} ${documented.msg} ` +
      `(${documented.condition})`,
    answer.outcome === 'error'
      ? `${outcome.messageField} ${JSON.stringify(answer.message)}`
      : `outcome ${answer.outcome ?? 'none'}`,
    { basis: 'specified' },
  );
}

export const documentedErrorMessages: CheckDefinition = {
  name: 'documented_error_messages',
  description: 'Each documented condition answers the error outcome with its exact message; outcomes are documented.',
  needs: ['documented', 'auth', 'baseline', 'coverage', 'derived', 'example'],
  appliesTo: anyOutcome,
  judge: (run) => {
    if (!run.model.outcome) return [skip('outcome and messages', 'the spec states no outcome field for this API')];
    return run.answers.flatMap((answer) => judge(run, answer) ?? []);
  },
};
