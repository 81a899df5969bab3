// Walks put together from a run's tags and from untagged traffic: page numbers
// from 0 or 1, a next link, a probe that repeats the first page, an overflow.
import { describe, expect, it } from 'vitest';
import { walksOf } from '../../src/state/walks.js';
import { type Recorded, recordedRun } from '../checks/recorded.js';
import { paged, sites } from './traffic.js';

const all = sites(25, 1);
const pages = paged(all, 10);
const page = (
  rows: readonly Record<string, unknown>[],
  values: Record<string, string>,
  body: object = {},
): Recorded => ({
  operationId: 'listWebsites',
  values: { per_page: '10', ...values },
  status: 200,
  body: { data: rows, ...body },
});
const walked = (recorded: Recorded[]) => {
  const run = recordedRun(recorded);
  return walksOf(run.answers, run.valueOf, (kind) => run.model.records[kind]?.identifier).filter(
    (walk) => walk.kind === 'website',
  );
};
const ids = (walk: { pages: Array<{ records?: { rows: Array<Record<string, unknown>> } }> }) =>
  walk.pages.flatMap((answer) => answer.records!.rows.map((row) => row.id));

describe('walks of untagged traffic', () => {
  it('follow page numbers from 1, leaving out a page=1 that repeats the first page', () => {
    const [walk] = walked([
      page(pages[0]!, {}),
      page(pages[0]!, { page: '1' }),
      page(pages[1]!, { page: '2' }),
      page(pages[2]!, { page: '3' }),
    ]);
    expect(ids(walk!)).toEqual(all.map((row) => row.id));
    expect(walk!.complete).toBe(true);
  });

  it('leave out a page=1 that repeats the first page shifted by a row another client added between the asks', () => {
    const added = { ...all[0]!, id: 99, domain: 'probe-1.uptime-onboarding.net' };
    const [walk] = walked([
      page(pages[0]!, {}),
      page([added, ...pages[0]!.slice(0, 9)], { page: '1' }),
      page([pages[0]![9]!, ...pages[1]!.slice(0, 9)], { page: '2' }),
    ]);
    expect(ids(walk!).slice(0, 11)).toEqual([...pages[0]!.map((row) => row.id), pages[0]![9]!.id]);
    expect(walk!.pages).toHaveLength(2);
  });

  it('follow page numbers from 0', () => {
    const [walk] = walked([page(pages[0]!, {}), page(pages[1]!, { page: '1' }), page(pages[2]!, { page: '2' })]);
    expect(ids(walk!)).toEqual(all.map((row) => row.id));
  });

  it('follow a next link (a cursor), and end on a page that says it is the last', () => {
    const [walk] = walked([
      page(pages[0]!, {}, { links: { next: 'http://127.0.0.1:9/api/v1/websites?per_page=10&after=c1' } }),
      page(pages[1]!, { after: 'c1' }, { links: { next: 'http://127.0.0.1:9/api/v1/websites?per_page=10&after=c2' } }),
      page(pages[2]!, { after: 'c2' }, { links: { next: null } }),
    ]);
    expect(ids(walk!)).toHaveLength(25);
    expect(walk!.complete).toBe(true);
  });

  it('never follow a link to another origin', () => {
    const [walk] = walked([
      page(pages[0]!, {}, { links: { next: 'http://elsewhere.example/api/v1/websites?after=c1' } }),
      page(pages[1]!, { after: 'c1' }),
    ]);
    expect(walk!.pages).toHaveLength(1);
    expect(walk!.complete).toBe(false);
  });

  it('end complete on the last page again (an overflow), but cut where page 2 is page 1 again', () => {
    const exact = paged(all.slice(0, 20), 10);
    const [over] = walked([page(exact[0]!, {}), page(exact[1]!, { page: '2' }), page(exact[1]!, { page: '3' })]);
    expect(over!.complete).toBe(true);
    const run = recordedRun([
      { ...page(pages[0]!, {}), case: { walk: { id: 'w', page: 1 } } },
      { ...page(pages[0]!, { page: '2' }), case: { walk: { id: 'w', page: 2 }, expect: 'any' } },
    ]);
    const [ignored] = walksOf(run.answers, run.valueOf, () => 'id');
    expect(ignored!.complete).toBe(false);
    expect(ignored!.cut).toBe('page 2 is page 1 again');
  });
});
