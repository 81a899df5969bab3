// default_equivalence: leaving out a parameter with a documented default
// answers as sending that default, and a create without the fields that
// have defaults stores the defaults (the source documentation decides both).
// A documented default outside the allowed values (a quirk) is observed,
// not judged; a stored value shown in another representation (`"private"`
// for 1) cannot be compared and is skipped.
import { validValues } from '../cases/values.js';
import type { ParameterModel } from '@tallyport/spec-model/query';
import { type Answer, whileWriting } from '../answers/answer.js';
import type { Row } from '../answers/records.js';
import { anyDefault } from './judging/applies.js';
import { comparable, sameValue } from './judging/compare.js';
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

function createdDefaults(run: RecordedRun): CaseResult[] {
  const results: CaseResult[] = [];
  const creates = run.answers.filter(
    (answer) => answer.case?.step === 'create' && answer.case.expect === 'success' && acceptedConforming(answer),
  );
  for (const create of creates) {
    const kind = create.records ? run.model.records[create.records.kind] : undefined;
    // The first read that shows the created record with its own label.
    const read = run.answers.find(
      (answer) =>
        answer.case?.step === 'verify' &&
        answer.case.record === create.case!.record &&
        acceptedConforming(answer) &&
        kind?.label !== undefined &&
        answer.records?.rows[0]?.[kind.label] === create.case!.record,
    );
    const record = read?.records?.rows[0];
    if (!read || !record) continue;
    for (const field of create.operation.parameters)
      if (field.in === 'body' && field.hasDefault && !(field.name in create.case!.values))
        results.push(storedDefault(field, create, read, record));
  }
  return results;
}

/** Whether a create that left `field` out stored its documented default, as a read of the record shows it. */
function storedDefault(field: ParameterModel, create: Answer, read: Answer, record: Row): CaseResult {
  const title = `${create.operation.id}: ${field.name} left out is stored as ${String(field.default)}`;
  const shown = record[field.name];
  if (!(field.name in record)) return skip(title, `the read does not show ${field.name}`);
  if (!comparable(String(field.default), shown))
    return skip(title, `the read shows ${field.name} in another representation (${JSON.stringify(shown)})`);
  if (sameValue(shown, field.default)) return pass(title);
  return fail(
    'default-differs',
    read,
    `${field.name} ${String(field.default)} (its documented default)`,
    `${field.name} ${JSON.stringify(shown)}`,
    { basis: 'specified', title, related: [create] },
  );
}

export const defaultEquivalence: CheckDefinition = {
  name: NAME,
  description:
    'Leaving out a parameter with a documented default answers as sending the default; creates store defaults.',
  needs: ['baseline', 'coverage', 'derived', 'write'],
  appliesTo: anyDefault,
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const explicit = run.answers.filter((answer) => acceptedConforming(answer) && !whileWriting(answer));
    return [...explicit.flatMap((answer) => leftOut(run, answer) ?? []), ...createdDefaults(run)];
  },
};
