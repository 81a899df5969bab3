// The data the fake deployment starts with: invented but deterministic, and
// shaped as the source documentation describes (section 2). Enough of it that
// paging, sorting and searching are observable: 140 websites with domains that
// share substrings, statistic names with more than 100 distinct values.

export interface FakeWebsite {
  id: number;
  domain: string;
  privacy: number;
  password: string | null;
  email: number;
  exclude_bots: number;
  exclude_params: string | null;
  exclude_ips: string | null;
  created_at: string;
  updated_at: string;
}

/** A small deterministic hash (FNV-1a), so every count is reproducible. */
export function hash(...parts: Array<string | number>): number {
  let value = 0x811c9dc5;
  for (const char of parts.join('\u0001')) {
    value ^= char.charCodeAt(0);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const BRANDS = [
  'lunaria',
  'harbour-tea',
  'alpine-gear',
  'pinecone-labs',
  'kite-studio',
  'zephyr-bikes',
  'mooncake',
  'atlas-maps',
  'quietpond',
  'nimbus-weather',
  'ember-candles',
  'yarn-and-loom',
  'orbit-school',
  'copperleaf',
];
const HOSTS = ['', 'shop.', 'blog.', 'docs.', 'app.', 'news.', 'mail.', 'cdn.', 'wiki.', 'store.'];
const TLDS = ['.cn', '.com', '.io', '.net', '.org'];

export const SEEDED_WEBSITES = BRANDS.length * HOSTS.length;

const timestamp = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function seedWebsites(): FakeWebsite[] {
  const domains = BRANDS.flatMap((brand, b) => HOSTS.map((host, h) => `${host}${brand}${TLDS[(b + h) % TLDS.length]}`));
  // Creation order is unrelated to alphabetical order, so sort_by is observable.
  domains.sort((a, b) => hash(a) - hash(b));
  return domains.map((domain, index) => {
    const id = index + 1;
    const privacy = hash(domain, 'privacy') % 3;
    const at = timestamp(Date.UTC(2024, 0, 1, 8, 0) + id * 2 * 86_400_000 + (hash(domain) % 3_600) * 1000);
    return {
      id,
      domain,
      privacy,
      password: privacy === 2 ? `pw-${hash(domain, 'pw').toString(36)}` : null,
      email: hash(domain, 'email') % 2,
      exclude_bots: hash(domain, 'bots') % 4 === 0 ? 0 : 1,
      exclude_params: id % 4 === 0 ? 'utm_source,utm_medium' : null,
      exclude_ips: id % 5 === 0 ? '203.0.113.7,198.51.100.12' : null,
      created_at: at,
      updated_at: at,
    };
  });
}

const cross = (left: readonly string[], right: readonly string[], join = ''): string[] =>
  left.flatMap((a) => right.map((b) => `${a}${join}${b}`));

/** Distinct values of every statistic that is neither a date nor an hour. */
export const STAT_VALUES: Readonly<Record<string, readonly string[]>> = {
  browser: ['Chrome', 'Safari', 'Firefox', 'Edge', 'Opera', 'Samsung Internet', 'UC Browser', 'QQ Browser', 'Vivaldi'],
  campaign: cross(['spring', 'summer', 'autumn', 'winter', 'launch', 'newsletter'], ['sale', 'promo', 'digest'], '-'),
  city: cross(
    ['Har', 'Lin', 'Mar', 'Bel', 'Cas', 'Dor', 'Fen', 'Gal', 'Kel', 'Ros', 'Tam', 'Val'],
    ['ford', 'ton', 'bury', 'wick', 'mouth', 'field', 'stead', 'haven', 'port', 'more', 'dale'],
  ),
  continent: ['Africa', 'Antarctica', 'Asia', 'Europe', 'North America', 'Oceania', 'South America'],
  country: ['CN', 'US', 'DE', 'FR', 'GB', 'JP', 'KR', 'IN', 'BR', 'CA', 'AU', 'NL', 'SE', 'SG', 'ES', 'IT', 'MX'],
  device: ['desktop', 'mobile', 'tablet', 'tv', 'console', 'watch'],
  event: ['signup', 'login', 'checkout', 'add to cart', 'download', 'share', 'subscribe', 'search', 'play video'],
  landing_page: cross(['/', '/blog/', '/docs/', '/shop/'], cross(['intro', 'guide', 'news', 'offer'], ['1', '2', '3'])),
  language: ['zh-cn', 'en-us', 'en-gb', 'de-de', 'fr-fr', 'ja-jp', 'ko-kr', 'es-es', 'pt-br', 'it-it', 'ru-ru'],
  os: ['Windows', 'macOS', 'Linux', 'Android', 'iOS', 'iPadOS', 'ChromeOS', 'HarmonyOS'],
  page: cross(
    ['/blog/', '/docs/', '/shop/', '/help/', '/news/'],
    cross(['alpha', 'beta', 'gamma', 'delta'], ['1', '2', '3', '4', '5', '6']),
  ),
  referrer: cross(
    ['google', 'bing', 'baidu', 'duckduckgo', 'weibo', 'zhihu', 'reddit', 'github', 'x', 'news'],
    ['.com', '.cn', '.net', '.org', '.io', '.dev', '.app', '.info', '.co', '.me', '.tv'],
  ),
  resolution: cross(['1280', '1366', '1440', '1536', '1920', '2560', '3840'], ['720', '900', '1080'], 'x'),
};

export const DATE_STATS = ['pageviews', 'visitors'] as const;
export const HOUR_STATS = ['pageviews_hours', 'visitors_hours'] as const;

export interface Account {
  [field: string]: unknown;
}

export function seedAccount(username: string, withProfile: boolean): Account {
  return {
    name: { firstname: 'Lin', lastname: 'Wu', full_name: 'Lin Wu' },
    username,
    email: `${username}@example.cn`,
    balance: withProfile ? 302.75 : 0,
    currency: 'CNY',
    profile: {
      heading: withProfile ? 'Loops and themes' : '',
      description: withProfile ? 'A small studio for themes, intros and loops.' : '',
      contact: { email: `studio.${username}@example.cn` },
      social_links: withProfile ? { github: 'https://github.com/linwu-audio', weibo: 'https://weibo.com/linwu' } : {},
      media: { avatar: `https://cdn.example.cn/a/${username}.png`, cover: `https://cdn.example.cn/c/${username}.jpg` },
    },
    registered_at: withProfile ? '2020-02-14T03:00:00Z' : '2026-01-09T12:30:00Z',
  };
}

export type ItemKind = 'regular' | 'video' | 'audio';

export interface Item {
  id: number;
  kind: ItemKind;
  record: Record<string, unknown> & { media: Record<string, unknown>; price: Record<string, unknown> };
}

const cdn = (id: number, file: string): string => `https://cdn.example.cn/items/${id}/${file}`;

/** The media a kind of item carries, as the source documentation rules (section 2.4). */
export function mediaOf(id: number, kind: ItemKind): Record<string, unknown> {
  const media: Record<string, unknown> = { thumbnail: cdn(id, 'thumb.png') };
  if (kind !== 'audio') media.preview_image = cdn(id, 'preview.jpg');
  if (kind === 'video') media.preview_video = cdn(id, 'preview.mp4');
  if (kind === 'audio') media.preview_audio = cdn(id, 'preview.mp3');
  media.screenshots = kind === 'regular' ? [cdn(id, 'shot-1.jpg'), cdn(id, 'shot-2.jpg')] : [];
  return media;
}

const ITEMS: ReadonlyArray<[number, ItemKind, string, string, number]> = [
  [7001, 'regular', 'Paper Lantern Theme', 'templates', 199],
  [7002, 'video', 'City Lights Intro', 'video', 129],
  [7003, 'audio', 'Rainy Window Loop', 'audio', 49],
  [7004, 'regular', 'Harbour Admin Dashboard', 'templates', 259],
  [7005, 'audio', 'Tea House Ambience', 'audio', 39],
];

export function seedItems(): Item[] {
  return ITEMS.map(([id, kind, name, category, price], index) => ({
    id,
    kind,
    record: {
      id,
      name,
      description: `${name}, made with care by a small studio.`,
      category,
      sub_category: kind === 'regular' ? 'site-templates' : `${kind}-clips`,
      options: ['Regular license', 'Extended license'],
      version: `1.${index + 2}.${index}`,
      demo_link: `https://demo.example.cn/${id}`,
      tags: [category, kind, 'studio'],
      media: mediaOf(id, kind),
      price: { regular: price, extended: price * 5 },
      currency: 'CNY',
      published_at: timestamp(Date.UTC(2025, index, 10 + index, 10, 0)),
    },
  }));
}

export function purchaseFor(code: string): Record<string, unknown> {
  return {
    purchase_code: code,
    license_type: 'Regular license',
    price: 199,
    currency: 'CNY',
    item: {
      id: 7001,
      name: 'Paper Lantern Theme',
      url: 'https://market.example.cn/item/7001',
      media: { preview_image: cdn(7001, 'preview.jpg') },
    },
    supported_until: '2027-01-01T00:00:00Z',
    downloaded: true,
    date: '2026-10-02T12:00:00Z',
  };
}
