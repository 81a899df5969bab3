import { describe, expect, test } from 'vitest';
import { ResponseValidationError, createAnalyticsClient, createMarketplaceClient } from '../src/index.js';
import { analyticsResponseValidator, marketplaceResponseValidator } from '../src/response-validation.js';
import { CANARY_KEY } from './helpers/canary.js';
import { useRecordingServer } from './helpers/recording-server.js';

const server = useRecordingServer();

const media = { thumbnail: 'https://c.example/t.png', screenshots: [] };
const item = (m: Record<string, unknown>) => ({
  id: 1,
  name: 'n',
  description: 'd',
  category: 'c',
  sub_category: 's',
  options: [],
  version: '1.0.0',
  demo_link: 'https://d.example',
  tags: [],
  media: { ...media, ...m },
  price: { regular: 1, extended: 2 },
  currency: 'CNY',
  published_at: '2026-01-09T14:30:00Z',
});
const market = () =>
  createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY, validateResponses: marketplaceResponseValidator });

describe('optional response validation against the spec', () => {
  test('a conforming audio item passes', async () => {
    server.reply({ body: { status: '成功', item: item({ preview_audio: 'https://c.example/a.mp3' }) } });
    expect((await market().items.get(1)).id).toBe(1);
  });

  test('an audio item with a preview image is refused with the path of the problem', async () => {
    server.reply({
      body: {
        status: '成功',
        item: item({ preview_audio: 'https://c.example/a.mp3', preview_image: 'https://c.example/i.jpg' }),
      },
    });
    const error = await market()
      .items.get(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).problems.join()).toContain('$.item.media');
  });

  test('a timestamp that is not UTC is refused', async () => {
    server.reply({
      body: {
        status: '成功',
        items: [{ ...item({ preview_image: 'https://c.example/i.jpg' }), published_at: '2026-01-09T14:30:00+08:00' }],
      },
    });
    await expect(market().items.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  test('analytics payloads of either envelope pass, a row without count does not', async () => {
    const analytics = createAnalyticsClient({
      baseUrl: server.url,
      apiKey: CANARY_KEY,
      validateResponses: analyticsResponseValidator,
    });
    server.reply({ body: [{ value: 'Chrome', count: 3 }] });
    await analytics.stats.get(1, { name: 'browser', from: '2026-10-01', to: '2026-10-02' });
    server.reply({ body: { data: [{ value: 'Chrome', count: '3' }], meta: {} } });
    await analytics.stats.get(1, { name: 'browser', from: '2026-10-01', to: '2026-10-02' });
    server.reply({ body: { data: [{ value: 'Chrome' }] } });
    await expect(
      analytics.stats.get(1, { name: 'browser', from: '2026-10-01', to: '2026-10-02' }),
    ).rejects.toBeInstanceOf(ResponseValidationError);
  });

  test('without the option, a non-conforming payload is returned as is', async () => {
    server.reply({ body: { status: '成功', items: [{ id: 'not a number' }] } });
    const plain = createMarketplaceClient({ baseUrl: server.url, apiKey: CANARY_KEY });
    expect(await plain.items.list()).toEqual([{ id: 'not a number' }]);
  });
});
