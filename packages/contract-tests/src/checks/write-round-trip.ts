// write_round_trip: what a create sets reads back; an update changes the one
// field it sends and nothing else; a delete makes the record unreadable; a
// create answer names the record that was created, not another one. A field
// a read does not show is observed, never failed (the record is not shown).
import { verdictOf } from '../verdict.js';
import { fail, pass, skip, titleOf } from './evidence.js';
import { accepted, mockSkip, rowsOf, sameValue } from './related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './types.js';
import type { Exchange } from '../http/transport.js';

const NAME = 'write_round_trip';

function labelField(run: RecordedRun): string | undefined {
  return Object.values(run.model.records).find((record) => record.label && record.identifier)?.label;
}

export const writeRoundTrip: CheckDefinition = {
  name: NAME,
  description:
    'Creates read back, updates change only what they send, deletes remove, create answers name their record.',
  needs: ['write'],
  judge: (run) => {
    const onMock = mockSkip(run, NAME);
    if (onMock) return onMock;
    const label = labelField(run);
    const trail = run.exchanges.filter((exchange) => exchange.case?.family === 'write');
    if (!label) return [skip(NAME, 'the spec names no record this tool can create')];
    if (trail.length === 0) return [skip(NAME, 'no write was made (writes need --allow-writes)')];
    const results: CaseResult[] = [];
    const byRecord = new Map<string, Exchange[]>();
    for (const exchange of trail)
      byRecord.set(exchange.case!.record!, [...(byRecord.get(exchange.case!.record!) ?? []), exchange]);
    for (const [record, steps] of byRecord) {
      const create = steps.find((exchange) => exchange.case!.step === 'create');
      if (!create || create.case!.expect !== 'success') continue;
      const title = `${titleOf(create)}`;
      if (!accepted(run, create)) {
        if (create.response && !create.error && create.response.status < 500 && create.response.status !== 429)
          results.push(
            fail('write-refused', create, 'a conforming create is accepted', `HTTP ${create.response.status}`, {
              basis: 'specified',
              title,
            }),
          );
        continue;
      }
      const answered = rowsOf(run, create)?.[0];
      if (answered && label in answered && answered[label] !== record) {
        results.push(
          fail(
            'foreign-record',
            create,
            `the created record, ${label} ${record}`,
            `a record with ${label} ${JSON.stringify(answered[label])}`,
            { basis: 'specified', title },
          ),
        );
        continue;
      }
      const firstRead = steps.find(
        (exchange) => ['verify', 'read-after-create'].includes(exchange.case!.step!) && accepted(run, exchange),
      );
      const shown = firstRead ? rowsOf(run, firstRead)?.[0] : undefined;
      if (
        firstRead &&
        shown &&
        shown[label] !== record &&
        firstRead.case!.step === 'verify' &&
        steps.indexOf(firstRead) === steps.indexOf(create) + 1
      ) {
        results.push(
          fail(
            'foreign-record',
            firstRead,
            `the create answer names the created record (${label} ${record})`,
            `the id it answered reads as ${label} ${JSON.stringify(shown[label])}: another record`,
            { basis: 'specified', title, related: [create] },
          ),
        );
      }
      const ownRead = steps.find(
        (exchange) =>
          exchange.case!.step === 'verify' && accepted(run, exchange) && rowsOf(run, exchange)?.[0]?.[label] === record,
      );
      if (!ownRead) {
        results.push(skip(`${title}: reads back`, 'the created record could not be found and read'));
        continue;
      }
      results.push(...readsBack(run, create, ownRead));
      results.push(...updates(run, steps));
      results.push(...deletes(run, steps));
    }
    return results.length > 0 ? results : [skip(NAME, 'no create was accepted')];
  },
};

function readsBack(run: RecordedRun, create: Exchange, read: Exchange): CaseResult[] {
  const record = rowsOf(run, read)![0]!;
  const results: CaseResult[] = [];
  for (const [field, value] of Object.entries(create.case!.values)) {
    const title = `${titleOf(create)}: ${field} reads back`;
    if (!(field in record)) results.push(skip(title, `the read does not show ${field}`));
    else if (sameValue(record[field], run.valueOf(value))) results.push(pass(title));
    else
      results.push(
        fail(
          'write-lost',
          read,
          `${field} ${JSON.stringify(run.valueOf(value))} as created`,
          `${field} ${JSON.stringify(record[field])}`,
          { basis: 'specified', title, related: [create] },
        ),
      );
  }
  return results;
}

function updates(run: RecordedRun, steps: Exchange[]): CaseResult[] {
  const results: CaseResult[] = [];
  steps.forEach((exchange, index) => {
    if (exchange.case!.step !== 'update') return;
    const before = steps
      .slice(0, index)
      .reverse()
      .find((step) => step.case!.step === 'read-before-update');
    const after = steps.slice(index + 1).find((step) => step.case!.step === 'read-after-update');
    const [old, now] = [
      before && accepted(run, before) ? rowsOf(run, before)?.[0] : undefined,
      after && accepted(run, after) ? rowsOf(run, after)?.[0] : undefined,
    ];
    const title = titleOf(exchange);
    if (!old || !now) return;
    const sent = exchange.case!.values;
    const changed = accepted(run, exchange) && exchange.case!.expect === 'success';
    const target = exchange.case!.varied;
    if (changed && target && target in now && !sameValue(now[target], run.valueOf(sent[target]!)))
      results.push(
        fail(
          'write-lost',
          after!,
          `${target} ${JSON.stringify(run.valueOf(sent[target]!))} after the update`,
          `${target} ${JSON.stringify(now[target])}`,
          { basis: 'specified', title, related: [exchange] },
        ),
      );
    const untouched = Object.keys(old).filter((field) => (changed ? field !== target : true) && field in now);
    const leaked = untouched.filter(
      (field) => !sameValue(old[field], now[field]) && !/(_at|updated|modified)$/i.test(field),
    );
    if (leaked.length > 0)
      results.push(
        fail(
          'write-leaked',
          after!,
          `fields not sent stay as they were (${changed ? `only ${target} changes` : 'nothing changes'})`,
          leaked
            .slice(0, 4)
            .map((field) => `${field} ${JSON.stringify(old[field])} → ${JSON.stringify(now[field])}`)
            .join('; '),
          { basis: 'specified', title, related: [exchange] },
        ),
      );
    else if (!(changed && target && target in now && !sameValue(now[target], run.valueOf(sent[target]!))))
      results.push(pass(title));
  });
  return results;
}

function deletes(run: RecordedRun, steps: Exchange[]): CaseResult[] {
  const results: CaseResult[] = [];
  steps.forEach((exchange, index) => {
    if (exchange.case!.step !== 'delete' || exchange.case!.auth !== 'valid') return;
    const title = titleOf(exchange);
    if (!accepted(run, exchange)) {
      if (exchange.response && !exchange.error && exchange.response.status < 500 && exchange.response.status !== 429)
        results.push(
          fail(
            'write-refused',
            exchange,
            'the delete of a record this run created is accepted',
            `HTTP ${exchange.response.status}`,
            { basis: 'specified', title },
          ),
        );
      return;
    }
    const after = steps.slice(index + 1).find((step) => step.case!.step === 'read-after-delete');
    if (!after?.response || after.error) return;
    const stillThere = verdictOf(run.api, after) === 'accepted';
    if (stillThere)
      results.push(
        fail('not-deleted', after, 'a read after the delete is refused', 'the record still reads', {
          basis: 'specified',
          title,
          related: [exchange],
        }),
      );
    else results.push(pass(title));
  });
  return results;
}
