// How a schema failure reads: one `$.path: reason` line per problem, the
// path written as a reader would type it, capped so that a payload with a
// million bad rows still gives a short, bounded list. Errors of a verbose
// engine carry the value found, which the line shows ("got \"39.00\""); where
// a value matches none of several shapes, `closestAlternative` picks the shape
// whose problems to show. Pure: the client ships it with its compiled
// validators (which are not verbose, so their lines show no values).

/** The subset of an ajv error this formatter reads. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
  /** With ajv's `verbose`: the value at `instancePath`, and the keyword's schema. */
  data?: unknown;
  schema?: unknown;
  parentSchema?: unknown;
}

export const MAX_PROBLEMS = 50;

/** `/item/media/0` → `$.item.media[0]`. */
export function readablePath(instancePath: string): string {
  let out = '$';
  for (const raw of instancePath.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(key) ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
  }
  return out;
}

const isEmptySchema = (schema: unknown): boolean =>
  schema === true || (!!schema && typeof schema === 'object' && Object.keys(schema).length === 0);

const SHOWN_CHARACTERS = 60;

/** A value as a problem line shows it: scalars as JSON (long strings cut), objects and arrays by their shape. */
export function shownValue(value: unknown): string {
  if (typeof value === 'string') {
    if (value.length <= SHOWN_CHARACTERS) return JSON.stringify(value);
    // The mark of the cut sits right after the kept text, where a redactor looks for a cut secret.
    return `${JSON.stringify(value.slice(0, SHOWN_CHARACTERS)).slice(0, -1)}…"`;
  }
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value && typeof value === 'object') {
    const keys = Object.keys(value);
    return `an object {${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''}}`;
  }
  return value === undefined ? 'nothing' : JSON.stringify(value);
}

/** The path of the property a problem is about: a missing or extra property is one level below its object. */
function problemPath(error: SchemaError): string {
  const params = error.params ?? {};
  if (error.keyword === 'required') return `${error.instancePath}/${String(params.missingProperty ?? '')}`;
  if (error.keyword === 'additionalProperties')
    return `${error.instancePath}/${String(params.additionalProperty ?? '')}`;
  return error.instancePath;
}

/** The value a verbose error found at its path, when the line should show it. */
function found(error: SchemaError): string {
  if (!('data' in error) || error.keyword === 'required') return '';
  if (error.keyword === 'oneOf' || error.keyword === 'anyOf') return '';
  const params = error.params ?? {};
  const data =
    error.keyword === 'additionalProperties' && error.data && typeof error.data === 'object'
      ? (error.data as Record<string, unknown>)[String(params.additionalProperty)]
      : error.data;
  return `, got ${shownValue(data)}`;
}

function reason(error: SchemaError): string {
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'required':
      return 'required';
    case 'false schema':
      return 'must be absent';
    case 'type':
      return `expected ${String(params.type).replace(/,/g, ' | ')}`;
    case 'const':
      return `expected ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `expected one of ${JSON.stringify(params.allowedValues)}`;
    case 'pattern':
      return `does not match ${String(params.pattern)}`;
    case 'format':
      return `not a valid ${String(params.format)}`;
    case 'oneOf':
      return Array.isArray(params.passingSchemas)
        ? `matches ${params.passingSchemas.length} of the allowed shapes, expected exactly one`
        : 'matches none of the allowed shapes';
    case 'anyOf':
      return 'matches none of the allowed shapes';
    case 'not':
      // `not: {}` is how the specs say a property must be absent.
      return isEmptySchema(error.schema) ? 'must be absent' : 'matches a shape it must not';
    case 'additionalProperties':
      return 'not allowed';
    default:
      return error.message ?? error.keyword;
  }
}

/** How deep under `base` a problem sits: a shape that fails only deep down fits better than one failing at the top. */
const depthOf = (error: SchemaError, base: string): number =>
  problemPath(error).slice(base.length).split('/').filter(Boolean).length;

/**
 * Of the alternatives of a `oneOf` / `anyOf` at `base` that a value matched none of, given each one's problems,
 * the index of the one that fits best: its shallowest problem is deepest (the value has that shape and fails
 * inside it), then it has the fewest problems, then it comes first.
 */
export function closestAlternative(alternatives: readonly (readonly SchemaError[])[], base: string): number {
  let best = 0;
  let bestScore: [number, number] = [-1, 0];
  alternatives.forEach((errors, index) => {
    const shallowest = Math.min(...errors.map((error) => depthOf(error, base)));
    const score: [number, number] = [Number.isFinite(shallowest) ? shallowest : -1, -errors.length];
    if (score[0] > bestScore[0] || (score[0] === bestScore[0] && score[1] > bestScore[1])) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

/** Readable, de-duplicated problems of a failed validation, at most `limit` (plus a count of the rest). */
export function describeProblems(errors: readonly SchemaError[], limit = MAX_PROBLEMS): string[] {
  const seen = new Set<string>();
  // Deepest first: where a payload matches none of several shapes, the
  // problems inside the shape it was meant to have come before the top-level
  // "matches none" lines of the shapes it was not.
  const depth = (error: SchemaError) => error.instancePath.split('/').length + (error.keyword === 'required' ? 1 : 0);
  const ordered = errors.map((error, index) => ({ error, index }));
  ordered.sort((a, b) => depth(b.error) - depth(a.error) || a.index - b.index);
  for (const { error } of ordered) seen.add(`${readablePath(problemPath(error))}: ${reason(error)}${found(error)}`);
  const shown = [...seen].slice(0, limit);
  if (seen.size > shown.length) shown.push(`… and ${seen.size - shown.length} more`);
  return shown;
}
