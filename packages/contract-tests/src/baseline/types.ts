// What a baseline pins, as a run's checks read it: one observed point per pin
// (observations/points.ts), as the baseline file states it, with the line of
// its action, and the API's spec with the baseline applied.
import type { JsonObject } from '@tallyport/spec-model/query';
import type { ErrorBodyPoint, ObservedPoint } from '../observations/points.js';

/** A refusal body as pinned: its media type, and the schema the overlaid spec gives it (read from the file). */
export interface ErrorBodyPin extends Omit<ErrorBodyPoint, 'shape'> {
  schema?: JsonObject;
}

/** One point a baseline pins, and the line of the baseline file where its action starts. */
export type Pin = (Exclude<ObservedPoint, ErrorBodyPoint> | ErrorBodyPin) & { line: number };

/** A baseline as one API's run reads it: the file, the pins of the API, and its spec with the overlay applied. */
export interface ApiBaseline {
  file: string;
  pins: Pin[];
  /** The API's spec with every action of the baseline applied (what the pins are judged against). */
  document: JsonObject;
}

