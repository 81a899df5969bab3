// stored_as_sent on built traffic: what a write sends is what the record then
// shows, as written or in the deployment's own, consistent normalisation.
import { describe, expect, it } from 'vitest';
import { storedAsSent } from '../../src/state/invariants/stored-as-sent.js';
import { recordedRun, statuses, verdictOf } from '../checks/recorded.js';
import { create, read, site, sites, update, walk } from './traffic.js';

const all = sites(5, 1);
const made = site(6, { domain: 'made.example.com' });

describe('stored_as_sent', () => {
  it('fails a list of entries stored with one of them missing', () => {
    const run = recordedRun([
      ...walk([all]),
      create({ ...made, exclude_params: 'a' }, { exclude_params: 'a,b' }),
      read(6, { ...made, exclude_params: 'a' }),
    ]);
    const failure = verdictOf(storedAsSent.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'part-missing', basis: 'specified' });
    expect(failure.reason).toBe('exclude_params "a": b missing');
  });

  it('fails an old value kept where an empty one was written, and text cut short', () => {
    const kept = recordedRun([
      create({ ...made, exclude_ips: '10.0.0.1' }, { exclude_ips: '10.0.0.1' }),
      read(6, { ...made, exclude_ips: '10.0.0.1' }),
      update(6, { exclude_ips: '' }, { ...made, exclude_ips: '10.0.0.1' }),
      read(6, { ...made, exclude_ips: '10.0.0.1' }),
    ]);
    expect(verdictOf(storedAsSent.judge(kept), 'fail')).toMatchObject({ kind: 'empty-not-stored' });
    const cut = recordedRun([
      create({ ...made, exclude_params: 'ref,qx' }, { exclude_params: "ref,q'x" }),
      read(6, { ...made, exclude_params: 'ref,qx' }),
    ]);
    expect(verdictOf(storedAsSent.judge(cut), 'fail').reason).toContain("the characters ' missing");
  });

  it('passes what a deployment normalises keeping every entry, and a documented default', () => {
    const run = recordedRun([
      create(
        { ...made, exclude_params: ['fbclid', 'utm_source'], exclude_ips: null },
        { exclude_params: 'UTM_Source,fbclid', exclude_ips: '' },
      ),
      read(6, { ...made, exclude_params: ['fbclid', 'utm_source'], exclude_ips: null, privacy: 1 }),
    ]);
    expect(new Set(statuses(storedAsSent.judge(run)))).toEqual(new Set(['pass']));
  });

  it('judges the last view before the next write: a replica that lags is settled by a fresher view', () => {
    const lagging = [
      create({ ...made, exclude_params: 'a,b' }, { exclude_params: 'a,b' }),
      read(6, { ...made, exclude_params: null }),
    ];
    expect(verdictOf(storedAsSent.judge(recordedRun(lagging)), 'fail')).toMatchObject({ kind: 'write-lost' });
    const settled = recordedRun([...lagging, read(6, { ...made, exclude_params: 'a,b' })]);
    expect(new Set(statuses(storedAsSent.judge(settled)))).toEqual(new Set(['pass']));
  });

  it('never takes the value shown before an update for a form of the new one (a read that lags the write)', () => {
    const traffic = [
      create({ ...made, exclude_ips: 'ñandú' }, { exclude_ips: 'ñandú' }),
      read(6, { ...made, exclude_ips: 'ñandú' }),
      update(6, { exclude_ips: "q'x" }, { ...made, exclude_ips: "q'x" }),
      read(6, { ...made, exclude_ips: 'ñandú' }),
    ];
    expect(verdictOf(storedAsSent.judge(recordedRun(traffic)), 'fail').reason).toContain('as before the write');
    const caughtUp = recordedRun([...traffic, read(6, { ...made, exclude_ips: "q'x" })]);
    expect(new Set(statuses(storedAsSent.judge(caughtUp)))).toEqual(new Set(['pass']));
  });

  it('passes an update that sends again what was written before: the same value showing is no lag', () => {
    // The deployment keeps the text as one entry, where the model splits it on `;`: a form of its own.
    const text = "q'x;y";
    const run = recordedRun([
      create({ ...made, exclude_ips: [text] }, { exclude_ips: text }),
      read(6, { ...made, exclude_ips: [text] }),
      update(6, { exclude_ips: text }, { ...made, exclude_ips: [text] }),
      read(6, { ...made, exclude_ips: [text] }),
    ]);
    expect(new Set(statuses(storedAsSent.judge(run)))).toEqual(new Set(['pass']));
  });

  it('passes an update that sends again what was written before, shown in a form of its own (CIDR)', () => {
    const sent = '203.0.113.7,198.51.100.12';
    const shown = ['203.0.113.7/32', '198.51.100.12/32'];
    const run = recordedRun([
      create({ ...made, exclude_ips: shown }, { exclude_ips: sent }),
      read(6, { ...made, exclude_ips: shown }),
      update(6, { exclude_params: 'a' }, { ...made, exclude_ips: shown, exclude_params: 'a' }),
      read(6, { ...made, exclude_ips: shown, exclude_params: 'a' }),
      update(6, { exclude_ips: sent }, { ...made, exclude_ips: shown, exclude_params: 'a' }),
      read(6, { ...made, exclude_ips: shown, exclude_params: 'a' }),
    ]);
    expect(new Set(statuses(storedAsSent.judge(run)))).toEqual(new Set(['pass']));
  });

  it('passes an update that sends again the entries written before in another order, shown as they were', () => {
    const shown = ['198.51.100.12/32', '203.0.113.7/32'];
    const run = recordedRun([
      create({ ...made, exclude_ips: shown }, { exclude_ips: '198.51.100.12,203.0.113.7' }),
      read(6, { ...made, exclude_ips: shown }),
      update(6, { exclude_ips: '203.0.113.7, 198.51.100.12' }, { ...made, exclude_ips: shown }),
      read(6, { ...made, exclude_ips: shown }),
    ]);
    expect(new Set(statuses(storedAsSent.judge(run)))).toEqual(new Set(['pass']));
  });

  it('passes an update that sends again what a create answered with a 503 stored (the record is there)', () => {
    const sent = '203.0.113.7,198.51.100.12';
    const row = { ...made, exclude_ips: ['203.0.113.7/32', '198.51.100.12/32'] };
    const run = recordedRun([
      { ...create(row, { exclude_ips: sent }), status: 503, body: 'Service Unavailable' },
      ...walk([[...all, row]]),
      read(6, row),
      update(6, { exclude_ips: sent }, row),
      read(6, row),
    ]);
    expect(new Set(statuses(storedAsSent.judge(run)))).toEqual(new Set(['pass']));
  });

  it('fails an update that keeps the entries it did not send beside the new ones (an entry added)', () => {
    const run = recordedRun([
      create({ ...made, exclude_ips: '10.0.0.1' }, { exclude_ips: '10.0.0.1' }),
      read(6, { ...made, exclude_ips: '10.0.0.1' }),
      update(6, { exclude_ips: '10.0.0.2' }, { ...made, exclude_ips: '10.0.0.1,10.0.0.2' }),
      read(6, { ...made, exclude_ips: '10.0.0.1,10.0.0.2' }),
    ]);
    expect(verdictOf(storedAsSent.judge(run), 'fail')).toMatchObject({ kind: 'part-added', basis: 'specified' });
  });

  it('fails a domain shown otherwise than in its own case or ASCII form', () => {
    const run = recordedRun([create({ ...made, domain: 'www.made.example.com' }), read(6, made)]);
    expect(verdictOf(storedAsSent.judge(run), 'fail')).toMatchObject({ kind: 'write-lost' });
  });

  it('fails a value the documentation does not allow that a read right after shows stored', () => {
    const refused = { expect: 'refusal' as const, rule: 'outside the enum', varied: 'privacy' };
    const traffic = (shown: number) => [
      create(made),
      read(6, made),
      { ...update(6, { privacy: '7' }, { ...made, privacy: shown }), case: { family: 'write' as const, ...refused } },
      read(6, { ...made, privacy: shown }),
    ];
    expect(verdictOf(storedAsSent.judge(recordedRun(traffic(7))), 'fail')).toMatchObject({ kind: 'invalid-applied' });
    expect(statuses(storedAsSent.judge(recordedRun(traffic(1))))).not.toContain('fail');
  });

  it('fails the answer of a write that shows another value than it wrote, whatever later reads show', () => {
    const run = recordedRun([
      create({ ...made, exclude_params: null }, { exclude_params: 'a,b' }),
      read(6, { ...made, exclude_params: 'a,b' }),
    ]);
    const failure = verdictOf(storedAsSent.judge(run), 'fail');
    expect(failure).toMatchObject({ kind: 'write-lost', operationId: 'createWebsite' });
  });

  it('fails a form of its own the same value does not keep the next time it is written', () => {
    const other = site(7, { domain: 'other.example.com' });
    const run = recordedRun([
      create({ ...made, exclude_params: 'a_b' }, { exclude_params: 'a<b' }),
      read(6, { ...made, exclude_params: 'a_b' }),
      create({ ...other, exclude_params: 'a-b' }, { exclude_params: 'a<b' }),
      read(7, { ...other, exclude_params: 'a-b' }),
    ]);
    expect(verdictOf(storedAsSent.judge(run), 'fail')).toMatchObject({ kind: 'normalised-inconsistently' });
  });
});
