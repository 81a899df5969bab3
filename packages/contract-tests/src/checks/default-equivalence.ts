// default_equivalence: leaving out a parameter with a documented default
// answers as sending that default (the source documentation decides it). A
// documented default outside the allowed values (a quirk) is observed, not
// judged. What a create stores for a field it leaves out is a write's
// effect, held by the model of the state (stored_as_sent).
import { validValues } from '../cases/values.js';
import { type Answer, whileWriting } from '../answers/answer.js';
import { anyDefault } from './judging/applies.js';
import { fail, pass, skip } from './judging/evidence.js';
import { acceptedConforming, mockSkip, sameRequestExcept } from './judging/related.js';
import { rowKeyOf, sameRows, sortFieldOf } from './judging/rows.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';

const NAME = 'default_equivalence';

function leftOut(run: RecordedRun, explicit: Answer): CaseResult | undefined {
  const varied = explicit.case?.varied;
  if (!varied || (explicit.case!.family !== 'coverage' && explicit.case!.family !== 'derived')) return undefined;
  const parameter = explicit.operation.parameters.find((candidate) => candidate.name === varied);
  const sent = explicit.case!.values[varied];
  if (!parameter?.hasDefault || sent === undefined || run.valueOf(sent) !== String(parameter.default)) return undefined;
  const title = `${explicit.operation.id}: ${varied} left out = ${varied}=${String(parameter.default)}`;
  const omitted = sameRequestExcept(run, explicit, [varied]).find((other) => !(varied in other.case!.values));
  if (!omitted) return skip(title, 'no answer without the parameter to compare');
  if (!validValues(parameter).includes(String(parameter.default)))
    return skip(title, 'the documented default is outside the allowed values (a quirk): observed only');
  const [a, b] = [omitted.records, explicit.records];
  const full = !(omitted.page?.complete ?? true);
  const same =
    a && b
      ? sameRows(a.rows, b.rows, sortFieldOf(run, explicit), full, rowKeyOf(run, explicit))
      : omitted.body.digest === explicit.body.digest;
  if (same) return pass(title);
  return fail(
    'default-differs',
    omitted,
    `the same answer as with ${varied}=${String(parameter.default)} (the documented default)`,
    a && b ? `${a.count} rows without it, ${b.count} with it, or the same rows differently` : 'another body',
    { basis: 'specified', title, related: [explicit] },
  );
}

export const defaultEquivalence: CheckDefinition = {
  name: NAME,
  description:
    'Leaving out a parameter with a documented default answers as sending the default (what a create stores for a ' +
    "field it leaves out is stored_as_sent's).",
  needs: ['baseline', 'coverage', 'derived'],
  appliesTo: anyDefault,
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const explicit = run.answers.filter((answer) => acceptedConforming(answer) && !whileWriting(answer));
    return explicit.flatMap((answer) => leftOut(run, answer) ?? []);
  },
};
