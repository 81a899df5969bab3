// pages_consistent on built traffic: the pages of one walk agree with one
// another (full pages, the order across boundaries, a learnt total).
import { describe, expect, it } from 'vitest';
import { pagesConsistent } from '../../src/state/invariants/pages-consistent.js';
import { recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, paged, site, sites, walk } from './traffic.js';

const all = sites(25, 1);

describe('pages_consistent', () => {
  it('fails a page short of per_page that is not the last', () => {
    const pages = paged(all, 10);
    pages[0] = pages[0]!.slice(0, 9);
    const failure = verdictOf(pagesConsistent.judge(recordedRun(walk(pages, { per_page: '10' }))), 'fail');
    expect(failure).toMatchObject({ kind: 'page-not-full', basis: 'specified' });
    expect(failure.reason).toContain('page 1 of 3 holds 9 rows');
  });

  it('holds a total that counted the rows of the first complete walk to counting them after a create', () => {
    const made = site(26);
    const first = walk(paged(all, 10), { per_page: '10' }, { total: 25 });
    const after = walk(paged([made, ...all], 10), { per_page: '10' }, { total: 25 });
    const failure = verdictOf(pagesConsistent.judge(recordedRun([...first, create(made), ...after])), 'fail');
    expect(failure).toMatchObject({ kind: 'total-differs', basis: 'specified' });
    expect(failure.reason).toBe('a stated total of 25');
  });

  it('learns that a total counts the rows from a later walk when the first one was cut short by a lost row', () => {
    // The first walk reads a short second page as the last: 19 rows, a total of 25. The second walk serves all 25.
    const short = paged(all, 10).slice(0, 2);
    short[1] = short[1]!.slice(0, 9);
    const first = walk(short, { per_page: '10' }, { total: 25 });
    const whole = walk(paged(all, 10), { per_page: '10', sort: 'asc' }, { total: 25 });
    const failure = verdictOf(pagesConsistent.judge(recordedRun([...first, ...whole])), 'fail');
    expect(failure).toMatchObject({ kind: 'total-differs', basis: 'specified' });
    expect(failure.reason).toBe('a stated total of 25');
  });

  it('learns nothing from a total that never counted the rows (a count of something else)', () => {
    const first = walk(paged(all, 10), { per_page: '10' }, { total: 99 });
    const again = walk(paged(all, 10), { per_page: '10' }, { total: 7 });
    expect(statuses(pagesConsistent.judge(recordedRun([...first, ...again])))).not.toContain('fail');
  });

  it('passes full pages', () => {
    const whole = pagesConsistent.judge(recordedRun(walk(paged(all, 10), { per_page: '10' })));
    expect(statuses(whole)).toEqual(['pass']);
  });
});
