// The values each statistic counts, by the name the spec's `name` enum gives
// it. Data only: the rows, their counts and their order come from
// statistics.ts. `day` rows are one per calendar day of the range (value
// `Y-m-d`, as the spec's pageviews example shows); `hour` rows one per hour of
// the day (`00` to `23`). A name the spec adds later gets generic values.

export type StatisticValues = readonly string[] | 'day' | 'hour';

const cross = (left: readonly string[], right: readonly string[], join = ''): string[] =>
  left.flatMap((a) => right.map((b) => `${a}${join}${b}`));

export const STATISTIC_VALUES: Readonly<Record<string, StatisticValues>> = {
  browser: ['Chrome', 'Safari', 'Firefox', 'Edge', 'Opera', 'Samsung Internet', 'UC Browser', 'QQ Browser'],
  campaign: cross(['spring', 'summer', 'autumn', 'winter', 'launch', 'newsletter'], ['sale', 'promo', 'digest'], '-'),
  city: [
    'Shanghai',
    'Beijing',
    'Hangzhou',
    'Shenzhen',
    'Chengdu',
    'Berlin',
    'Paris',
    'London',
    'Tokyo',
    'Seoul',
    'New York',
    'São Paulo',
    'Toronto',
    'Sydney',
    'Singapore',
    'Madrid',
    'Lagos',
    'Nairobi',
    'Mumbai',
    'Jakarta',
  ],
  continent: ['Africa', 'Antarctica', 'Asia', 'Europe', 'North America', 'Oceania', 'South America'],
  country: ['CN', 'US', 'DE', 'FR', 'GB', 'JP', 'KR', 'IN', 'BR', 'CA', 'AU', 'NL', 'SE', 'SG', 'ES', 'IT', 'MX'],
  device: ['desktop', 'mobile', 'tablet', 'tv', 'console', 'watch'],
  event: ['signup', 'login', 'checkout', 'add to cart', 'download', 'share', 'subscribe', 'search', 'play video'],
  landing_page: cross(['/', '/blog/', '/docs/', '/shop/'], ['intro', 'guide', 'news', 'offer']),
  language: ['zh-cn', 'en-us', 'en-gb', 'de-de', 'fr-fr', 'ja-jp', 'ko-kr', 'es-es', 'pt-br', 'it-it', 'ru-ru'],
  os: ['Windows', 'macOS', 'Linux', 'Android', 'iOS', 'iPadOS', 'ChromeOS', 'HarmonyOS'],
  page: cross(['/blog/', '/docs/', '/shop/', '/help/', '/news/'], ['alpha', 'beta', 'gamma', 'delta', 'omega']),
  pageviews: 'day',
  pageviews_hours: 'hour',
  referrer: cross(['google', 'bing', 'baidu', 'duckduckgo', 'weibo', 'zhihu', 'reddit', 'github'], ['.com', '.cn']),
  resolution: cross(['1280', '1366', '1440', '1536', '1920', '2560', '3840'], ['720', '900', '1080'], 'x'),
  visitors: 'day',
  visitors_hours: 'hour',
};

/** The values of a statistic the table does not know. */
export const genericValues = (name: string): string[] =>
  Array.from({ length: 8 }, (_, index) => `${name} ${index + 1}`);
