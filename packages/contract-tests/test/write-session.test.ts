// The write session owns exactly the records it created: a create that
// answers the id of a record the run already holds (a deployment whose id
// counter runs a step behind) takes nothing from that record, the new one
// is found by its label, and the cleanup deletes both. A command sequence's
// plain write refused as documented is sent again in the other encoding, a
// few times per operation; a record gone after its delete is the run's no
// more, whatever the delete answered.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../src/answers/answer.js';
import type { RequestCase } from '../src/cases/types.js';
import { WriteSession } from '../src/run/writes/session.js';
import { Ledger } from '../src/run/writes/ledger.js';
import { specModels } from '../src/spec/models.js';
import { SafetyGuard } from '../src/transport/safety.js';
import { answersOf } from './checks/recorded.js';

/** Websites by id, and a create that answers the id of the website created before it. */
function staleIdDeployment() {
  const sites = new Map<number, Record<string, unknown>>();
  let next = 1;
  const row = (id: number) => ({ id, privacy: 1, email: 0, exclude_bots: 0, ...sites.get(id) });
  const answer = (testCase: RequestCase, status: number, body: unknown): Answer =>
    answersOf([{ operationId: testCase.operationId, values: testCase.values, status, body, case: testCase }])[0]!;
  const send = async (testCase: RequestCase): Promise<Answer> => {
    const id = Number(testCase.values.id);
    switch (testCase.operationId) {
      case 'createWebsite': {
        const made = next++;
        sites.set(made, { domain: testCase.values.domain });
        return answer(testCase, 201, { data: row(made > 1 ? made - 1 : made) });
      }
      case 'getWebsite':
        return sites.has(id) ? answer(testCase, 200, { data: row(id) }) : answer(testCase, 404, { message: 'No.' });
      case 'deleteWebsite':
        sites.delete(id);
        return answer(testCase, 200, { message: 'Website deleted.' });
      case 'listWebsites': {
        const rows = [...sites.keys()].filter((key) => sites.get(key)!.domain === testCase.values.search).map(row);
        return answer(testCase, 200, { data: rows });
      }
      default:
        throw new Error(`not expected: ${testCase.operationId}`);
    }
  };
  return { sites, send };
}

/** Websites by id; updates read JSON only (a form is refused with 415), deletes delete and answer 404. */
function jsonOnlyDeployment(deletes: 'taken' | 'refused' = 'taken') {
  const sites = new Map<number, Record<string, unknown>>();
  const sent: RequestCase[] = [];
  let next = 1;
  const answer = (testCase: RequestCase, status: number, body: unknown): Answer =>
    answersOf([{ operationId: testCase.operationId, values: testCase.values, status, body, case: testCase }])[0]!;
  const send = async (testCase: RequestCase): Promise<Answer> => {
    sent.push(testCase);
    const id = Number(testCase.values.id);
    switch (testCase.operationId) {
      case 'createWebsite': {
        const made = next++;
        sites.set(made, { id: made, domain: testCase.values.domain });
        return answer(testCase, 201, { data: sites.get(made) });
      }
      case 'getWebsite':
        return sites.has(id)
          ? answer(testCase, 200, { data: sites.get(id) })
          : answer(testCase, 404, { message: 'No.' });
      case 'updateWebsite':
        if (testCase.encoding !== 'json') return answer(testCase, 415, { message: 'Unsupported Media Type' });
        return answer(testCase, 200, { data: sites.get(id) });
      case 'deleteWebsite':
        if (deletes === 'refused') return answer(testCase, 403, { message: 'This action is unauthorized.' });
        sites.delete(id);
        return answer(testCase, 404, { message: 'No query results for model [Website].' });
      default:
        throw new Error(`not expected: ${testCase.operationId}`);
    }
  };
  return { sites, sent, send };
}

const sessionOn = (send: (testCase: RequestCase) => Promise<Answer>) => {
  const guard = new SafetyGuard(true, 'tallyport-contract-test-', specModels, false);
  const session = new WriteSession({
    api: 'analytics',
    model: specModels.analytics,
    runId: 'test',
    baseUrl: 'http://127.0.0.1:1',
    mock: false,
    guard,
    ledger: new Ledger(),
    send,
    stopped: () => false,
  });
  return { guard, session };
};

describe('the write session', () => {
  it('sends a plain write of a sequence refused as documented again as JSON, twice an operation', async () => {
    const deployment = jsonOnlyDeployment();
    const { session } = sessionOn(deployment.send);
    const tag = { family: 'sequence' as const, sequence: { id: '1', command: 0 } };
    const made = await session.tagged(tag, () => session.create('one', {}));
    const update = (fields: Record<string, string>) =>
      session.tagged(tag, () => session.update(made.id!, made.label, fields));
    await update({ exclude_params: 'x'.repeat(120) });
    await update({ privacy: '1' });
    await update({ privacy: '0' });
    await update({ email: '1' });
    const updates = deployment.sent.filter((testCase) => testCase.operationId === 'updateWebsite');
    expect(updates.map((testCase) => [Object.keys(testCase.values).at(-1), testCase.encoding ?? 'form'])).toEqual([
      ['exclude_params', 'form'],
      ['privacy', 'form'],
      ['privacy', 'json'],
      ['privacy', 'form'],
      ['privacy', 'json'],
      ['email', 'form'],
    ]);
    expect(updates.every((testCase) => testCase.family === 'sequence' && testCase.sequence?.id === '1')).toBe(true);
  });

  it('holds a record gone after its delete as deleted, though the delete answered 404', async () => {
    const deployment = jsonOnlyDeployment();
    const { guard, session } = sessionOn(deployment.send);
    const made = await session.create('one', {});
    expect(await session.remove(made.id!, made.label)).toBe(true);
    expect(guard.ownedIds('analytics')).toEqual([]);
    expect(await session.cleanup()).toEqual([]);
  });

  it('takes a stale id for nothing: the record held keeps its owner, the new one is found by its label', async () => {
    const deployment = staleIdDeployment();
    const { guard, session } = sessionOn(deployment.send);
    const first = await session.create('one', {});
    const second = await session.create('two', {});
    expect(first.id).toBe('1');
    expect(second.id).toBe('2');
    expect(guard.ownedIds('analytics').map(({ id, label }) => [id, label])).toEqual([
      ['1', session.label('one')],
      ['2', session.label('two')],
    ]);
    expect(await session.cleanup()).toEqual([]);
    expect(deployment.sites.size).toBe(0);
  });

  it('says why the cleanup left a record: what its delete and the read after it answered', async () => {
    const deployment = jsonOnlyDeployment('refused');
    const { session } = sessionOn(deployment.send);
    const made = await session.create('one', {});
    expect(await session.cleanup()).toEqual([
      {
        id: made.id,
        label: made.label,
        why: 'its delete answered HTTP 403 (refused), and the read after it answered HTTP 200 (accepted)',
      },
    ]);
  });
});
