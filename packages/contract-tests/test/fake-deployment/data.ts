// Seed data of the fake deployment. Invented, but shaped like the seed says
// (and realistic where it is silent: Laravel-style envelopes and errors).
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

const DOMAINS = [
  'harbour-tea.cn',
  'alpine-gear.shop',
  'blog.lunaria.cn',
  'docs.pinecone-labs.io',
  'kite-studio.art',
  'zephyr-bikes.com',
  'mooncake-recipes.net',
  'atlas-maps.org',
  'quietpond.dev',
  'nimbus-weather.app',
  'ember-candles.co',
  'yarn-and-loom.store',
  'orbit-school.edu.cn',
  'copperleaf.news',
];

export function seedWebsites(): FakeWebsite[] {
  return DOMAINS.map((domain, index) => {
    const at = new Date(Date.UTC(2025, 0, 5 + index * 9, 8, 15)).toISOString().replace('.000', '');
    return {
      id: index + 1,
      domain,
      privacy: index % 3,
      password: index % 3 === 2 ? `pw-${index}` : null,
      email: index % 2,
      exclude_bots: 1,
      exclude_params: index % 4 === 0 ? 'utm_source,utm_medium' : null,
      exclude_ips: null,
      created_at: at,
      updated_at: at,
    };
  });
}

export const BROWSERS = [
  'Chrome',
  'Safari',
  'Firefox',
  'Edge',
  'Opera',
  'Samsung Internet',
  'UC Browser',
  'QQ Browser',
  'Vivaldi',
  'Brave',
  'Yandex',
  'DuckDuckGo',
];

/** A deterministic count per (website, value), so sorting is observable. */
export function countFor(websiteId: number, value: string): number {
  let hash = websiteId * 7919;
  for (const char of value) hash = (hash * 31 + char.charCodeAt(0)) % 100_003;
  return 5 + (hash % 1500);
}

export const ACCOUNT = {
  name: { firstname: 'Lin', lastname: 'Wu', full_name: 'Lin Wu' },
  username: 'linwu_audio',
  email: 'lin.wu@example.cn',
  balance: 302.75,
  currency: 'CNY',
  profile: {
    heading: 'Loops and themes',
    description: 'Small studio.',
    contact: { email: 'studio@example.cn' },
    social_links: { github: 'https://github.com/linwu-audio' },
    media: { avatar: 'https://cdn.example.cn/a/linwu.png', cover: 'https://cdn.example.cn/c/linwu.jpg' },
  },
  registered_at: '2020-02-14T03:00:00Z',
};

const base = (id: number, name: string, category: string) => ({
  id,
  name,
  description: `${name}, made with care.`,
  category,
  sub_category: 'general',
  options: ['Regular license', 'Extended license'],
  version: '1.4.2',
  demo_link: `https://demo.example.cn/${id}`,
  tags: ['fake', 'tallyport'],
  price: { regular: 199, extended: 899 },
  currency: 'CNY',
  published_at: '2025-06-18T10:00:00Z',
});

export function seedItems(): Array<Record<string, unknown> & { id: number; media: Record<string, unknown> }> {
  return [
    {
      ...base(7001, 'Paper Lantern Theme', 'templates'),
      media: {
        thumbnail: 'https://cdn.example.cn/7001/t.png',
        preview_image: 'https://cdn.example.cn/7001/p.jpg',
        screenshots: ['https://cdn.example.cn/7001/s1.jpg'],
      },
    },
    {
      ...base(7002, 'City Lights Intro', 'video'),
      media: {
        thumbnail: 'https://cdn.example.cn/7002/t.png',
        preview_image: 'https://cdn.example.cn/7002/p.jpg',
        preview_video: 'https://cdn.example.cn/7002/v.mp4',
        screenshots: [],
      },
    },
    {
      ...base(7003, 'Rainy Window Loop', 'audio'),
      media: {
        thumbnail: 'https://cdn.example.cn/7003/t.png',
        preview_audio: 'https://cdn.example.cn/7003/a.mp3',
        screenshots: [],
      },
    },
  ];
}

export function purchaseFor(code: string, supported: boolean) {
  return {
    purchase_code: code,
    license_type: 'Regular license',
    price: 199,
    currency: 'CNY',
    item: {
      id: 7001,
      name: 'Paper Lantern Theme',
      url: 'https://market.example.cn/item/7001',
      media: { preview_image: 'https://cdn.example.cn/7001/p.jpg' },
    },
    ...(supported ? { supported_until: '2027-01-01T00:00:00Z' } : {}),
    downloaded: true,
    date: '2026-10-02T12:00:00Z',
  };
}
