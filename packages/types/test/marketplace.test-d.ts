import { describe, expectTypeOf, test } from 'vitest';
import type {
  Account,
  AudioItemMedia,
  Item,
  ItemMedia,
  ItemQuery,
  MarketplaceError,
  MarketplacePaths,
  Purchase,
  PurchaseValidationBody,
} from '../src/index.js';

describe('marketplace types', () => {
  test('supported_until is optional on a purchase', () => {
    const withoutSupport: Purchase = {
      purchase_code: 'code',
      license_type: 'Regular license',
      price: 1,
      currency: 'CNY',
      item: { id: 1, name: 'n', url: 'https://x.example/1', media: { preview_image: 'https://x.example/p.jpg' } },
      downloaded: false,
      date: '2026-08-03T19:40:05Z',
    };
    void withoutSupport;
    expectTypeOf<Purchase['supported_until']>().toEqualTypeOf<string | undefined>();
  });

  test('audio media has no preview image', () => {
    expectTypeOf<AudioItemMedia['preview_image']>().toEqualTypeOf<undefined>();
    // @ts-expect-error an audio item carries no preview_image
    const audio: AudioItemMedia = { thumbnail: 't', screenshots: [], preview_audio: 'a', preview_image: 'i' };
    void audio;
  });

  test('item media is one of three kinds', () => {
    const video: ItemMedia = { thumbnail: 't', screenshots: [], preview_image: 'i', preview_video: 'v' };
    void video;
    expectTypeOf<Item['media']>().toEqualTypeOf<ItemMedia>();
  });

  test('the error body has the error status and a message', () => {
    expectTypeOf<MarketplaceError>().toEqualTypeOf<{ status: '错误'; msg: string }>();
  });

  test('account nests name and profile', () => {
    expectTypeOf<Account['name']['full_name']>().toBeString();
    expectTypeOf<Account['profile']['social_links']>().toEqualTypeOf<Record<string, string>>();
  });

  test('item id and purchase code are required parameters', () => {
    expectTypeOf<ItemQuery>().toEqualTypeOf<{ item_id: number }>();
    // @ts-expect-error purchase_code is required
    const body: PurchaseValidationBody = { api_key: 'k' };
    void body;
  });

  test('the four marketplace paths are present', () => {
    expectTypeOf<keyof MarketplacePaths>().toEqualTypeOf<
      '/api/account/details' | '/api/items/all' | '/api/items/item' | '/api/purchases/validation'
    >();
  });
});
