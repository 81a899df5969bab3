// The ledger: an append-only JSON Lines file that records every create
// before it is sent and after it answers, and every delete that succeeded.
// Whatever happens to the process (a crash, a second Ctrl-C, a lost answer),
// the ledger says what this run may have left behind, and
// `tallyport-contract cleanup` can remove exactly that.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/** What every ledger line says: which run, where, and the record's label. */
interface LedgerLine {
  runId: string;
  api: string;
  baseUrl: string;
  kind: string;
  label: string;
  at: string;
}

export type LedgerEvent =
  | (LedgerLine & { event: 'creating' | 'not-created' })
  | (LedgerLine & { event: 'created' | 'deleted'; id: string });

export interface Outstanding {
  runId: string;
  api: string;
  baseUrl: string;
  kind: string;
  label: string;
  /** Unknown when the create never answered with a usable id. */
  id?: string;
}

export const DEFAULT_LEDGER = 'tallyport-contract-ledger.jsonl';

type NewEvent = LedgerEvent extends infer E ? (E extends LedgerEvent ? Omit<E, 'at'> : never) : never;

export class Ledger {
  private readonly events: LedgerEvent[] = [];

  /** `file` undefined keeps the ledger in memory (the embedded mock). */
  constructor(readonly file?: string) {
    if (file && existsSync(file)) this.events.push(...readLedger(file));
  }

  record(event: NewEvent): void {
    const full = { ...event, at: new Date().toISOString() } as LedgerEvent;
    // Written synchronously so the entry exists before the request leaves.
    if (this.file) appendFileSync(this.file, `${JSON.stringify(full)}\n`, { mode: 0o600 });
    this.events.push(full);
  }

  /** Records created (or maybe created) and not yet deleted, optionally of one run. */
  outstanding(runId?: string): Outstanding[] {
    const byLabel = new Map<string, Outstanding>();
    for (const event of this.events) {
      if (runId && event.runId !== runId) continue;
      const key = `${event.baseUrl} ${event.kind} ${event.label}`;
      if (event.event === 'creating') {
        if (!byLabel.has(key)) byLabel.set(key, { ...pick(event) });
      } else if (event.event === 'created') byLabel.set(key, { ...pick(event), id: event.id });
      else byLabel.delete(key);
    }
    return [...byLabel.values()];
  }
}

const pick = (event: LedgerEvent): Outstanding => ({
  runId: event.runId,
  api: event.api,
  baseUrl: event.baseUrl,
  kind: event.kind,
  label: event.label,
});

export function readLedger(file: string): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      const event = JSON.parse(line) as LedgerEvent;
      if (event && typeof event.label === 'string' && typeof event.baseUrl === 'string') events.push(event);
    } catch {
      // A line cut by a crash mid-write is skipped; the rest still counts.
    }
  }
  return events;
}
