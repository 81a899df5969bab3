// Unit tests of the honest deployments against the facts the source documentation decides: whatever a variant
// chooses where the source is silent, these must hold in every variant, or the variant would not be honest.
// `pnpm test` holds the variant test/tiers.ts names to them; CI's `pnpm test:deployments` every other variant.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startingWebsites } from './data.js';
import { MESSAGES } from './marketplace.js';
import { type HonestDeployment, startHonestDeployment } from './server.js';
import { STATISTIC_NAMES } from './statistics.js';
import { analytics, asSetting, failed, marketplace, recordOf, rowsOf } from './test-client.js';
import { VARIANT_NAMES, VARIANTS } from './variants.js';
import { casesOfThisTierNamed, runsTestsBesideTheSweep } from '../tier-cases.js';
import { REPRESENTATIVES } from '../tiers.js';

type Json = Record<string, unknown>;
/** The fields of an item a new release changes (choice 144). */
const RELEASED = new Set(['version', 'description', 'price']);
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
/**
 * The last day a range may end on in every variant: yesterday in UTC is never a future day in a website's own time
 * zone (UTC-12 to UTC+14), which variants that refuse future dates would refuse (choices 109, 110). Today in UTC is,
 * for a website five hours behind, from midnight to 5 am UTC.
 */
const LAST_DAY = dayOffset(-1);
const STARTING_OWNED = startingWebsites().filter((website) => website.owner === 'main').length;

const title = 'honest variant %s';
const variants = casesOfThisTierNamed(title, VARIANT_NAMES, (name) => name, REPRESENTATIVES.honestDeploymentFacts);

// Tests of the set of variants, not of one: in `pnpm test` only, so they too run in one tier.
if (runsTestsBesideTheSweep())
  describe('the variants', () => {
    it('are at least ten, each a different set of choices', () => {
      expect(VARIANT_NAMES.length).toBeGreaterThanOrEqual(10);
      const distinct = new Set(VARIANT_NAMES.map((name) => JSON.stringify(VARIANTS[name])));
      expect(distinct.size).toBe(VARIANT_NAMES.length);
    });

    it('take at least two different choices at every modelled silence', () => {
      const flatten = (choices: object, prefix = ''): [string, string][] =>
        Object.entries(choices).flatMap(([key, value]) =>
          value && typeof value === 'object' && !('header' in value)
            ? flatten(value, `${prefix}${key}.`)
            : [[`${prefix}${key}`, JSON.stringify(value)] as [string, string]],
        );
      const seen = new Map<string, Set<string>>();
      for (const name of VARIANT_NAMES) {
        for (const [key, value] of flatten(VARIANTS[name])) seen.set(key, (seen.get(key) ?? new Set()).add(value));
      }
      const uniform = [...seen].filter(([, values]) => values.size < 2).map(([key]) => key);
      expect(uniform).toEqual([]);
    });
  });

describe.each(variants)(title, (name) => {
  let d: HonestDeployment;
  const choices = VARIANTS[name];
  const hasWebsites = !choices.emptyAccount;
  /** The longest a replica may take to show a write (choices 90, 135). */
  const replicaWait = choices.replicaLagMs + choices.replicaLagJitterMs;

  beforeAll(async () => {
    d = await startHonestDeployment(name);
  });
  afterAll(async () => {
    await d?.close();
  });

  const list = (query: Record<string, string> = {}) => analytics(d, 'GET', '/api/v1/websites', { query });
  /** A domain for a create: a public-looking one where reserved names are refused (choice 128). */
  const siteDomain = (label: string, suffix: string) =>
    choices.reservedDomains === 'refused' ? `${label}-${name}.tallyport-honest.dev` : `${label}-${name}.${suffix}`;
  /** An account already at its plan's limit (choices 108, 127). */
  const planFull = choices.websiteLimit > 0 && !choices.emptyAccount && choices.websiteLimit <= STARTING_OWNED;
  /** A website with traffic: the oldest starting one, or one created now for an account that starts empty. */
  const withData = async (label: string): Promise<string> => {
    if (hasWebsites) return String(rowsOf(choices, (await list({ sort: 'asc' })).json)[0]!.id);
    const form = { domain: siteDomain(label, 'example') };
    return String(recordOf(choices, (await analytics(d, 'POST', '/api/v1/websites', { form })).json).id);
  };

  it('lists 10 websites by default, newest (highest id) first', async () => {
    const reply = await list();
    expect(reply.status).toBe(200);
    const rows = rowsOf(choices, reply.json);
    expect(rows.length).toBe(hasWebsites ? 10 : 0);
    if (choices.idFormat === 'integer' || choices.idFormat === 'numeric-string') {
      const ids = rows.map((row) => Number(row.id));
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    }
  });

  it('fills pages of exactly 10, 25, 50 and 100 websites (none for an account without websites)', async () => {
    for (const perPage of [10, 25, 50, 100]) {
      const reply = await list({ per_page: String(perPage) });
      expect(rowsOf(choices, reply.json).length).toBe(hasWebsites ? perPage : 0);
    }
  });

  it('refuses a per_page other than 10, 25, 50 or 100, or never honours it (the default 10 instead)', async () => {
    for (const perPage of ['7', '0', '1000', 'ten']) {
      const reply = await list({ per_page: perPage });
      if (choices.invalidOptional === 'default') {
        // "accepts only 10, 25, 50 or 100 ...; default 10": another value is not accepted, so the default applies.
        expect(reply.status, perPage).toBe(200);
        expect(rowsOf(choices, reply.json).length, perPage).toBe(hasWebsites ? 10 : 0);
        continue;
      }
      expect(failed(choices, reply), perPage).toBe(true);
      if (choices.perPageStatus === 416) expect(reply.status, perPage).toBe(416);
    }
  });

  it.runIf(planFull)(
    'refuses a create past its plan limit with a message, and takes one once a slot is free',
    async () => {
      const refused = await analytics(d, 'POST', '/api/v1/websites', {
        form: { domain: siteDomain('over', 'example') },
      });
      expect(refused.status).toBe(choices.websiteLimitStatus);
      expect(refused.text).toMatch(/plan/);
      const oldest = rowsOf(choices, (await list({ sort: 'asc' })).json)[0]!;
      expect(failed(choices, await analytics(d, 'DELETE', `/api/v1/websites/${String(oldest.id)}`))).toBe(false);
    },
  );

  it.runIf(choices.reservedDomains === 'refused')('refuses reserved domains on create (its own rule)', async () => {
    for (const domain of [`${name}.example.com`, 'shop.example.org', `${name}.test`, 'localhost']) {
      const reply = await analytics(d, 'POST', '/api/v1/websites', { form: { domain } });
      expect(failed(choices, reply), domain).toBe(true);
    }
  });

  it('creates a website with privacy 1, email 0 and exclude_bots 1 when they are not sent', async () => {
    const domain = siteDomain('defaults', 'example.com');
    const created = await analytics(d, 'POST', '/api/v1/websites', { form: { domain } });
    expect(created.status).toBe(choices.alwaysOk ? 200 : choices.createStatus);
    const record = recordOf(choices, created.json);
    expect(record.domain).toBe(domain);
    expect(asSetting(record.privacy)).toBe(1);
    expect(asSetting(record.email)).toBe(0);
    expect(asSetting(record.exclude_bots)).toBe(1);
    // A plan with one free slot (choice 108): the next test creates a website too.
    if (choices.websiteLimit > 0) await analytics(d, 'DELETE', `/api/v1/websites/${String(record.id)}`);
  });

  it('reads, lists, searches, updates (only what is sent, never the domain), deletes a created website', async () => {
    const domain = siteDomain('round-trip', 'example.org');
    const created = recordOf(choices, (await analytics(d, 'POST', '/api/v1/websites', { form: { domain } })).json);
    const id = String(created.id);
    await sleep(replicaWait); // GETs of a deployment with a replica behind show the write a moment later
    const read = await analytics(d, 'GET', `/api/v1/websites/${id}`);
    expect(recordOf(choices, read.json).domain).toBe(domain);

    await sleep(Math.max(choices.searchDelayMs, replicaWait) + 50);
    const found = rowsOf(choices, (await list({ search: domain })).json);
    expect(found.map((row) => row.domain)).toContain(domain);

    const updated = await analytics(d, 'PUT', `/api/v1/websites/${id}`, { form: { email: '1', privacy: '0' } });
    const after = recordOf(choices, updated.json);
    expect([asSetting(after.email), asSetting(after.privacy), asSetting(after.exclude_bots)]).toEqual([1, 0, 1]);

    const renamed = await analytics(d, 'PUT', `/api/v1/websites/${id}`, {
      form: { domain: 'renamed.example', email: '0' },
    });
    expect(failed(choices, renamed)).toBe(choices.unknownBody === 'reject');
    await sleep(replicaWait);
    const reread = recordOf(choices, (await analytics(d, 'GET', `/api/v1/websites/${id}`)).json);
    expect(reread.domain).toBe(domain);

    const deleted = await analytics(d, 'DELETE', `/api/v1/websites/${id}`);
    expect(failed(choices, deleted)).toBe(false);
    await sleep(replicaWait);
    expect(failed(choices, await analytics(d, 'GET', `/api/v1/websites/${id}`))).toBe(true);
  });

  it('answers all 17 statistics with rows that have a value and a count', async () => {
    const target = await withData('statistics');
    for (const statistic of STATISTIC_NAMES) {
      const reply = await analytics(d, 'GET', `/api/v1/stats/${target}`, {
        query: { name: statistic, from: dayOffset(-30), to: LAST_DAY },
      });
      expect(reply.status, statistic).toBe(200);
      const rows = rowsOf(choices, reply.json);
      if (hasWebsites) expect(rows.length, statistic).toBeGreaterThan(0);
      const keys = choices.statsShare ? ['count', 'percentage', 'value'] : ['count', 'value'];
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(keys);
    }
  });

  it('fills a page of 100 statistic rows (a website with traffic) and refuses dates not in Y-m-d', async () => {
    const id = await withData('dates');
    const stats = (query: Record<string, string>) => analytics(d, 'GET', `/api/v1/stats/${id}`, { query });
    const full = await stats({ name: 'page', from: dayOffset(-30), to: LAST_DAY, per_page: '100' });
    expect(rowsOf(choices, full.json).length).toBe(hasWebsites ? 100 : 0);
    expect(failed(choices, await stats({ name: 'page', from: '2024-1-5', to: '2024-02-01' }))).toBe(true);
    expect(failed(choices, await stats({ name: 'page', from: '2024-02-30', to: '2024-03-01' }))).toBe(true);
    const unknown = await stats({ name: 'pages', from: '2024-01-05', to: '2024-02-01' });
    expect(failed(choices, unknown)).toBe(true);
    if (choices.unknownStatistic === 'not-found') expect(unknown.status).toBe(404);
  });

  it('refuses statistics without name, from or to (each required, with no default)', async () => {
    const id = await withData('required');
    const full = { name: 'page', from: dayOffset(-30), to: LAST_DAY };
    for (const left of ['name', 'from', 'to'] as const) {
      const query: Record<string, string> = { ...full };
      delete query[left];
      const reply = await analytics(d, 'GET', `/api/v1/stats/${id}`, { query });
      expect(failed(choices, reply), left).toBe(true);
      if (choices.bindingFailure === 'empty-400') expect([reply.status, reply.text], left).toEqual([400, '']);
    }
  });

  it("changes exclude_params on update to the list sent (in the variant's spelling)", async () => {
    const id = await withData('lists');
    const sent = await analytics(d, 'PUT', `/api/v1/websites/${id}`, { form: { exclude_params: 'Fresh_Param' } });
    expect(failed(choices, sent)).toBe(false);
    await sleep(replicaWait);
    const shown = JSON.stringify(recordOf(choices, (await analytics(d, 'GET', `/api/v1/websites/${id}`)).json));
    expect(shown).toContain(choices.excludeListCase === 'lower' ? 'fresh_param' : 'Fresh_Param');
  });

  // ---- Round 5: what each variant of SILENCES.md 134-139 does, on the variants that take it ----

  const create = async (form: Record<string, string>) =>
    recordOf(choices, (await analytics(d, 'POST', '/api/v1/websites', { form })).json);
  const pathOf = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.pathname.slice(new URL(d.analyticsUrl).pathname.replace(/\/$/, '').length)}${parsed.search}`;
  };

  it.runIf(choices.idReuse === 'max-plus-one')(
    'gives a new website the id of the newest website once that one is deleted (its own rowid)',
    async () => {
      const first = await create({ domain: siteDomain('rowid-a', 'example.net') });
      expect(failed(choices, await analytics(d, 'DELETE', `/api/v1/websites/${String(first.id)}`))).toBe(false);
      const domain = siteDomain('rowid-b', 'example.net');
      const second = await create({ domain });
      expect(second.id).toEqual(first.id);
      const read = recordOf(choices, (await analytics(d, 'GET', `/api/v1/websites/${String(second.id)}`)).json);
      expect(read.domain).toBe(domain);
      expect(failed(choices, await analytics(d, 'DELETE', `/api/v1/websites/${String(second.id)}`))).toBe(false);
    },
  );

  it.runIf(choices.uniqueAmongDeleted && choices.domainUnique !== 'none')(
    "keeps a deleted website's row: its id answers as deleted, its domain stays taken",
    async () => {
      const domain = siteDomain('kept-row', 'example.org');
      const created = await create({ domain });
      const id = String(created.id);
      expect(failed(choices, await analytics(d, 'DELETE', `/api/v1/websites/${id}`))).toBe(false);
      await sleep(replicaWait);
      const read = await analytics(d, 'GET', `/api/v1/websites/${id}`);
      expect(read.status).toBe(choices.deletedWebsite === 'gone' ? 410 : choices.notFoundStatus);
      expect(rowsOf(choices, (await list({ search: domain })).json).map((row) => row.domain)).not.toContain(domain);
      const again = await analytics(d, 'POST', '/api/v1/websites', { form: { domain } });
      expect(failed(choices, again)).toBe(true);
      expect(again.status).toBe(choices.domainConflictStatus === 409 ? 409 : choices.validationStatus);
    },
  );

  it.runIf(choices.replicaReads === 'lists' && choices.replicaLagMs > 0)(
    'shows a create at once when read by id, and in the list once the replica has it',
    async () => {
      const domain = siteDomain('replica', 'example.com');
      const started = Date.now();
      const created = await create({ domain });
      const read = recordOf(choices, (await analytics(d, 'GET', `/api/v1/websites/${String(created.id)}`)).json);
      expect(read.domain).toBe(domain);
      const early = rowsOf(choices, (await list({ search: domain })).json).map((row) => row.domain);
      // Only a search answered within the replica's least lag must miss it (a slow machine may take longer).
      if (Date.now() - started < choices.replicaLagMs) expect(early).not.toContain(domain);
      await sleep(replicaWait + 50);
      expect(rowsOf(choices, (await list({ search: domain })).json).map((row) => row.domain)).toContain(domain);
      expect(failed(choices, await analytics(d, 'DELETE', `/api/v1/websites/${String(created.id)}`))).toBe(false);
    },
  );

  it.runIf(choices.listSeparators === 'any')(
    'stores exclusion lists split, trimmed, lowercased and deduplicated, the domain without its trailing dot',
    async () => {
      const domain = `Trailing-Dot-${name}.Example.ORG.`;
      const created = await create({ domain, privacy: '2', password: 'Sesame-0pen' });
      expect(created.domain).toBe(domain.toLowerCase().slice(0, -1));
      expect('password' in created).toBe(false);
      const id = String(created.id);
      const form = {
        exclude_params: ' UTM_Source; utm_medium  utm_source,\nRef ',
        exclude_ips: '203.0.113.7;10.0.0.1 ',
      };
      expect(failed(choices, await analytics(d, 'PUT', `/api/v1/websites/${id}`, { form }))).toBe(false);
      await sleep(replicaWait);
      const read = recordOf(choices, (await analytics(d, 'GET', `/api/v1/websites/${id}`)).json);
      const params = ['utm_source', 'utm_medium', 'ref'];
      const ips = ['203.0.113.7', '10.0.0.1'];
      const spelt = (entries: string[]) =>
        choices.excludeListsAs === 'array' ? entries : entries.join(choices.listJoin === 'comma-space' ? ', ' : '\n');
      expect([read.exclude_params, read.exclude_ips]).toEqual([spelt(params), spelt(ips)]);
      expect('password' in read).toBe(false);
    },
  );

  it.runIf(choices.linkRels === 'next-only')(
    'pages only through the Link header\'s rel="next", whose URL carries an opaque cursor',
    async () => {
      const seen: string[] = [];
      let reply = await list({ per_page: '25', sort: 'asc' });
      for (let pages = 1; ; pages += 1) {
        expect(Array.isArray(reply.json)).toBe(true);
        const rows = reply.json as Json[];
        seen.push(...rows.map((row) => String(row.id)));
        const link = reply.headers.get('link');
        if (link === null) {
          expect(pages).toBeGreaterThan(5);
          break;
        }
        expect(rows).toHaveLength(25);
        const match = /^<([^>]+)>; rel="next"$/.exec(link);
        expect(match, link).not.toBeNull();
        const next = new URL(match![1]!);
        expect(next.searchParams.get('after')).toMatch(/^[\w-]+$/);
        expect(next.searchParams.has('page')).toBe(false);
        reply = await analytics(d, 'GET', pathOf(next.href));
      }
      expect(new Set(seen).size).toBe(seen.length);
      const ids = seen.map(Number);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    },
  );

  it.runIf(choices.accountWebsites > 141)(
    'holds a big account: pages of 100 websites run to a third page, statistics to hundreds of values',
    async () => {
      const third = await list({ per_page: '100', page: '3' });
      expect(rowsOf(choices, third.json).length).toBeGreaterThanOrEqual(choices.accountWebsites - 200);
      const id = await withData('big');
      for (const statistic of ['browser', 'city', 'page', 'referrer', 'event', 'os', 'campaign', 'language']) {
        const fourth = await analytics(d, 'GET', `/api/v1/stats/${id}`, {
          query: { name: statistic, from: dayOffset(-365), to: LAST_DAY, per_page: '100', page: '3' },
        });
        expect(rowsOf(choices, fourth.json).length, statistic).toBe(100);
      }
    },
  );

  it.runIf(choices.pagination === 'offset-limit')(
    'links the next and previous pages with limit and offset (DRF LimitOffsetPagination)',
    async () => {
      const first = (await list({ per_page: '25' })).json as Json;
      expect(first.previous).toBeNull();
      const next = new URL(String(first.next));
      expect([next.searchParams.get('limit'), next.searchParams.get('offset')]).toEqual(['25', '25']);
      const second = (await analytics(d, 'GET', pathOf(next.href))).json as Json;
      expect(second.count).toBe(first.count);
      const ids = (body: Json) => (body.results as Json[]).map((row) => row.id);
      expect(ids(second)).toHaveLength(25);
      expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
      const previous = new URL(String(second.previous));
      expect([previous.searchParams.get('limit'), previous.searchParams.has('offset')]).toEqual(['25', false]);
    },
  );

  it.runIf(choices.idOrder === 'created-at-then-id')(
    'orders sort_by=id by the second of creation, websites of the same second by their ids, both ways',
    async () => {
      for (const sort of ['asc', 'desc'] as const) {
        const rows = rowsOf(choices, (await list({ per_page: '100', sort })).json);
        const keys = rows.map((row) => [String(row.created_at), String(row.id)] as const);
        const sorted = [...keys].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1));
        expect(keys).toEqual(sort === 'asc' ? sorted : sorted.reverse());
        if (sort === 'asc') {
          const shared = keys.filter(([created]) => created === keys[0]![0]).length;
          expect(shared).toBeGreaterThan(choices.importedTogether / 2);
        }
      }
    },
  );

  // ---- Round 6: what each variant of SILENCES.md 140-144 does, on the variants that take it ----

  /** The domains of the list as the key sees it now, newest first, per_page 100. */
  const listed = async () => rowsOf(choices, (await list({ per_page: '100' })).json).map((row) => String(row.domain));

  it.runIf(choices.churnEvery > 0)(
    "shows another client's website for a few requests, then no more (a shared key's churn)",
    async () => {
      const seen = new Map<string, number>();
      for (let read = 0; read < 3 * choices.churnEvery; read += 1) {
        for (const domain of await listed()) {
          if (domain.includes('uptime-onboarding')) seen.set(domain, (seen.get(domain) ?? 0) + 1);
        }
      }
      expect(seen.size).toBeGreaterThanOrEqual(2);
      for (const [domain, times] of seen) expect(times, domain).toBeLessThanOrEqual(choices.churnLifetime);
      const last = (await listed()).filter((domain) => seen.has(domain));
      expect(last.length).toBeLessThanOrEqual(1);
    },
  );

  it.runIf(choices.editsEvery > 0)(
    "changes, adds and deletes the other client's websites between reads, never the run's own",
    async () => {
      const mine = await create({ domain: siteDomain('untouched', 'example.com'), email: '1' });
      // Every website of the key: two pages of 100 hold them all.
      const everything = async () => [
        ...rowsOf(choices, (await list({ per_page: '100', sort: 'asc' })).json),
        ...rowsOf(choices, (await list({ per_page: '100', sort: 'asc', page: '2' })).json),
      ];
      const before = await everything();
      for (let read = 0; read < 12 * choices.editsEvery; read += 1) await list();
      const after = await everything();
      const settings = (row: Json) => JSON.stringify([row.privacy, row.email, row.exclude_bots, row.exclude_params]);
      const earlier = new Map(before.map((row) => [String(row.id), row]));
      const changed = after.filter(
        (row) => earlier.has(String(row.id)) && settings(row) !== settings(earlier.get(String(row.id))!),
      );
      expect(changed.length).toBeGreaterThan(0);
      const added = after.filter((row) => String(row.domain).includes('staging-sites'));
      expect(added.length).toBeGreaterThan(0);
      const gone = before.filter((row) => !after.some((other) => other.id === row.id));
      expect(gone.length).toBeGreaterThan(0);
      const read = recordOf(choices, (await analytics(d, 'GET', `/api/v1/websites/${String(mine.id)}`)).json);
      expect([read.domain, asSetting(read.email), asSetting(read.privacy)]).toEqual([mine.domain, 1, 1]);
    },
  );

  it.runIf(choices.excludeListMaxLength < 10_000 || choices.domainSyntax === 'ldh')(
    'refuses exclusion lists over its limit and domains that are no ASCII host name, and stores IDNs as punycode',
    async () => {
      const long = Array.from({ length: 40 }, (_, index) => `utm_p${index}`).join('\n');
      expect(long.length).toBeGreaterThan(choices.excludeListMaxLength);
      const domain = siteDomain('limits', 'example.com');
      for (const field of ['exclude_params', 'exclude_ips']) {
        const reply = await analytics(d, 'POST', '/api/v1/websites', { form: { domain, [field]: long } });
        expect([failed(choices, reply), reply.status], field).toEqual([true, choices.validationStatus]);
      }
      const label = 'a'.repeat(64);
      const refused = [`${label}.com`, `${'abcdefghi.'.repeat(26)}com`, `under_score-${name}.com`, 'sp ace.com'];
      for (const bad of refused) {
        const reply = await analytics(d, 'POST', '/api/v1/websites', { form: { domain: bad } });
        expect(reply.status, bad).toBe(choices.validationStatus);
      }
      const unicode = await create({ domain: `bücher-${name}.example` });
      // IDNA ToASCII, as the URL standard's host parser gives it.
      expect(unicode.domain).toBe(new URL(`http://bücher-${name}.example`).hostname);
      const fits = await create({ domain: `${'b'.repeat(63)}.${name}.com`, exclude_params: long.slice(0, 250) });
      expect(fits.exclude_params).toBe(long.slice(0, 250).trim());
    },
  );

  it.runIf(choices.search === 'tokens')(
    'finds a website by the whole words of its domain in any order, not by a part of a word',
    async () => {
      const domain = siteDomain('Token-Search', 'example.org');
      await create({ domain });
      const found = async (search: string) => rowsOf(choices, (await list({ search })).json).map((row) => row.domain);
      expect(await found(domain)).toContain(domain);
      expect(await found(`${name} token search`)).toContain(domain);
      expect(await found('Token-Sear')).not.toContain(domain);
      expect(await found('-.-')).toEqual([]);
    },
  );

  it.runIf(choices.collation === 'ignore-punctuation')(
    'orders domains by their letters and digits, punctuation counting only between names otherwise equal',
    async () => {
      const rows = rowsOf(choices, (await list({ sort_by: 'domain', sort: 'asc', per_page: '100' })).json);
      const domains = rows.map((row) => String(row.domain));
      const shifted = new Intl.Collator('en', { ignorePunctuation: true });
      for (let index = 1; index < domains.length; index += 1) {
        const pair = domains.slice(index - 1, index + 1);
        expect(shifted.compare(pair[0]!, pair[1]!), pair.join(' ')).toBeLessThanOrEqual(0);
      }
      // Somewhere the order differs from the one that counts punctuation first.
      expect([...domains].sort(new Intl.Collator('en').compare)).not.toEqual(domains);
    },
  );

  it.runIf(choices.idFormat === 'ulid')(
    'gives each website a ULID whose text orders the websites by the millisecond they were created',
    async () => {
      const first = await create({ domain: siteDomain('ulid-a', 'example.com') });
      const second = await create({ domain: siteDomain('ulid-b', 'example.com') });
      for (const id of [first.id, second.id]) expect(String(id)).toMatch(/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/);
      const time = (id: unknown) => String(id).slice(0, 10);
      expect(time(first.id) <= time(second.id)).toBe(true);
      const lower = await analytics(d, 'GET', `/api/v1/websites/${String(first.id).toLowerCase()}`);
      expect(recordOf(choices, lower.json).id).toBe(first.id);
    },
  );

  it.runIf(choices.gatewayTimeoutEvery > 0)(
    'answers some requests 504 after doing them and 503 before, and serves a retry of either',
    async () => {
      const statuses: number[] = [];
      const domains: string[] = [];
      for (let attempt = 0; attempt < 2 * choices.gatewayTimeoutEvery; attempt += 1) {
        const domain = siteDomain(`gateway-${attempt}`, 'example.net');
        const send = () =>
          fetch(`${d.analyticsUrl}/api/v1/websites`, {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${d.analyticsKey}`,
              Accept: 'application/json',
              'Content-Type': 'application/x-www-form-urlencoded',
            },
            body: new URLSearchParams({ domain }).toString(),
          });
        const response = await send();
        await response.arrayBuffer();
        statuses.push(response.status);
        domains.push(domain);
        if (response.status >= 500) {
          const retry = await send();
          await retry.arrayBuffer();
          expect(retry.status, domain).toBe(choices.createStatus);
        }
      }
      expect(statuses).toContain(504);
      expect(statuses).toContain(503);
      const made = await listed();
      const timedOut = domains.filter((_, index) => statuses[index] === 504);
      const unavailable = domains.filter((_, index) => statuses[index] === 503);
      // A create that timed out was made, and its retry made a second website; one turned away was made once.
      for (const domain of timedOut)
        expect(
          made.filter((other) => other === domain),
          domain,
        ).toHaveLength(2);
      for (const domain of unavailable)
        expect(
          made.filter((other) => other === domain),
          domain,
        ).toHaveLength(1);
    },
  );

  it.runIf(choices.market.liveRecords)(
    'moves the balance, releases items and records the download and renewal of a purchase, never their identity',
    async () => {
      const account = async () => ((await marketplace(d, 'GET', '/api/account/details')).json as Json).data as Json;
      const validate = async () => {
        const form = { purchase_code: d.purchaseCode };
        const reply = await marketplace(d, 'POST', '/api/purchases/validation', { form });
        return ((reply.json as Json).data as Json).purchase as Json;
      };
      const items = async () => ((await marketplace(d, 'GET', '/api/items/all')).json as Json).items as Json[];
      const [accountBefore, itemsBefore, first] = [await account(), await items(), await validate()];
      const [second, third] = [await validate(), await validate()];
      for (let read = 0; read < 20; read += 1) await account();
      const [accountAfter, itemsAfter] = [await account(), await items()];
      expect(accountAfter.username).toBe(accountBefore.username);
      expect(Number(accountAfter.balance)).toBeGreaterThan(Number(accountBefore.balance));
      expect(itemsAfter.map((item) => item.id)).toEqual(itemsBefore.map((item) => item.id));
      const versions = (list: Json[]) => list.map((item) => item.version);
      expect(versions(itemsAfter)).not.toEqual(versions(itemsBefore));
      expect([first.downloaded, second.downloaded, third.downloaded]).toEqual([false, true, true]);
      expect(first.supported_until).toBe(second.supported_until);
      expect(Date.parse(String(third.supported_until))).toBeGreaterThan(Date.parse(String(second.supported_until)));
      const identity = (purchase: Json) => [purchase.purchase_code, (purchase.item as Json).id];
      for (const purchase of [second, third]) expect(identity(purchase)).toEqual(identity(first));
    },
  );

  it('answers the marketplace with status 成功 and the four documented messages', async () => {
    const account = (await marketplace(d, 'GET', '/api/account/details')).json as Json;
    expect(account.status).toBe('成功');
    expect((account.data as Json).username).toBe('linwei_studio');
    const badKey = (await marketplace(d, 'GET', '/api/account/details', { key: 'not-a-key' })).json as Json;
    expect(badKey).toEqual({ status: '错误', msg: MESSAGES.invalidRequest });

    const items = (await marketplace(d, 'GET', '/api/items/all')).json as Json;
    expect(items.status).toBe('成功');
    const empty = await marketplace(d, 'GET', '/api/items/all', { key: d.emptyMarketplaceKey });
    expect(empty.json).toEqual({ status: '错误', msg: MESSAGES.noItems });
    const emptyAccount = (await marketplace(d, 'GET', '/api/account/details', { key: d.emptyMarketplaceKey })).json;
    expect((emptyAccount as Json).status).toBe('成功');

    // Presigned media URLs (choice 104) are signed at the second of each answer: compare them without signature.
    const unsigned = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replace(/\?X-Amz-[^"]*/g, ''));
    const first = unsigned((items.items as Json[])[0]!) as Json;
    const item = unsigned(
      (await marketplace(d, 'GET', '/api/items/item', { query: { item_id: String(first.id) } })).json,
    );
    // Item details shows the listed item; a detail serializer may add fields beyond the table (choice 71), and a
    // live shop may have released a new version of it in between (choice 144).
    const settled = (value: unknown): unknown =>
      choices.market.liveRecords ? JSON.parse(JSON.stringify(value, (key, v) => (RELEASED.has(key) ? 0 : v))) : value;
    if (choices.market.extrasOnDetailsOnly) expect(item).toMatchObject({ status: '成功', item: first });
    else expect(settled(item)).toEqual(settled({ status: '成功', item: first }));
    const missing = await marketplace(d, 'GET', '/api/items/item', { query: { item_id: '1' } });
    expect(missing.json).toEqual({ status: '错误', msg: MESSAGES.itemNotFound });

    const invalid = await marketplace(d, 'POST', '/api/purchases/validation', { form: { purchase_code: 'nope' } });
    expect(invalid.json).toEqual({ status: '错误', msg: MESSAGES.invalidPurchaseCode });
    if (choices.market.postParams !== 'request') {
      // Read from a JSON body or the query only: a form body is an invalid request, whatever it holds (choice 129).
      const form = { purchase_code: d.purchaseCode };
      const asForm = await marketplace(d, 'POST', '/api/purchases/validation', { form, encoding: 'form' });
      expect(asForm.json).toEqual({ status: '错误', msg: MESSAGES.invalidRequest });
    }
  });

  it('shows media by kind and omits supported_until without support', async () => {
    const items = ((await marketplace(d, 'GET', '/api/items/all')).json as Json).items as Json[];
    const kinds = new Set<string>();
    for (const item of items) {
      const media = item.media as Json;
      const kind = 'preview_audio' in media ? 'audio' : 'preview_video' in media ? 'video' : 'other';
      kinds.add(kind);
      expect('preview_image' in media, String(item.id)).toBe(kind !== 'audio');
      expect('preview_video' in media).toBe(kind === 'video');
      expect(/^\d+\.\d+\.\d+$/.test(String(item.version))).toBe(true);
    }
    expect([...kinds].sort()).toEqual(['audio', 'other', 'video']);

    const valid = await marketplace(d, 'POST', '/api/purchases/validation', {
      form: { purchase_code: d.purchaseCode },
    });
    const purchase = ((valid.json as Json).data as Json).purchase as Json;
    // A code handed in capitals to a deployment that compares without case answers the stored code (choice 123).
    const handed = choices.market.handedCodeUpper ? d.purchaseCode.toLowerCase() : d.purchaseCode;
    expect(purchase.purchase_code).toBe(handed);
    expect('supported_until' in purchase).toBe(choices.market.handedCode !== 'unsupported');
  });

  // Last: it uses up the minute's creates of a variant that throttles its create route (choice 133).
  it.runIf(choices.createsPerMinute > 0)(
    'refuses creates past its create throttle with 429, and nothing else',
    async () => {
      let refused: Response | undefined;
      for (let attempt = 0; attempt <= choices.createsPerMinute && !refused; attempt += 1) {
        const response = await fetch(`${d.analyticsUrl}/api/v1/websites`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${d.analyticsKey}`,
            Accept: 'application/json',
            'Content-Type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ domain: siteDomain(`burst-${attempt}`, 'example.net') }).toString(),
        });
        await response.arrayBuffer();
        if (response.status === 429) refused = response;
      }
      expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await list()).status).toBe(200);
    },
  );
});
