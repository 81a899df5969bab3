// echoed_fields: a field of the answer that echoes the request (an
// `x-tallyport-echo` parameter, or the id that selects the record) equals
// what was sent. Specified: the item details return the item with the
// supplied item_id, a validated purchase shows the code validated (spelt as
// stored rather than as sent, in letter case or spaces: a convention).
import { singleKind } from '@tallyport/spec-model/query';
import { sameValue } from './judging/compare.js';
import { fail, pass, skip, titleOf } from './judging/evidence.js';
import { acceptedConforming } from './judging/related.js';
import type { CaseResult, CheckDefinition } from './judging/types.js';

const NAME = 'echoed_fields';

const fold = (text: string): string => text.trim().toLowerCase();

export const echoedFields: CheckDefinition = {
  name: NAME,
  description: 'Answer fields that echo the request (echo marks, the selecting id) equal what was sent.',
  needs: ['baseline', 'coverage', 'derived', 'combination', 'example'],
  judge: (run) => {
    const results: CaseResult[] = [];
    for (const answer of run.answers) {
      if (!answer.case || !acceptedConforming(answer) || !answer.records) continue;
      const kind = singleKind(answer.operation);
      for (const parameter of answer.operation.parameters) {
        const sent = answer.case.values[parameter.name];
        if (sent === undefined) continue;
        const field =
          parameter.echo ??
          (parameter.identifies && parameter.identifies === kind ? run.model.records[kind]?.identifier : undefined);
        // The mock answers its example record whatever id is asked for.
        if (!field || (run.mock && !parameter.echo)) continue;
        const title = `${titleOf(answer)}: ${field} echoes ${parameter.name}`;
        const record = answer.records.rows.find((candidate) => field in candidate);
        if (!record) {
          results.push(skip(title, `the answer does not show ${field}`));
          continue;
        }
        const [shown, given] = [record[field], run.valueOf(sent)];
        if (sameValue(shown, given)) {
          results.push(pass(title));
          continue;
        }
        // A code looked up without regard to case (a `_ci` column) is the same code: that the answer spells it as
        // it was sent, not as it is stored, is a convention.
        const spelling = typeof shown === 'string' && typeof given === 'string' && fold(shown) === fold(given);
        results.push(
          fail(
            'echo-differs',
            answer,
            `${field} equal to the ${parameter.name} sent`,
            spelling
              ? `${field} differs from what was sent in letter case or surrounding spaces only`
              : `${field} differs from what was sent${typeof sent === 'string' ? ` (${JSON.stringify(shown)})` : ''}`,
            { basis: spelling ? 'convention' : 'specified', title },
          ),
        );
      }
    }
    return results.length > 0 ? results : [skip(NAME, 'no answer echoes a request value')];
  },
};
