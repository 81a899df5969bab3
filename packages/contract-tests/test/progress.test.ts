import { describe, expect, it } from 'vitest';
import { Progress, progressStyle } from '../src/output/progress.js';

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

  it('on a terminal, redraws one line with the requests sent of those planned, per API', () => {
    const { progress, written, advance } = harness('live');
    progress.apiStarted('analytics');
    advance(200);
    progress.update({ api: 'analytics', sent: 45, planned: 120 });
    expect(written.at(-1)).toBe('\r\u001b[2Ktallyport-contract: analytics 45/120 requests · 0 s');
    progress.apiStarted('marketplace');
    advance(3000);
    progress.update({ api: 'marketplace', sent: 3, planned: 10 });
    expect(written.at(-1)).toContain('analytics 45 requests, done · marketplace 3/10 requests · 3 s');
    expect(written.every((text) => !text.includes('\n'))).toBe(true);
  });

  it('on a terminal, clears its line before another line is printed and draws it again after', () => {
    const { progress, written } = harness('live');
    progress.apiStarted('analytics');
    progress.around(() => written.push('✓ pass  analytics   ignored_auth\n'));
    expect(written.slice(-3)).toEqual([
      '\r\u001b[2K',
      '✓ pass  analytics   ignored_auth\n',
      '\r\u001b[2Ktallyport-contract: analytics 0/0 requests · 0 s',
    ]);
    progress.stop();
    expect(written.at(-1)).toBe('\r\u001b[2K');
  });

  it('without a terminal, prints a line every few seconds and nothing in between', () => {
    const { progress, written, advance, tick, ticking } = harness('lines');
    progress.apiStarted('analytics');
    progress.update({ api: 'analytics', sent: 10, planned: 300 });
    expect(written).toEqual([]);
    advance(5000);
    tick();
    expect(written).toEqual(['progress: analytics 10/300 requests · 5 s\n']);
    progress.stop();
    expect(ticking()).toBe(false);
  });
});
