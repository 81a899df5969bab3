// How long to wait before another attempt when the server gave no advice:
// exponential from a base, capped, and optionally jittered so that many
// clients that failed together do not all come back at the same instant.

export interface BackoffOptions {
  /** The wait before the first retry, in ms. */
  baseMs: number;
  /** The longest wait, in ms. */
  maxMs: number;
  /**
   * The share of each step that is random, from 0 (none, the default) to 1:
   * the wait is drawn from [step × (1 − jitter), step].
   */
  jitter?: number;
}

const finite = (n: number, fallback: number): number => (Number.isFinite(n) && n >= 0 ? n : fallback);

/**
 * The wait before retry number `attempt` (1 for the first retry):
 * min(baseMs × 2^(attempt − 1), maxMs), less its random share.
 */
export function backoffMs(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  return checkedBackoffMs(
    Number.isFinite(attempt) && attempt >= 1 ? Math.floor(attempt) : 1,
    finite(options.baseMs, 0),
    finite(options.maxMs, 0),
    Math.min(1, finite(options.jitter ?? 0, 0)),
    Math.min(1, Math.max(0, random())),
  );
}

/**
 * The same rule for a caller whose numbers are already checked (a whole attempt from 1, finite waits that are not
 * negative, a jitter and a draw from 0 to 1): what a client that refuses bad options carries, without the guards.
 */
export const checkedBackoffMs = (
  attempt: number,
  baseMs: number,
  maxMs: number,
  jitter: number,
  draw: number = Math.random(),
): number => Math.min(baseMs * 2 ** Math.min(attempt - 1, 1024), maxMs) * (1 - jitter * draw);
