// A small JSON Schema checker for the keywords the generator keeps (see
// scripts/generate.mjs `slim`): enough to hold a response to the spec
// without shipping a full validator.
type Schema = boolean | Record<string, unknown>;

const FORMATS: Record<string, (v: string) => boolean> = {
  'date-time': (v) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$/i.test(v) && !Number.isNaN(Date.parse(v)),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
  uri: (v) => /^[a-z][a-z0-9+.-]*:/i.test(v),
  email: (v) => /^[^\s@]+@[^\s@]+$/.test(v),
};

function typeOk(type: string, v: unknown): boolean {
  switch (type) {
    case 'object':
      return typeof v === 'object' && v !== null && !Array.isArray(v);
    case 'array':
      return Array.isArray(v);
    case 'integer':
      return Number.isInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'null':
      return v === null;
    default:
      return typeof v === type;
  }
}

/** Named schemas that `{ "$ref": name }` points at. */
export type SchemaDefinitions = Readonly<Record<string, Schema>>;

/** The problems of `value` against `schema`, as `path: reason` strings (empty when valid). */
export function checkSchema(schema: Schema, value: unknown, path = '$', defs: SchemaDefinitions = {}): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: must be absent`];
  const s = schema;
  const out: string[] = [];
  if (typeof s.$ref === 'string') {
    const target = defs[s.$ref];
    if (target === undefined) return [`${path}: unknown schema ${s.$ref}`];
    out.push(...checkSchema(target, value, path, defs));
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => typeOk(t, value))) return [`${path}: expected ${types.join(' | ')}`];
  }
  if ('const' in s && value !== s.const) out.push(`${path}: expected ${JSON.stringify(s.const)}`);
  if (Array.isArray(s.enum) && !s.enum.includes(value)) out.push(`${path}: expected one of ${JSON.stringify(s.enum)}`);
  if (typeof value === 'string') {
    if (typeof s.minLength === 'number' && [...value].length < s.minLength)
      out.push(`${path}: shorter than ${s.minLength}`);
    if (typeof s.maxLength === 'number' && [...value].length > s.maxLength)
      out.push(`${path}: longer than ${s.maxLength}`);
    if (typeof s.pattern === 'string' && !new RegExp(s.pattern, 'u').test(value))
      out.push(`${path}: does not match ${s.pattern}`);
    const format = typeof s.format === 'string' ? FORMATS[s.format] : undefined;
    if (format && !format(value)) out.push(`${path}: not a valid ${String(s.format)}`);
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) out.push(`${path}: below ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) out.push(`${path}: above ${s.maximum}`);
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum)
      out.push(`${path}: not above ${s.exclusiveMinimum}`);
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum)
      out.push(`${path}: not below ${s.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems)
      out.push(`${path}: fewer than ${s.minItems} items`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) out.push(`${path}: more than ${s.maxItems} items`);
  }
  if (s.not !== undefined && checkSchema(s.not as Schema, value, path, defs).length === 0)
    out.push(`${path}: matches a shape it must not`);
  if (typeOk('object', value)) {
    const obj = value as Record<string, unknown>;
    for (const key of (s.required as string[] | undefined) ?? [])
      if (!(key in obj)) out.push(`${path}.${key}: required`);
    const props = (s.properties as Record<string, Schema> | undefined) ?? {};
    for (const [key, v] of Object.entries(obj)) {
      const sub = props[key] ?? (s.additionalProperties as Schema | undefined);
      if (sub !== undefined) out.push(...checkSchema(sub, v, `${path}.${key}`, defs));
    }
  }
  if (Array.isArray(value) && s.items !== undefined)
    value.forEach((v, i) => out.push(...checkSchema(s.items as Schema, v, `${path}[${i}]`, defs)));
  for (const sub of (s.allOf as Schema[] | undefined) ?? []) out.push(...checkSchema(sub, value, path, defs));
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key] as Schema[] | undefined;
    if (!Array.isArray(branches)) continue;
    const results = branches.map((sub) => checkSchema(sub, value, path, defs));
    const matches = results.filter((r) => r.length === 0).length;
    if (matches === 0) {
      // The closest shape explains the failure best: report its problems.
      const closest = results.reduce((a, b) => (b.length < a.length ? b : a));
      out.push(`${path}: matches none of the allowed shapes; closest: ${closest.join('; ')}`);
    } else if (key === 'oneOf' && matches > 1) {
      out.push(`${path}: matches ${matches} of the shapes, expected exactly one`);
    }
  }
  return out;
}
