// stored_as_sent: what a write sends is what the record then shows, and a
// create's documented defaults are what it shows for what it did not send.
// Specified by the write rules (a create stores its fields and the defaults,
// an update changes what it sends). How text is shown is not shown by the
// source, so a value may come back as written or as the deployment's own
// normalisation of it (normalisation.ts); but a value with part of it
// missing, nothing stored for something written, or an old value kept where
// an empty one was written, fails; and a normalisation is the deployment's
// only if the same value written again shows the same way. The first view
// after a write may lag it (a replica): the last view before the next write
// is the one judged.
import { sameValue } from '../../checks/judging/compare.js';
import { titleOf } from '../../checks/judging/evidence.js';
import type { FailureKind, RecordedRun } from '../../checks/judging/types.js';
import type { FieldExpectation } from '../model.js';
import { sameLabelForm, storedAs } from '../normalisation.js';
import type { RecordView, StateTimeline } from '../timeline.js';
import { type Finding, STATE_FAMILIES, stateCheck } from './frame.js';
import { anyWritable, finding, type FindingFailure } from './shared.js';

const NAME = 'stored_as_sent';

interface Judged {
  finding: Finding;
  field: string;
  written: FieldExpectation;
  view: RecordView;
  /** A form of the value the run could not explain, learnt as the deployment's own. */
  ownForm: boolean;
}

function judgeField(timeline: StateTimeline, view: RecordView, field: string, written: FieldExpectation): Judged {
  const identifier = timeline.kind!.identifier;
  const shown = view.row[field];
  const source = written.how === 'default' ? 'the documented default' : 'as sent';
  const title = `${titleOf(written.from)}: ${field} shows what was written (${identifier} ${view.id})`;
  // Each kind of view is judged apart (a write's own answer, reads by id, lists): a later read that shows the value
  // right does not make a list that never shows it right, nor the write's answer.
  const subject = `${view.via} ${view.id} ${field}`;
  // A write stays expected until a view shows it (a replica may lag): its last view settles it, whatever came between.
  const version = written.from.exchange.id;
  // The label is what people know the record by: shown in its own case or ASCII form, never otherwise.
  const stored =
    field === timeline.kind!.label
      ? sameLabelForm(written.value, shown)
        ? ({ verdict: 'kept', how: 'normalised' } as const)
        : ({ verdict: 'lost' } as const)
      : storedAs(written.value, shown, written.before);
  const base = { field, written, view, ownForm: false };
  if (stored.verdict === 'kept' || stored.verdict === 'other-representation')
    return {
      ...base,
      ownForm: stored.verdict === 'kept' && stored.how === 'another form',
      finding: finding(subject, version, title),
    };
  const text = `${field} ${JSON.stringify(shown)}`;
  const [kind, actual]: [FailureKind, string] =
    stored.verdict === 'part-missing'
      ? ['part-missing', `${text}: ${stored.missing} missing`]
      : stored.verdict === 'part-added'
        ? ['part-added', `${text}: ${stored.added} not written`]
        : stored.verdict === 'empty-not-stored'
          ? ['empty-not-stored', `${text}, where an empty value was written`]
          : stored.verdict === 'unchanged'
            ? ['write-lost', `${text}, as before the write (and no later view showed it)`]
            : ['write-lost', text];
  return {
    ...base,
    finding: finding(subject, version, title, {
      kind,
      answer: view.answer,
      expected: `${field} ${JSON.stringify(written.value)} (${source}), or a normalisation of it`,
      actual,
      related: [written.from],
      basis: timeline.kind!.conventionFields.includes(field) ? 'convention' : 'specified',
    }),
  };
}

function findings(run: RecordedRun, timeline: StateTimeline): Finding[] {
  if (!timeline.kind) return [];
  const judged: Judged[] = [];
  // Every documented field, those a deployment may show its own way (a password hidden or hashed) too: these only
  // by convention, and a form of their own is never held to be the same twice (a hash is salted each time).
  const fields = timeline.kind.fields;
  for (const view of timeline.views) {
    if (!view.expected || view.deletedBy) continue;
    for (const field of fields) {
      const written = view.expected.fields[field];
      if (!written || written.how === 'seen' || written.unsure || !(field in view.row)) continue;
      // A field that applies only under another's value (a password, with privacy 2) need not be kept otherwise.
      const when = written.from.operation.parameters.find((parameter) => parameter.name === field)?.appliesWhen;
      if (when && view.expected.fields[when.field]?.value !== String(when.value)) continue;
      judged.push(judgeField(timeline, view, field, written));
    }
  }
  // The last view of each write before the next one stands; then a form of its own must hold for the same value.
  const last = new Map<string, Judged>();
  for (const entry of judged) last.set(`${entry.finding.version} ${entry.finding.subject}`, entry);
  const forms = new Map<string, Judged>();
  const consistency: Finding[] = [];
  for (const entry of last.values()) {
    if (entry.finding.result.status !== 'pass' || typeof entry.written.value !== 'string') continue;
    if (timeline.kind.conventionFields.includes(entry.field)) continue;
    const key = `${entry.field}\u0000${entry.written.value}`;
    const first = forms.get(key);
    if (!first) {
      forms.set(key, entry);
      continue;
    }
    const [before, now] = [first.view.row[entry.field], entry.view.row[entry.field]];
    if (!entry.ownForm && !first.ownForm) continue;
    if (sameValue(before, now)) continue;
    const title = `${titleOf(entry.written.from)}: ${entry.field} in the form the same value showed before`;
    consistency.push(
      finding(`form ${entry.finding.subject}`, entry.finding.version, title, {
        kind: 'normalised-inconsistently',
        answer: entry.view.answer,
        expected:
          `${entry.field} shown as the same value written before was (${JSON.stringify(before)}): a deployment's own ` +
          'form of a value is the same each time',
        actual: `${entry.field} ${JSON.stringify(now)}`,
        related: [entry.written.from, first.view.answer, first.written.from],
      }),
    );
  }
  return [...judged.map((entry) => entry.finding), ...consistency, ...invalidApplied(run, timeline)];
}

/**
 * A write that sent a value the documentation does not allow (to learn whether it is refused) stores nothing: the
 * next read of the record showing that value means it took effect, which no honest reading allows.
 */
function invalidApplied(run: RecordedRun, timeline: StateTimeline): Finding[] {
  const found: Finding[] = [];
  for (const write of timeline.writes) {
    const { case: sent } = write.answer;
    const field = sent?.varied;
    if (sent?.expect !== 'refusal' || !sent.rule || !field || !write.id || sent.values[field] === undefined) continue;
    const value = run.valueOf(sent.values[field]!);
    const view = timeline.views.find(
      (candidate) =>
        candidate.id === write.id &&
        candidate.via === 'read' &&
        candidate.answer.exchange.id > write.answer.exchange.id,
    );
    if (!view || !(field in view.row)) continue;
    const title = `${titleOf(write.answer)}: ${field} not stored`;
    const stored: FindingFailure | false = sameValue(view.row[field], value) && {
      kind: 'invalid-applied',
      answer: view.answer,
      expected: `${field} ${JSON.stringify(value)} (${sent.rule}) never stored`,
      actual: `a read right after shows ${field} ${JSON.stringify(view.row[field])}`,
      related: [write.answer],
    };
    found.push(finding(`invalid ${write.answer.exchange.id}`, write.version, title, stored));
  }
  return found;
}

export const storedAsSent = stateCheck(
  NAME,
  'A value written is what the record shows (as sent, or in a normalisation the deployment keeps to); the ' +
    "documented defaults of a create's unsent fields too; nothing cut, nothing lost, an empty value stored empty.",
  {
    appliesTo: anyWritable,
    nothingToJudge: 'no record was seen after a write',
    findings,
    // The writes that must be refused too: a value they were not to store shows whether it was.
    needs: [...STATE_FAMILIES, 'write'],
  },
);
