// The records every honest deployment starts from, generated deterministically so that a failure can be
// reproduced: enough websites for pages of 10, 25, 50 and 100 to fill (domains in mixed case, with punctuation and
// non-ASCII letters), a second account's websites among them (ownership), the value lists of the statistics, and
// the marketplace accounts, items of the three media kinds and purchases the source documentation describes.

/** A small, fast, seedable generator (mulberry32): the data must be the same on every run. */
export function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit integer mix (murmur3 finaliser), cheap enough to derive every daily count on demand. */
export function mix(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    h = Math.imul(h ^ (part >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

export interface WebsiteRecord {
  /** Creation order; every id format sorts by it ("`id` (date created)"). */
  seq: number;
  owner: 'main' | 'other';
  domain: string;
  privacy: 0 | 1 | 2;
  password: string | null;
  email: 0 | 1;
  excludeBots: 0 | 1;
  excludeParams: string | null;
  excludeIps: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** When a search index that refreshes late starts to show the record (choice 49). */
  searchableAt: number;
  /** Seed of the record's statistics; records created through the API have no traffic yet. */
  traffic: number | null;
}

const WORDS = [
  'acme',
  'Alpine',
  'blue',
  'Bright',
  'cedar',
  'coffee',
  'Delta',
  'echo',
  'fable',
  'Fjord',
  'garden',
  'harbor',
  'Indigo',
  'juniper',
  'kite',
  'Lumen',
  'maple',
  'Nimbus',
  'orbit',
  'pixel',
  'Quartz',
  'river',
  'Saffron',
  'tango',
  'Umbra',
  'velvet',
  'Willow',
  'xenon',
  'yonder',
  'Zephyr',
];
const TLDS = ['com', 'org', 'net', 'io', 'co.uk', 'de', 'fr', 'dev', 'app', 'shop'];
/** Domains chosen for what they do to search and sort: non-ASCII, digits, a pair equal but for case. */
const NOTABLE_DOMAINS = [
  'bücher.example',
  'café-crème.fr',
  'ÜberSite.de',
  'Shop.example.com',
  'shop.example.com',
  'ZZ-top.net',
  'aardvark.io',
  '42things.org',
  '9lives.Cat.io',
  'über-blog.de',
  'ÉCOLE.fr',
  'zebra.app',
];

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Domains of the starting data, unique ignoring case except for the one deliberate pair. */
export function startingDomains(count: number): string[] {
  const random = prng(0x51ab);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const domains = [...NOTABLE_DOMAINS];
  const seen = new Set(domains.map((domain) => domain.toLowerCase()));
  seen.add('shop.example.com');
  let pattern = 0;
  while (domains.length < count) {
    const word = pick(WORDS);
    const other = pick(WORDS);
    const tld = pick(TLDS);
    const candidates = [
      `${word}.${tld}`,
      `${word}-${other.toLowerCase()}.${tld}`,
      `www.${word.toLowerCase()}${capitalise(other)}.${tld}`,
      `${other.toLowerCase()}.${word}.${tld}`,
      `${Math.floor(random() * 90) + 10}${word.toLowerCase()}.${tld}`,
      `${capitalise(word)}_${other.toLowerCase()}.example`,
      `${word.toUpperCase()}.${tld}`,
    ];
    const domain = candidates[pattern % candidates.length]!;
    pattern += 1;
    if (seen.has(domain.toLowerCase())) continue;
    seen.add(domain.toLowerCase());
    domains.push(domain);
  }
  // Shuffle so that creation order (id) and domain order differ.
  for (let index = domains.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [domains[index], domains[other]] = [domains[other]!, domains[index]!];
  }
  return domains;
}

const PARAM_LISTS = [null, 'utm_source\nutm_medium', 'ref, fbclid', 'gclid', null, 'utm_campaign\nutm_term\nsession'];
const IP_LISTS = [null, '10.0.0.1\n192.168.1.0/24', null, '203.0.113.7', '2001:db8::1\n198.51.100.0/24'];
const DAY_MS = 86_400_000;

/** Websites of the main account in the ordinary data (165 records of both accounts). */
export const ORDINARY_OWNED = 141;

/**
 * The websites of both accounts in creation order: the main account (the deployment's key) owns `owned` of them
 * (141 unless a variant's account is bigger), the other account every seventh record, so the ids a key sees have
 * gaps, as in a shared table. A bigger account's websites were added more often over the same years.
 */
export function startingWebsites(owned = ORDINARY_OWNED): WebsiteRecord[] {
  const isOther = (seq: number) => seq % 7 === 3;
  let total = 0;
  for (let mine = 0; mine < owned; ) {
    total += 1;
    if (!isOther(total)) mine += 1;
  }
  const domains = startingDomains(total);
  const random = prng(0x7e57);
  const start = Date.UTC(2019, 0, 7, 9, 30, 0);
  // Every 13 days for the ordinary 165 records; the same span for more.
  const spacing = total <= 165 ? 13 * DAY_MS : Math.floor((165 * 13 * DAY_MS) / total);
  return domains.map((domain, index) => {
    const seq = index + 1;
    const privacy = ([1, 0, 2, 1, 0, 1, 2] as const)[index % 7]!;
    const createdAt = new Date(start + index * spacing + Math.floor(random() * DAY_MS));
    return {
      seq,
      owner: isOther(seq) ? 'other' : 'main',
      domain,
      privacy,
      password: privacy === 2 ? `share-${(seq * 7919).toString(36)}` : null,
      email: (index % 3 === 0 ? 1 : 0) as 0 | 1,
      excludeBots: (index % 5 === 4 ? 0 : 1) as 0 | 1,
      excludeParams: PARAM_LISTS[index % PARAM_LISTS.length]!,
      excludeIps: IP_LISTS[index % IP_LISTS.length]!,
      createdAt,
      updatedAt: new Date(createdAt.getTime() + Math.floor(random() * 90) * DAY_MS),
      searchableAt: 0,
      traffic: mix(seq, 0xa11),
    };
  });
}

// ---- Statistics value lists (the `value` of each row) ----

function cross(left: readonly string[], right: readonly string[], join: (a: string, b: string) => string): string[] {
  return left.flatMap((a) => right.map((b) => join(a, b)));
}

const BROWSERS = [
  'Chrome',
  'Safari',
  'Firefox',
  'Edge',
  'Samsung Internet',
  'Opera',
  'UC Browser',
  'Yandex Browser',
  'Brave',
  'Vivaldi',
  'QQ Browser',
  'Chrome Mobile',
  'Mobile Safari',
  'Firefox Mobile',
  'Silk',
  'Whale',
  'Maxthon',
  'Pale Moon',
  'Puffin',
  'Sogou Explorer',
];
const OS_VERSIONS = [
  ...['11', '10', '8.1', '8', '7', 'Vista', 'XP', 'Server 2022'].map((v) => `Windows ${v}`),
  ...cross(['macOS'], ['15', '14', '13', '12', '11', '10.15', '10.14', '10.13'], (a, b) => `${a} ${b}`),
  ...cross(['iOS'], ['18', '17.5', '17.4', '17', '16.7', '16', '15.8', '15', '14', '13', '12'], (a, b) => `${a} ${b}`),
  ...cross(['iPadOS'], ['18', '17', '16', '15'], (a, b) => `${a} ${b}`),
  ...cross(['Android'], ['15', '14', '13', '12', '11', '10', '9', '8.1', '8', '7', '6', '5.1'], (a, b) => `${a} ${b}`),
  ...cross(['HarmonyOS'], ['4', '3', '2'], (a, b) => `${a} ${b}`),
  ...['Ubuntu', 'Fedora', 'Debian', 'Arch Linux', 'Linux Mint', 'Chrome OS', 'FreeBSD', 'OpenBSD'],
  ...cross(['Ubuntu'], ['24.04', '22.04', '20.04', '18.04'], (a, b) => `${a} ${b}`),
  ...cross(['Tizen', 'KaiOS', 'webOS', 'Fire OS'], ['1', '2', '3', '4', '5', '6', '7', '8'], (a, b) => `${a} ${b}`),
  ...cross(['Xbox OS', 'PlayStation'], ['4', '5'], (a, b) => `${a} ${b}`),
  'Windows Phone 10',
  'BlackBerry OS 10',
  'Symbian',
  'Solaris',
];
const COUNTRIES = (
  'United States,China,India,Brazil,Germany,United Kingdom,France,Japan,Russia,Italy,Canada,Spain,Mexico,' +
  'Indonesia,South Korea,Australia,Netherlands,Turkey,Saudi Arabia,Switzerland,Poland,Sweden,Belgium,Argentina,' +
  'Norway,Austria,Ireland,Israel,Thailand,Nigeria,Egypt,Denmark,Singapore,Philippines,Malaysia,Hong Kong,' +
  'Vietnam,Bangladesh,Chile,Colombia,Finland,Romania,Czechia,Portugal,New Zealand,Peru,Greece,Iraq,Algeria,' +
  'Qatar,Kazakhstan,Hungary,Kuwait,Morocco,Ukraine,Ecuador,Slovakia,Kenya,Ethiopia,Dominican Republic,' +
  'Guatemala,Oman,Bulgaria,Luxembourg,Venezuela,Uruguay,Croatia,Costa Rica,Panama,Lithuania,Sri Lanka,' +
  'Serbia,Slovenia,Tanzania,Ghana,Belarus,Jordan,Tunisia,Cameroon,Bolivia,Paraguay,Latvia,Estonia,Nepal,' +
  'Uganda,Cambodia,Zambia,Senegal,Iceland,Cyprus,Honduras,Georgia,Bosnia and Herzegovina,Jamaica,Albania,' +
  'Malta,Mongolia,Armenia,Namibia,Brunei,Mauritius,North Macedonia,Moldova,Rwanda,Madagascar,Laos,Montenegro,' +
  'Fiji,Bhutan,Taiwan,Pakistan,South Africa,United Arab Emirates,Côte d’Ivoire,Åland Islands,Réunion'
).split(',');
const CITIES = (
  'Tokyo,Delhi,Shanghai,São Paulo,Mexico City,Cairo,Mumbai,Beijing,Dhaka,Osaka,New York,Karachi,Buenos Aires,' +
  'Chongqing,Istanbul,Kolkata,Manila,Lagos,Rio de Janeiro,Tianjin,Kinshasa,Guangzhou,Los Angeles,Moscow,' +
  'Shenzhen,Lahore,Bangalore,Paris,Bogotá,Jakarta,Chennai,Lima,Bangkok,Seoul,Nagoya,Hyderabad,London,Tehran,' +
  'Chicago,Chengdu,Nanjing,Wuhan,Ho Chi Minh City,Luanda,Ahmedabad,Kuala Lumpur,Xi’an,Hong Kong,Dongguan,' +
  'Hangzhou,Foshan,Shenyang,Riyadh,Baghdad,Santiago,Surat,Madrid,Suzhou,Pune,Harbin,Houston,Dallas,Toronto,' +
  'Dar es Salaam,Miami,Belo Horizonte,Singapore,Philadelphia,Atlanta,Fukuoka,Khartoum,Barcelona,Johannesburg,' +
  'Saint Petersburg,Qingdao,Dalian,Washington,Yangon,Alexandria,Jinan,Guadalajara,Berlin,Sydney,Melbourne,' +
  'Rome,Montréal,Kyiv,Amsterdam,Vienna,Warsaw,Budapest,Hamburg,Munich,Milan,Prague,Brussels,Zürich,Stockholm,' +
  'Oslo,Copenhagen,Helsinki,Dublin,Lisbon,Athens,Bucharest,Sofia,Belgrade,Zagreb,Ljubljana,Bratislava,' +
  'Vilnius,Riga,Tallinn,Reykjavík,Kraków,Łódź,Gdańsk,Düsseldorf,Köln,Málaga,Sevilla,Porto,Göteborg'
).split(',');
const LANGUAGES = cross(
  ['en', 'zh', 'es', 'fr', 'de', 'pt', 'ru', 'ja', 'ko', 'it', 'nl', 'ar', 'tr', 'pl', 'sv'],
  ['US', 'GB', 'CN', 'TW', 'ES', 'MX', 'FR', 'CA', 'DE', 'AT', 'BR', 'PT'],
  (a, b) => `${a}-${b}`,
).filter((_, index) => index % 3 !== 1);
const RESOLUTION_WIDTHS = [
  '360',
  '375',
  '390',
  '393',
  '412',
  '414',
  '768',
  '800',
  '1024',
  '1280',
  '1366',
  '1440',
  '1536',
  '1920',
  '2560',
];
const RESOLUTION_HEIGHTS = ['640', '720', '768', '800', '844', '900', '1080', '1440'];
const RESOLUTIONS = cross(RESOLUTION_WIDTHS, RESOLUTION_HEIGHTS, (w, h) => `${w}x${h}`).filter(
  (_, index) => index % 4 !== 3,
);
const TOPICS = [
  'getting-started',
  'pricing-explained',
  'why-we-moved-to-postgres',
  'release-notes',
  'Privacy-Policy',
  'tracking-without-cookies',
  'über-uns',
  'faq',
  'changelog',
  'api',
];
const PAGES = [
  '/',
  '/pricing',
  '/about',
  '/contact',
  '/blog',
  '/login',
  '/signup',
  '/search?q=shoes',
  '/search?q=Shoes',
  '/checkout',
  ...cross(['/blog', '/docs', '/help', '/products', '/de/blog', '/fr/docs'], TOPICS, (a, b) => `${a}/${b}`),
  ...Array.from({ length: 80 }, (_, index) => `/products/${1000 + index * 7}`),
];
const REFERRERS = [
  'google.com',
  'bing.com',
  'duckduckgo.com',
  'baidu.com',
  'news.ycombinator.com',
  'reddit.com',
  't.co',
  'facebook.com',
  'linkedin.com',
  'github.com',
  'Weibo.com',
  'yandex.ru',
  'zhihu.com',
  'ecosia.org',
  ...cross(
    WORDS.slice(0, 18).map((word) => word.toLowerCase()),
    ['blog', 'news', 'forum', 'wiki', 'io', 'shop'],
    (a, b) => `${a}.${b}`,
  ),
];
const CAMPAIGNS_PREFIXES = [
  'spring',
  'summer',
  'autumn',
  'winter',
  'black-friday',
  'launch',
  'Newsletter',
  'retargeting',
  'brand',
];
const CAMPAIGNS_SUFFIXES = [
  'sale',
  'promo',
  'webinar',
  'ebook',
  'trial',
  'upgrade',
  'referral',
  'giveaway',
  'survey',
  'demo',
  'Q1',
  'Q4',
];
const CAMPAIGNS = cross(CAMPAIGNS_PREFIXES, CAMPAIGNS_SUFFIXES, (a, b) => `${a}_${b}`);
const EVENTS = cross(
  ['click', 'submit', 'view', 'download', 'play', 'Share', 'scroll', 'open', 'close', 'copy'],
  ['signup', 'cta-button', 'pricing-table', 'newsletter', 'video', 'pdf', 'cart', 'search', 'menu', 'footer', 'chat'],
  (a, b) => `${a}:${b}`,
);

/** Value lists of the categorical statistics; most hold 100+ values so that pages of 100 fill. */
export const CATEGORY_VALUES: Readonly<Record<string, readonly string[]>> = {
  browser: cross(BROWSERS, ['125', '124', '123', '122', '121', '120'], (name, version) => `${name} ${version}`),
  campaign: CAMPAIGNS,
  city: CITIES,
  continent: ['Asia', 'Europe', 'North America', 'South America', 'Africa', 'Oceania', 'Antarctica'],
  country: COUNTRIES,
  device: ['desktop', 'mobile', 'tablet', 'tv', 'console', 'wearable', 'car'],
  event: EVENTS,
  landing_page: PAGES.slice(0, 130),
  language: LANGUAGES,
  os: OS_VERSIONS,
  page: PAGES,
  referrer: REFERRERS,
  resolution: RESOLUTIONS,
};

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const unique = (values: readonly string[]): string[] => [...new Set(values)];

/** Every region CLDR names in English, beside the ordinary list (private-use and grouping codes left out). */
function allCountries(): string[] {
  const names = new Intl.DisplayNames('en', { type: 'region' });
  const found: string[] = [];
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (/^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code)) continue;
      const name = names.of(code);
      if (name && name !== code) found.push(name);
    }
  }
  return unique([...COUNTRIES, ...found]);
}

function largeValues(): Readonly<Record<string, readonly string[]>> {
  const places = ['ville', 'ton', 'burg', 'field', 'port', 'haven', 'stad', 'dorf', 'mouth', 'bridge'];
  const actions = ['click', 'submit', 'view', 'download', 'play', 'Share', 'scroll', 'open', 'close', 'copy'];
  const moreActions = ['hover', 'expand', 'collapse', 'select', 'upload', 'print', 'pause', 'seek', 'rate', 'save'];
  const targets = ['signup', 'cta-button', 'pricing-table', 'newsletter', 'video', 'pdf', 'cart', 'search', 'menu'];
  const moreTargets = ['footer', 'chat', 'banner', 'faq', 'map', 'gallery', 'review', 'coupon', 'wishlist', 'tab'];
  const osMore = [
    ...range(5, 15).flatMap((major) => range(0, 4).map((minor) => `Android ${major}.${minor}`)),
    ...range(12, 18).flatMap((major) => range(0, 7).map((minor) => `iOS ${major}.${minor}`)),
    ...range(13, 18).flatMap((major) => range(0, 6).map((minor) => `iPadOS ${major}.${minor}`)),
    ...range(11, 15).flatMap((major) => range(0, 7).map((minor) => `macOS ${major}.${minor}`)),
    ...['1507', '1607', '1703', '1709', '1803', '1809', '1903', '1909', '2004', '20H2', '21H1', '21H2', '22H2'].map(
      (build) => `Windows 10 (${build})`,
    ),
    ...range(30, 41).map((version) => `Fedora ${version}`),
    ...range(8, 12).map((version) => `Debian ${version}`),
  ];
  const pages = unique([
    ...PAGES,
    ...cross(['/blog', '/docs', '/help', '/de/blog', '/fr/docs', '/es/ayuda'], TOPICS, (a, b) => `${a}/${b}/comments`),
    ...range(0, 419).map((index) => `/products/${1560 + index * 7}`),
  ]);
  return {
    browser: cross(BROWSERS, range(100, 125).map(String), (name, version) => `${name} ${version}`),
    campaign: cross(
      [
        ...CAMPAIGNS_PREFIXES,
        'holiday',
        'cyber-monday',
        'back-to-school',
        'partner',
        'affiliate',
        'podcast',
        'influencer',
        'reactivation',
        'app-install',
      ],
      [...CAMPAIGNS_SUFFIXES, 'Q2', 'Q3', '2024', '2025', 'email', 'social', 'search'],
      (a, b) => `${a}_${b}`,
    ),
    city: unique([
      ...CITIES,
      ...cross(
        WORDS.map((word) => capitalise(word.toLowerCase())),
        places,
        (a, b) => a + b,
      ),
    ]),
    continent: CATEGORY_VALUES.continent!,
    country: allCountries(),
    device: CATEGORY_VALUES.device!,
    event: cross([...actions, ...moreActions], [...targets, ...moreTargets], (a, b) => `${a}:${b}`),
    landing_page: pages.slice(0, 400),
    language: cross(
      [
        'en',
        'zh',
        'es',
        'fr',
        'de',
        'pt',
        'ru',
        'ja',
        'ko',
        'it',
        'nl',
        'ar',
        'tr',
        'pl',
        'sv',
        'da',
        'fi',
        'cs',
        'el',
        'hu',
      ],
      ['US', 'GB', 'CN', 'TW', 'ES', 'MX', 'FR', 'CA', 'DE', 'AT', 'BR', 'PT', 'IN', 'AU', 'CH', 'BE'],
      (a, b) => `${a}-${b}`,
    ),
    os: unique([...OS_VERSIONS, ...osMore]),
    page: pages,
    referrer: unique([
      ...REFERRERS,
      ...cross(
        WORDS.map((word) => word.toLowerCase()),
        ['blog', 'news', 'forum', 'wiki', 'io', 'shop', 'app', 'dev', 'social', 'community', 'net'],
        (a, b) => `${a}.${b}`,
      ),
    ]),
    resolution: cross(
      [...RESOLUTION_WIDTHS, '320', '430', '600', '834', '1180', '1600', '1680', '2048', '2880', '3440'],
      [...RESOLUTION_HEIGHTS, '568', '667', '932', '1050', '1200', '1600', '1920', '2160'],
      (w, h) => `${w}x${h}`,
    ).filter((_, index) => index % 4 !== 3),
  };
}

let large: Readonly<Record<string, readonly string[]>> | undefined;

/**
 * The value lists of a statistic (choice 138): the ordinary ones, or a big account's, where every open-ended
 * statistic knows hundreds of values (continents and devices stay the few there are). Built on first use.
 */
export function categoryValueList(name: string, size: 'standard' | 'large'): readonly string[] {
  if (size === 'standard') return CATEGORY_VALUES[name] ?? [];
  large ??= largeValues();
  return large[name] ?? [];
}

// ---- Marketplace ----

export interface Account {
  name: { firstname: string; lastname: string; full_name: string };
  username: string;
  email: string;
  balance: number;
  currency: string;
  profile: {
    heading: string;
    description: string;
    contact: { email: string };
    social_links: Record<string, string>;
    media: { avatar: string; cover: string };
  };
  registered_at: Date;
}

export type MediaKind = 'audio' | 'video' | 'other';

export interface Item {
  id: number;
  owner: 'main' | 'empty' | 'other';
  kind: MediaKind;
  name: string;
  description: string;
  category: string;
  sub_category: string;
  options: string[];
  version: string;
  demo_link: string;
  tags: string[];
  thumbnail: string;
  screenshots: string[];
  price: { regular: number; extended: number };
  currency: string;
  published_at: Date;
  sales: number;
  rating: number;
}

export interface Purchase {
  code: string;
  itemId: number;
  license: 'regular' | 'extended';
  price: number;
  currency: string;
  supportedUntil: Date | null;
  downloaded: boolean;
  date: Date;
}

const CDN = 'https://cdn.market.example';

export const ACCOUNTS: Readonly<Record<'main' | 'empty' | 'other', Account>> = {
  main: {
    name: { firstname: 'Wei', lastname: 'Lin', full_name: 'Wei Lin' },
    username: 'linwei_studio',
    email: 'lin.wei@example.com',
    balance: 1523.75,
    currency: 'USD',
    profile: {
      heading: 'Sound and motion for small studios',
      description: '独立音频与视频素材作者，也写一些小工具。',
      contact: { email: 'studio@linwei.example' },
      social_links: {
        twitter: 'https://twitter.com/linwei',
        github: 'https://github.com/linwei',
        weibo: 'https://weibo.com/linwei',
      },
      media: { avatar: `${CDN}/avatars/linwei.png`, cover: `${CDN}/covers/linwei.jpg` },
    },
    registered_at: new Date(Date.UTC(2019, 2, 14, 8, 21, 5)),
  },
  empty: {
    name: { firstname: 'Jing', lastname: 'Chen', full_name: 'Jing Chen' },
    username: 'chenjing',
    email: 'chen.jing@example.com',
    balance: 0,
    currency: 'CNY',
    profile: {
      heading: '新作者',
      description: 'Nothing published yet.',
      contact: { email: 'chen.jing@example.com' },
      social_links: {},
      media: { avatar: `${CDN}/avatars/default.png`, cover: `${CDN}/covers/default.jpg` },
    },
    registered_at: new Date(Date.UTC(2024, 10, 2, 23, 59, 1)),
  },
  other: {
    name: { firstname: 'Kenji', lastname: 'Sato', full_name: 'Kenji Sato' },
    username: 'k-sato',
    email: 'kenji@example.jp',
    balance: 88.2,
    currency: 'JPY',
    profile: {
      heading: 'Themes and scripts',
      description: 'WordPress themes since 2014.',
      contact: { email: 'support@ksato.example' },
      social_links: { github: 'https://github.com/k-sato' },
      media: { avatar: `${CDN}/avatars/ksato.png`, cover: `${CDN}/covers/ksato.jpg` },
    },
    registered_at: new Date(Date.UTC(2014, 5, 1, 0, 0, 0)),
  },
};

const KINDS: Readonly<Record<MediaKind, { category: string; subs: string[]; tags: string[] }>> = {
  audio: {
    category: '音频',
    subs: ['Music', 'Sound Effects', 'Logos & Idents'],
    tags: ['ambient', 'corporate', 'lofi'],
  },
  video: { category: '视频', subs: ['Motion Graphics', 'Stock Footage', 'Intros'], tags: ['4k', 'titles', 'promo'] },
  other: { category: 'Code', subs: ['PHP Scripts', 'WordPress', 'JavaScript'], tags: ['laravel', 'admin', 'saas'] },
};

function makeItem(id: number, owner: Item['owner'], kind: MediaKind, index: number, name: string): Item {
  const shape = KINDS[kind];
  const regular = [12, 19, 24, 29.5, 39, 49][index % 6]!;
  return {
    id,
    owner,
    kind,
    name,
    description: `${name}: ${kind === 'other' ? '源码与文档' : 'royalty-free media'}, version notes inside.`,
    category: shape.category,
    sub_category: shape.subs[index % shape.subs.length]!,
    options: index % 4 === 3 ? [] : ['Regular License', 'Extended License'],
    version: `${1 + (index % 3)}.${index % 5}.${(index * 3) % 7}`,
    demo_link: `https://demo.market.example/${id}`,
    tags: index % 5 === 4 ? [] : shape.tags.slice(0, 1 + (index % 3)),
    thumbnail: `${CDN}/items/${id}/thumb.jpg`,
    screenshots: kind === 'audio' ? [] : [`${CDN}/items/${id}/shot-1.jpg`, `${CDN}/items/${id}/shot-2.jpg`],
    price: { regular, extended: Math.round(regular * 12 * 100) / 100 },
    currency: 'USD',
    published_at: new Date(Date.UTC(2020, index % 12, 1 + ((index * 5) % 27), (index * 7) % 24, 15, 0)),
    sales: 17 * index + 3,
    rating: Math.round((3.6 + (index % 14) / 10) * 10) / 10,
  };
}

const MAIN_ITEMS: [MediaKind, string][] = [
  ['audio', 'Morning Coffee Lo-fi'],
  ['video', 'Neon Titles Pack'],
  ['other', 'Tallyboard Admin Dashboard'],
  ['audio', 'Corporate Uplift'],
  ['video', 'Paper Cut Intro'],
  ['other', 'Invoice Generator Script'],
  ['audio', '山水 Ambient'],
  ['other', 'Flat Icons 1200'],
  ['video', 'Glitch Logo Reveal'],
  ['audio', 'Whoosh & Swipe SFX'],
  ['other', 'Booking Calendar Plugin'],
  ['video', 'Drone City 4K'],
  ['audio', 'Podcast Intro Kit'],
  ['other', 'Minimal Blog Theme'],
];
const OTHER_ITEMS: [MediaKind, string][] = [
  ['other', 'Sakura WordPress Theme'],
  ['other', 'Ajax Contact Form'],
  ['video', 'Ink Transitions'],
  ['audio', 'Taiko Drums'],
  ['other', 'Kanban Board'],
  ['video', 'Rain Overlay'],
];

/** Items of the main and the other account, ids interleaved as in one catalogue. */
export function startingItems(): Item[] {
  const main = MAIN_ITEMS.map(([kind, name], index) => makeItem(48_210 + index * 3, 'main', kind, index, name));
  const other = OTHER_ITEMS.map(([kind, name], index) => makeItem(48_211 + index * 6, 'other', kind, index + 2, name));
  return [...main, ...other].sort((a, b) => a.id - b.id);
}

/** Purchase codes: with support, without support, of an audio item, and of the other account's item. */
export const PURCHASES: readonly (Purchase & { label: 'supported' | 'unsupported' | 'audio' | 'foreign' })[] = [
  {
    label: 'supported',
    code: '7f3c2a91-5d4e-4b8a-9c1f-2e6d8b0a4c73',
    itemId: 48_213,
    license: 'regular',
    price: 19,
    currency: 'USD',
    supportedUntil: new Date(Date.UTC(2026, 8, 30, 0, 0, 0)),
    downloaded: true,
    date: new Date(Date.UTC(2025, 2, 30, 12, 4, 11)),
  },
  {
    label: 'unsupported',
    code: 'b2e81f0c-6a3d-4f59-8e27-91c4d5a6f308',
    itemId: 48_216,
    license: 'extended',
    price: 348,
    currency: 'USD',
    supportedUntil: null,
    downloaded: false,
    date: new Date(Date.UTC(2024, 10, 11, 3, 0, 42)),
  },
  {
    label: 'audio',
    code: 'c9d04e7a-1b2f-4a63-b5e8-0f7a9c2d6e14',
    itemId: 48_210,
    license: 'regular',
    price: 12,
    currency: 'USD',
    supportedUntil: new Date(Date.UTC(2025, 11, 31, 23, 59, 59)),
    downloaded: true,
    date: new Date(Date.UTC(2025, 5, 1, 16, 45, 0)),
  },
  {
    label: 'foreign',
    code: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    itemId: 48_211,
    license: 'regular',
    price: 29.5,
    currency: 'USD',
    supportedUntil: new Date(Date.UTC(2026, 0, 15, 0, 0, 0)),
    downloaded: false,
    date: new Date(Date.UTC(2025, 0, 15, 9, 9, 9)),
  },
];
