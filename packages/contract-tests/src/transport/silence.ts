// Which silences stop what. A deployment behind a proxy may leave one
// operation unanswered and serve every other: that operation counts as
// stalled once a few of its requests in a row got nothing, its other requests
// are not sent (each would only wait out its timeout), and the run goes on, so
// every other operation is still judged. The deployment as a whole counts as
// unavailable only when requests in a row got nothing (or a 502, 503 or 504)
// and the silence is not one operation's own: before anything answered, or
// with an operation that answered before among them.
import { plural } from '../text/plural.js';

/** Requests of one operation in a row with no answer before it counts as stalled. */
export const STALL_AFTER = 2;

export interface StalledOperation {
  operationId: string;
  /** Its requests that got no answer. */
  unanswered: number;
  /** Its requests not sent once it counted as stalled. */
  notSent: number;
  /** Why the last of them got no answer ("no response within 10000 ms"). */
  lastError: string;
}

/** What came of one request, as the watch weighs it. */
export type Heard =
  | { kind: 'answer' }
  | { kind: 'silence'; error: string }
  | { kind: 'unavailable'; status: number }
  /** Cut short by an interrupt: says nothing of the deployment. */
  | { kind: 'interrupted' };

export class SilenceWatch {
  private readonly silentInARow = new Map<string, number>();
  private readonly stalled = new Map<string, StalledOperation>();
  private readonly answering = new Set<string>();
  private streak = 0;
  private readonly streakOperations = new Set<string>();
  private streakHasAnswering = false;

  constructor(
    /** Requests in a row with no answer (or unavailable) before the deployment counts as unavailable. */
    private readonly maxInARow: number,
  ) {}

  /** The operation's stall, when its requests are no longer sent; the refusal is counted. */
  refuse(operationId: string): StalledOperation | undefined {
    const stall = this.stalled.get(operationId);
    if (stall) stall.notSent++;
    return stall;
  }

  /** Operations that stopped answering, in the order they did. */
  stalledOperations(): StalledOperation[] {
    return [...this.stalled.values()].map((stall) => ({ ...stall }));
  }

  /** Weighs one request's outcome; returns why the deployment as a whole stopped answering, once it did. */
  heard(operationId: string, heard: Heard): string | undefined {
    if (heard.kind === 'interrupted') return undefined;
    if (heard.kind === 'answer') {
      this.answering.add(operationId);
      this.silentInARow.set(operationId, 0);
      // A slow operation answered after all: it is sent again.
      this.stalled.delete(operationId);
      this.streak = 0;
      this.streakOperations.clear();
      this.streakHasAnswering = false;
      return undefined;
    }
    if (heard.kind === 'silence') this.silenced(operationId, heard.error);
    this.streak++;
    this.streakOperations.add(operationId);
    if (this.answering.has(operationId)) this.streakHasAnswering = true;
    const nothingAnswered = this.answering.size === 0;
    if (this.streak < this.maxInARow || !(nothingAnswered || this.streakHasAnswering)) return undefined;
    return heard.kind === 'unavailable'
      ? `the deployment answered ${heard.status} (unavailable) ${this.streak} times in a row`
      : `${this.streak} requests in a row, to ${plural(this.streakOperations.size, 'operation')}, ` +
          `got no answer (last: ${heard.error})`;
  }

  private silenced(operationId: string, error: string): void {
    const silent = (this.silentInARow.get(operationId) ?? 0) + 1;
    this.silentInARow.set(operationId, silent);
    const stall = this.stalled.get(operationId);
    if (stall) {
      stall.unanswered++;
      stall.lastError = error;
    } else if (silent >= STALL_AFTER)
      this.stalled.set(operationId, { operationId, unanswered: silent, notSent: 0, lastError: error });
  }
}
