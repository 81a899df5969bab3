// write_round_trip: what a create sets reads back; an update changes what it
// sends and nothing else; a delete makes the record unreadable; a create
// answer names the record that was created. Specified by the source
// documentation (create defaults, "a parameter not sent is not changed",
// delete removes), with two kinds of convention: a create refused (a
// deployment may have rules for domains or passwords the source does not
// show), and fields whose shown value the source leaves open (a password, the
// format of an exclusion list). A field a read does not show, or shows in
// another representation, is skipped, never failed.
import { createdFields, updatedFields, writableKind } from '@tallyport/spec-model/query';
import type { Answer } from '../answers/answer.js';
import { anyWritable } from './judging/applies.js';
import { comparable, sameLabel, sameValue, shownAsWritten } from './judging/compare.js';
import { fail, pass, skip, titleOf } from './judging/evidence.js';
import { acceptedConforming, judgeWriteTrails } from './judging/related.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';
import type { Basis } from '../spec/basis.js';

const NAME = 'write_round_trip';

const rowOf = (answer: Answer | undefined) =>
  answer && acceptedConforming(answer) ? answer.records?.rows[0] : undefined;

const kindOf = (run: RecordedRun) => writableKind(run.model);

const empty = (value: unknown): boolean => value === null || value === undefined || value === '';

/**
 * What a value read back differing from the one written rests on. Specified, unless the spec leaves the shown
 * value open (a list's format, which a deployment may normalise; a password, which it may hide), and then only
 * a value that is gone (empty where something was written) is specified.
 */
function basisOf(run: RecordedRun, field: string, written: string, shown: unknown): Basis {
  const kind = kindOf(run);
  if (kind?.conventionFields.includes(field)) return 'convention';
  if (!kind?.undecidedFields.includes(field)) return 'specified';
  return written !== '' && empty(shown) ? 'specified' : 'convention';
}

function readsBack(run: RecordedRun, create: Answer, read: Answer): CaseResult[] {
  const record = rowOf(read)!;
  return Object.entries(create.case!.values).map(([field, value]) => {
    const title = `${titleOf(create)}: ${field} reads back`;
    const sent = run.valueOf(value);
    if (!(field in record)) return skip(title, `the read does not show ${field}`);
    if (!comparable(sent, record[field]))
      return skip(title, `the read shows ${field} in another representation (${JSON.stringify(record[field])})`);
    // Nothing written, nothing shown: null or "" is the deployment's own way of showing an empty value.
    if (sent === '' && empty(record[field])) return pass(title);
    if (shownAsWritten(record[field], sent) || (field === kindOf(run)?.label && sameLabel(record[field], sent)))
      return pass(title);
    return fail(
      'write-lost',
      read,
      `${field} ${JSON.stringify(sent)} as created`,
      `${field} ${JSON.stringify(record[field])}`,
      {
        basis: basisOf(run, field, sent, record[field]),
        title,
        related: [create],
      },
    );
  });
}

/**
 * Why a field read exactly as before a successful update that sent it another value is a lost write, or undefined
 * when that could be honest. Whatever form a deployment shows a field in, a new value shows in a new form; only a
 * field that may never show what was written (a password hidden or masked, `x-tallyport-convention`) needs proof
 * that it does: an earlier read that showed the value written before it.
 */
function keptAsBefore(
  run: RecordedRun,
  earlier: readonly Answer[],
  field: string,
  value: string,
  old: Record<string, unknown>,
  now: Record<string, unknown>,
): string | undefined {
  if (!(field in old) || !sameValue(old[field], now[field]) || sameValue(old[field], value)) return undefined;
  // Empty written, empty shown (null, "", []): the value did change to an empty one, in the deployment's own form.
  if (value === '' && empty(now[field])) return undefined;
  // The update sent what the record already held (as written before, by the write rules): nothing had to change.
  if (lastWritten(run, earlier, field) === value) return undefined;
  if (!kindOf(run)?.conventionFields.includes(field)) return 'the value sent is not the one shown';
  let written: string | undefined;
  for (const step of earlier) {
    const sent = step.case!.values[field];
    const writes = step.case!.step === 'create' || step.case!.step === 'update';
    if (writes && sent !== undefined && acceptedConforming(step)) written = run.valueOf(sent);
    const shown = rowOf(step)?.[field];
    if (!writes && written !== undefined && shown !== undefined && sameValue(shown, written))
      return `an earlier read showed ${field} as written (#${step.exchange.id})`;
  }
  return undefined;
}

/** The value the last accepted write before stored in `field`, by the documented write rules (a create's defaults). */
function lastWritten(run: RecordedRun, earlier: readonly Answer[], field: string): string | undefined {
  let written: string | undefined;
  for (const step of earlier) {
    if (!acceptedConforming(step) || (step.case!.step !== 'create' && step.case!.step !== 'update')) continue;
    const sent = Object.fromEntries(
      Object.entries(step.case!.values).map(([name, value]) => [name, run.valueOf(value)]),
    );
    const stored = (step.case!.step === 'create' ? createdFields : updatedFields)(step.operation, sent)[field];
    if (stored) written = String(stored.value);
  }
  return written;
}

/** The same write sent again right after in the other encoding, when the session did (see writes/session.ts). */
function sentAgainEncoded(steps: readonly Answer[], write: Answer): Answer | undefined {
  const next = steps.find((step) => step.exchange.id > write.exchange.id && step.case!.step === write.case!.step);
  return next?.case?.encoding ? next : undefined;
}

/**
 * A write refused in the documented encoding and served in the other one: the documented body is not read, since
 * nothing else differs between the two requests (a plan limit or a domain rule refuses both alike).
 */
function bodyNotRead(write: Answer, encoded: Answer): CaseResult {
  const documented = write.operation.body?.mediaType ?? 'the documented media type';
  return fail(
    'write-refused',
    write,
    `the documented body (${documented}) is read: a ${write.operation.id} that follows the spec is served`,
    `refused as documented, while the same values sent as ${encoded.case!.encoding} were accepted ` +
      `(#${encoded.exchange.id}): the documented body is never read`,
    { basis: 'specified', title: titleOf(write), related: [encoded] },
  );
}

function updates(run: RecordedRun, steps: Answer[], label: string): CaseResult[] {
  const results: CaseResult[] = [];
  steps.forEach((update, index) => {
    if (update.case!.step !== 'update' || update.case!.auth !== 'valid') return;
    const encoded =
      update.verdict === 'refused' && !update.case!.encoding ? sentAgainEncoded(steps, update) : undefined;
    if (encoded?.verdict === 'accepted') {
      results.push(bodyNotRead(update, encoded));
      return;
    }
    const before = steps
      .slice(0, index)
      .reverse()
      .find((step) => step.case!.step === 'read-before-update');
    // The last read before the next update: a read that lagged the write was made again.
    const until = steps.slice(index + 1).find((step) => step.case!.step === 'update')?.exchange.id;
    const after = steps
      .slice(index + 1)
      .filter(
        (step) => step.case!.step === 'read-after-update' && step.exchange.id < (until ?? Number.POSITIVE_INFINITY),
      )
      .at(-1);
    const [old, now] = [rowOf(before), rowOf(after)];
    const title = titleOf(update);
    if (!old || !now || !after) return;
    const kind = kindOf(run)!;
    const taken = acceptedConforming(update) && update.case!.expect === 'success';
    const target = update.case!.varied;
    const sent = target ? update.case!.values[target] : undefined;
    const verdicts: CaseResult[] = [];
    if (taken && target && sent !== undefined && target in now) {
      const value = run.valueOf(sent);
      const kept = keptAsBefore(run, steps.slice(0, index), target, value, old, now);
      if (kept)
        verdicts.push(
          fail(
            'write-lost',
            after,
            `${target} ${JSON.stringify(value)} after the update: a successful update changes what it sends`,
            `${target} ${JSON.stringify(now[target])}, exactly as before the update (${kept})`,
            { basis: 'specified', title, related: [update, ...(before ? [before] : [])] },
          ),
        );
      else if (comparable(value, now[target]) && !sameValue(now[target], value))
        verdicts.push(
          fail(
            'write-lost',
            after,
            `${target} ${JSON.stringify(value)} after the update`,
            `${target} ${JSON.stringify(now[target])}`,
            {
              basis: basisOf(run, target, value, now[target]),
              title,
              related: [update],
            },
          ),
        );
    }
    // What the update did not send stays as it was: every documented field, the label (never an update field) too.
    const untouched = kind.fields.filter((field) => (taken ? field !== target : true) && field in old && field in now);
    const leaked = untouched.filter((field) => !sameValue(old[field], now[field]));
    if (leaked.length > 0) {
      // "A parameter that is not sent is not changed" holds whatever format a field is shown in.
      const decided = leaked.filter((field) => !kind.conventionFields.includes(field));
      const shown = decided.length > 0 ? decided : leaked;
      verdicts.push(
        fail(
          'write-leaked',
          after,
          `fields not sent stay as they were (${taken ? `only ${target} changes` : 'nothing changes'}; ` +
            `${kind.label} ${label} is never changed)`,
          shown
            .slice(0, 4)
            .map((field) => `${field} ${JSON.stringify(old[field])} → ${JSON.stringify(now[field])}`)
            .join('; '),
          {
            basis: decided.length > 0 ? 'specified' : 'convention',
            title,
            related: [update, ...(before ? [before] : [])],
          },
        ),
      );
    }
    results.push(...(verdicts.length > 0 ? verdicts : [pass(title)]));
  });
  return results;
}

function deletes(steps: Answer[]): CaseResult[] {
  const results: CaseResult[] = [];
  steps.forEach((remove, index) => {
    if (remove.case!.step !== 'delete' || remove.case!.auth !== 'valid') return;
    const title = titleOf(remove);
    if (remove.verdict === 'refused') {
      results.push(
        fail('write-refused', remove, 'the delete of a record this run created is accepted', `HTTP ${remove.status}`, {
          basis: 'specified',
          title,
        }),
      );
      return;
    }
    if (remove.verdict !== 'accepted') return;
    // The last read after the delete: the session re-reads a few times where a deployment is slow to forget.
    const after = steps
      .slice(index + 1)
      .filter((step) => step.case!.step === 'read-after-delete' && step.answered)
      .at(-1);
    if (!after || after.verdict === 'inconclusive') return;
    if (after.verdict === 'accepted')
      results.push(
        fail('not-deleted', after, 'a read after the delete is refused', 'the record still reads', {
          basis: 'specified',
          title,
          related: [remove],
        }),
      );
    else results.push(pass(title));
  });
  return results;
}

function judgeRecord(run: RecordedRun, label: string, steps: Answer[]): CaseResult[] {
  const kind = kindOf(run)!;
  const create = steps.find((answer) => answer.case!.step === 'create' && !answer.case!.encoding);
  if (!create || create.case!.expect !== 'success') return [];
  const title = titleOf(create);
  if (create.verdict === 'refused') {
    const encoded = sentAgainEncoded(steps, create);
    if (encoded?.verdict === 'accepted') return [bodyNotRead(create, encoded)];
    const again = encoded ? `; refused as ${encoded.case!.encoding} too (#${encoded.exchange.id})` : '';
    return [
      fail(
        'write-refused',
        create,
        'a create that follows the spec is accepted',
        `refused (HTTP ${create.status})${again}`,
        { basis: 'convention', title, ...(encoded ? { related: [encoded] } : {}) },
      ),
    ];
  }
  if (create.verdict !== 'accepted') return [];
  const answered = create.records?.rows[0];
  if (answered && kind.label in answered && !sameLabel(answered[kind.label], label))
    return [
      fail(
        'foreign-record',
        create,
        `the created record, ${kind.label} ${label}`,
        `a record with ${kind.label} ${JSON.stringify(answered[kind.label])}`,
        {
          basis: 'specified',
          title,
        },
      ),
    ];
  const results: CaseResult[] = [];
  const firstRead = steps.find((answer) => answer.case!.step === 'verify' && answer.verdict === 'accepted');
  const shown = rowOf(firstRead);
  if (
    firstRead &&
    shown &&
    !sameLabel(shown[kind.label], label) &&
    steps.indexOf(firstRead) === steps.indexOf(create) + 1
  )
    results.push(
      fail(
        'foreign-record',
        firstRead,
        `the create answer names the created record (${kind.label} ${label})`,
        `the id it answered reads as ${kind.label} ${JSON.stringify(shown[kind.label])}: another record`,
        { basis: 'specified', title, related: [create] },
      ),
    );
  const ownRead = steps.find(
    (answer) => answer.case!.step === 'verify' && sameLabel(rowOf(answer)?.[kind.label], label),
  );
  if (!ownRead) return [...results, skip(`${title}: reads back`, 'the created record could not be found and read')];
  return [...results, ...readsBack(run, create, ownRead), ...updates(run, steps, label), ...deletes(steps)];
}

export const writeRoundTrip: CheckDefinition = {
  name: NAME,
  description:
    'Creates read back, updates change only what they send, deletes remove, create answers name their record.',
  needs: ['write'],
  appliesTo: anyWritable,
  judge: (run) => judgeWriteTrails(run, NAME, (label, steps) => judgeRecord(run, label, steps)),
};
