// write_isolated: a write changes only what it sends. Specified: an update
// changes the parameters it sends ("a parameter that is not sent is not
// changed"), and each write addresses one website by its id. So after a
// write, every documented field it did not send reads as before, on its own
// record and on every other one, in the list and by id, and no other record
// is gone. A change to another record that mirrors the write (the value it
// sent) is the write's; any other change right after a write could be
// another client's, so it fails only when a replay of the sequence shows it
// again, and warns otherwise.
import { sameValue } from '../../checks/judging/compare.js';
import { fail, pass, titleOf } from '../../checks/judging/evidence.js';
import type { RecordedRun } from '../../checks/judging/types.js';
import type { WriteStep } from '../model.js';
import type { RecordView, StateTimeline } from '../timeline.js';
import { type Finding, stateCheck } from './frame.js';
import { few } from './shared.js';

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

/** The write a view's change most likely comes from: the last one that sent one of the changed fields. */
const mirrored = (writes: readonly WriteStep[], fields: readonly string[], view: RecordView) =>
  [...writes]
    .reverse()
    .find((write) =>
      fields.some((field) => write.sent[field] !== undefined && sameValue(view.row[field], write.sent[field])),
    );

function viewFinding(timeline: StateTimeline, view: RecordView): Finding | undefined {
  if (!view.expected || view.deletedBy || view.expected.unsure || view.writesSince.length === 0) return undefined;
  const last = view.writesSince.at(-1)!;
  const title = `${titleOf(last.answer)}: what it did not send reads as before`;
  // A write's own answer is judged apart: a later read that shows the record right does not make it right.
  const subject = `${view.via === 'answer' ? 'answer ' : ''}${view.id} after #${last.answer.exchange.id}`;
  const { fields, before } = changedFields(timeline, view);
  if (fields.length === 0) return { subject, version: view.version, result: pass(title) };
  const own = view.writesSince.filter((write) => write.id === view.id && write.op === 'update');
  const identifier = timeline.kind!.identifier;
  if (own.length > 0) {
    const write = own.at(-1)!;
    return {
      subject,
      version: view.version,
      result: fail(
        'write-leaked',
        view.answer,
        `only the fields the update sent change (${Object.keys(write.sent).join(', ') || 'none'}); ` +
          'a parameter that is not sent is not changed',
        changeText(fields, before, view),
        { basis: 'specified', title, related: [write.answer, view.expected.fields[fields[0]!]!.from] },
      ),
    };
  }
  const source = mirrored(view.writesSince, fields, view) ?? last;
  return {
    subject,
    version: view.version,
    confirmable: mirrored(view.writesSince, fields, view) === undefined,
    result: fail(
      'record-changed',
      view.answer,
      `${identifier} ${view.id} reads as before: ${source.op} of ${identifier} ${source.id ?? '(new)'} ` +
        'addresses that record only',
      changeText(fields, before, view),
      { basis: 'specified', title, related: [source.answer, view.expected.fields[fields[0]!]!.from] },
    ),
  };
}

function findings(_run: RecordedRun, timeline: StateTimeline): Finding[] {
  if (!timeline.kind) return [];
  const identifier = timeline.kind.identifier;
  const found: Finding[] = [];
  for (const view of timeline.views) {
    const finding = viewFinding(timeline, view);
    if (finding) found.push(finding);
  }
  for (const read of timeline.refusedReads) {
    if (!read.expected || read.deletedBy || read.expected.unsure || read.writesSince.length === 0) continue;
    // A record the traffic itself created and has not seen since is resource_availability's (a slow replica).
    if (read.expected.origin === 'created' && read.writesSince.some((write) => write.id === read.id)) continue;
    const last = read.writesSince.at(-1)!;
    const seen = Object.values(read.expected.fields).find((field) => field.how === 'seen')?.from;
    found.push({
      subject: `${read.id} after #${last.answer.exchange.id}`,
      version: read.version,
      confirmable: true,
      result: fail(
        'record-vanished',
        read.answer,
        `${identifier} ${read.id} still reads: no delete addressed it (the writes since: ` +
          `${few(
            read.writesSince.map((write) => `${write.op} of ${write.id ?? 'a new record'}`),
            3,
          )})`,
        'the read is refused',
        {
          basis: 'specified',
          title: `${titleOf(last.answer)}: what it did not send reads as before`,
          related: [last.answer, ...(seen ? [seen] : [])],
        },
      ),
    });
  }
  return found;
}

export const writeIsolated = stateCheck(
  NAME,
  'A write changes only what it sends: every field it did not send, and every other record, reads as before, in ' +
    'the list and by id.',
  { nothingToJudge: 'no record was seen again after a write', findings },
);
