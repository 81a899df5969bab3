// negative_data_rejection: a request that breaks one documented rule (a value
// outside the enum, a wrong type, an impossible date, a missing required
// parameter) is refused. The source documentation decides which values are
// allowed, not that others are refused: a deployment may ignore an optional
// value it cannot use and fall back to the default, so that is a warning (a
// convention). Two things leave no honest reading and fail: an invalid value
// that takes effect (a page of that size, a record that stores it), and a
// success payload for a request whose required parameter, which has no
// default, is missing, blank or breaks its stated rule (nothing could stand
// in for it). A field an operation does not take (`domain` on an update) may
// be refused or ignored; only applying it is a violation.
import { parameterWithRole } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { FORBIDDEN_FIELD_RULE } from '../cases/types.js';
import { requiredWithoutDefault } from '../cases/values.js';
import { fail, pass, settledByRefusal, titleOf } from './judging/evidence.js';
import { sameRequestExcept } from './judging/related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

/** How the invalid value showed its effect, if it did. */
function applied(run: RecordedRun, answer: Answer): { how: string; related: Answer[] } | undefined {
  const varied = answer.case!.varied;
  const sent = varied === undefined ? undefined : answer.case!.values[varied];
  if (varied === undefined || sent === undefined) return undefined;
  const value = run.valueOf(sent);
  const pageSize = parameterWithRole(answer.operation, 'page-size');
  if (pageSize?.name === varied && answer.records?.many) {
    const size = Number(value);
    const larger = sameRequestExcept(run, answer, [varied]).find((other) => (other.records?.count ?? 0) > size);
    if (Number.isInteger(size) && size > 0 && answer.records.count === size && larger)
      return { how: `a page of exactly ${size} rows, while the same request shows more`, related: [larger] };
  }
  return undefined;
}

function judge(run: RecordedRun, answer: Answer): CaseResult {
  const settled = settledByRefusal(answer, 'the value');
  if (settled) return settled;
  const title = titleOf(answer);
  const { varied, rule } = answer.case!;
  // A field the operation does not take may be refused or ignored; whether it was applied is what a read of the
  // record shows (stored_as_sent judges it on the model of the state).
  if (rule === FORBIDDEN_FIELD_RULE) return pass(`${title} (accepted: whether it was applied, stored_as_sent judges)`);
  const parameter = answer.operation.parameters.find((candidate) => candidate.name === varied);
  const words = parameter?.description ? ` ("${parameter.description}")` : '';
  const effect = applied(run, answer);
  if (effect)
    return fail(
      'invalid-applied',
      answer,
      `${varied} is ${rule}${words}: the spec does not allow it, so it never takes effect`,
      effect.how,
      { basis: 'specified', related: effect.related },
    );
  if (parameter && requiredWithoutDefault(parameter) && answer.case!.ruleBasis === 'specified') {
    return fail(
      'accepted-invalid',
      answer,
      `a refusal in any form: ${varied} is required with no default${words}, so when it is ${rule} there is ` +
        'nothing the deployment could honestly fall back to',
      `a success payload (${successShown(answer)})`,
      { basis: 'specified' },
    );
  }
  return fail(
    'accepted-invalid',
    answer,
    `a refusal: ${varied} is ${rule} (the spec does not allow it; refusing it is the usual reading)`,
    'the request was accepted',
    { basis: 'convention' },
  );
}

/** What made an answer a success: the outcome it states, or the records it holds. */
function successShown(answer: Answer): string {
  if (answer.outcome === 'success') return 'its body states success';
  if (answer.records?.many) return `a list of ${answer.records.count} ${answer.records.kind} rows`;
  if (answer.records) return `a ${answer.records.kind}`;
  return `HTTP ${answer.status}, the success payload`;
}

export const negativeDataRejection: CheckDefinition = {
  name: 'negative_data_rejection',
  description:
    'A value the spec does not allow never takes effect (specified); refusing it is a convention (a warning).',
  needs: ['negative', 'derived', 'example', 'write'],
  judge: (run) =>
    run.answers
      .filter((answer) => answer.case?.rule && answer.case.expect === 'refusal' && answer.case.auth === 'valid')
      .map((answer) => judge(run, answer)),
};
