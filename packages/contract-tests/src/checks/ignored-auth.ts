// ignored_auth: every operation that needs a key refuses a request without
// one, a request with a wrong one, and one whose key is empty or only spaces
// (no key at all, however it is sent), reads and writes alike. The source
// documentation decides it: every analytics request carries the Bearer key,
// every marketplace operation requires api_key. How a refusal looks (status,
// body) is not shown, so any refusal counts.
import type { Answer } from '../answers/answer.js';
import { NOT_A_KEY } from '../cases/types.js';
import { fail, pass, settledByRefusal, titleOf } from './judging/evidence.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

function judge(run: RecordedRun, answer: Answer): CaseResult {
  const settled = settledByRefusal(answer, 'the key');
  if (settled) return settled;
  const title = titleOf(answer);
  // An unauthorised delete answered 2XX was not taken if the record still reads right after.
  const after = run.answers.find(
    (other) =>
      other.exchange.id > answer.exchange.id &&
      other.case?.step === 'read-after-unauthorised-delete' &&
      other.case.record === answer.case!.record,
  );
  if (answer.case!.step === 'delete' && after?.verdict === 'accepted')
    return pass(`${title} (answered HTTP ${answer.status}; the record still reads)`);
  const which = {
    missing: 'without a key',
    wrong: 'with a wrong key',
    blank: 'with an empty key',
    whitespace: 'with a key of spaces only',
  }[answer.case!.auth as 'missing' | 'wrong' | 'blank' | 'whitespace'];
  return fail('ignored-auth', answer, `a refusal of a request ${which}`, 'the request was accepted', {
    basis: 'specified',
    ...(after ? { related: [after] } : {}),
  });
}

export const ignoredAuth: CheckDefinition = {
  name: 'ignored_auth',
  description: 'Requests without a key, with a wrong key or an empty one are refused, on every operation.',
  needs: ['auth', 'write'],
  judge: (run) =>
    run.answers
      .filter((answer) => answer.case !== undefined && NOT_A_KEY.has(answer.case.auth))
      .map((answer) => judge(run, answer)),
};
