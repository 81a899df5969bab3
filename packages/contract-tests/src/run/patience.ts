// The run's one policy of patience. The source documentation says nothing of
// how soon a write shows (a replica, a cache, a search index may lag it), so
// where a look at the deployment disagrees with what a write should have
// done, the run looks again after each of these pauses before it lets the
// last look stand. The state phase's looks (run/state/sequences.ts) and the
// write session's reads of a record it must own before it writes to it
// (run/writes/session.ts) wait alike.

/** The pauses before each look again, in ms: about 3.5 s in all. */
export const PAUSES_MS: readonly number[] = [500, 1000, 2000];

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
