// The write session owns exactly the records it created: a create that
// answers the id of a record the run already holds (a deployment whose id
// counter runs a step behind) takes nothing from that record, the new one
// is found by its label, and the cleanup deletes both.
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

describe('the write session', () => {
  it('takes a stale id for nothing: the record held keeps its owner, the new one is found by its label', async () => {
    const deployment = staleIdDeployment();
    const guard = new SafetyGuard(true, 'tallyport-contract-test-', specModels, false);
    const ledger = new Ledger();
    const session = new WriteSession({
      api: 'analytics',
      model: specModels.analytics,
      runId: 'test',
      baseUrl: 'http://127.0.0.1:1',
      mock: false,
      guard,
      ledger,
      send: deployment.send,
      stopped: () => false,
    });
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
});
