// What a body states about its own outcome, for APIs whose spec marks an
// outcome field (`x-tallyport-outcome`, the marketplace's 成功 / 错误) and a
// message field.
import { isObject, type SpecModel } from '@tallyport/spec-model/query';

export type Outcome = 'success' | 'error' | 'other';

/** The outcome a body states; undefined when the spec marks no outcome field. */
export function outcomeOf(model: SpecModel, json: unknown): Outcome | undefined {
  const outcome = model.outcome;
  if (!outcome) return undefined;
  const value = isObject(json) ? json[outcome.field] : undefined;
  if (value === outcome.success) return 'success';
  if (value === outcome.error) return 'error';
  return 'other';
}

/** The message field of a body, for APIs whose spec marks one. */
export function messageOf(model: SpecModel, json: unknown): unknown {
  const field = model.outcome?.messageField;
  return field && isObject(json) ? json[field] : undefined;
}
