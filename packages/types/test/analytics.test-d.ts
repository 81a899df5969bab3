import { describe, expectTypeOf, test } from 'vitest';
import type {
  AnalyticsPaths,
  ListWebsitesQuery,
  PerPage,
  StatName,
  StatRow,
  StatSearchBy,
  StatsQuery,
  Website,
  WebsiteCreateBody,
  WebsiteId,
  WebsiteUpdateBody,
} from '../src/index.js';

describe('analytics parameters', () => {
  test('per_page only accepts 10, 25, 50 or 100', () => {
    expectTypeOf<PerPage>().toEqualTypeOf<10 | 25 | 50 | 100>();
    // @ts-expect-error 20 is not an allowed page size
    const wrong: ListWebsitesQuery = { per_page: 20 };
    void wrong;
  });

  test('stats query requires name, from and to', () => {
    const ok: StatsQuery = { name: 'browser', from: '2026-10-01', to: '2026-10-31' };
    void ok;
    // @ts-expect-error `to` is required
    const missingTo: StatsQuery = { name: 'browser', from: '2026-10-01' };
    void missingTo;
  });

  test('search_by of stats allows only value, not its documented default url', () => {
    expectTypeOf<StatSearchBy>().toEqualTypeOf<'value'>();
    // @ts-expect-error url is the documented default but not an allowed value
    const quirk: StatSearchBy = 'url';
    void quirk;
  });

  test('the 17 statistic names are a closed union', () => {
    expectTypeOf<'visitors_hours'>().toExtend<StatName>();
    expectTypeOf<'bounce_rate'>().not.toExtend<StatName>();
  });

  test('a stat row has a count and a value', () => {
    expectTypeOf<StatRow>().toHaveProperty('count');
    expectTypeOf<StatRow>().toHaveProperty('value');
  });

  test('the website id type is not shown, so number and string both fit', () => {
    expectTypeOf<WebsiteId>().toEqualTypeOf<number | string>();
  });
});

describe('analytics bodies', () => {
  test('create fields with a default stay optional', () => {
    const onlyDomain: WebsiteCreateBody = { domain: 'shop.lunaria.cn' };
    void onlyDomain;
    expectTypeOf<WebsiteCreateBody['privacy']>().toEqualTypeOf<0 | 1 | 2 | undefined>();
    expectTypeOf<WebsiteCreateBody['email']>().toEqualTypeOf<0 | 1 | undefined>();
    expectTypeOf<WebsiteCreateBody['exclude_bots']>().toEqualTypeOf<0 | 1 | undefined>();
  });

  test('update has no domain', () => {
    // @ts-expect-error domain cannot be changed by an update
    const withDomain: WebsiteUpdateBody = { domain: 'other.example' };
    void withDomain;
    const privacyOnly: WebsiteUpdateBody = { privacy: 0 };
    void privacyOnly;
  });

  test('privacy accepts only 0, 1 and 2', () => {
    // @ts-expect-error 3 is not a privacy mode
    const wrong: WebsiteUpdateBody = { privacy: 3 };
    void wrong;
  });
});

describe('analytics paths', () => {
  test('every documented path is present with its methods', () => {
    expectTypeOf<keyof AnalyticsPaths>().toEqualTypeOf<
      '/api/v1/websites' | '/api/v1/websites/{id}' | '/api/v1/stats/{id}'
    >();
    expectTypeOf<AnalyticsPaths['/api/v1/websites/{id}']['delete']>().not.toBeNever();
  });

  test('website records keep the documented field types', () => {
    expectTypeOf<Website['privacy']>().toEqualTypeOf<0 | 1 | 2 | undefined>();
  });
});
