// write_isolated: a write changes only what it sends. Specified: an update
// changes the parameters it sends ("a parameter that is not sent is not
// changed"), and each write addresses one website by its id. So after a
// write, every documented field it did not send reads as before on its own
// record, the run's other records read as before, and no record there before
// shows what the write sent; a create answers a new record, never the id of
// one the state holds. Another client may change records the run did not
// write (an account may be shared): a change to one of them that does not
// mirror a write of the run is its own business, and not judged.
import { sameValue } from '../../checks/judging/compare.js';
import { fail, pass, titleOf } from '../../checks/judging/evidence.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import type { WriteStep } from '../model.js';
import { othersWrite, type RecordView, type StateTimeline } from '../timeline.js';
import { type Finding, stateCheck } from './frame.js';

const NAME = 'write_isolated';

const changeText = (fields: string[], before: Record<string, unknown>, view: RecordView): string =>
  fields.map((field) => `${field} ${JSON.stringify(before[field])} → ${JSON.stringify(view.row[field])}`).join('; ');

/** The documented fields a view shows otherwise than they were last seen. */
function changedFields(
  timeline: StateTimeline,
  view: RecordView,
): { fields: string[]; before: Record<string, unknown> } {
  const before: Record<string, unknown> = {};
  const fields = timeline.fields.filter((field) => {
    const expected = view.expected?.fields[field];
    if (expected?.how !== 'seen' || expected.unsure || !(field in view.row)) return false;
    before[field] = expected.value;
    return !sameValue(view.row[field], expected.value);
  });
  return { fields, before };
}

/**
 * The last write that sent one of the changed fields with the value the view shows: the change is its. Where another
 * client writes too, only a value of the run's own text says so (a switch set to 1 may be anyone's doing).
 */
const mirrored = (writes: readonly WriteStep[], fields: readonly string[], view: RecordView, shared: boolean) =>
  [...writes]
    .reverse()
    .find((write) =>
      fields.some(
        (field) =>
          write.sent[field] !== undefined &&
          sameValue(view.row[field], write.sent[field]) &&
          (!shared || String(write.sent[field]).length >= 8),
      ),
    );

function viewFinding(timeline: StateTimeline, view: RecordView, shared: boolean): Finding | undefined {
  if (!view.expected || view.deletedBy || view.expected.unsure || view.writesSince.length === 0) return undefined;
  const last = view.writesSince.at(-1)!;
  const title = `${titleOf(last.answer)}: what it did not send reads as before`;
  // Each kind of view is judged apart (a write's own answer, reads by id, lists): a later read that shows the record
  // right does not make a list that never does right, nor the write's answer.
  const subject = `${view.via} ${view.id} after #${last.answer.exchange.id}`;
  const own = view.writesSince.filter((write) => write.id === view.id && write.op === 'update').at(-1);
  const changed = changedFields(timeline, view);
  const before = changed.before;
  // A field the update sent (even one it may not take, such as the domain) is what it wrote: stored_as_sent's.
  const fields = changed.fields.filter((field) => !own || own.sent[field] === undefined);
  if (fields.length === 0) return { subject, version: view.version, result: pass(title) };
  const identifier = timeline.kind!.identifier;
  const source = own ? undefined : mirrored(view.writesSince, fields, view, shared);
  // A record the run did not write that changed otherwise than a write of the run sent: another client's doing.
  if (!own && !source && view.expected.origin !== 'created') return undefined;
  const sentFields = (write: WriteStep) => Object.keys(write.sent).filter((field) => timeline.fields.includes(field));
  const expected = own
    ? `only the fields the update sent change (${sentFields(own).join(', ') || 'none'}); ` +
      'a parameter that is not sent is not changed'
    : `${identifier} ${view.id} reads as before: ${(source ?? last).op} of ${identifier} ` +
      `${(source ?? last).id ?? '(new)'} addresses that record only`;
  return {
    subject,
    version: view.version,
    result: fail(own ? 'write-leaked' : 'record-changed', view.answer, expected, changeText(fields, before, view), {
      basis: 'specified',
      title,
      related: [(own ?? source ?? last).answer, view.expected.fields[fields[0]!]!.from],
    }),
  };
}

/** A create answered with the id of a record the state holds: it named, or overwrote, another record. */
function collisionFindings(timeline: StateTimeline): Finding[] {
  const kind = timeline.kind!;
  return timeline.collisions.map(({ answer, id, held }) => {
    const shown = held.fields[kind.label]?.value ?? held.label;
    return {
      subject: `collision ${id}`,
      version: answer.exchange.id,
      result: fail(
        'foreign-record',
        answer,
        `a create answers the new record it made, never the ${kind.identifier} of a record the state holds`,
        `${kind.identifier} ${id}, the ${kind.identifier} of ${kind.label} ${JSON.stringify(shown)} ` +
          `(${held.origin === 'created' ? 'created by the run' : 'there before the run'}), which nothing deleted`,
        {
          basis: 'specified',
          title: `${titleOf(answer)}: answers a new record`,
          related: [held.created?.answer ?? answer],
        },
      ),
    };
  });
}

function findings(_run: RecordedRun, timeline: StateTimeline): Finding[] {
  if (!timeline.kind) return [];
  const found: Finding[] = collisionFindings(timeline);
  const shared = othersWrite(timeline);
  for (const view of timeline.views) {
    const finding = viewFinding(timeline, view, shared);
    if (finding) found.push(finding);
  }
  return found;
}

export const writeIsolated = stateCheck(
  NAME,
  'A write changes only what it sends: every field it did not send reads as before, on its own record and on the ' +
    "run's other records; no other record takes what it sent; a create answers a new record.",
  { nothingToJudge: 'no record was seen again after a write', findings },
);
