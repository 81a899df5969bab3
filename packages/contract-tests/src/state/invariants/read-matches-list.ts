// read_matches_list: every read by id shows what the state holds. A record
// the run created reads back, one it deleted no longer does, a read (or the
// answer to an update) shows the record asked for; and every listed record
// can be read by its id, the read showing it as the list did: every
// documented field the list shows equal
// (specified: a setting does not change between two calls with no write in
// between, and whatever form a deployment gives a field, it gives it in
// both). Fields the spec marks as shown by convention (a password a list may
// mask), or links differing in their query only (signed for each answer),
// differing is a warning; fields the spec does not document (live counters,
// timestamps) are not compared. Judged on the model's views: a read against
// the list view of the same record at the same version of the state (no
// write in between) for records the traffic never wrote, and, for kinds the
// run never writes (the marketplace's items), against the walk that listed
// them.
import { identifyingParameter, singleKind } from '@tallyport/spec-model/query';
import type { Answer } from '../../answers/answer.js';
import { textOf } from '../../answers/json-values.js';
import type { Row } from '../../answers/records.js';
import { sameButUrlQueries, sameValue } from '../../checks/judging/compare.js';
import { titleOf } from '../../checks/judging/evidence.js';
import { acceptedConforming } from '../../checks/judging/related.js';
import { comparedFields } from '../../checks/judging/rows.js';
import type { FailureKind, RecordedRun } from '../../checks/judging/types.js';
import { othersWrite, shownAfter, type StateTimeline } from '../timeline.js';
import { type Finding, stateCheck } from './frame.js';
import { few, finding, type FindingFailure } from './shared.js';
import type { Basis } from '../../spec/basis.js';
import { followLink } from '../../derived/links.js';

const NAME = 'read_matches_list';

interface Listed {
  row: Row;
  answer: Answer;
}

function compare(run: RecordedRun, kind: string, id: string, read: Answer, listed: Listed): Finding {
  const record = run.model.records[kind]!;
  const identifier = record.identifier!;
  const title = `${titleOf(read)}: equals the listed ${kind}`;
  const subject = `${kind} ${id} #${read.exchange.id}`;
  const differs = (expected: string, actual: string, basis: Basis = 'specified'): Finding =>
    finding(subject, 0, title, {
      kind: 'read-differs',
      answer: read,
      expected,
      actual,
      related: [listed.answer],
      basis,
    });
  if (read.verdict === 'refused') return differs(`the listed ${kind} ${id} can be read`, 'the read was refused');
  const shown = read.records?.rows[0];
  if (!shown) return differs(`the ${kind} ${id}`, 'no record in the answer');
  if (!sameValue(shown[identifier], listed.row[identifier]))
    return differs(`the ${kind} whose ${identifier} is ${id}`, `${identifier} ${JSON.stringify(shown[identifier])}`);
  const differing = record.fields.filter(
    (field) => field in shown && field in listed.row && !sameValue(shown[field], listed.row[field]),
  );
  if (differing.length === 0) return finding(subject, 0, title);
  // A link signed or stamped for each answer differs in its query only: that it is the same string is a convention.
  const compared = new Set(comparedFields(record));
  const decided = differing.filter(
    (field) => compared.has(field) && !sameButUrlQueries(shown[field], listed.row[field]),
  );
  const shownFields = (decided.length > 0 ? decided : differing)
    .slice(0, 4)
    .map((field) => `${field} ${JSON.stringify(shown[field])} (listed ${JSON.stringify(listed.row[field])})`)
    .join('; ');
  return differs(
    `the documented fields the list shows for ${kind} ${id}`,
    shownFields,
    decided.length > 0 ? 'specified' : 'convention',
  );
}

/**
 * A read by id against what the state holds: a record the run created reads back (after the model's patience: a
 * replica may be slow), a record the run deleted no longer does, a record there before the run reads until it is
 * gone (another client may delete it: a refusal counts only when the record is shown again later), a read shows
 * the record asked for, and a listed record reads as the last list view of it at the same version showed it.
 */
function writableFindings(run: RecordedRun, timeline: StateTimeline): Finding[] {
  const kind = timeline.kind;
  if (!kind) return [];
  const found: Finding[] = [];
  const lastListed = new Map<string, { listed: Listed; version: number }>();
  const reads = [
    ...timeline.views.map((view) => ({ view, refused: undefined, stray: false })),
    ...timeline.refusedReads.map((read) => ({ view: undefined, refused: read, stray: false })),
    ...timeline.strayReads.map((read) => ({
      view: undefined,
      refused: { deletedBy: undefined, writesSince: [], ...read },
      stray: true,
    })),
  ].sort((a, b) => (a.view ?? a.refused!).answer.exchange.id - (b.view ?? b.refused!).answer.exchange.id);
  for (const { view, refused, stray } of reads) {
    if (view?.via === 'list') {
      lastListed.set(view.id, { listed: { row: view.row, answer: view.answer }, version: view.version });
      continue;
    }
    if (view?.via === 'answer') continue;
    const { id, answer, version, expected, deletedBy } = view ?? refused!;
    const title = `${kind.identifier} ${id}: reads as the state holds it`;
    const subject = `read ${id}`;
    const fails = (failure: FailureKind, expectedText: string, actual: string, related: Answer[]): Finding =>
      finding(subject, version, title, { kind: failure, answer, expected: expectedText, actual, related });
    if (stray) {
      // An answer that shows another record is judged on its own: a later read of the right one does not right it.
      const shown = answer.records?.rows[0]?.[kind.identifier];
      const failure = fails(
        'read-differs',
        `the ${kind.name} whose ${kind.identifier} is ${id}`,
        shown === undefined ? 'no record in the answer' : `${kind.identifier} ${JSON.stringify(shown)}`,
        [],
      );
      found.push({ ...failure, subject: `stray #${answer.exchange.id}` });
      continue;
    }
    if (deletedBy) {
      const gone = `${kind.identifier} ${id} no longer reads: the run deleted it`;
      found.push(
        view ? fails('not-deleted', gone, 'the record still reads', [deletedBy]) : finding(subject, version, title),
      );
      continue;
    }
    if (refused) {
      if (!expected || expected.unsure) continue;
      const created = expected.origin === 'created';
      // A record there before the run may have been deleted by another client, unless it is shown again later.
      if (!created && !shownAfter(timeline, id, refused.answer.exchange.id)) continue;
      // The writes since it was last seen, the likeliest cause (a delete of another record that took this one too).
      const since = refused.writesSince.filter((write) => write.id !== id);
      const writes = since.map((write) => `${write.op} of ${kind.identifier} ${write.id ?? '(new)'}`);
      found.push(
        fails(
          created ? 'not-available' : 'read-differs',
          (created
            ? `the record the run created (${kind.identifier} ${id}) reads back by its id: no delete addressed it`
            : `the ${kind.name} ${id}, which the list shows before and after, can be read`) +
            (writes.length > 0 ? ` (the writes since it was last seen: ${few(writes, 3)})` : ''),
          'the read is refused',
          [
            ...since.slice(-1).map((write) => write.answer),
            ...(expected.created ? [expected.created.answer] : []),
            ...(lastListed.get(id) ? [lastListed.get(id)!.listed.answer] : []),
          ],
        ),
      );
      continue;
    }
    // Records the traffic wrote are held to what was written (stored_as_sent), whatever view shows them.
    if (expected?.origin !== 'listed') {
      if (expected) found.push(finding(subject, version, title));
      continue;
    }
    const listed = lastListed.get(id);
    if (!listed || listed.version !== version) continue;
    const verdict = compare(run, kind.name, id, answer, listed.listed);
    if (verdict.result.status === 'fail' && changedByOthers(run, timeline, kind.name, id, answer))
      found.push(finding(verdict.subject, 0, verdict.result.title));
    else found.push(verdict);
  }
  return found;
}

/**
 * On an account another client writes to, a record there before the run may change between the list and the read:
 * the read then differs from the list before it, and the next list view (if any) shows it as the read did. A list
 * that shows the old values again says the read, not the record, differs.
 */
function changedByOthers(run: RecordedRun, timeline: StateTimeline, kind: string, id: string, read: Answer): boolean {
  if (!othersWrite(timeline)) return false;
  const next = timeline.views.find(
    (view) => view.via === 'list' && view.id === id && view.answer.exchange.id > read.exchange.id,
  );
  return !next || compare(run, kind, id, read, { row: next.row, answer: next.answer }).result.status !== 'fail';
}

/** Kinds the run never writes: each read of a listed record against the walk that listed it. */
function readOnlyFindings(run: RecordedRun, timeline: StateTimeline): Finding[] {
  const found: Finding[] = [];
  // Each listed record, in every list view of it, in the order shown: a read is held to the last before it.
  const listed = new Map<string, Listed[]>();
  for (const walk of timeline.otherWalks) {
    const identifier = run.model.records[walk.kind]?.identifier;
    if (!identifier) continue;
    for (const page of walk.pages)
      for (const row of page.records?.rows ?? []) {
        const key = `${walk.kind} ${textOf(row[identifier])}`;
        listed.set(key, [...(listed.get(key) ?? []), { row, answer: page }]);
      }
  }
  for (const read of run.answers) {
    const kind = singleKind(read.operation);
    const parameter = kind ? identifyingParameter(read.operation, kind) : undefined;
    if (!kind || !parameter || kind === timeline.kind?.name || read.operation.effect !== 'read') continue;
    if (read.case?.auth !== 'valid' || !read.answered || read.verdict === 'inconclusive') continue;
    if (read.verdict === 'accepted' && !acceptedConforming(read)) continue;
    const sent = read.case.values[parameter.name];
    const id = sent === undefined ? undefined : run.valueOf(sent);
    const views = id === undefined ? [] : (listed.get(`${kind} ${id}`) ?? []);
    const entry = views.filter((view) => view.answer.exchange.id < read.exchange.id).at(-1);
    // A record of a kind the run never writes may still change (an item's new release): one read that shows it as the
    // list just before did settles any other, since a read that never matches its list shows it every time.
    if (entry) found.push({ ...compare(run, kind, id!, read, entry), subject: `${kind} ${id}`, churn: true });
  }
  return found;
}

/**
 * What identifies the record a single-record read shows: its identifier and label, the fields that echo the request
 * (a purchase's code), and the records its links name (a purchase's item), as text.
 */
function identityOf(run: RecordedRun, kind: string, answer: Answer): Record<string, string> {
  const row = answer.records?.rows[0] ?? {};
  const record = run.model.records[kind];
  const fields = [record?.identifier, record?.label, ...answer.operation.parameters.map((parameter) => parameter.echo)];
  const identity: Record<string, string> = {};
  for (const field of fields) if (field && field in row) identity[field] = JSON.stringify(row[field]);
  for (const link of answer.operation.links)
    for (const target of followLink(link, answer))
      identity[`${link.name} (${link.operationId})`] = JSON.stringify(target.values);
  return identity;
}

/**
 * A record of a kind the run never writes (an account, an item, a purchase), read again with the same request after
 * the other operations: the later answer is the same record as the first, in what identifies it. Values the
 * documentation lets change (an account's balance, an item's price) may change between two reads.
 */
function readAgainFindings(run: RecordedRun, timeline: StateTimeline): Finding[] {
  const found: Finding[] = [];
  const first = new Map<string, Answer>();
  for (const answer of run.answers) {
    const kind = singleKind(answer.operation);
    if (!kind || kind === timeline.kind?.name || answer.operation.effect !== 'read') continue;
    if (!acceptedConforming(answer) || answer.records?.many !== false) continue;
    const values = Object.entries(answer.case!.values)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, value]) => `${name}=${run.valueOf(value)}`);
    const key = `${answer.operation.id} ${values.join('&')}`;
    const reference = first.get(key);
    if (!reference) {
      first.set(key, answer);
      continue;
    }
    const [was, now] = [identityOf(run, kind, reference), identityOf(run, kind, answer)];
    const differing = Object.keys(was).filter((field) => field in now && was[field] !== now[field]);
    const title = `${titleOf(answer)}: the same ${kind} as the first answer to it`;
    const changed: FindingFailure | false = differing.length > 0 && {
      kind: 'read-differs',
      answer,
      expected:
        `the ${kind} the same request answered before (#${reference.exchange.id}): what identifies it does ` +
        'not change',
      actual: differing.map((field) => `${field} ${now[field]} (first ${was[field]})`).join('; '),
      related: [reference],
    };
    found.push(finding(`again #${answer.exchange.id}`, 0, title, changed));
  }
  return found;
}

export const readMatchesList = stateCheck(
  NAME,
  'Every read by id shows what the state holds: a listed record reads as the list shows it, a created one reads ' +
    'back, a deleted one no longer reads, and a read answers the record asked for.',
  {
    // The reads of listed records the run derives from the lists, and every read of what the run writes.
    needs: ['baseline', 'coverage', 'derived', 'sequence', 'write'],
    nothingToJudge: 'no listed record was read back',
    findings: (run, timeline) => [
      ...writableFindings(run, timeline),
      ...readOnlyFindings(run, timeline),
      ...readAgainFindings(run, timeline),
    ],
  },
);
