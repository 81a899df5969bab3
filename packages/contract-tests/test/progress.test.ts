import { describe, expect, it } from 'vitest';
import { startMocks } from '../src/run/mocks.js';
import { Progress, progressStyle } from '../src/report/progress.js';
import { runContract } from '../src/run/contract.js';
import type { RunProgress } from '../src/report/result.js';

/** A stream, a clock and an interval the test moves by hand. */
function harness(style: 'live' | 'lines') {
  const written: string[] = [];
  let now = 1_000_000;
  let tick: (() => void) | undefined;
  const progress = new Progress({
    style,
    stream: { write: (text: string) => written.push(text), isTTY: style === 'live' },
    now: () => now,
    intervalMs: 5000,
    setInterval: (run) => {
      tick = run;
      return {};
    },
    clearInterval: () => {
      tick = undefined;
    },
  });
  return {
    progress,
    written,
    advance(ms: number) {
      now += ms;
    },
    tick: () => tick?.(),
    ticking: () => tick !== undefined,
  };
}

describe('progress', () => {
  it('is a live line on a terminal and plain lines elsewhere, unless asked otherwise', () => {
    expect(progressStyle('auto', { write: () => 0, isTTY: true })).toBe('live');
    expect(progressStyle('auto', { write: () => 0 })).toBe('lines');
    expect(progressStyle('off', { write: () => 0, isTTY: true })).toBe('off');
  });

  it('on a terminal, redraws one line with the requests sent, and the phase with its own plan, per API', () => {
    const { progress, written, advance } = harness('live');
    progress.apiStarted('analytics');
    advance(200);
    const phase = { name: 'cases from the spec' as const, sent: 40, planned: 79 };
    progress.update({ api: 'analytics', sent: 45, planned: 120, phase });
    expect(written.at(-1)).toBe(
      '\r\u001b[2Ktallyport-contract: analytics 45 requests (cases from the spec 40/79) · 0 s',
    );
    progress.apiStarted('marketplace');
    advance(3000);
    progress.update({ api: 'marketplace', sent: 3, planned: 10, phase: { name: 'writes', sent: 2 } });
    expect(written.at(-1)).toContain('analytics 45 requests, done · marketplace 3 requests (writes 2) · 3 s');
    expect(written.every((text) => !text.includes('\n'))).toBe(true);
  });

  it('on a terminal, clears its line before another line is printed and draws it again after', () => {
    const { progress, written } = harness('live');
    progress.apiStarted('analytics');
    progress.around(() => written.push('✓ pass  analytics   ignored_auth\n'));
    expect(written.slice(-3)).toEqual([
      '\r\u001b[2K',
      '✓ pass  analytics   ignored_auth\n',
      '\r\u001b[2Ktallyport-contract: analytics 0 requests · 0 s',
    ]);
    progress.stop();
    expect(written.at(-1)).toBe('\r\u001b[2K');
  });

  it('without a terminal, prints a line every few seconds and nothing in between', () => {
    const { progress, written, advance, tick, ticking } = harness('lines');
    progress.apiStarted('analytics');
    progress.update({
      api: 'analytics',
      sent: 10,
      planned: 300,
      phase: { name: 'plain calls', sent: 10, planned: 12 },
    });
    expect(written).toEqual([]);
    advance(5000);
    tick();
    expect(written).toEqual(['progress: analytics 10 requests (plain calls 10/12) · 5 s\n']);
    progress.stop();
    expect(ticking()).toBe(false);
  });
});

describe('the progress of a run', () => {
  it('knows the count of each phase once its plan is made: it never grows while the phase runs', async () => {
    const mocks = await startMocks({ stateful: true });
    const updates: RunProgress[] = [];
    try {
      await runContract({
        apis: ['analytics'],
        analytics: { baseUrl: mocks.analytics!.url, apiKey: mocks.engine!.keys.analyticsKey },
        allowWrites: true,
        onProgress: (update) => updates.push(update),
      });
    } finally {
      await mocks.close();
    }
    const phases = [...new Set(updates.map((update) => update.phase?.name))];
    // The writes that must be refused come after the state model's sequences; cleanup deletes what the sequences left.
    expect(phases).toEqual([
      'plain calls',
      'cases from the spec',
      'cases from the data',
      'combinations',
      'generated values',
      'state sequences',
      'writes',
      'cleanup',
    ]);
    for (const name of phases) {
      const counts = new Set(updates.filter((update) => update.phase?.name === name).map((u) => u.phase?.planned));
      expect(counts.size, `${name}: ${[...counts].join(', ')}`).toBe(1);
    }
  });
});
