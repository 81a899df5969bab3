// read_matches_list: every listed record can be read by its id, and the read
// returns that record with every field the list shows equal.
import { listsRecords, readsRecord, recordsOf } from '../payload.js';
import { fail, interrupted, pass, skip, titleOf } from './evidence.js';
import { accepted, mockSkip, sameValue } from './related.js';
import type { CaseResult, CheckDefinition } from './types.js';

const NAME = 'read_matches_list';

export const readMatchesList: CheckDefinition = {
  name: NAME,
  description: 'Every listed record can be read by its id, and the read equals the listed record.',
  needs: ['baseline', 'derived'],
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const results: CaseResult[] = [];
    for (const read of run.exchanges.filter((exchange) => exchange.case?.step === 'read-listed')) {
      const reader = run.operation(read.template.operationId);
      const kind = readsRecord(reader)!;
      const identifier = run.model.records[kind]?.identifier;
      const id = read.case!.record!;
      const title = `${titleOf(read)}: equals the listed ${kind}`;
      if (!identifier) continue;
      const listed = run.exchanges
        .filter((exchange) => {
          const operation = run.operation(exchange.template.operationId);
          return listsRecords(operation) === kind && accepted(run, exchange);
        })
        .flatMap((exchange) =>
          (recordsOf(run.operation(exchange.template.operationId), exchange.response!.json, kind) ?? []).map((row) => ({
            row,
            exchange,
          })),
        )
        .find(({ row }) => String(row[identifier]) === id);
      if (!listed) continue;
      if (read.interrupted) {
        results.push(interrupted(title));
        continue;
      }
      if (!read.response) {
        results.push(skip(title, read.error ?? 'no answer'));
        continue;
      }
      if (!accepted(run, read)) {
        results.push(
          fail('read-differs', read, `the listed ${kind} ${id} can be read`, 'the read was refused', {
            basis: 'specified',
            title,
            related: [listed.exchange],
          }),
        );
        continue;
      }
      const record = recordsOf(reader, read.response.json, kind)?.[0];
      if (!record) {
        results.push(
          fail('read-differs', read, `the ${kind} ${id}`, 'no record in the answer', { basis: 'specified', title }),
        );
        continue;
      }
      const differing = Object.keys(listed.row).filter(
        (field) => field in record && !sameValue(record[field], listed.row[field]),
      );
      if (!sameValue(record[identifier], listed.row[identifier]))
        results.push(
          fail(
            'read-differs',
            read,
            `the ${kind} whose ${identifier} is ${id}`,
            `${identifier} ${JSON.stringify(record[identifier])}`,
            { basis: 'specified', title, related: [listed.exchange] },
          ),
        );
      else if (differing.length > 0)
        results.push(
          fail(
            'read-differs',
            read,
            `the fields the list shows for ${kind} ${id}`,
            differing
              .slice(0, 4)
              .map(
                (field) =>
                  `${field} ${JSON.stringify(record[field])} (listed ` + `${JSON.stringify(listed.row[field])})`,
              )
              .join('; '),
            { basis: 'specified', title, related: [listed.exchange] },
          ),
        );
      else results.push(pass(title));
    }
    return results.length > 0 ? results : [skip(NAME, 'no listed record was read back')];
  },
};
