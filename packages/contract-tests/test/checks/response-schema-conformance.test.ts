// response_schema_conformance on recorded exchanges: what the source documentation states of a body fails, a
// payload shape the spec marks as a convention warns.
import { describe, expect, it } from 'vitest';
import { responseSchemaConformance } from '../../src/checks/response-schema-conformance.js';
import { type Recorded, recordedRun, statuses, verdictOf } from './recorded.js';

const ITEM = {
  id: 48213,
  name: 'Lantern Admin Dashboard',
  description: 'A responsive admin theme with 40 pages and dark mode.',
  category: '网站模板',
  sub_category: '后台管理',
  options: ['Regular license', 'Extended license'],
  version: '2.4.1',
  demo_link: 'https://demo.lunaria.cn/lantern',
  tags: ['admin', 'dashboard'],
  media: {
    thumbnail: 'https://cdn.lunaria.cn/items/48213/thumb.png',
    preview_image: 'https://cdn.lunaria.cn/items/48213/preview.jpg',
    screenshots: [],
  },
  price: { regular: 199, extended: 899 },
  currency: 'CNY',
  published_at: '2025-06-18T10:00:00Z',
};
const STATS = { id: '42', name: 'browser', from: '2026-10-01', to: '2026-10-31' };
const itemAnswer = (body: unknown, status = 200, itemId = '48213'): Recorded => ({
  api: 'marketplace',
  operationId: 'getItem',
  values: { item_id: itemId },
  status,
  body,
});

describe('response_schema_conformance', () => {
  it('fails an item without a documented field, and one with both a preview image and a preview audio', () => {
    const { version: _left, ...withoutVersion } = ITEM;
    const audio = { ...ITEM, media: { ...ITEM.media, preview_audio: 'https://cdn.lunaria.cn/a.mp3' } };
    const results = responseSchemaConformance.judge(
      recordedRun([itemAnswer({ status: '成功', item: withoutVersion }), itemAnswer({ status: '成功', item: audio })]),
    );
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(results[0]).toMatchObject({ kind: 'schema-mismatch', basis: 'specified', operationId: 'getItem' });
    expect(verdictOf(results, 'fail').actual).toContain('version');
  });

  it('fails a statistic row without its count, inside a payload whose shape is only a convention', () => {
    const results = responseSchemaConformance.judge(
      recordedRun([{ operationId: 'getStats', values: STATS, status: 200, body: { data: [{ value: 'Chrome' }] } }]),
    );
    expect(verdictOf(results, 'fail')).toMatchObject({ kind: 'schema-mismatch', basis: 'specified' });
    expect(verdictOf(results, 'fail').actual).toContain('count');
  });

  it('warns on websites under a key the spec does not illustrate, and on a setting shown as a word', () => {
    const results = responseSchemaConformance.judge(
      recordedRun([
        { operationId: 'listWebsites', status: 200, body: { results: [{ id: 42, domain: 'shop.lunaria.cn' }] } },
        {
          operationId: 'getWebsite',
          values: { id: '42' },
          status: 200,
          body: { data: { id: 42, privacy: 'private' } },
        },
      ]),
    );
    expect(statuses(results)).toEqual(['warn', 'warn']);
    expect(results[0]).toMatchObject({ kind: 'schema-mismatch', basis: 'convention', severity: 'warning' });
    expect(verdictOf(results, 'warn').expected).toContain('convention');
  });

  it('passes conforming bodies, an empty refusal, and whatever comes with a status that says nothing', () => {
    const results = responseSchemaConformance.judge(
      recordedRun([
        itemAnswer({ status: '成功', item: ITEM }),
        itemAnswer({ status: '错误', msg: '未找到任何商品' }, 200, '1'),
        itemAnswer('', 404, '1'),
        {
          api: 'marketplace',
          operationId: 'listItems',
          status: 502,
          body: '<html>Bad Gateway</html>',
          contentType: 'text/html',
        },
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass', 'pass', 'pass']);
  });

  it('skips a request never answered', () => {
    const results = responseSchemaConformance.judge(recordedRun([{ api: 'marketplace', operationId: 'listItems' }]));
    expect(results).toMatchObject([{ status: 'skip', reason: expect.stringContaining('no answer to judge') }]);
  });
});
