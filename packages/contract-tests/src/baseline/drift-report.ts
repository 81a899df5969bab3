// The drift section of a run's result: of what the baseline pins of an API,
// what held, what drifted (with the line of the file that pins it), what the
// run did not observe; and what the run observed that the baseline does not
// pin (new: reported, never failed, until the baseline is taken again).
import { type ObservedPoint, subjectOf, valueText } from '../observations/points.js';
import type { PinVerdict } from './pins.js';
import type { ApiBaseline } from './types.js';
import { pinnedText } from '../checks/baseline-drift.js';

/** What a run given a baseline found of one API, for every report. */
export interface DriftReport {
  /** The baseline file. */
  file: string;
  /** Points it pins of the API, and of those: held, not observed by this run. */
  pins: number;
  held: number;
  unobserved: number;
  /** Pinned points that no longer hold: the line of their action, what it pins, what the run saw. */
  drifted: Array<{ line: number; subject: string; pinned: string; seen: string }>;
  /** Points the run observed that the baseline does not pin: reported, never failed. */
  new: Array<{ subject: string; seen: string }>;
}

export function driftReport(
  baseline: ApiBaseline,
  verdicts: readonly PinVerdict[],
  points: readonly ObservedPoint[],
): DriftReport {
  const pinned = new Set(baseline.pins.map(subjectOf));
  return {
    file: baseline.file,
    pins: baseline.pins.length,
    held: verdicts.filter((verdict) => verdict.status === 'held').length,
    unobserved: verdicts.filter((verdict) => verdict.status === 'unobserved').length,
    drifted: verdicts
      .filter((verdict) => verdict.status === 'drifted')
      .map((verdict) => ({
        line: verdict.pin.line,
        subject: subjectOf(verdict.pin),
        pinned: pinnedText(verdict.pin),
        seen: verdict.seen ?? '',
      })),
    new: points
      .filter((point) => !pinned.has(subjectOf(point)))
      .map((point) => ({ subject: subjectOf(point), seen: valueText(point) })),
  };
}
