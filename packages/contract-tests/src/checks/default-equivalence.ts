// default_equivalence: leaving out a parameter with a documented default
// answers exactly as sending that default; a create without the fields that
// have defaults stores the defaults. A documented default outside the allowed
// values (a quirk) is observed and reported, not failed.
import { validValues } from '../cases/values.js';
import { fail, pass, skip } from './evidence.js';
import { accepted, mockSkip, rowsOf, sameValue, valuesWithout } from './related.js';
import type { CaseResult, CheckDefinition } from './types.js';

const NAME = 'default_equivalence';

export const defaultEquivalence: CheckDefinition = {
  name: NAME,
  description:
    'Leaving out a parameter with a documented default answers as sending the default; creates store defaults.',
  needs: ['baseline', 'coverage', 'write'],
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const results: CaseResult[] = [];
    const answered = run.exchanges.filter((exchange) => accepted(run, exchange) && exchange.case?.family !== 'write');
    for (const explicit of answered) {
      const varied = explicit.case?.varied;
      if (!varied || (explicit.case!.family !== 'coverage' && explicit.case!.family !== 'derived')) continue;
      const operation = run.operation(explicit.template.operationId);
      const parameter = operation.parameters.find((candidate) => candidate.name === varied);
      if (!parameter?.hasDefault) continue;
      const sent = explicit.case!.values[varied];
      if (sent === undefined || run.valueOf(sent) !== String(parameter.default)) continue;
      const key = valuesWithout(run, explicit, [varied]);
      const omitted = answered.find(
        (other) =>
          other.template.operationId === operation.id &&
          !(varied in (other.case?.values ?? {})) &&
          valuesWithout(run, other, []) === key,
      );
      const title = `${operation.id}: ${varied} left out = ${varied}=${String(parameter.default)}`;
      if (!omitted) {
        results.push(skip(title, 'no answer without the parameter to compare'));
        continue;
      }
      if (!validValues(parameter).includes(String(parameter.default))) {
        results.push(skip(title, 'the documented default is outside the allowed values (a quirk): observed only'));
        continue;
      }
      const [a, b] = [rowsOf(run, omitted), rowsOf(run, explicit)];
      const same =
        a && b ? JSON.stringify(a) === JSON.stringify(b) : omitted.response!.text === explicit.response!.text;
      if (same) results.push(pass(title));
      else
        results.push(
          fail(
            'default-differs',
            omitted,
            `the same answer as with ${varied}=${String(parameter.default)} (the documented default)`,
            a && b ? `${a.length} rows without it, ${b.length} with it, or the same rows differently` : 'another body',
            { basis: 'specified', title, related: [explicit] },
          ),
        );
    }
    results.push(...createdDefaults(run));
    return results;
  },
};

function createdDefaults(run: Parameters<CheckDefinition['judge']>[0]): CaseResult[] {
  const results: CaseResult[] = [];
  const label = Object.values(run.model.records).find((record) => record.label && record.identifier)?.label;
  const creates = run.exchanges.filter(
    (exchange) => exchange.case?.step === 'create' && exchange.case.expect === 'success' && accepted(run, exchange),
  );
  for (const create of creates) {
    // The first read that shows the created record with its own label.
    const read = run.exchanges.find(
      (exchange) =>
        exchange.case?.step === 'verify' &&
        exchange.case.record === create.case!.record &&
        accepted(run, exchange) &&
        label !== undefined &&
        rowsOf(run, exchange)?.[0]?.[label] === create.case!.record,
    );
    if (!read) continue;
    const operation = run.operation(create.template.operationId);
    const record = rowsOf(run, read)?.[0];
    for (const field of operation.parameters.filter((parameter) => parameter.in === 'body' && parameter.hasDefault)) {
      if (field.name in create.case!.values) continue;
      const title = `${operation.id}: ${field.name} left out is stored as ${String(field.default)}`;
      if (!record || !(field.name in record)) {
        results.push(skip(title, `the read does not show ${field.name}`));
        continue;
      }
      if (sameValue(record[field.name], field.default)) results.push(pass(title));
      else
        results.push(
          fail(
            'default-differs',
            read,
            `${field.name} ${String(field.default)} (its documented default)`,
            `${field.name} ${JSON.stringify(record[field.name])}`,
            { basis: 'specified', title, related: [create] },
          ),
        );
    }
  }
  return results;
}
