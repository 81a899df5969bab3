// The structure of an Overlay 1.0.x document (the Overlay Specification's
// Overlay, Info and Action Objects: fixed fields, `x-` extensions, nothing
// else), and of what a baseline adds to it: each action names its API and
// states the point it pins. A file is checked against it before anything is
// applied, so a hand edit that breaks the format is named, never half used.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { API_NAMES } from '../spec/models.js';

const extensions = { patternProperties: { '^x-': true } } as const;
const text = { type: 'string', minLength: 1 } as const;
const texts = { type: 'array', items: { type: 'string' } } as const;
const operation = { operation: text } as const;

/** Each point a baseline pins, as its action's `x-tallyport-observed` states it. */
const statements = [
  ['status', { ...operation, status: { type: 'integer' }, outcomes: { ...texts, minItems: 1 } }],
  ['error-body', { ...operation, status: { type: 'integer' }, 'media-type': text, schema: text }],
  ['key-place', { ...operation, place: text }],
  ['envelope', { ...operation, record: text, many: { type: 'boolean' }, where: { type: 'string', pattern: '^\\$' } }],
  ['id-type', { record: text, types: { ...texts, minItems: 1 } }],
  ['search', { ...operation, ways: texts }],
  ['collation', { ...operation, orders: texts }],
  ['conventions', { ...operation, checks: { ...texts, minItems: 1 } }],
] as const;

export const baselineStatementSchema = {
  oneOf: statements.map(([point, fields]) => ({
    type: 'object',
    additionalProperties: false,
    required: ['run', 'point', 'requests', ...Object.keys(fields)],
    properties: { run: text, point: { const: point }, requests: texts, ...fields },
  })),
};

export const overlaySchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['overlay', 'info', 'actions'],
  properties: {
    overlay: { type: 'string', pattern: '^1\\.0\\.\\d+$' },
    info: {
      type: 'object',
      required: ['title', 'version'],
      properties: { title: { type: 'string' }, version: { type: 'string' } },
      ...extensions,
      additionalProperties: false,
    },
    extends: { type: 'string' },
    actions: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['target', 'x-tallyport-api', 'x-tallyport-observed'],
        properties: {
          target: { type: 'string', pattern: '^\\$' },
          description: { type: 'string' },
          update: {},
          remove: { type: 'boolean' },
          'x-tallyport-api': { enum: [...API_NAMES] },
          'x-tallyport-observed': baselineStatementSchema,
        },
        ...extensions,
        additionalProperties: false,
      },
    },
  },
  ...extensions,
  additionalProperties: false,
} as const;

let compiled: ReturnType<Ajv2020['compile']> | undefined;

/** The problems of a parsed baseline file against the format, as `instance path: message` (none when it conforms). */
export function overlayProblems(document: unknown): Array<{ path: string; message: string }> {
  compiled ??= new Ajv2020({ allErrors: true, strict: false }).compile(overlaySchema);
  if (compiled(document)) return [];
  return (compiled.errors ?? []).map((error) => ({ path: error.instancePath, message: error.message ?? 'invalid' }));
}
