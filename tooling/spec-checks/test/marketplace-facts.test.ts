// Each row of the seed's Marketplace tables (sections 2.3, 2.4, 2.5, 4.3, 5,
// 7, 9) asserted against specs/marketplace.yaml, so an edit cannot drop a
// fact silently.
import { describe, expect, it } from 'vitest';
import { type Json, type JsonObject, specUnderTest } from './support/spec.js';

const spec = await specUnderTest('marketplace');
const { doc, deref, isRequired, operationById, operations, parametersOf, propertySchema, successSchema, accepts } =
  spec;
const components = doc.components as JsonObject;
const schemas = components.schemas as JsonObject;
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const namedExample = (name: string) => ((components.examples as JsonObject)[name] as JsonObject).value as JsonObject;

type FieldRow = [field: string, type: string, format?: string];

/** One field row of a seed table: its type (and format) and whether it is always there. */
function expectField(schemaName: string, [field, type, format]: FieldRow, required = true) {
  const schema = propertySchema(ref(schemaName), field);
  expect(schema, `${schemaName}.${field} is described`).toBeDefined();
  expect(schema?.type).toBe(type);
  if (format) expect(schema?.format).toBe(format);
  expect(isRequired(ref(schemaName), field)).toBe(required);
}

describe('section 2.3: account fields', () => {
  it.each<FieldRow>([
    ['name.firstname', 'string'],
    ['name.lastname', 'string'],
    ['name.full_name', 'string'],
    ['username', 'string'],
    ['email', 'string', 'email'],
    ['balance', 'number'],
    ['currency', 'string'],
    ['profile.heading', 'string'],
    ['profile.description', 'string'],
    ['profile.contact.email', 'string', 'email'],
    ['profile.social_links', 'object'],
    ['profile.media.avatar', 'string', 'uri'],
    ['profile.media.cover', 'string', 'uri'],
    ['registered_at', 'string', 'date-time'],
  ])('%s: %s %s', (...row) => expectField('Account', row));

  it('social_links maps network names to link strings', () => {
    const links = propertySchema(ref('Account'), 'profile.social_links') as JsonObject;
    expect(links.additionalProperties).toEqual({ type: 'string' });
  });
  it('registered_at is a UTC ISO 8601 timestamp', () => {
    const account = structuredClone(namedExample('AccountDetails').data) as JsonObject;
    expect(accepts(ref('Account'), account)).toBe(true);
    expect(accepts(ref('Account'), { ...account, registered_at: '2019-04-11T10:37:15+08:00' })).toBe(false);
    expect(accepts(ref('Account'), { ...account, registered_at: '2019-04-11' })).toBe(false);
  });
});

describe('section 2.4: item fields', () => {
  it.each<FieldRow>([
    ['id', 'integer'],
    ['name', 'string'],
    ['description', 'string'],
    ['category', 'string'],
    ['sub_category', 'string'],
    ['options', 'array'],
    ['version', 'string'],
    ['demo_link', 'string', 'uri'],
    ['tags', 'array'],
    ['media.thumbnail', 'string', 'uri'],
    ['media.screenshots', 'array'],
    ['price.regular', 'number'],
    ['price.extended', 'number'],
    ['currency', 'string'],
    ['published_at', 'string', 'date-time'],
  ])('%s: %s %s', (...row) => expectField('Item', row));

  it.each([
    ['options', 'string'],
    ['tags', 'string'],
    ['media.screenshots', 'string'],
  ])('%s is an array of %s', (field, itemType) => {
    const items = deref((propertySchema(ref('Item'), field) as JsonObject).items as Json) as JsonObject;
    expect(items.type).toBe(itemType);
  });
  it('version is a dotted major.minor.patch number', () => {
    const version = propertySchema(ref('Item'), 'version') as Json;
    expect(['2.4.1', '10.0.12'].map((v) => accepts(version, v))).toEqual([true, true]);
    expect(['2.4', 'v2.4.1', '2.4.1-beta', '2.x.1'].map((v) => accepts(version, v))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  const regular = namedExample('RegularItemDetails').item as JsonObject;
  const video = namedExample('VideoItemDetails').item as JsonObject;
  const audio = namedExample('AudioItemDetails').item as JsonObject;
  const withMedia = (item: JsonObject, media: JsonObject) => ({
    ...item,
    media: { ...(item.media as JsonObject), ...media },
  });
  const without = (item: JsonObject, key: string) => {
    const media = { ...(item.media as JsonObject) };
    delete media[key];
    return { ...item, media };
  };

  it('media.preview_image: a URL, absent for audio items', () => {
    expect([regular, video, audio].map((item) => accepts(ref('Item'), item))).toEqual([true, true, true]);
    expect(accepts(ref('Item'), withMedia(audio, { preview_image: 'https://cdn.lunaria.cn/p.jpg' }))).toBe(false);
    expect(accepts(ref('Item'), withMedia(regular, { preview_image: 'not a url' }))).toBe(false);
  });
  it('media.preview_video: present only for video items', () => {
    expect(accepts(ref('Item'), without(video, 'preview_video'))).toBe(true); // then it is a regular item
    expect(accepts(ref('Item'), withMedia(audio, { preview_video: 'https://cdn.lunaria.cn/v.mp4' }))).toBe(false);
    expect(accepts(ref('VideoItemMedia'), without(video, 'preview_video').media)).toBe(false);
  });
  it('media.preview_audio: present only for audio items', () => {
    expect(accepts(ref('Item'), withMedia(regular, { preview_audio: 'https://cdn.lunaria.cn/a.mp3' }))).toBe(false);
    expect(accepts(ref('Item'), withMedia(video, { preview_audio: 'https://cdn.lunaria.cn/a.mp3' }))).toBe(false);
    expect(accepts(ref('AudioItemMedia'), without(audio, 'preview_audio').media)).toBe(false);
  });
  it('an item media matches exactly one kind', () => {
    const kinds = ['RegularItemMedia', 'VideoItemMedia', 'AudioItemMedia'];
    for (const item of [regular, video, audio]) {
      expect(kinds.filter((kind) => accepts(ref(kind), item.media)).length).toBe(1);
    }
  });
});

describe('section 2.5: purchase fields', () => {
  it.each<FieldRow>([
    ['purchase_code', 'string'],
    ['license_type', 'string'],
    ['price', 'number'],
    ['currency', 'string'],
    ['item.id', 'integer'],
    ['item.name', 'string'],
    ['item.url', 'string', 'uri'],
    ['downloaded', 'boolean'],
    ['date', 'string', 'date-time'],
  ])('%s: %s %s', (...row) => expectField('Purchase', row));

  it('item.media.preview_image: a URL, absent from a purchase of an audio item (2.4: audio has none)', () => {
    expectField('Purchase', ['item.media.preview_image', 'string', 'uri'], false);
    const purchase = (namedExample('SupportedPurchase').data as JsonObject).purchase as JsonObject;
    const item = purchase.item as JsonObject;
    const withoutPreview = { ...purchase, item: { ...item, media: {} } };
    expect(accepts(ref('Purchase'), withoutPreview)).toBe(true);
  });

  it('supported_until: a UTC timestamp, omitted when support is disabled or not supported', () => {
    expectField('Purchase', ['supported_until', 'string', 'date-time'], false);
    const supported = (namedExample('SupportedPurchase').data as JsonObject).purchase as JsonObject;
    const unsupported = (namedExample('UnsupportedPurchase').data as JsonObject).purchase as JsonObject;
    expect('supported_until' in supported && !('supported_until' in unsupported)).toBe(true);
    expect([supported, unsupported].map((p) => accepts(ref('Purchase'), p))).toEqual([true, true]);
  });
});

describe('section 4.3: operations', () => {
  it.each([
    ['getAccountDetails', 'get', '/api/account/details', 'AccountDetailsSuccess', 'data', 'Account'],
    ['listItems', 'get', '/api/items/all', 'ItemListSuccess', 'items', 'Item[]'],
    ['getItem', 'get', '/api/items/item', 'ItemDetailsSuccess', 'item', 'Item'],
    ['validatePurchase', 'post', '/api/purchases/validation', 'PurchaseValidationSuccess', 'data.purchase', 'Purchase'],
  ])('%s is %s %s answering {status, %s: %s}', (operationId, method, path, successName, payload, payloadType) => {
    const entry = operationById(operationId);
    expect([entry.method, entry.path]).toEqual([method, path]);
    const oneOf = (successSchema(operationId) as JsonObject).oneOf as Json[];
    expect(oneOf).toEqual([ref(successName), ref('MarketplaceError')]);
    expect(isRequired(ref(successName), 'status')).toBe(true);
    expect(isRequired(ref(successName), payload)).toBe(true);
    const target = propertySchema(ref(successName), payload) as JsonObject;
    const described = payloadType.endsWith('[]') ? target.items : target;
    const dereferencedSchemas = (spec.dereferenced.components as JsonObject).schemas as JsonObject;
    expect(described).toEqual(dereferencedSchemas[payloadType.replace(/\[\]$/, '')]);
  });

  it('has exactly the four operations', () => {
    expect(
      operations()
        .map((entry) => entry.operation.operationId)
        .sort(),
    ).toEqual(['getAccountDetails', 'getItem', 'listItems', 'validatePurchase'].sort());
  });
  it('every operation requires api_key, whose transport is marked unknown', () => {
    const scheme = (components.securitySchemes as JsonObject).apiKeyQuery as JsonObject;
    expect(scheme).toMatchObject({ type: 'apiKey', name: 'api_key' });
    expect(scheme['x-tallyport-unknown']).toEqual(expect.any(String));
    for (const { operation } of operations()) {
      const viaScheme = JSON.stringify(operation.security) === JSON.stringify([{ apiKeyQuery: [] }]);
      const body = operation.requestBody ? (deref(operation.requestBody as Json) as JsonObject) : undefined;
      const form = (body?.content as JsonObject | undefined)?.['application/x-www-form-urlencoded'] as
        | JsonObject
        | undefined;
      const viaBody = form ? isRequired(form.schema as Json, 'api_key') : false;
      expect(viaScheme !== viaBody, `${operation.operationId} carries api_key exactly one way`).toBe(true);
    }
  });
  it('item_id is required on item details', () => {
    const itemId = parametersOf(operationById('getItem')).get('query:item_id');
    expect(itemId?.required).toBe(true);
    expect((deref(itemId?.schema as Json) as JsonObject).type).toBe('integer');
  });
  it('purchase_code is required on validation', () => {
    expect(isRequired(ref('PurchaseValidationBody'), 'purchase_code')).toBe(true);
    expect(accepts(ref('PurchaseValidationBody'), { api_key: 'k', purchase_code: '' })).toBe(false);
  });
  it('success status is 成功 and error status is 错误', () => {
    expect(schemas.SuccessStatus).toMatchObject({ const: '成功' });
    expect(schemas.ErrorStatus).toMatchObject({ const: '错误' });
  });
  it('a success body never matches the error shape, and an error body never matches a success shape', () => {
    const successes = [
      'AccountDetails',
      'ItemList',
      'RegularItemDetails',
      'VideoItemDetails',
      'AudioItemDetails',
      'SupportedPurchase',
      'UnsupportedPurchase',
    ];
    const failures = ['InvalidRequest', 'NoItems', 'ItemNotFound', 'InvalidPurchaseCode'];
    const successShapes = [
      'AccountDetailsSuccess',
      'ItemListSuccess',
      'ItemDetailsSuccess',
      'PurchaseValidationSuccess',
    ];
    for (const name of successes) expect(accepts(ref('MarketplaceError'), namedExample(name)), name).toBe(false);
    for (const name of failures) {
      for (const shape of successShapes)
        expect(accepts(ref(shape), namedExample(name)), `${name} as ${shape}`).toBe(false);
    }
    expect(accepts(ref('MarketplaceError'), { status: '成功', msg: 'ok' })).toBe(false);
  });
});

describe('section 7: error messages', () => {
  it.each([
    ['getAccountDetails', '无效请求', 'InvalidRequest'],
    ['listItems', '该分类下暂无商品上架', 'NoItems'],
    ['getItem', '未找到任何商品', 'ItemNotFound'],
    ['validatePurchase', '购买代码无效', 'InvalidPurchaseCode'],
  ])('%s: %s, exampled on 2XX and 4XX', (operationId, msg, exampleName) => {
    const { operation } = operationById(operationId);
    const messages = operation['x-tallyport-error-messages'] as JsonObject[];
    expect(messages.map((m) => m.msg)).toEqual([msg]);
    expect(messages[0]?.code).toMatch(/^[a-z_]+$/);
    expect(namedExample(exampleName)).toEqual({ status: '错误', msg });
    for (const status of ['2XX', '4XX']) {
      const response = deref((operation.responses as JsonObject)[status] as Json) as JsonObject;
      const examples = ((response.content as JsonObject)['application/json'] as JsonObject).examples as JsonObject;
      expect(Object.values(examples)).toContainEqual({ $ref: `#/components/examples/${exampleName}` });
    }
  });
  it('error codes are unique', () => {
    const codes = operations().flatMap(({ operation }) =>
      (operation['x-tallyport-error-messages'] as JsonObject[]).map((m) => m.code),
    );
    expect(new Set(codes).size).toBe(4);
  });
  it('the error body is {status: 错误, msg} with any message (others are not shown)', () => {
    expect(accepts(ref('MarketplaceError'), { status: '错误', msg: '密钥无效' })).toBe(true);
    expect(accepts(ref('MarketplaceError'), { status: '错误' })).toBe(false);
  });
  it('HTTP status codes are not shown: 2XX may carry either body, other codes are marked unknown', () => {
    for (const { operation } of operations()) {
      const responses = operation.responses as JsonObject;
      expect(Object.keys(responses)).toEqual(['2XX', '4XX', 'default']);
      for (const status of ['4XX', 'default']) {
        expect((deref(responses[status] as Json) as JsonObject)['x-tallyport-unknown']).toEqual(expect.any(String));
      }
    }
  });
});

describe('section 9: versioning', () => {
  it('marketplace paths carry no version segment', () => {
    for (const { path } of operations()) expect(path).toMatch(/^\/api\/(?!v\d)/);
  });
  it('the server is {market_url}', () => {
    expect((doc.servers as JsonObject[])[0]?.url).toBe('{market_url}');
  });
});

describe('sections 3, 6, 7, 8 and 9: what the seed does not show at all', () => {
  it.each(['rate-limits', 'size-limits', 'states', 'events', 'versioning', 'key-errors', 'parameter-transport'])(
    '%s is listed as unknown',
    (topic) => {
      expect((doc['x-tallyport-unknowns'] as JsonObject)[topic]).toEqual(expect.stringContaining('not shown'));
    },
  );
});
