// The steps a recorded record's trail is named with (write-trail.ts): those a
// run gives its own write round trip, where the traffic shows them, and never
// an update compared with a read from before another write.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../src/answers/answer.js';
import type { AuthMode, RequestCase } from '../../src/cases/types.js';
import { Routes } from '../../src/recorded/routes.js';
import { WriteTrails } from '../../src/recorded/write-trail.js';
import { specModels } from '../../src/spec/models.js';

const routes = new Routes(['analytics']);
const LABEL = 'shop.example.com';

interface Sent {
  name: string;
  testCase: RequestCase;
}

/** A trail fed request by request, each answered as given. */
function trail() {
  const trails = new WriteTrails(specModels.analytics);
  const sent: Sent[] = [];
  const send = (
    name: string,
    method: string,
    path: string,
    values: Record<string, string>,
    answer: { verdict?: Answer['verdict']; rows?: Array<Record<string, unknown>>; many?: boolean } = {},
    auth: AuthMode = 'valid',
  ) => {
    const route = routes.match(method, new URL(`https://s.example.com${path}`))!;
    const testCase: RequestCase = {
      key: `${route.operation.id} ${JSON.stringify(values)}`,
      family: route.operation.effect === 'read' ? 'baseline' : 'write',
      operationId: route.operation.id,
      title: name,
      values,
      auth,
      expect: auth === 'valid' ? 'success' : 'refusal',
    };
    const item = trails.enter(testCase, route);
    const records = answer.rows ? { kind: 'website', many: !!answer.many, rows: answer.rows } : undefined;
    trails.learn({ verdict: answer.verdict ?? 'accepted', records, case: testCase } as unknown as Answer, item);
    sent.push({ name, testCase });
  };
  const website = (fields: Record<string, unknown> = {}) => ({ rows: [{ id: 7, domain: LABEL, ...fields }] });
  return {
    create: (name: string, fields: Record<string, string> = {}, answer = website()) =>
      send(name, 'POST', '/api/v1/websites', { domain: LABEL, ...fields }, answer),
    read: (name: string, answer: Parameters<typeof send>[4] = website()) =>
      send(name, 'GET', '/api/v1/websites/7', { id: '7' }, answer),
    update: (name: string, fields: Record<string, string>, auth: AuthMode = 'valid') =>
      send(name, 'PUT', '/api/v1/websites/7', { id: '7', ...fields }, website(), auth),
    remove: (name: string, auth: AuthMode = 'valid', verdict: Answer['verdict'] = 'accepted') =>
      send(name, 'DELETE', '/api/v1/websites/7', { id: '7' }, { verdict }, auth),
    find: (name: string, rows = [{ id: 7, domain: LABEL }]) =>
      send(name, 'GET', '/api/v1/websites', { search: LABEL, per_page: '100' }, { rows, many: true }),
    stats: (name: string) =>
      send(name, 'GET', '/api/v1/stats/7', { id: '7', name: 'browser', from: '2026-10-01', to: '2026-10-31' }, {}),
    steps: () => {
      trails.settle();
      return Object.fromEntries(sent.map(({ name, testCase }) => [name, testCase.step ?? `(${testCase.family})`]));
    },
    cases: () => Object.fromEntries(sent.map(({ name, testCase }) => [name, testCase])),
  };
}

describe('a recorded write trail', () => {
  it('names a run-like round trip as the run names its own', () => {
    const t = trail();
    t.create('create');
    t.read('verify');
    t.find('find');
    t.stats('stats');
    t.read('before privacy');
    t.update('privacy', { privacy: '2' });
    t.read('after privacy');
    t.read('before email');
    t.update('email', { email: '1' });
    t.read('after email');
    t.read('after email, again');
    t.remove('delete');
    t.read('gone', { verdict: 'refused' });
    t.find('find again', []);
    expect(t.steps()).toEqual({
      create: 'create',
      verify: 'verify',
      find: 'find-after-create',
      stats: 'follow-created',
      'before privacy': 'read-before-update',
      privacy: 'update',
      'after privacy': 'read-after-update',
      'before email': 'read-before-update',
      email: 'update',
      'after email': 'read-after-update',
      'after email, again': 'read-after-update',
      delete: 'delete',
      gone: 'read-after-delete',
      'find again': 'find-after-delete',
    });
    expect(t.cases().gone!.expect).toBe('refusal');
    expect(t.cases().stats!.basis).toBe('convention');
  });

  it('judges each update of a chain with one read between writes against its read after', () => {
    const t = trail();
    t.create('create');
    t.read('r0');
    t.update('u1', { privacy: '2' });
    t.read('r1');
    t.update('u2', { email: '1' });
    t.read('r2');
    t.find('find');
    expect(t.steps()).toEqual({
      create: 'create',
      r0: 'verify',
      u1: 'update',
      r1: 'read-after-update',
      u2: 'update',
      r2: 'read-after-update',
      find: 'find-after-update',
    });
  });

  it('never compares an update with a read from before another write', () => {
    const t = trail();
    t.create('create');
    t.read('r0');
    t.read('r0, before u1');
    t.update('u1', { privacy: '2' });
    t.read('r1');
    t.update('u2', { email: '1' });
    t.read('r2');
    t.find('find');
    expect(t.steps()).toEqual({
      create: 'create',
      r0: 'verify',
      'r0, before u1': 'read-before-update',
      u1: 'update',
      r1: 'read-after-update',
      u2: 'update-unjudged',
      r2: '(baseline)',
      find: 'find',
    });
  });

  it('does not judge an update of several fields, and releases the reads it does not need', () => {
    const t = trail();
    t.create('create');
    t.read('verify', { verdict: 'refused' });
    t.read('verify again');
    t.read('just a read');
    t.update('both', { privacy: '2', email: '1' });
    t.read('after');
    expect(t.steps()).toEqual({
      create: 'create',
      verify: 'verify',
      'verify again': 'verify',
      'just a read': '(baseline)',
      both: 'update-unjudged',
      after: '(baseline)',
    });
    expect(t.cases()['just a read']!.record).toBeUndefined();
  });

  it('reads after a delete with a wrong key as a run does, and the record as still there', () => {
    const t = trail();
    t.create('create');
    t.read('verify');
    t.remove('wrong delete', 'wrong', 'refused');
    t.read('still there');
    t.read('again');
    expect(t.steps()).toMatchObject({
      'wrong delete': 'delete',
      'still there': 'read-after-unauthorised-delete',
      again: '(baseline)',
    });
  });

  it('follows a new record that gets the id of one deleted before', () => {
    const t = trail();
    t.create('first');
    t.remove('delete');
    t.create('second');
    t.read('read');
    expect(t.steps()).toMatchObject({ first: 'create', delete: 'delete', second: 'create', read: 'verify' });
    expect(t.cases().read!.expect).toBe('success');
  });

  it('finds a created record by its label when its create did not answer its id, and starts a trail at a write', () => {
    const t = trail();
    t.create('create', {}, { verdict: 'inconclusive' } as never);
    t.find('find');
    t.read('read');
    expect(t.steps()).toMatchObject({ create: 'create', find: 'find-after-create', read: 'verify' });
    const other = trail();
    other.read('before any write');
    other.update('update', { privacy: '0' });
    other.read('after');
    expect(other.steps()).toEqual({ 'before any write': '(baseline)', update: 'update', after: 'read-after-update' });
    expect(other.cases().update!.record).toBe(LABEL);
  });
});
