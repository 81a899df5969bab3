// Each row of the seed's Analytics tables (sections 2.1, 2.2, 4.1, 4.2, 5, 7,
// 8) asserted against specs/analytics.yaml, so an edit cannot drop a fact
// silently.
import { describe, expect, it } from 'vitest';
import { type Json, type JsonObject, specUnderTest } from './support/spec.js';

const spec = await specUnderTest('analytics');
const { doc, deref, isRequired, operationById, operations, parametersOf, propertySchema, successSchema, accepts } =
  spec;
const schemas = (doc.components as JsonObject).schemas as JsonObject;
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });

describe('section 4.1: website operations', () => {
  it.each([
    ['listWebsites', 'get', '/api/v1/websites'],
    ['getWebsite', 'get', '/api/v1/websites/{id}'],
    ['createWebsite', 'post', '/api/v1/websites'],
    ['updateWebsite', 'put', '/api/v1/websites/{id}'],
    ['deleteWebsite', 'delete', '/api/v1/websites/{id}'],
  ])('%s is %s %s', (operationId, method, path) => {
    const entry = operationById(operationId);
    expect([entry.method, entry.path]).toEqual([method, path]);
  });

  it('has exactly the six operations of sections 4.1 and 4.2', () => {
    expect(
      operations()
        .map((entry) => entry.operation.operationId)
        .sort(),
    ).toEqual(['createWebsite', 'deleteWebsite', 'getStats', 'getWebsite', 'listWebsites', 'updateWebsite'].sort());
  });

  it.each(['getWebsite', 'updateWebsite', 'deleteWebsite', 'getStats'])(
    '%s takes the website id in the path',
    (operationId) => {
      const id = parametersOf(operationById(operationId)).get('path:id');
      expect(id?.required).toBe(true);
    },
  );

  it.each(['listWebsites', 'getWebsite', 'getStats'])(
    '%s answers application/json (the Accept header of the seed)',
    (operationId) => {
      const responses = operationById(operationId).operation.responses as JsonObject;
      const success = deref(responses['2XX'] as Json) as JsonObject;
      expect(Object.keys(success.content as JsonObject)).toEqual(['application/json']);
    },
  );

  it.each(['createWebsite', 'updateWebsite'])('%s takes a form-urlencoded body', (operationId) => {
    const body = operationById(operationId).operation.requestBody as JsonObject;
    expect(Object.keys(body.content as JsonObject)).toEqual(['application/x-www-form-urlencoded']);
    expect(body.required).toBe(true);
  });

  it.each(['listWebsites', 'getWebsite', 'createWebsite', 'updateWebsite', 'deleteWebsite'])(
    '%s: payload shape not shown, so marked unknown',
    (operationId) => {
      const schema = deref(successSchema(operationId)) as JsonObject;
      expect(schema['x-tallyport-unknown']).toEqual(expect.any(String));
    },
  );
});

describe('section 4.1: list query parameters (all optional)', () => {
  const parameters = parametersOf(operationById('listWebsites'));
  it.each([
    ['search', undefined, undefined, 'string'],
    ['search_by', ['domain'], 'domain', 'string'],
    ['sort_by', ['id', 'domain'], 'id', 'string'],
    ['sort', ['desc', 'asc'], 'desc', 'string'],
    ['per_page', [10, 25, 50, 100], 10, 'integer'],
  ])('%s: enum %j, default %j, type %s', (name, allowed, fallback, type) => {
    const parameter = parameters.get(`query:${name}`);
    expect(parameter?.required).not.toBe(true);
    const schema = parameter?.schema as JsonObject;
    expect(schema.type).toBe(type);
    expect(schema.enum).toEqual(allowed);
    expect(schema.default).toEqual(fallback);
  });
  it('has no other parameters', () => {
    expect([...parameters.keys()].sort()).toEqual([
      'query:per_page',
      'query:search',
      'query:search_by',
      'query:sort',
      'query:sort_by',
    ]);
  });
  it('labels sort_by id as the date created', () => {
    const schema = parameters.get('query:sort_by')?.schema as JsonObject;
    expect((schema['x-enumDescriptions'] as JsonObject).id).toBe('Date created');
  });
});

describe('section 4.1: create body parameters', () => {
  const body = schemas.WebsiteCreateBody as JsonObject;
  it.each([
    ['domain', 'string', undefined, undefined],
    ['privacy', 'integer', [0, 1, 2], 1],
    ['password', 'string', undefined, undefined],
    ['email', 'integer', [0, 1], 0],
    ['exclude_bots', 'integer', [0, 1], 1],
    ['exclude_params', 'string', undefined, undefined],
    ['exclude_ips', 'string', undefined, undefined],
  ])('%s: type %s, allowed %j, default %j', (name, type, allowed, fallback) => {
    const declared = (body.properties as JsonObject)[name] as JsonObject;
    const schema = propertySchema(ref('WebsiteCreateBody'), name) as JsonObject;
    expect(schema.type).toBe(type);
    expect(schema.enum).toEqual(allowed);
    expect(declared.default).toEqual(fallback);
  });
  it('does not claim domain is required, and says so', () => {
    expect(isRequired(ref('WebsiteCreateBody'), 'domain')).toBe(false);
    expect(((body.properties as JsonObject).domain as JsonObject)['x-tallyport-unknown']).toEqual(expect.any(String));
  });
  it('lists exactly the seven create parameters', () => {
    expect(Object.keys(body.properties as JsonObject).sort()).toEqual(
      ['domain', 'email', 'exclude_bots', 'exclude_ips', 'exclude_params', 'password', 'privacy'].sort(),
    );
  });
});

describe('section 4.1: update body parameters', () => {
  const body = schemas.WebsiteUpdateBody as JsonObject;
  const properties = body.properties as JsonObject;
  it.each(['privacy', 'password', 'email', 'exclude_bots', 'exclude_params', 'exclude_ips'])(
    '%s has the same type and allowed values as on create, and no default',
    (name) => {
      const typeAndValues = (schema: JsonObject | undefined) => ({ type: schema?.type, enum: schema?.enum });
      expect(typeAndValues(propertySchema(ref('WebsiteUpdateBody'), name))).toEqual(
        typeAndValues(propertySchema(ref('WebsiteCreateBody'), name)),
      );
      expect((properties[name] as JsonObject).default).toBeUndefined();
    },
  );
  it('refuses domain and requires nothing', () => {
    expect(properties.domain).toMatchObject({ not: {} });
    expect(body.required).toBeUndefined();
    expect(accepts(ref('WebsiteUpdateBody'), {})).toBe(true);
    expect(accepts(ref('WebsiteUpdateBody'), { domain: 'moved.example.org' })).toBe(false);
  });
});

describe('section 2.1: website fields', () => {
  const website = ref('Website');
  it.each([
    ['id', { id: 42 }, { id: true }],
    ['domain', { domain: 'shop.lunaria.cn' }, { domain: 7 }],
    ['privacy', { privacy: 2 }, { privacy: 3 }],
    ['password', { password: 's3cret' }, { password: 5 }],
    ['email', { email: 1 }, { email: 2 }],
    ['exclude_bots', { exclude_bots: 0 }, { exclude_bots: 'yes' }],
    ['exclude_params', { exclude_params: 'utm_source' }, { exclude_params: ['utm_source'] }],
    ['exclude_ips', { exclude_ips: '203.0.113.7' }, { exclude_ips: 203 }],
  ])('%s is typed as the seed says where it appears', (_, good, bad) => {
    expect(accepts(website, good)).toBe(true);
    expect(accepts(website, bad)).toBe(false);
  });
  it('requires no field of the response record (not shown) and allows others', () => {
    expect(accepts(website, {})).toBe(true);
    expect(accepts(website, { created_at: '2026-01-01T00:00:00Z' })).toBe(true);
    expect((schemas.Website as JsonObject)['x-tallyport-unknown']).toEqual(expect.any(String));
  });
  it.each([
    ['0', 'Public'],
    ['1', 'Private'],
    ['2', 'Protected by a login password'],
  ])('privacy %s means %s', (value, label) => {
    expect(((schemas.Privacy as JsonObject)['x-enumDescriptions'] as JsonObject)[value]).toBe(label);
  });
  it('accepts a bare website and a {data} envelope (shape not shown)', () => {
    expect(accepts(ref('WebsitePayload'), { id: 1, domain: 'a.cn' })).toBe(true);
    expect(accepts(ref('WebsitePayload'), { data: { id: 1, domain: 'a.cn' } })).toBe(true);
    expect(accepts(ref('WebsitePayload'), { data: { id: 1, privacy: 9 } })).toBe(false);
  });
});

describe('section 4.2: statistics parameters', () => {
  const entry = operationById('getStats');
  const parameters = parametersOf(entry);
  const schemaOf = (name: string) => deref(parameters.get(`query:${name}`)?.schema as Json) as JsonObject;

  it('is GET /api/v1/stats/{id}', () => {
    expect([entry.method, entry.path]).toEqual(['get', '/api/v1/stats/{id}']);
  });
  it.each([
    ['name', true],
    ['from', true],
    ['to', true],
    ['search', false],
    ['search_by', false],
    ['sort_by', false],
    ['sort', false],
    ['per_page', false],
  ])('%s required: %s', (name, required) => {
    expect(parameters.get(`query:${name}`)?.required ?? false).toBe(required);
  });
  it('name is one of the 17 statistics', () => {
    expect(schemaOf('name').enum).toEqual([
      'browser',
      'campaign',
      'city',
      'continent',
      'country',
      'device',
      'event',
      'landing_page',
      'language',
      'os',
      'page',
      'pageviews',
      'pageviews_hours',
      'referrer',
      'resolution',
      'visitors',
      'visitors_hours',
    ]);
  });
  it.each(['from', 'to'])('%s is a Y-m-d date', (name) => {
    const schema = parameters.get(`query:${name}`)?.schema as Json;
    expect(accepts(schema, '2026-10-01')).toBe(true);
    for (const bad of ['2026-13-01', '01-10-2026', '2026/10/01', '2026-10-01T00:00:00Z', '']) {
      expect(accepts(schema, bad)).toBe(false);
    }
  });
  it('search is free text', () => {
    expect(schemaOf('search')).toMatchObject({ type: 'string' });
    expect(schemaOf('search').enum).toBeUndefined();
  });
  it('search_by keeps the quirk: allowed value, default url', () => {
    const schema = schemaOf('search_by');
    expect(schema.enum).toEqual(['value']);
    expect(schema.default).toBe('url');
    expect(schema['x-tallyport-quirk']).toEqual(expect.stringContaining('url'));
  });
  it.each([
    ['sort_by', ['count', 'value'], 'count'],
    ['sort', ['desc', 'asc'], 'desc'],
    ['per_page', [10, 25, 50, 100], 10],
  ])('%s: enum %j, default %j', (name, allowed, fallback) => {
    expect(schemaOf(name).enum).toEqual(allowed);
    expect(schemaOf(name).default).toEqual(fallback);
  });
});

describe('section 2.2: statistic rows', () => {
  it('each row has a count and a value; the rest is not shown', () => {
    expect(accepts(ref('StatRow'), { count: 3, value: 'Chrome' })).toBe(true);
    expect(accepts(ref('StatRow'), { value: 'Chrome' })).toBe(false);
    expect(accepts(ref('StatRow'), { count: 3 })).toBe(false);
    expect((schemas.StatRow as JsonObject)['x-tallyport-unknown']).toEqual(expect.any(String));
  });
  it('accepts bare rows and a {data} envelope (shape not shown)', () => {
    expect(accepts(ref('StatsPayload'), [{ count: 1, value: 'x' }])).toBe(true);
    expect(accepts(ref('StatsPayload'), { data: [{ count: 1, value: 'x' }], meta: {} })).toBe(true);
    expect(accepts(ref('StatsPayload'), { data: [{ value: 'x' }] })).toBe(false);
  });
});

describe('section 5: authentication', () => {
  it('every operation requires the Bearer header', () => {
    const scheme = ((doc.components as JsonObject).securitySchemes as JsonObject).bearerAuth as JsonObject;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    for (const { operation } of operations()) expect(operation.security).toBeUndefined();
  });
});

describe('sections 7 and 8: errors, status codes and limits', () => {
  it.each(operations().map((entry) => [entry.operation.operationId as string, entry] as const))(
    '%s: status codes and error body not shown, so ranges and permissive bodies, marked',
    (_, { operation }) => {
      const responses = operation.responses as JsonObject;
      expect(Object.keys(responses)).toEqual(['2XX', '4XX', 'default']);
      for (const status of ['4XX', 'default']) {
        const response = deref(responses[status] as Json) as JsonObject;
        expect(response['x-tallyport-unknown']).toEqual(expect.any(String));
      }
    },
  );
  it('per_page accepts only 10, 25, 50 or 100 on the list and on statistics', () => {
    for (const operationId of ['listWebsites', 'getStats']) {
      const schema = parametersOf(operationById(operationId)).get('query:per_page')?.schema as Json;
      expect([10, 25, 50, 100, 20, 0].map((n) => accepts(schema, n))).toEqual([true, true, true, true, false, false]);
    }
  });
  it('versioned paths carry /api/v1', () => {
    for (const { path } of operations()) expect(path.startsWith('/api/v1/')).toBe(true);
  });
  it('the server is {base_url}', () => {
    expect((doc.servers as JsonObject[])[0]?.url).toBe('{base_url}');
  });
});

describe('sections 3, 6 and 8: what the seed does not show at all', () => {
  it.each(['rate-limits', 'date-range', 'size-limits', 'states', 'events', 'pagination'])(
    '%s is listed as unknown',
    (topic) => {
      expect((doc['x-tallyport-unknowns'] as JsonObject)[topic]).toEqual(expect.stringContaining('not shown'));
    },
  );
});
