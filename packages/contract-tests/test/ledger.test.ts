// The ledger keeps only what is still to clean: a run or a cleanup that is
// over drops the lines of records it deleted (and the file, when none is
// left), so the working folder does not collect every create of every run.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMocks, startMocks } from '../src/run/mocks.js';
import { runContract } from '../src/run/contract.js';
import { Ledger, type LedgerEvent } from '../src/run/writes/ledger.js';

const folder = mkdtempSync(join(tmpdir(), 'tallyport-ledger-'));
let file = 0;
const ledgerFile = () => join(folder, `ledger-${file++}.jsonl`);

/** The three lines of a record created and deleted, or the two of one only created. */
function lines(runId: string, label: string, deleted: boolean): LedgerEvent[] {
  const base = { runId, api: 'analytics', baseUrl: 'https://a.example.com', kind: 'website', label, at: 'now' };
  return [
    { ...base, event: 'creating' },
    { ...base, event: 'created', id: label },
    ...(deleted ? [{ ...base, event: 'deleted' as const, id: label }] : []),
  ];
}

const write = (path: string, events: LedgerEvent[]) =>
  writeFileSync(path, events.map((event) => `${JSON.stringify(event)}\n`).join(''));

describe('the ledger', () => {
  it('keeps, once compacted, only the lines of records still to clean', () => {
    const path = ledgerFile();
    write(path, [...lines('r1', 'gone-1', true), ...lines('r1', 'left-1', false), ...lines('r2', 'gone-2', true)]);
    const ledger = new Ledger(path);
    ledger.compact();
    const kept = readFileSync(path, 'utf8').trim().split('\n');
    expect(kept.map((line) => JSON.parse(line).label)).toEqual(['left-1', 'left-1']);
    expect(ledger.outstanding().map((entry) => entry.label)).toEqual(['left-1']);
    expect(new Ledger(path).outstanding()).toEqual(ledger.outstanding());
  });

  it('is removed when nothing is left to clean', () => {
    const path = ledgerFile();
    write(path, [...lines('r1', 'gone-1', true)]);
    new Ledger(path).compact();
    expect(existsSync(path)).toBe(false);
  });

  describe('after runs that delete what they create', () => {
    let mocks: RunningMocks;
    beforeAll(async () => {
      mocks = await startMocks({ stateful: true });
    });
    afterAll(async () => {
      await mocks?.close();
    });

    it('holds nothing, however many runs wrote to it, and an older run’s leftovers stay', async () => {
      const path = ledgerFile();
      write(path, lines('older', 'left-by-an-older-run', false));
      for (let run = 0; run < 3; run++) {
        const result = await runContract({
          apis: ['analytics'],
          analytics: { baseUrl: mocks.analytics!.url, apiKey: mocks.engine!.keys.analyticsKey },
          allowWrites: true,
          only: ['stored_as_sent'],
          ledgerFile: path,
        });
        expect(result.apis[0]?.leftovers).toEqual([]);
      }
      const kept = readFileSync(path, 'utf8').trim().split('\n');
      expect(kept.map((line) => JSON.parse(line).runId)).toEqual(['older', 'older']);
    });
  });
});
