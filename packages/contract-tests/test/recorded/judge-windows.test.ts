// The windows a recorded file is judged in (judge.ts): a full window ends only
// once the writes pause, so that the views after a write (a replica's late
// one, a run's look again) are judged with it; twice its size ends it anyway.
import { describe, expect, it } from 'vitest';
import { judgeChunks } from '../../src/recorded/judge.js';
import { harReport } from '../../src/report/har.js';
import { secret } from '../../src/spec/secrets.js';
import type { Exchange } from '../../src/transport/transport.js';

const WEBSITE = { id: 7, domain: 'shop.example.com', privacy: 0, email: 0, exclude_bots: 1 };

/** A read of website 7, or an update of its email, answered with the record. */
function exchange(id: number, write: boolean): Exchange {
  return {
    id,
    template: {
      api: 'analytics',
      operationId: write ? 'updateWebsite' : 'getWebsite',
      method: write ? 'PUT' : 'GET',
      baseUrl: 'http://127.0.0.1:4010',
      path: '/api/v1/websites/7',
      query: [],
      headers: [
        ['Accept', 'application/json'],
        ['Authorization', secret('ANALYTICS_API_KEY', 'Bearer ')],
      ],
      ...(write ? { form: [['email', '1']] as [string, string][] } : {}),
      label: write ? 'updateWebsite id=7 email=1' : 'getWebsite id=7',
    },
    response: {
      status: 200,
      contentType: 'application/json',
      headers: { 'content-type': 'application/json' },
      text: JSON.stringify({ ...WEBSITE, email: 1 }),
    },
    attempts: 1,
    startedAt: Date.UTC(2026, 11, 7) + id,
    durationMs: 2,
  };
}

/** How many windows a file of `count` entries is judged in, with writes where `write` says, 100 to a window. */
async function windowsOf(count: number, write: (index: number) => boolean): Promise<number> {
  const exchanges = Array.from({ length: count }, (_, index) => exchange(index + 1, write(index)));
  const judged = await judgeChunks([harReport(exchanges, '1')], 'run.har', { limits: { windowEntries: 100 } });
  const note = judged.apis[0]!.notes.find((line) => line.startsWith('judged in'));
  return note ? Number(/judged in (\d+) windows/.exec(note)![1]) : 1;
}

describe('the windows of a recorded file', () => {
  it('ends a window at its size when nothing was written', async () => {
    expect(await windowsOf(250, () => false)).toBe(3);
  });

  it('goes on past its size until 50 exchanges pass without a write', async () => {
    // A write at the 95th entry: the views after it, up to the 145th, stay in its window.
    expect(await windowsOf(140, (index) => index === 94)).toBe(1);
    expect(await windowsOf(160, (index) => index === 94)).toBe(2);
  });

  it('ends a window at twice its size while the writes go on', async () => {
    expect(await windowsOf(250, (index) => index % 3 === 0)).toBe(2);
  });
});
