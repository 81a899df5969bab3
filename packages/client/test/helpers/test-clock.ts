// Tests that time out and back off on a clock of their own: the client's
// timers are vitest's fake ones, and a test moves time on only once the
// server holds the request or the client has said it waits to retry, so no
// verdict rests on how fast this machine answers.
import type { Logger } from '../../src/index.js';

/** Waits, turn by turn of the real event loop (fake timers stand still meanwhile), until `ready()` holds. */
export async function until(ready: () => boolean): Promise<void> {
  while (!ready()) await new Promise((resolve) => setImmediate(resolve));
}

/** A logger (level `info`) that records the wait of each retry, read from the client's own log line, not a clock. */
export function retryWaits(): { logger: Logger; waits: number[] } {
  const waits: number[] = [];
  const record = (message: string) => {
    const match = /in (\d+) ms/.exec(message);
    if (message.includes('retrying') && match) waits.push(Number(match[1]));
  };
  return { logger: { error: record, warn: record, info: record, debug: () => {} }, waits };
}
