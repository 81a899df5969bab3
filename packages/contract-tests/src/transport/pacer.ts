// How fast a run sends, adapted to what the deployment says. Real
// deployments throttle (Laravel's default is 60 requests a minute), and the
// source documentation shows no rate limit, so a throttled deployment is an
// honest one: the run must slow down and finish, not fail. The pacer holds
// every request until a pause the deployment asked for is over (Retry-After,
// or a window with no request left), halves the rate on each 429 and creeps
// back towards the ceiling while answers come without one. What the headers
// mean is read by the shared HTTP policy (@tallyport/http-policy), the same
// that the client uses.
import { adviceWaitMs, type HeaderSource, rateLimitAdvice, sleep } from '@tallyport/http-policy';

/** The slowest the pacer goes, in requests per second. */
const FLOOR = 0.2;
/** The pace it starts adapting from when the run set no ceiling. */
const UNBOUNDED_START = 10;
/** Answers without a 429 before the pace rises by a tenth again. */
const CALM_STREAK = 20;

export interface PaceReport {
  /** Answers that were 429 (each was retried after the pause asked for). */
  throttled: number;
  /** The pace the run ended at, in requests per second (undefined: never limited). */
  settledPerSecond?: number;
  /** Total time requests waited for the deployment's pauses, in ms. */
  pausedMs: number;
  /** The limit a deployment stated in its headers, when it did. */
  statedLimit?: number;
}

export class Pacer {
  /** Requests per second now; Infinity while unlimited. */
  private rate: number;
  private nextSlot = 0;
  private pausedUntil = 0;
  private calm = 0;
  /** When the pace was last cut: one throttled burst (several requests in flight) cuts it once. */
  private lastCut = 0;
  private unheeded = 0;
  private readonly report: PaceReport = { throttled: 0, pausedMs: 0 };

  constructor(
    /** The most requests per second the run allows itself (0: no ceiling until a deployment asks). */
    private readonly ceiling: number,
    /** The longest pause a deployment may ask for before the run stops waiting for it, in ms. */
    private readonly maxPauseMs: number,
  ) {
    this.rate = ceiling > 0 ? ceiling : Number.POSITIVE_INFINITY;
  }

  /** Waits for this request's turn: after any pause the deployment asked for, at the current pace. */
  async slot(signal?: AbortSignal): Promise<void> {
    const now = Date.now();
    const paused = Math.max(0, this.pausedUntil - now);
    const start = Math.max(now + paused, this.nextSlot);
    if (Number.isFinite(this.rate)) this.nextSlot = start + 1000 / this.rate;
    if (paused > 0) this.report.pausedMs += paused;
    await sleep(start - now, signal);
  }

  /** Reads an answer's status and headers; returns the pause to honour before a retry of a 429. */
  observe(status: number | undefined, headers: HeaderSource, now = Date.now()): number {
    const advice = rateLimitAdvice(headers, now);
    if (advice.limit !== undefined) this.report.statedLimit = advice.limit;
    const asked = adviceWaitMs(advice);
    if (status === 429) {
      this.report.throttled++;
      this.calm = 0;
      // A 429 that came although every pause asked for was kept: the deployment is not throttling, it refuses.
      if (now >= this.pausedUntil) this.unheeded++;
      // Without advice, a second is the usual window of a per-second limit.
      const pause = Math.min(asked ?? 1000, this.maxPauseMs);
      if (now - this.lastCut >= Math.max(1000, pause)) {
        const from = Number.isFinite(this.rate) ? this.rate : UNBOUNDED_START;
        this.rate = Math.max(FLOOR, from / 2);
        this.lastCut = now;
      }
      this.pausedUntil = Math.max(this.pausedUntil, now + pause);
      return pause;
    }
    if (status !== undefined) this.unheeded = 0;
    // No request left in the window: wait for its reset before the next one.
    if (asked !== undefined && advice.remaining === 0)
      this.pausedUntil = Math.max(this.pausedUntil, now + Math.min(asked, this.maxPauseMs));
    if (this.report.throttled > 0 && ++this.calm >= CALM_STREAK) {
      this.calm = 0;
      const ceiling = this.ceiling > 0 ? this.ceiling : Number.POSITIVE_INFINITY;
      this.rate = Math.min(ceiling, this.rate * 1.1);
    }
    return 0;
  }

  /** 429s in a row that came although the pauses asked for were kept (a storm, not a rate limit). */
  get unheededThrottles(): number {
    return this.unheeded;
  }

  summary(): PaceReport {
    return {
      ...this.report,
      ...(Number.isFinite(this.rate) ? { settledPerSecond: Math.round(this.rate * 100) / 100 } : {}),
    };
  }
}
