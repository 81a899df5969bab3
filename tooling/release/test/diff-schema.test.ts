// Schema keywords one at a time: narrowing is breaking, widening an addition.
import { describe, expect, it } from 'vitest';
import { ChangeLog } from '../src/change.js';
import { SchemaDiff, type Direction } from '../src/diff-schema.js';
import { OpenApiDocument, type Json } from '../src/openapi-document.js';

const doc = (schemas: Record<string, Json> = {}) => new OpenApiDocument({ openapi: '3.1.0', components: { schemas } });

function classify(before: Json, after: Json, direction: Direction = 'request'): string[] {
  const log = new ChangeLog();
  new SchemaDiff(doc(), doc(), log).diff(before, after, ['x'], direction);
  return log.changes.map((c) => `${c.level} ${c.what}`);
}

describe('SchemaDiff', () => {
  it('treats integer → number as widening and number → integer as narrowing', () => {
    expect(classify({ type: 'integer' }, { type: 'number' })).toEqual([
      'minor type widened: number now allowed (integer → number)',
    ]);
    expect(classify({ type: 'number' }, { type: 'integer' })).toEqual([
      'major type narrowed: number no longer allowed (number → integer)',
    ]);
  });

  it('treats a new format or pattern as narrowing and dropping one as widening', () => {
    expect(classify({ type: 'string' }, { type: 'string', format: 'date' })).toEqual(['major format date added']);
    expect(classify({ type: 'string', pattern: '^a' }, { type: 'string' })).toEqual(['minor pattern ^a removed']);
    expect(classify({ type: 'string', pattern: '^a' }, { type: 'string', pattern: '^b' })).toEqual([
      'major pattern changed from ^a to ^b',
    ]);
  });

  it('compares bounds by which way they move', () => {
    expect(classify({ minLength: 1 }, { minLength: 2 })).toEqual(['major minLength tightened from 1 to 2']);
    expect(classify({ maxItems: 5 }, { maxItems: 10 })).toEqual(['minor maxItems relaxed from 5 to 10']);
    expect(classify({}, { maximum: 100 })).toEqual(['major maximum 100 added']);
  });

  it('counts a changed default and a changed const as breaking', () => {
    expect(classify({ default: 'desc' }, { default: 'asc' })).toEqual(['major default changed from desc to asc']);
    expect(classify({ const: '成功' }, { const: 'ok' })).toEqual(['major const changed from 成功 to ok']);
  });

  it('handles boolean schemas (forbidden properties)', () => {
    expect(classify(false, { type: 'string' })).toEqual(['minor now allowed (was schema `false`)']);
    expect(classify({ type: 'string' }, false)).toEqual(['major now forbidden (schema `false`)']);
  });

  it('reads `not: {}` as the same prohibition as `false`', () => {
    expect(classify(false, { description: 'Must be absent.', not: {} })).toEqual([]);
    expect(classify({ not: {} }, { type: 'string' })).toEqual(['minor now allowed (was schema `false`)']);
    expect(classify({ type: 'string' }, { not: {} })).toEqual(['major now forbidden (schema `false`)']);
  });

  it('matches oneOf branches by the schema they reference', () => {
    const before = { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] };
    const after = { oneOf: [{ $ref: '#/components/schemas/B' }, { $ref: '#/components/schemas/C' }] };
    const log = new ChangeLog();
    const schemas = { A: { type: 'string' }, B: { type: 'integer' }, C: { type: 'boolean' } };
    new SchemaDiff(doc(schemas), doc(schemas), log).diff(before, after, ['x'], 'response');
    expect(log.changes.map((c) => `${c.level} ${c.what}`)).toEqual([
      'major oneOf branch A removed',
      'minor oneOf branch C added',
    ]);
  });

  it('lets a request field stop being required, but not a response field', () => {
    const before = { type: 'object', required: ['a'], properties: { a: { type: 'string' } } };
    const after = { type: 'object', properties: { a: { type: 'string' } } };
    expect(classify(before, after, 'request')).toEqual(['minor field a no longer required']);
    expect(classify(before, after, 'response')).toEqual([
      'major field a no longer required in responses (readers may not get it)',
    ]);
  });

  it('reports a description edit as documentation only', () => {
    expect(classify({ type: 'string', description: 'a' }, { type: 'string', description: 'b' })).toEqual([
      'patch description changed',
    ]);
  });
});
