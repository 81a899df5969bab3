// How a schema failure reads: one `$.path: reason` line per problem, the
// path written as a reader would type it, capped so that a payload with a
// million bad rows still gives a short, bounded list. Pure: the client ships
// it with its compiled validators.

/** The subset of an ajv error this formatter reads. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
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
      return 'matches a shape it must not';
    default:
      return error.message ?? error.keyword;
  }
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
  for (const { error } of ordered) {
    const missing = error.keyword === 'required' ? `/${String(error.params?.missingProperty ?? '')}` : '';
    seen.add(`${readablePath(error.instancePath + missing)}: ${reason(error)}`);
  }
  const shown = [...seen].slice(0, limit);
  if (seen.size > shown.length) shown.push(`… and ${seen.size - shown.length} more`);
  return shown;
}
