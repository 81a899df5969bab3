// Reads of a record a list showed earlier, tagged as a run tags the reads it
// makes of each listed record (`read-listed`), so read_matches_list compares
// the two views. Only where nothing was written between them (the same epoch
// of the data): a record updated after it was listed reads differently, and
// rightly so. The check compares a read with the first list that showed the
// record, so that is the list this tagging looks at.
import { acceptedConforming, type Answer } from '../answers/answer.js';
import { identifyingParameter, singleKind } from '@tallyport/spec-model/query';

export function tagListedReads(answers: readonly Answer[]): void {
  // Where each record was first listed: the epoch of that answer, by kind and id.
  const listed = new Map<string, number>();
  for (const answer of answers) {
    const { records } = answer;
    if (records?.many && acceptedConforming(answer)) {
      for (const id of answer.ids)
        if (!listed.has(`${records.kind} ${id}`)) listed.set(`${records.kind} ${id}`, answer.epoch);
      continue;
    }
    const testCase = answer.case;
    const kind = singleKind(answer.operation);
    if (!testCase || !kind || testCase.family === 'write' || testCase.step || testCase.auth !== 'valid') continue;
    if (testCase.expect === 'refusal') continue;
    const parameter = identifyingParameter(answer.operation, kind);
    const id = parameter ? testCase.values[parameter.name] : undefined;
    if (typeof id !== 'string' || listed.get(`${kind} ${id}`) !== answer.epoch) continue;
    Object.assign(testCase, { step: 'read-listed', record: id, family: 'derived' });
  }
}
