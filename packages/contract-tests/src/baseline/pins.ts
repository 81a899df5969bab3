// What a baseline pins, and whether a run's answers still hold it. A pin is
// one observed point (observations/points.ts) as the baseline file states it,
// with the line of its action, so a drift names where to look. Each pin is
// held against the answers of its own subject, one by one, so a drift comes
// with the request that shows it: an outcome answered with a status the pin
// does not list, a refusal whose body leaves the pinned schema, a key read
// elsewhere, records found elsewhere, an id of another type, a search or an
// order consistent with none of the ways the pin lists.
import type { JsonObject } from '@tallyport/spec-model/query';
import type { Pin } from './types.js';
import type { Answer } from '../answers/answer.js';
import { type BodyShape, jsonTypeOf } from '../answers/body-shape.js';
import type { RecordedRun } from '../checks/judging/types.js';
import { keyPlaceOf, outcomeOf, steady } from '../observations/evidence.js';
import { mediaTypeOf, searchWaysOf, textOrdersOf } from '../observations/observe.js';

export interface PinVerdict {
  pin: Pin;
  /** `held`: answers of its subject all hold it; `drifted`: some do not; `unobserved`: the run had none. */
  status: 'held' | 'drifted' | 'unobserved';
  /** The answers that do not hold it (drifted), or that do (held). */
  answers: Answer[];
  /** What the answers that drifted showed, in words. */
  seen?: string;
}

/** Whether a body's shape is one the pinned JSON Schema (types, required members, properties) allows. */
export function shapeAllowed(schema: JsonObject | undefined, shape: BodyShape | undefined): boolean {
  if (!schema) return true;
  const type = schema.type;
  if (typeof type === 'string') {
    if (!shape?.type) return false;
    // A JSON Schema `number` allows integers.
    if (type !== shape.type && !(type === 'number' && shape.type === 'integer')) return false;
  }
  if (shape?.type !== 'object') return true;
  const members = shape.members ?? {};
  const required = Array.isArray(schema.required) ? schema.required : [];
  if (required.some((name) => typeof name === 'string' && members[name] === undefined)) return false;
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  return Object.entries(properties).every(
    ([name, property]) => members[name] === undefined || shapeAllowed(property, members[name]),
  );
}

/** The answers a pin is judged on, each with whether it holds the pin (and what it showed where not). */
function judged(run: RecordedRun, pin: Pin): Array<{ answer: Answer; holds: boolean; seen: string }> {
  const done = run.answers.filter((answer) => answer.answered && answer.conclusive);
  const own = (answer: Answer) => 'operationId' in pin && answer.operation.id === pin.operationId;
  switch (pin.point) {
    case 'status':
      return done
        .filter((answer) => own(answer) && outcomeOf(answer) === pin.outcome)
        .map((answer) => ({ answer, holds: pin.statuses.includes(answer.status!), seen: `HTTP ${answer.status}` }));
    case 'error-body':
      return done
        .filter(
          (answer) =>
            own(answer) &&
            answer.status === pin.status &&
            answer.verdict === 'refused' &&
            outcomeOf(answer) !== undefined &&
            outcomeOf(answer) !== 'success',
        )
        .map((answer) => {
          const mediaType = mediaTypeOf(answer);
          // A body that is not JSON is pinned by its media type alone (its schema says only that it is text).
          const json = !!mediaType && /[/+]json$/.test(mediaType);
          const holds = mediaType === pin.mediaType && (!json || shapeAllowed(pin.schema, answer.bodyShape));
          return { answer, holds, seen: `${mediaType ?? 'an empty body'} ${answer.body.excerpt.slice(0, 120)}` };
        });
    case 'key-place':
      return done
        .filter((answer) => own(answer) && steady(answer) && outcomeOf(answer) === 'success')
        .map((answer) => {
          const place = keyPlaceOf(answer) ?? 'no key';
          return { answer, holds: place === pin.place, seen: `the key read from ${place}` };
        });
    case 'envelope':
      return done
        .filter((answer) => own(answer) && outcomeOf(answer) === 'success')
        .map((answer) => {
          const where = answer.records?.where;
          const holds = where === pin.where && answer.records?.many === pin.many;
          return { answer, holds, seen: where ? `records under ${where}` : `no records found (${answer.shape})` };
        });
    case 'id-type':
      return done
        .filter((answer) => steady(answer) && answer.records?.kind === pin.record)
        .flatMap((answer) => {
          const identifier = run.model.records[pin.record]?.identifier;
          const types = [
            ...new Set(
              answer.records!.rows.flatMap((row) =>
                identifier && row[identifier] !== undefined ? [jsonTypeOf(row[identifier])] : [],
              ),
            ),
          ];
          if (types.length === 0) return [];
          return [{ answer, holds: types.every((type) => pin.types.includes(type)), seen: `ids of type ${types.join(' and ')}` }];
        });
    case 'conventions':
      // Judged on the other checks' verdicts, where they are summarised (conventions.ts).
      return [];
    case 'search':
    case 'collation': {
      const pinned = pin.point === 'search' ? pin.ways : pin.orders;
      const read = pin.point === 'search' ? searchWaysOf : textOrdersOf;
      return done
        .filter((answer) => own(answer) && steady(answer))
        .flatMap((answer) => {
          const consistent = read(run, answer);
          if (!consistent) return [];
          // An answer consistent with any way the pin lists holds it: the baseline could not tell those apart.
          const holds = pinned.length === 0 || consistent.some((way) => pinned.includes(way));
          return [{ answer, holds, seen: `consistent with ${consistent.join('; ') || 'none of the usual ways'}` }];
        });
    }
  }
}

/** Whether the run's answers hold each pin (but the conventions, which other checks' verdicts hold). */
export function judgePins(run: RecordedRun, pins: readonly Pin[]): PinVerdict[] {
  return pins
    .filter((pin) => pin.point !== 'conventions')
    .map((pin) => {
    const answers = judged(run, pin);
    if (answers.length === 0) return { pin, status: 'unobserved', answers: [] };
    const drifted = answers.filter((entry) => !entry.holds);
    if (drifted.length === 0) return { pin, status: 'held', answers: answers.map((entry) => entry.answer) };
    const seen = [...new Set(drifted.map((entry) => entry.seen))].sort();
    return {
      pin,
      status: 'drifted',
      answers: drifted.map((entry) => entry.answer),
      seen: seen.slice(0, 3).join('; ') + (seen.length > 3 ? '; …' : ''),
    };
    });
}
