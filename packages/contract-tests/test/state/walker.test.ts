// The Walker on a deployment faked in memory: each request it sends is
// answered from an array of rows as the test says the deployment pages them
// (page numbers from 0 or 1, next links, a Link header, what lies past the
// end), read into an answer the way a run reads it, and kept so the test can
// say exactly what the walk asked for.
import { operationById } from '@tallyport/spec-model/query';
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../src/answers/answer.js';
import type { RequestCase } from '../../src/cases/types.js';
import { Walker, type WalkTags } from '../../src/run/state/paging.js';
import { specModels } from '../../src/spec/models.js';
import { answersOf } from '../checks/recorded.js';
import { sites } from './traffic.js';

type Row = Record<string, unknown>;

interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const model = specModels.analytics;
const listWebsites = operationById(model, 'listWebsites');
const getStats = operationById(model, 'getStats');
const origin = 'http://127.0.0.1:9';

const list = (rows: readonly Row[], extra: Record<string, unknown> = {}): Reply => ({
  status: 200,
  body: { data: rows, ...extra },
});

/** A deployment answering each request with `respond` to its values, keeping every case it was sent. */
function deployment(respond: (values: Record<string, string>) => Reply) {
  const sent: RequestCase[] = [];
  const send = async (testCase: RequestCase): Promise<Answer> => {
    sent.push(testCase);
    const values = Object.fromEntries(
      Object.entries(testCase.values).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
    );
    const reply = respond(values);
    const [answer] = answersOf([
      {
        operationId: testCase.operationId,
        values: testCase.values,
        status: reply.status,
        body: reply.body,
        ...(reply.headers ? { headers: reply.headers } : {}),
        case: testCase,
      },
    ]);
    return answer!;
  };
  return { sent, send };
}

/** What lies past the last page of a deployment with page numbers. */
type PastEnd = 'empty' | 'refused' | 'last page again';

/**
 * Rows served `per_page` at a time, the page asked for by `page` counted from `first` (no `page`: the first);
 * `ignored` answers the first page whatever page is asked.
 */
function numbered(rows: readonly Row[], first: 0 | 1 | 'ignored', pastEnd: PastEnd = 'empty') {
  return (values: Record<string, string>): Reply => {
    const size = Number(values.per_page ?? '10');
    const index = values.page === undefined || first === 'ignored' ? 0 : Number(values.page) - first;
    if (index > 0 && index * size >= rows.length) {
      if (pastEnd === 'refused') return { status: 404, body: { message: 'Invalid page.' } };
      if (pastEnd === 'empty') return list([]);
      const lastStart = Math.floor((rows.length - 1) / size) * size;
      return list(rows.slice(lastStart));
    }
    return list(rows.slice(index * size, index * size + size));
  };
}

const walkerFor = (send: (testCase: RequestCase) => Promise<Answer>) =>
  new Walker(send, new Set(['api_key']), (kind) => model.records[kind]?.identifier);

let walks = 0;
const tags = (extra: Partial<WalkTags> = {}): WalkTags => ({ id: `w${++walks}`, step: 'state: every page', ...extra });

/** The requests as the walk placed them: its first page, a probe, or page N asked with `page=`. */
const asked = (sent: readonly RequestCase[]): string[] =>
  sent.map((testCase) => {
    const place = testCase.walk!.page;
    const page = testCase.values.page;
    if (place === 0) return `probe page=${page}`;
    return page === undefined ? `page ${place}` : `page ${place} as page=${page}`;
  });

const idsOf = (pages: readonly Answer[]): string[] => pages.flatMap((page) => page.ids);
const all = sites(25, 1);
const allIds = all.map((row) => String(row.id));

describe('Walker with page numbers', () => {
  it('learns pages numbered from 1 from a probe page=1 that repeats the first page, reusing its page=2', async () => {
    const fake = deployment(numbered(all, 1));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags({ id: 'w-from-1', note: 'every site' }));

    expect(result).toMatchObject({ complete: true });
    expect(result.cut).toBeUndefined();
    expect(idsOf(result.pages)).toEqual(allIds);
    // The probe is no page of the walk; the page=2 that settled the numbering is the walk's page 2, not asked again.
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1', 'page 2 as page=2', 'page 3 as page=3']);
    expect(result.pages.map((page) => page.case?.walk)).toEqual([
      { id: 'w-from-1', page: 1 },
      { id: 'w-from-1', page: 2 },
      { id: 'w-from-1', page: 3 },
    ]);
    const probe = fake.sent[1]!;
    expect(probe).toMatchObject({
      family: 'sequence',
      step: 'state: every page: paging probe',
      expect: 'any',
      walk: { id: 'w-from-1', page: 0 },
      values: { per_page: '10', page: '1' },
    });
    expect(fake.sent[0]).toMatchObject({ expect: 'success', step: 'state: every page' });
    expect(fake.sent[2]!.title).toContain('(every site, page 2)');
    expect(walker.pagingOf(listWebsites)).toBe('page numbers from 1');
  });

  it('learns pages from 1 though another client added a row between the first page and the probe', async () => {
    const rows = [...all];
    let asks = 0;
    const fake = deployment((values) => {
      // A monitoring script on the same key adds a website just before the probe: the first page shifts by one.
      if (++asks === 2) rows.unshift({ ...all[0]!, id: 99, domain: 'probe-1.uptime-onboarding.net' });
      return numbered(rows, 1)(values);
    });
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());
    expect(walker.pagingOf(listWebsites)).toBe('page numbers from 1');
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1', 'page 2 as page=2', 'page 3 as page=3']);
    // Page 2 repeats the row the new one pushed off page 1: the shift, not the first page again.
    expect(idsOf(result.pages).length).toBe(allIds.length + 1);
  });

  it('learns pages from 0 from a probe page=1 that answers the second page, then asks page=1 again', async () => {
    const fake = deployment(numbered(all, 0));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result.complete).toBe(true);
    expect(idsOf(result.pages)).toEqual(allIds);
    // The probe's answer is not kept as a page (it is tagged page 0): page=1 is asked once more as the walk's page 2.
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1', 'page 2 as page=1', 'page 3 as page=2']);
    expect(walker.pagingOf(listWebsites)).toBe('page numbers from 0');
  });

  it('ends at a first page short of per_page without asking for another, or learning the numbering', async () => {
    const fake = deployment(numbered(all.slice(0, 7), 1));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result).toMatchObject({ complete: true });
    expect(idsOf(result.pages)).toEqual(allIds.slice(0, 7));
    expect(asked(fake.sent)).toEqual(['page 1']);
    expect(walker.pagingOf(listWebsites)).toBe('not learnt yet');
  });

  it('ends at a short later page without asking for the page after it', async () => {
    const fake = deployment(numbered(all, 1));
    const result = await walkerFor(fake.send).walk(listWebsites, { per_page: '10' }, tags());

    expect(result.complete).toBe(true);
    expect(result.pages.at(-1)!.records!.count).toBe(5);
    expect(fake.sent.map((testCase) => testCase.values.page)).not.toContain('4');
  });

  it.each<[string, PastEnd]>([
    ['an empty page', 'empty'],
    ['a refusal', 'refused'],
    ['the last page again (Pagy overflow)', 'last page again'],
  ])('completes a walk whose last page is full when the page past it answers %s', async (_, pastEnd) => {
    const rows = sites(20, 1);
    const fake = deployment(numbered(rows, 1, pastEnd));
    const result = await walkerFor(fake.send).walk(listWebsites, { per_page: '10' }, tags());

    expect(result).toMatchObject({ complete: true });
    expect(result.cut).toBeUndefined();
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1', 'page 2 as page=2', 'page 3 as page=3']);
    // The answer past the end is handed back among the pages; the rows of the list are those of the pages before it.
    expect(result.pages).toHaveLength(3);
    expect(idsOf(result.pages.slice(0, 2))).toEqual(rows.map((row) => String(row.id)));
  });

  it('learns pages from 1 from an empty page=2 after one full page', async () => {
    const rows = sites(10, 1);
    const fake = deployment(numbered(rows, 1));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result.complete).toBe(true);
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1', 'page 2 as page=2']);
    expect(walker.pagingOf(listWebsites)).toBe('page numbers from 1');
  });

  it('learns nothing from a refused page=2 after one full page: the walk ends, the next one learns', async () => {
    // The list grows between the walks (a create): the same deployment, with more rows.
    let rows = sites(10, 1);
    const fake = deployment((values) => numbered(rows, 1, 'refused')(values));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result.complete).toBe(true);
    expect(walker.pagingOf(listWebsites)).toBe('not learnt yet');

    rows = all;
    const again = await walker.walk(listWebsites, { per_page: '10' }, tags());
    expect(again.complete).toBe(true);
    expect(idsOf(again.pages.slice(0, 3))).toEqual(allIds);
    expect(walker.pagingOf(listWebsites)).toBe('page numbers from 1');
  });

  it('learns pages from 0 from an empty probe page=1 after one full page: the walk is complete', async () => {
    const fake = deployment(numbered(sites(10, 1), 0));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result.complete).toBe(true);
    expect(walker.pagingOf(listWebsites)).toBe('page numbers from 0');
    expect(idsOf(result.pages)).toEqual(sites(10, 1).map((row) => String(row.id)));
  });

  it('cuts a walk whose page=2 repeats page 1, and learns that the list has no page numbers', async () => {
    const fake = deployment(numbered(all, 'ignored'));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result).toMatchObject({ complete: false, cut: 'page 2 is page 1 again' });
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1', 'page 2 as page=2']);
    expect(walker.pagingOf(listWebsites)).toBe(
      'its answers link no next page, and it answers page=2 as the first page',
    );

    // Once learnt, a later walk stops after its first page, with the reason learnt.
    const again = await walker.walk(listWebsites, { per_page: '10' }, tags());
    expect(again).toMatchObject({ complete: false, cut: walker.pagingOf(listWebsites) });
    expect(asked(fake.sent.slice(3))).toEqual(['page 1']);
  });

  it('cuts a walk whose probe page=1 is refused: no way to a further page is known', async () => {
    const pages = numbered(all, 1);
    const fake = deployment((values) =>
      values.page === '1' ? { status: 422, body: { message: 'Unknown parameter page.' } } : pages(values),
    );
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    const why = 'its answers link no next page, and page=1 neither repeats nor follows the first page';
    expect(result).toMatchObject({ complete: false, cut: why });
    expect(result.pages).toHaveLength(1);
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1']);
    expect(walker.pagingOf(listWebsites)).toBe(why);
  });

  it('learns the numbering once per operation: a second walk sends no probe', async () => {
    const fake = deployment(numbered(all, 1));
    const walker = walkerFor(fake.send);
    await walker.walk(listWebsites, { per_page: '10' }, tags());
    const before = fake.sent.length;
    const second = await walker.walk(listWebsites, { per_page: '25' }, tags({ id: 'w-second' }));

    expect(second.complete).toBe(true);
    expect(idsOf(second.pages)).toEqual(allIds);
    expect(asked(fake.sent.slice(before))).toEqual(['page 1', 'page 2 as page=2']);
    expect(fake.sent.slice(before).every((testCase) => testCase.walk?.id === 'w-second')).toBe(true);
  });

  it('cuts a walk longer than maxPages, asking for no page beyond it', async () => {
    const fake = deployment(numbered(all, 1));
    const result = await walkerFor(fake.send).walk(listWebsites, { per_page: '10' }, tags({ maxPages: 2 }));

    expect(result).toMatchObject({ complete: false, cut: 'more than 2 pages' });
    expect(idsOf(result.pages)).toEqual(allIds.slice(0, 20));
    expect(asked(fake.sent)).toEqual(['page 1', 'probe page=1', 'page 2 as page=2']);
  });

  it.each<[string, Reply]>([
    ['refused', { status: 401, body: { message: 'Unauthenticated.' } }],
    ['not answered (a 500)', { status: 500, body: { message: 'Server Error' } }],
  ])('cuts a walk whose first page is %s, asking nothing more', async (_, reply) => {
    const fake = deployment(() => reply);
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result).toMatchObject({ complete: false, cut: 'the first page was not answered as a list' });
    expect(result.pages).toHaveLength(1);
    expect(fake.sent).toHaveLength(1);
    expect(walker.pagingOf(listWebsites)).toBe('not learnt yet');
  });
});

describe('Walker with linked pages', () => {
  const statRows: Row[] = Array.from({ length: 30 }, (_, index) => ({ value: `city-${index}`, count: 300 - index }));
  const stats = { id: '3', name: 'city', from: '2024-01-01', to: '2024-01-31', per_page: '10' };
  const valuesOf = (pages: readonly Answer[]) => pages.flatMap((page) => page.records!.rows.map((row) => row.value));

  it('follows next links with the path value kept, the key left out, and stops where links stop', async () => {
    // Pages by cursor; each links the next with the query it wants (the key too, as some frameworks echo it), and
    // the last page, full, links nothing: asking past it would be a request the deployment never offered. The links
    // are relative because the recorded exchanges of these tests keep the path as the spec spells it ({id}).
    const fake = deployment((values) => {
      const index = Number(values.cursor ?? '0');
      const rows = statRows.slice(index * 10, index * 10 + 10);
      const next = `?name=city&per_page=10&cursor=${index + 1}&api_key=echoed-key`;
      return list(rows, index < 2 ? { links: { next } } : {});
    });
    const walker = walkerFor(fake.send);
    const result = await walker.walk(getStats, { ...stats, sort: 'desc' }, tags());

    expect(result).toMatchObject({ complete: true });
    expect(valuesOf(result.pages)).toEqual(statRows.map((row) => row.value));
    expect(fake.sent.map((testCase) => testCase.values)).toEqual([
      { ...stats, sort: 'desc' },
      // The link gives the whole query: values it leaves out (from, to, sort) are not carried over.
      { id: '3', name: 'city', per_page: '10', cursor: '1' },
      { id: '3', name: 'city', per_page: '10', cursor: '2' },
    ]);
    expect(fake.sent.map((testCase) => testCase.walk!.page)).toEqual([1, 2, 3]);
    expect(walker.pagingOf(getStats)).toBe('not learnt yet');
  });

  it('ends at a full page that links no further page (next: null) in a walk that followed links', async () => {
    const fake = deployment((values) => {
      const index = Number(values.cursor ?? '0');
      const next = index < 2 ? `?name=city&cursor=${index + 1}` : null;
      return list(statRows.slice(index * 10, index * 10 + 10), { links: { next } });
    });
    const result = await walkerFor(fake.send).walk(getStats, stats, tags());

    expect(result.complete).toBe(true);
    expect(fake.sent.map((testCase) => testCase.values.cursor)).toEqual([undefined, '1', '2']);
  });

  it.each<[string, Record<string, unknown>]>([
    ['links.next: null', { links: { next: null } }],
    ['next: null beside other fields', { next: null, meta: { per_page: 10 } }],
  ])('ends at a full first page that states %s, sending no probe', async (_, extra) => {
    const fake = deployment(() => list(all.slice(0, 10), extra));
    const result = await walkerFor(fake.send).walk(listWebsites, { per_page: '10' }, tags());

    expect(result).toMatchObject({ complete: true });
    expect(asked(fake.sent)).toEqual(['page 1']);
  });

  it('ends at a full first page that says no page follows (has_more: false), sending no probe', async () => {
    const fake = deployment(() => list(all.slice(0, 10), { has_more: false }));
    const walker = walkerFor(fake.send);
    const result = await walker.walk(listWebsites, { per_page: '10' }, tags());

    expect(result).toMatchObject({ complete: true });
    expect(asked(fake.sent)).toEqual(['page 1']);
    expect(walker.pagingOf(listWebsites)).toBe('not learnt yet');
  });

  it('goes on past a short page in the middle that still links a next one (RFC 8288 Link header)', async () => {
    // A deployment whose second page is short of per_page but links a third: the walk follows the link.
    const pages = [all.slice(0, 10), all.slice(10, 17), all.slice(17, 25)];
    const fake = deployment((values) => {
      const index = Number(values.after ?? '0');
      const headers: Record<string, string> =
        index < pages.length - 1
          ? { link: `<${origin}/api/v1/websites?per_page=10&after=${index + 1}>; rel="next"` }
          : {};
      return { ...list(pages[index]!), headers };
    });
    const result = await walkerFor(fake.send).walk(listWebsites, { per_page: '10' }, tags());

    expect(result).toMatchObject({ complete: true });
    expect(idsOf(result.pages)).toEqual(allIds);
    expect(fake.sent.map((testCase) => testCase.values)).toEqual([
      { per_page: '10' },
      { per_page: '10', after: '1' },
      { per_page: '10', after: '2' },
    ]);
  });
});
