// baseline_drift: where the source documentation is silent, a run given a
// baseline (`--baseline FILE`, an OpenAPI Overlay taken by
// `tallyport-contract baseline`) holds the deployment to what it did when the
// baseline was taken: each pinned point (an outcome's statuses, a refusal's
// body, where the key is read, where records sit, an id's type, how search
// matches and text is ordered) must still hold. A point that no longer holds
// is drift: it fails the run, naming the line of the baseline file that pins
// it, with the requests that show it. A point the run did not observe is
// skipped; a point the baseline does not pin stays as the other checks judge
// it.
import { EVERY_SHAPE } from './judging/check-kinds.js';
import { fail, pass, skip } from './judging/evidence.js';
import type { CaseResult, CheckDefinition, RecordedRun } from './judging/types.js';
import { judgePins } from '../baseline/pins.js';
import type { Pin } from '../baseline/types.js';
import { subjectOf, valueText } from '../observations/points.js';

/** A pin as its verdicts name it: what it is about, and where the baseline file pins it. */
export const pinTitle = (pin: Pin, file: string): string => `${subjectOf(pin)} (${file}:${pin.line})`;

/** What a pin says, in the words of the observations (an error body by its media type). */
export function pinnedText(pin: Pin): string {
  if (pin.point === 'error-body') return pin.mediaType ? `${pin.mediaType} as the baseline's schema` : 'an empty body';
  return valueText(pin);
}

function judge(run: RecordedRun): CaseResult[] {
  const baseline = run.baseline;
  if (!baseline) return [skip('baseline', 'no baseline was given (--baseline FILE)')];
  if (baseline.pins.length === 0) return [skip('baseline', `${baseline.file} pins nothing of this API`)];
  return judgePins(run, baseline.pins).map((verdict) => {
    const title = pinTitle(verdict.pin, baseline.file);
    if (verdict.status === 'unobserved') return skip(title, 'the run observed nothing of it');
    if (verdict.status === 'held') return pass(title);
    const [first, ...others] = verdict.answers;
    const more = verdict.answers.length > 1 ? ` (${verdict.answers.length} answers)` : '';
    return fail(
      'baseline-drift',
      first!,
      `${pinnedText(verdict.pin)}, as ${baseline.file} pins at line ${verdict.pin.line}`,
      `${verdict.seen}${more}`,
      { basis: 'baseline', title, related: others.slice(0, 2) },
    );
  });
}

export const baselineDrift: CheckDefinition = {
  name: 'baseline_drift',
  description:
    'Where the spec is silent, what the baseline file pins (statuses, error bodies, key place, envelope, id type, ' +
    'search and text order) still holds (--baseline).',
  needs: [...EVERY_SHAPE, 'derived', 'combination'],
  needsBaseline: true,
  judge,
};
