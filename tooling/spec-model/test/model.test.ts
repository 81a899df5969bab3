import { describe, expect, it } from 'vitest';
import {
  type LoadedSpec,
  loadSpecFromText,
  loadSpecs,
  operationById,
  recordLocations,
  recordsIn,
  responseFor,
  SpecMarkError,
  valueAt,
} from '../src/index.js';

const specs = await loadSpecs();
const analytics = specs.analytics.model;
const marketplace = specs.marketplace.model;

const minimal = (operation: string, extra = '') => `openapi: 3.1.0
info: { title: T, version: 1.0.0 }
${extra}
paths:
  /things:
${operation}`;

describe('the model of both specs', () => {
  it('holds every operation of each spec, with its method, path and effect', () => {
    expect(analytics.operations.map((op) => `${op.method} ${op.path} ${op.effect}`)).toEqual([
      'GET /api/v1/websites read',
      'POST /api/v1/websites create',
      'GET /api/v1/websites/{id} read',
      'PUT /api/v1/websites/{id} update',
      'DELETE /api/v1/websites/{id} delete',
      'GET /api/v1/stats/{id} read',
    ]);
    expect(marketplace.operations.map((op) => `${op.method} ${op.path} ${op.effect}`)).toEqual([
      'GET /api/account/details read',
      'GET /api/items/all read',
      'GET /api/items/item read',
      'POST /api/purchases/validation read',
    ]);
  });

  it('resolves parameters given by $ref, with their marks, defaults and quirks', () => {
    const stats = operationById(analytics, 'getStats');
    const searchBy = stats.parameters.find((p) => p.name === 'search_by');
    expect(searchBy).toMatchObject({
      in: 'query',
      role: 'search-field',
      enum: ['value'],
      default: 'url',
      hasDefault: true,
    });
    expect(searchBy?.quirk).toMatch(/not among the allowed values/);
    const names = stats.parameters.find((p) => p.name === 'name');
    expect(names?.enum).toHaveLength(17);
    expect(stats.parameters.find((p) => p.name === 'id')).toMatchObject({
      in: 'path',
      required: true,
      identifies: 'website',
    });
  });

  it('turns body properties into parameters, forbidden ones included', () => {
    const update = operationById(analytics, 'updateWebsite');
    expect(update.parameters.filter((p) => p.in === 'body').map((p) => p.name)).toContain('domain');
    expect(update.parameters.find((p) => p.name === 'domain')?.forbidden).toBe(true);
    const create = operationById(analytics, 'createWebsite');
    expect(create.parameters.find((p) => p.name === 'domain')).toMatchObject({ alwaysSent: true, required: false });
    expect(create.parameters.find((p) => p.name === 'privacy')).toMatchObject({ default: 1, enum: [0, 1, 2] });
  });

  it('knows how each credential travels', () => {
    expect(operationById(analytics, 'listWebsites').credential).toMatchObject({ in: 'bearer' });
    expect(operationById(marketplace, 'getItem').credential).toMatchObject({ in: 'query', name: 'api_key' });
    expect(operationById(marketplace, 'validatePurchase').credential).toMatchObject({ in: 'body', name: 'api_key' });
  });

  it('reads the outcome field and the four documented messages of the marketplace', () => {
    expect(marketplace.outcome).toEqual({ field: 'status', success: '成功', error: '错误', messageField: 'msg' });
    expect(analytics.outcome).toBeUndefined();
    expect(marketplace.operations.flatMap((op) => op.errorMessages.map((m) => m.msg))).toEqual([
      '无效请求',
      '该分类下暂无商品上架',
      '未找到任何商品',
      '购买代码无效',
    ]);
  });

  it('points at each response schema inside the bundled document', () => {
    for (const { model } of Object.values(specs) as LoadedSpec[]) {
      for (const op of model.operations) {
        for (const response of op.responses) {
          if (response.schemaPointer) expect(valueAt(model.document, response.schemaPointer)).toBeDefined();
        }
      }
    }
  });

  it('finds records in payloads of either envelope, deepest location first', () => {
    const list = operationById(analytics, 'listWebsites');
    const locations = recordLocations(list, 'website');
    expect(recordsIn([{ id: 1 }], locations)?.records).toEqual([{ id: 1 }]);
    expect(recordsIn({ data: [{ id: 2 }], meta: {} }, locations)?.records).toEqual([{ id: 2 }]);
    const read = recordLocations(operationById(analytics, 'getWebsite'), 'website');
    expect(recordsIn({ id: 3, domain: 'a' }, read)?.records).toEqual([{ id: 3, domain: 'a' }]);
    expect(recordsIn({ data: { id: 4 } }, read)?.records).toEqual([{ id: 4 }]);
    expect(recordLocations(operationById(marketplace, 'validatePurchase'))).toEqual([
      { pointer: '/data/purchase', many: false, record: 'purchase' },
    ]);
  });

  it('picks the exact response, then the range, then default', () => {
    const op = operationById(analytics, 'listWebsites');
    expect(responseFor(op, 200)?.key).toBe('2XX');
    expect(responseFor(op, 422)?.key).toBe('4XX');
    expect(responseFor(op, 503)?.key).toBe('default');
  });
});

describe('loading refuses marks it does not know', () => {
  it('refuses a misspelt mark', async () => {
    const text = minimal(
      [
        '    get:',
        '      operationId: list',
        '      x-tallyport-rol: search',
        '      responses: { "200": { description: ok } }',
        '',
      ].join('\n'),
    );
    await expect(loadSpecFromText(text, 'analytics', 'test.yaml')).rejects.toThrow(/unknown mark x-tallyport-rol/);
  });

  it('refuses a write operation that does not say its effect', async () => {
    const text = minimal('    post:\n      operationId: add\n      responses: { "200": { description: ok } }\n');
    await expect(loadSpecFromText(text, 'analytics', 'test.yaml')).rejects.toThrow(SpecMarkError);
  });

  it('refuses a role outside the vocabulary', async () => {
    const text = minimal(
      [
        '    get:',
        '      operationId: list',
        '      parameters:',
        '        - { name: q, in: query, x-tallyport-role: filter, schema: { type: string } }',
        '      responses: { "200": { description: ok } }',
        '',
      ].join('\n'),
    );
    await expect(loadSpecFromText(text, 'analytics', 'test.yaml')).rejects.toThrow(/x-tallyport-role must be one of/);
  });
});
