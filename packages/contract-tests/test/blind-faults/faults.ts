// Sixteen faulty deployments written to measure the contract tester from outside: each is the honest variant
// `laravel-resource` with ONE realistic bug (the kind a developer writes: a cache not invalidated, a sort applied
// after the LIMIT, a default merged where it does not belong, a half-open interval) that breaks ONE sentence of the
// source documentation, named beside it. They were written from the source documentation alone, without reading the
// tester's engine, and most need several requests, a particular allowed value or an order of operations to show;
// every one is reachable by a client that follows the documentation. recall.ts runs the tester on each.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnalyticsState } from '../honest-deployments/analytics.js';
import type { WebsiteRecord } from '../honest-deployments/data.js';
import type { MarketplaceState } from '../honest-deployments/marketplace.js';
import { textComparator } from '../honest-deployments/ordering.js';
import type { DeploymentHooks } from '../honest-deployments/server.js';
import type { VariantName } from '../honest-deployments/variants.js';
import {
  type Caught,
  catchAnswer,
  during,
  type Handler,
  jsonOf,
  relinked,
  replay,
  send,
  urlOf,
  withJson,
} from './intercept.js';

/** The honest variant every fault changes. */
export const BASE_VARIANT: VariantName = 'laravel-resource';

export interface BlindFault {
  name: string;
  area: 'lists' | 'writes' | 'reads' | 'statistics' | 'marketplace' | 'authentication';
  /** The sentence of the source documentation the bug breaks, with its section. */
  sentence: string;
  /** The bug, as the developer wrote it, and what a client must do to see it. */
  bug: string;
  hooks: DeploymentHooks;
}

const LIST = '/api/v1/websites';
const WEBSITE = /^\/api\/v1\/websites\/([^/]+)$/;
const STATS = /^\/api\/v1\/stats\/([^/]+)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
type Row = Record<string, unknown>;
type Page = { data?: Row[] } & Row;

const searchOf = (url: URL) => (url.searchParams.get('search') ?? '').trim();
const isUpdate = (method: string) => method === 'PUT' || method === 'PATCH';

function idOf(match: RegExpExecArray): string {
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/** The website a path names, when the key owns it. */
function websiteAt(state: AnalyticsState, match: RegExpExecArray | null): WebsiteRecord | undefined {
  if (!match) return undefined;
  const found = state.store.lookup(idOf(match));
  return 'found' in found ? found.found : undefined;
}

/** Serves a caught answer after `change` has looked at it (and maybe replaced it). */
function afterApp(
  app: Handler,
  request: IncomingMessage,
  response: ServerResponse,
  change: (caught: Caught) => Caught,
) {
  void catchAnswer(app, request).then((caught) => send(response, change(caught)));
}

/** The key's websites as the list reads them, with `change` applied, while the app answers one list request. */
function listReading(
  state: AnalyticsState,
  change: (records: WebsiteRecord[]) => WebsiteRecord[],
  serve: () => void,
): void {
  const original = state.store.replicaOwned.bind(state.store);
  during(state.store, 'replicaOwned', () => change(original()), serve);
}

/** A Y-m-d day moved by `days`, or undefined when the text is no such day. */
function shiftDay(text: string | null, days: number): string | undefined {
  const match = DAY.exec(text ?? '');
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const date = new Date(time);
  if (date.toISOString().slice(0, 10) !== text) return undefined;
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/** Answers a statistics request as if its query were `changed`, with the links the client's own query gives. */
function withQuery(app: Handler, request: IncomingMessage, response: ServerResponse, changed: URLSearchParams): void {
  const url = urlOf(request);
  const sent = new URLSearchParams(url.searchParams);
  request.url = `${url.pathname}?${changed.toString()}`;
  afterApp(app, request, response, (caught) => {
    const body = jsonOf(caught);
    return caught.status === 200 && body ? withJson(caught, relinked(body, sent)) : caught;
  });
}

/** The marketplace's answer body as PHP writes it for this variant. */
function marketJson(state: MarketplaceState, caught: Caught, value: unknown): Caught {
  return withJson(caught, value, state.choices.market.escapeJson);
}

const SUCCESS = '成功';

// ---- Lists, paging, sorting and search ----

const searchListsDeleted: BlindFault = {
  name: 'search-lists-deleted',
  area: 'lists',
  sentence:
    '4.1 "Delete website | DELETE | /api/v1/websites/{id}" with the list\'s "search | string | search text": a ' +
    'deleted website is no website of the key, yet a search lists it',
  bug:
    'Searches go through a search index (Scout); the controller deletes with a query (`Website::whereKey($id)' +
    '->delete()`), which fires no model event, so the index keeps the deleted website and every search that ' +
    'matches it lists it as it last was. Seen by a search after a delete.',
  hooks: {
    analytics: (app, state) => {
      const ghosts: WebsiteRecord[] = [];
      return (request, response) => {
        const url = urlOf(request);
        const method = request.method ?? 'GET';
        if (method === 'DELETE') {
          const record = websiteAt(state, WEBSITE.exec(url.pathname));
          afterApp(app, request, response, (caught) => {
            if (record && caught.status < 300) ghosts.push(record);
            return caught;
          });
          return;
        }
        if (method === 'GET' && url.pathname === LIST && searchOf(url) !== '') {
          listReading(
            state,
            (records) => [...records, ...ghosts],
            () => app(request, response),
          );
          return;
        }
        app(request, response);
      };
    },
  },
};

const pageShortAfterDelete: BlindFault = {
  name: 'page-short-after-delete',
  area: 'lists',
  sentence:
    '8.1 "`per_page` accepts only 10, 25, 50 or 100 on the website list and on statistics; default 10": a page ' +
    'before the last holds one website fewer than per_page',
  bug:
    'The list caches the sorted ids of each query for a minute and loads a page with `whereIn(ids)`; creates and ' +
    'updates clear the cache, deletes forget to, so after a delete the page where the deleted id sat comes back ' +
    'one short (the total still counts it). Seen by a list after a delete, until the next create or update.',
  hooks: {
    analytics: (app, state) => {
      let ghosts: WebsiteRecord[] = [];
      return (request, response) => {
        const url = urlOf(request);
        const method = request.method ?? 'GET';
        if (method === 'DELETE' || method === 'POST' || isUpdate(method)) {
          const record = method === 'DELETE' ? websiteAt(state, WEBSITE.exec(url.pathname)) : undefined;
          afterApp(app, request, response, (caught) => {
            if (caught.status < 300) {
              if (record) ghosts.push(record);
              else ghosts = [];
            }
            return caught;
          });
          return;
        }
        if (method !== 'GET' || url.pathname !== LIST || ghosts.length === 0) {
          app(request, response);
          return;
        }
        const gone = new Set(ghosts.map((record) => state.store.idValue(record)));
        let answer: Promise<Caught> | undefined;
        listReading(
          state,
          (records) => [...records, ...ghosts],
          () => {
            answer = catchAnswer(app, request);
          },
        );
        void answer!.then((caught) => {
          const page = jsonOf(caught) as Page | undefined;
          if (caught.status !== 200 || !Array.isArray(page?.data)) return send(response, caught);
          send(response, withJson(caught, { ...page, data: page.data.filter((row) => !gone.has(row.id as never)) }));
        });
      };
    },
  },
};

const searchSortedWithinPage: BlindFault = {
  name: 'search-sorted-within-page',
  area: 'lists',
  sentence:
    '4.1 "sort_by | string | `id` (date created), `domain` (domain) | id": a search sorted by domain shows the ' +
    'newest matches, sorted among themselves, instead of the first matches by domain',
  bug:
    "The search path fetches `->latest('id')->paginate($perPage)` and sorts the page afterwards with " +
    "`->sortBy('domain')`, so with sort_by=domain and more matches than per_page the page holds the newest " +
    'matches in domain order. Seen by a search with more matches than a page and sort_by=domain.',
  hooks: {
    analytics: (app) => (request, response) => {
      const url = urlOf(request);
      const sort = url.searchParams.get('sort') ?? '';
      const applies =
        request.method === 'GET' &&
        url.pathname === LIST &&
        searchOf(url) !== '' &&
        url.searchParams.get('sort_by') === 'domain' &&
        ['', 'asc', 'desc'].includes(sort);
      if (!applies) {
        app(request, response);
        return;
      }
      const sent = new URLSearchParams(url.searchParams);
      const changed = new URLSearchParams(sent);
      changed.set('sort_by', 'id');
      changed.set('sort', 'desc');
      request.url = `${url.pathname}?${changed.toString()}`;
      const collate = textComparator('fold-case');
      const direction = sort === 'asc' ? 1 : -1;
      afterApp(app, request, response, (caught) => {
        const page = jsonOf(caught) as Page | undefined;
        if (caught.status !== 200 || !Array.isArray(page?.data)) return caught;
        const data = [...page.data].sort(
          (a, b) => direction * collate(String(a.domain), String(b.domain)) || Number(a.id) - Number(b.id),
        );
        return withJson(caught, relinked({ ...page, data }, sent));
      });
    },
  },
};

const searchMissesLongDomain: BlindFault = {
  name: 'search-misses-long-domain',
  area: 'lists',
  sentence:
    '4.1 "search | string | search text" with "search_by | string | `domain` (domain)": a search for the whole ' +
    'domain of a website does not list it',
  bug:
    'For speed the search matches an indexed generated column `domain_prefix = LEFT(domain, 64)`: a search text ' +
    'over 64 characters finds nothing, and one found only past the 64th character of a domain misses it. Seen by ' +
    'a search for a domain longer than 64 characters.',
  hooks: {
    analytics: (app, state) => (request, response) => {
      const url = urlOf(request);
      const needle = searchOf(url).toLowerCase();
      if (request.method !== 'GET' || url.pathname !== LIST || needle === '') {
        app(request, response);
        return;
      }
      const indexed = (record: WebsiteRecord) => record.domain.slice(0, 64).toLowerCase().includes(needle);
      listReading(
        state,
        (records) => records.filter(indexed),
        () => app(request, response),
      );
    },
  },
};

// ---- Writes ----

const createBotsDefaultLost: BlindFault = {
  name: 'create-bots-default-lost-with-exclusions',
  area: 'writes',
  sentence: '4.1 create body "exclude_bots | integer | 0 disabled, 1 enabled | 1": the default on create is 1',
  bug:
    'A create that carries an exclusion list goes through the "advanced settings" branch, which reads ' +
    "`$request->boolean('exclude_bots')`: absent is false, so such a website is created with exclude_bots 0. " +
    'Seen by a create with exclude_params or exclude_ips and without exclude_bots.',
  hooks: {
    analytics: (app) => (request, response) => {
      if (request.method !== 'POST' || urlOf(request).pathname !== LIST) {
        app(request, response);
        return;
      }
      void replay(request, (params) => {
        const lists = (params.get('exclude_params') ?? '') !== '' || (params.get('exclude_ips') ?? '') !== '';
        if (!lists || params.has('exclude_bots')) return undefined;
        params.set('exclude_bots', '0');
        return params;
      }).then((replayed) => app(replayed.request, response));
    },
  },
};

const updateRestoresBotsDefault: BlindFault = {
  name: 'update-restores-bots-default',
  area: 'writes',
  sentence:
    '4.1 "No defaults are given for update: a parameter that is not sent is not described as changed": ' +
    'exclude_bots changes although it was not sent',
  bug:
    'The form request shared by create and update merges the create default (`$this->mergeIfMissing' +
    "(['exclude_bots' => 1])`), so an update that does not send exclude_bots sets it back to 1. Seen by an " +
    'update without exclude_bots of a website whose exclude_bots is 0.',
  hooks: {
    analytics: (app) => (request, response) => {
      if (!isUpdate(request.method ?? '') || !WEBSITE.test(urlOf(request).pathname)) {
        app(request, response);
        return;
      }
      void replay(request, (params) => {
        if (params.has('exclude_bots')) return undefined;
        params.set('exclude_bots', '1');
        return params;
      }).then((replayed) => app(replayed.request, response));
    },
  },
};

const updateAcceptsDomain: BlindFault = {
  name: 'update-accepts-domain',
  area: 'writes',
  sentence: '4.1 "`domain` is not among the update parameters": an update that sends a domain changes it',
  bug:
    "`domain` is in the model's `$fillable` and the controller calls `$website->update($request->all())` after " +
    'validating the update fields, so a domain sent with an update is written. Seen by an update that sends domain.',
  hooks: {
    analytics: (app, state) => (request, response) => {
      const match = WEBSITE.exec(urlOf(request).pathname);
      if (!isUpdate(request.method ?? '') || !match) {
        app(request, response);
        return;
      }
      void replay(request).then((replayed) => {
        const domain = (replayed.params.get('domain') ?? '').trim();
        afterApp(app, replayed.request, response, (caught) => {
          const record = websiteAt(state, match);
          const body = jsonOf(caught) as { data?: Row } | undefined;
          if (caught.status !== 200 || domain === '' || !record || !body?.data) return caught;
          record.domain = domain;
          record.updatedAt = state.store.now();
          state.store.touch(record);
          return withJson(caught, { ...body, data: { ...body.data, domain } });
        });
      });
    },
  },
};

const readCacheSurvivesDelete: BlindFault = {
  name: 'read-cache-survives-delete',
  area: 'reads',
  sentence:
    '4.1 "Read website | GET | /api/v1/websites/{id} | … | one website" after "Delete website": a deleted ' +
    'website still reads as it was',
  bug:
    'A response cache keeps each read by id (`Cache::rememberForever("website:$id")`); the update action forgets ' +
    'the key, the delete action does not, so a website read before its delete is still served afterwards. Seen ' +
    'by a read, a delete and a read of the same website.',
  hooks: {
    analytics: (app, state) => {
      const cache = new Map<string, Caught>();
      return (request, response) => {
        const url = urlOf(request);
        const method = request.method ?? 'GET';
        // The cache sits behind the key's middleware: only a request that carries the key reaches it.
        const authenticated = request.headers.authorization === `Bearer ${state.key}`;
        if (!authenticated || !WEBSITE.test(url.pathname) || !(method === 'GET' || isUpdate(method))) {
          app(request, response);
          return;
        }
        const cached = cache.get(url.pathname);
        if (method === 'GET' && cached) {
          send(response, cached);
          return;
        }
        afterApp(app, request, response, (caught) => {
          if (method === 'GET' && caught.status === 200) cache.set(url.pathname, caught);
          if (method !== 'GET' && caught.status < 300) cache.delete(url.pathname);
          return caught;
        });
      };
    },
  },
};

// ---- Statistics ----

const HOURS = ['pageviews_hours', 'visitors_hours'];
const SERIES = ['pageviews', 'visitors'];

const statsHoursDropLastDay: BlindFault = {
  name: 'stats-hours-drop-last-day',
  area: 'statistics',
  sentence: '4.2 "to | string | yes | end date, format Y-m-d": the hours of the end date are not counted',
  bug:
    "The hourly statistics read hourly buckets with `where('hour', '<', $to)` (a half-open interval, as the " +
    'daily query reads days with `<=`), so the `to` day adds nothing to pageviews_hours and visitors_hours, and a ' +
    'range of one day answers no rows. Seen by an hourly statistic whose range ends on a day with traffic.',
  hooks: {
    analytics: (app) => (request, response) => {
      const url = urlOf(request);
      const query = url.searchParams;
      const before = shiftDay(query.get('to'), -1);
      const from = shiftDay(query.get('from'), 0);
      if (request.method !== 'GET' || !STATS.test(url.pathname) || !HOURS.includes(query.get('name') ?? '')) {
        app(request, response);
        return;
      }
      if (before === undefined || from === undefined || from > (query.get('to') ?? '')) {
        app(request, response);
        return;
      }
      const changed = new URLSearchParams(query);
      // A range of one day keeps nothing: a day long before any website stands for the empty interval.
      if (from > before) {
        changed.set('from', '1970-01-01');
        changed.set('to', '1970-01-01');
      } else changed.set('to', before);
      withQuery(app, request, response, changed);
    },
  },
};

const statsSeriesSortFixed: BlindFault = {
  name: 'stats-series-sort-fixed',
  area: 'statistics',
  sentence:
    '4.2 "sort | string | no | `desc` (descending), `asc` (ascending) | desc": the daily series sorted by value ' +
    'come oldest day first whatever sort asks',
  bug:
    "The daily series (pageviews, visitors) are built by a query with a hard-coded `->orderBy('date')`; the sort " +
    'parameter is applied only when sort_by is count, so sort_by=value answers ascending days even for sort=desc ' +
    '(the default). Seen by pageviews or visitors with sort_by=value.',
  hooks: {
    analytics: (app) => (request, response) => {
      const url = urlOf(request);
      const query = url.searchParams;
      const applies =
        request.method === 'GET' &&
        STATS.test(url.pathname) &&
        SERIES.includes(query.get('name') ?? '') &&
        query.get('sort_by') === 'value' &&
        ['', 'desc'].includes(query.get('sort') ?? '');
      if (!applies) {
        app(request, response);
        return;
      }
      const changed = new URLSearchParams(query);
      changed.set('sort', 'asc');
      withQuery(app, request, response, changed);
    },
  },
};

const statsPerPageDroppedWithSearch: BlindFault = {
  name: 'stats-per-page-dropped-with-search',
  area: 'statistics',
  sentence:
    '8.1 "`per_page` accepts only 10, 25, 50 or 100 on the website list and on statistics; default 10": a ' +
    'searched statistic answers 10 rows for per_page 25, 50 or 100',
  bug:
    'When search is given the statistics controller builds a second query and paginates it with `->paginate()`, ' +
    'forgetting the validated per_page, so a searched statistic always has pages of 10. Seen by a statistic with ' +
    'search matching more than 10 values and per_page above 10.',
  hooks: {
    analytics: (app) => (request, response) => {
      const url = urlOf(request);
      const query = url.searchParams;
      const applies =
        request.method === 'GET' &&
        STATS.test(url.pathname) &&
        searchOf(url) !== '' &&
        ['25', '50', '100'].includes(query.get('per_page') ?? '');
      if (!applies) {
        app(request, response);
        return;
      }
      const changed = new URLSearchParams(query);
      changed.delete('per_page');
      withQuery(app, request, response, changed);
    },
  },
};

// ---- Marketplace ----

const VALIDATION = '/api/purchases/validation';

/** A marketplace POST whose body the fault reads, answered through `change`. */
function validationAnswer(app: Handler, change: (code: string, body: Row, caught: Caught) => Caught): Handler {
  return (request, response) => {
    if (request.method !== 'POST' || urlOf(request).pathname !== VALIDATION) {
      app(request, response);
      return;
    }
    void replay(request).then((replayed) => {
      const code = (replayed.params.get('purchase_code') ?? urlOf(request).searchParams.get('purchase_code') ?? '')
        .trim()
        .toLowerCase();
      afterApp(app, replayed.request, response, (caught) => {
        const body = jsonOf(caught) as Row | undefined;
        return body?.status === SUCCESS ? change(code, body, caught) : caught;
      });
    });
  };
}

const marketCodeValidOnce: BlindFault = {
  name: 'market-code-valid-once',
  area: 'marketplace',
  sentence:
    '4.3 rule 4 "Validate purchase returns purchase details only when the code is valid", with 7 "Validate ' +
    'purchase | purchase code invalid | 购买代码无效": a valid code is answered invalid the second time',
  bug:
    'Validation records an activation, and a copy-pasted licence check (`if ($purchase->activations()->exists())`' +
    ' meant for a one-site licence) then treats every later validation of the code as invalid. Seen by validating ' +
    'the same code twice.',
  hooks: {
    marketplace: (app, state) => {
      const seen = new Set<string>();
      return validationAnswer(app, (code, _body, caught) => {
        if (!seen.has(code)) {
          seen.add(code);
          return caught;
        }
        return marketJson(state, caught, { status: '错误', msg: '购买代码无效' });
      });
    },
  },
};

const marketSupportDroppedOnRepeat: BlindFault = {
  name: 'market-support-dropped-on-repeat',
  area: 'marketplace',
  sentence:
    '2.5 "supported_until | string | ISO 8601 UTC timestamp; omitted when support is disabled or not supported": ' +
    'a supported purchase is answered without it',
  bug:
    'Validations are cached by code (`Cache::remember("purchase:$code", …, fn () => $purchase->toArray())`); the ' +
    'model casts supported_until with a custom cast that `toArray()` leaves out, so every validation after the ' +
    'first, answered from the cache, omits supported_until. Seen by validating a supported code twice.',
  hooks: {
    marketplace: (app, state) => {
      const seen = new Set<string>();
      return validationAnswer(app, (code, body, caught) => {
        const purchase = ((body.data as Row | undefined)?.purchase ?? {}) as Row;
        if (!seen.has(code)) {
          seen.add(code);
          return caught;
        }
        const { supported_until: _dropped, ...rest } = purchase;
        return marketJson(state, caught, { ...body, data: { ...(body.data as Row), purchase: rest } });
      });
    },
  },
};

const marketItemsCacheIgnoresKey: BlindFault = {
  name: 'market-items-cache-ignores-key',
  area: 'marketplace',
  sentence:
    '4.3 rule 2 "List all items returns the items linked to the supplied key", with 7 "List all items | no items ' +
    'are listed for the key | 该分类下暂无商品上架": every key gets the answer of the first key that asked',
  bug:
    "`Cache::remember('items.all', 600, …)` is keyed without the API key, so the first valid key's answer (its " +
    'items, or the no-items message) is served to every other key for ten minutes. Seen by asking with two keys.',
  hooks: {
    marketplace: (app) => {
      let first: Caught | undefined;
      return (request, response) => {
        if (request.method !== 'GET' || urlOf(request).pathname !== '/api/items/all') {
          app(request, response);
          return;
        }
        afterApp(app, request, response, (caught) => {
          const body = jsonOf(caught) as Row | undefined;
          const validKey = body?.status === SUCCESS || body?.msg === '该分类下暂无商品上架';
          if (!validKey) return caught;
          first ??= caught;
          return first;
        });
      };
    },
  },
};

const marketVideoDetailsAudioPreview: BlindFault = {
  name: 'market-video-details-audio-preview',
  area: 'marketplace',
  sentence: '2.4 "media.preview_audio | string | URL; present only for audio items": a video item shows one',
  bug:
    'Item details builds media from every preview file the item has on the CDN; video items carry an audio-only ' +
    'preview track too (for the player), so item details of a video item lists preview_audio. The list is built ' +
    'by another serializer and is right. Seen by item details of a video item.',
  hooks: {
    marketplace: (app, state) => (request, response) => {
      if (request.method !== 'GET' || urlOf(request).pathname !== '/api/items/item') {
        app(request, response);
        return;
      }
      afterApp(app, request, response, (caught) => {
        const body = jsonOf(caught) as { status?: string; item?: Row } | undefined;
        const media = body?.item?.media as Row | undefined;
        if (body?.status !== SUCCESS || !media || media.preview_video === undefined) return caught;
        const { screenshots, ...previews } = media;
        const audio = String(media.preview_video).replace(/\.mp4$/, '.m4a');
        const item = { ...body.item, media: { ...previews, preview_audio: audio, screenshots } };
        return marketJson(state, caught, { ...body, item });
      });
    },
  },
};

// ---- Authentication ----

const authStatsOfPublicWebsite: BlindFault = {
  name: 'auth-stats-public-without-key',
  area: 'authentication',
  sentence:
    '4.1 "All require the Bearer header (section 5)" (4.2 is `GET {base_url}/api/v1/stats/{id}`): statistics of ' +
    'a public website are served without a key',
  bug:
    "The statistics route shares the public dashboard's guard (`auth:sanctum` or a public website): a request " +
    'without an Authorization header is served when the website is public (privacy 0). A wrong key is still ' +
    'refused. Seen by statistics of a public website asked without a key.',
  hooks: {
    analytics: (app, state) => (request, response) => {
      const record = websiteAt(state, STATS.exec(urlOf(request).pathname));
      if (request.method === 'GET' && record?.privacy === 0 && request.headers.authorization === undefined) {
        request.headers.authorization = `Bearer ${state.key}`;
      }
      app(request, response);
    },
  },
};

export const BLIND_FAULTS: readonly BlindFault[] = [
  searchListsDeleted,
  pageShortAfterDelete,
  searchSortedWithinPage,
  searchMissesLongDomain,
  createBotsDefaultLost,
  updateRestoresBotsDefault,
  updateAcceptsDomain,
  readCacheSurvivesDelete,
  statsHoursDropLastDay,
  statsSeriesSortFixed,
  statsPerPageDroppedWithSearch,
  marketCodeValidOnce,
  marketSupportDroppedOnRepeat,
  marketItemsCacheIgnoresKey,
  marketVideoDetailsAudioPreview,
  authStatsOfPublicWebsite,
];
