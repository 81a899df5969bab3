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
    find: (name: string, rows = [{ id: 7, domain: LABEL }], search = LABEL) =>
      send(name, 'GET', '/api/v1/websites', { search, per_page: '100' }, { rows, many: true }),
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
  it('tags the writes of a record, its reads and the searches for its label as the run tags its own', () => {
    const t = trail();
    t.create('create');
    t.read('verify');
    t.find('find');
    t.stats('stats');
    t.update('privacy', { privacy: '2' });
    t.read('after privacy');
    t.remove('delete');
    t.read('gone', { verdict: 'refused' });
    expect(t.steps()).toEqual({
      create: 'create',
      verify: '(write)',
      find: '(write)',
      stats: 'follow-created',
      privacy: 'update',
      'after privacy': '(write)',
      delete: 'delete',
      gone: 'read-after-delete',
    });
    expect(t.cases().gone).toMatchObject({ expect: 'refusal', family: 'write' });
    // A search for its label looks for the record: compared with nothing while the file writes, judged by the model.
    expect(t.cases().find).toMatchObject({ family: 'write', record: LABEL, expect: 'success' });
  });

  it('leaves a search for any other text to the checks that compare answers', () => {
    const t = trail();
    t.create('create');
    t.find('other search', [], 'lunaria');
    t.find('search before any create', [], 'shop');
    expect(t.steps()).toMatchObject({ 'other search': '(baseline)', 'search before any create': '(baseline)' });
  });

  it('reads after a delete with a wrong key as a run does, and the record as still there', () => {
    const t = trail();
    t.create('create');
    t.remove('wrong key', 'wrong');
    t.read('still there');
    t.read('later');
    expect(t.steps()).toMatchObject({
      'wrong key': 'delete',
      'still there': 'read-after-unauthorised-delete',
      later: '(write)',
    });
  });

  it('follows a new record that gets the id of one deleted before', () => {
    const t = trail();
    t.create('first');
    t.remove('delete');
    t.create('second');
    t.read('read');
    expect(t.steps()).toMatchObject({ first: 'create', delete: 'delete', second: 'create', read: '(write)' });
    expect(t.cases().read).not.toMatchObject({ expect: 'refusal' });
  });

  it('starts a trail at a write of a record the file did not create', () => {
    const t = trail();
    t.read('before any write');
    t.update('update', { email: '1' });
    t.read('after');
    expect(t.steps()).toEqual({ 'before any write': '(baseline)', update: 'update', after: '(write)' });
  });
});
