// read_matches_list on recorded exchanges: a listed record reads back by its id with every documented field the
// list shows equal; a field the spec shows only by convention (a password) or a link differing in its query warns.
import { describe, expect, it } from 'vitest';
import { readMatchesList } from '../../src/state/invariants/read-matches-list.js';
import { type Recorded, recordedRun, statuses, stepIndexes, verdictOf } from '../checks/recorded.js';
import { create, read, remove, site } from './traffic.js';

const SHOP = { id: 42, domain: 'shop.lunaria.cn', privacy: 2, password: 'harbour-lantern-42', email: 0 };
const BLOG = { id: 17, domain: 'blog.lunaria.cn', privacy: 0, email: 1 };
const listed: Recorded = { operationId: 'listWebsites', status: 200, body: { data: [SHOP, BLOG] } };
const readListed = (id: string, status: number, body: unknown): Recorded => ({
  operationId: 'getWebsite',
  values: { id },
  status,
  body,
  case: { family: 'derived', step: 'read-listed', record: id },
});

describe('read_matches_list', () => {
  it('fails a read that shows a documented setting otherwise than the list, naming the list', () => {
    const run = recordedRun([
      listed,
      readListed('42', 200, { data: { ...SHOP, privacy: 1, created_at: '2026-11-25T10:00:00Z' } }),
    ]);
    const failure = verdictOf(readMatchesList.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'read-differs', basis: 'specified', operationId: 'getWebsite' });
    expect(failure.actual).toContain('privacy 1 (listed 2)');
    expect(stepIndexes(run, failure)).toEqual([0, 1]);
  });

  it('leaves a record another client of the account changed between the list and the read', () => {
    const changed = { ...SHOP, privacy: 1 };
    const listedAgain = (rows: unknown[]): Recorded => ({ ...listed, body: { data: rows } });
    // The next list shows the record as the read did: it changed (the account's other client), the read is right.
    const moved = readMatchesList.judge(
      recordedRun([listed, listed, readListed('42', 200, { data: changed }), listedAgain([changed, BLOG])]),
    );
    expect(statuses(moved)).not.toContain('fail');
    // The next list shows the old values again while another record changed: the read, not the record, differs.
    const wrong = readMatchesList.judge(
      recordedRun([
        listed,
        listed,
        readListed('42', 200, { data: changed }),
        listedAgain([SHOP, { ...BLOG, email: 0 }]),
      ]),
    );
    expect(verdictOf(wrong, 'fail').actual).toContain('privacy 1 (listed 2)');
  });

  it('fails a listed record whose read is refused, and a read that answers another record', () => {
    // The list shows the record again afterwards: it was there all along (another client did not delete it).
    const results = readMatchesList.judge(
      recordedRun([
        listed,
        readListed('42', 404, { message: 'Not found.' }),
        readListed('17', 200, { data: { ...SHOP } }),
        listed,
      ]),
    );
    expect(statuses(results)).toEqual(['fail', 'fail']);
    expect(results[0]).toMatchObject({ kind: 'read-differs', basis: 'specified', reason: 'the read is refused' });
    expect(results[1]).toMatchObject({ kind: 'read-differs', basis: 'specified', reason: 'id 42' });
  });

  it('warns when only the password differs (a list may mask it), and on a link signed for each answer', () => {
    const results = readMatchesList.judge(
      recordedRun([listed, readListed('42', 200, { data: { ...SHOP, password: '********' } })]),
    );
    expect(verdictOf(results, 'warn')).toMatchObject({ kind: 'read-differs', basis: 'convention' });
    const item = { id: 48213, name: 'Lantern Admin Dashboard', demo_link: 'https://demo.lunaria.cn/lantern?sig=a1' };
    const items = readMatchesList.judge(
      recordedRun([
        { api: 'marketplace', operationId: 'listItems', status: 200, body: { status: '成功', items: [item] } },
        {
          api: 'marketplace',
          operationId: 'getItem',
          values: { item_id: '48213' },
          status: 200,
          body: { status: '成功', item: { ...item, demo_link: 'https://demo.lunaria.cn/lantern?sig=b2' } },
          case: { family: 'derived', step: 'read-listed', record: '48213' },
        },
      ]),
    );
    expect(verdictOf(items, 'warn')).toMatchObject({ kind: 'read-differs', basis: 'convention' });
  });

  it('passes reads equal in every documented field, in any representation, other fields aside', () => {
    const results = readMatchesList.judge(
      recordedRun([
        listed,
        readListed('42', 200, { data: { ...SHOP, id: '42', privacy: '2', email: false, visitors_now: 3 } }),
        readListed('17', 200, BLOG),
      ]),
    );
    expect(statuses(results)).toEqual(['pass', 'pass']);
  });

  it('skips a read answered with a status that says nothing, a run that read nothing back, and the mock', () => {
    expect(readMatchesList.judge(recordedRun([listed, readListed('42', 503, 'busy')]))).toMatchObject([
      { status: 'skip', reason: 'no listed record was read back' },
    ]);
    expect(readMatchesList.judge(recordedRun([listed, readListed('5', 200, { data: { id: 5 } })]))).toMatchObject([
      { status: 'skip', reason: 'no listed record was read back' },
    ]);
    const onMock = recordedRun([listed, readListed('42', 404, { message: 'Not found.' })], { mock: true });
    expect(statuses(readMatchesList.judge(onMock))).toEqual(['skip']);
  });

  it('holds an account read again with the same key to the first answer in what identifies it', () => {
    const account = (username: string, balance: number): Recorded => ({
      api: 'marketplace',
      operationId: 'getAccountDetails',
      status: 200,
      body: { status: '成功', data: { username, balance, name: { full_name: 'Lin Wu' } } },
    });
    const changed = verdictOf(readMatchesList.judge(recordedRun([account('linwu', 3), account('buyer', 3)])), 'fail');
    expect(changed).toMatchObject({ kind: 'read-differs', basis: 'specified' });
    expect(changed.reason).toContain('username "buyer" (first "linwu")');
    // A balance the documentation lets change may change between two reads.
    expect(statuses(readMatchesList.judge(recordedRun([account('linwu', 3), account('linwu', 9)])))).not.toContain(
      'fail',
    );
  });

  it('holds a delete refused after a retry as maybe taken: an earlier attempt may have deleted the record', () => {
    const made = site(90, { domain: 'tallyport-contract-run-s1-1.example.com' });
    const refusedAgain: Recorded = { ...remove(90), status: 404, body: { detail: 'Not found.' }, attempts: 2 };
    const judged = (deleted: Recorded) =>
      statuses(readMatchesList.judge(recordedRun([create(made), read(90, made), deleted, read(90, undefined)])));
    expect(judged(refusedAgain)).not.toContain('fail');
    // Refused at the first attempt, the delete made nothing: the record should still read.
    expect(judged({ ...refusedAgain, attempts: 1 })).toContain('fail');
  });
});
