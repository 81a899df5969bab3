// The ledger: a JSON Lines file that records every create before it is sent
// and after it answers, and every delete that succeeded, appended as they
// happen. Whatever happens to the process (a crash, a second Ctrl-C, a lost
// answer), the ledger says what this run may have left behind, and
// `tallyport-contract cleanup` can remove exactly that. Once a run or a
// cleanup is over, the ledger is compacted to the lines of records still to
// clean (and removed when none is), so it does not grow run after run.
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname } from 'node:path';

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

/** A record a ledger holds as maybe left: its line but for when, and its id (unknown when no create answered one). */
export type Outstanding = Omit<LedgerLine, 'at'> & { id?: string };

export const DEFAULT_LEDGER = 'tallyport-contract-ledger.jsonl';

type NewEvent = LedgerEvent extends infer E ? (E extends LedgerEvent ? Omit<E, 'at'> : never) : never;

const keyOf = (event: Outstanding): string => `${event.baseUrl} ${event.kind} ${event.label}`;

/** The size of a file, or -1 when it is gone. */
const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : -1);

export class Ledger {
  private events: LedgerEvent[] = [];

  /** `file` undefined keeps the ledger in memory (the embedded mock). */
  constructor(readonly file?: string) {
    if (file && existsSync(file)) this.events.push(...readLedger(file));
  }

  record(event: NewEvent): void {
    const full = { ...event, at: new Date().toISOString() } as LedgerEvent;
    // Written synchronously so the entry exists before the request leaves, in a folder made for it if need be
    // (`--ledger reports/ledger.jsonl` before any report was written).
    if (this.file) {
      mkdirSync(dirname(this.file), { recursive: true });
      appendFileSync(this.file, `${JSON.stringify(full)}\n`, { mode: 0o600 });
    }
    this.events.push(full);
  }

  /**
   * Keeps, in the file, only the lines of records still to clean, and removes the file when none is. The file is
   * read again first (another run may share it) and left as it is if it grows meanwhile.
   */
  compact(): void {
    const file = this.file;
    if (!file) return;
    for (let attempt = 0; attempt < 3; attempt++) {
      const size = sizeOf(file);
      if (size < 0) return;
      const events = readLedger(file);
      const open = new Set(outstandingOf(events).map(keyOf));
      const kept = events.filter((event) => open.has(keyOf(event)));
      if (kept.length === events.length && kept.length > 0) return;
      if (sizeOf(file) !== size) continue;
      if (kept.length === 0) rmSync(file, { force: true });
      else {
        const next = `${file}.${process.pid}.tmp`;
        writeFileSync(next, kept.map((event) => `${JSON.stringify(event)}\n`).join(''), { mode: 0o600 });
        if (sizeOf(file) !== size) {
          rmSync(next, { force: true });
          continue;
        }
        renameSync(next, file);
      }
      this.events = kept;
      return;
    }
  }

  /** Records created (or maybe created) and not yet deleted, optionally of one run. */
  outstanding(runId?: string): Outstanding[] {
    return outstandingOf(this.events, runId);
  }
}

/** Records created (or maybe created) and not yet deleted in `events`, optionally of one run. */
function outstandingOf(events: readonly LedgerEvent[], runId?: string): Outstanding[] {
  const byLabel = new Map<string, Outstanding>();
  for (const event of events) {
    if (runId && event.runId !== runId) continue;
    const key = keyOf(event);
    if (event.event === 'creating') {
      if (!byLabel.has(key)) byLabel.set(key, pick(event));
    } else if (event.event === 'created') byLabel.set(key, { ...pick(event), id: event.id });
    else byLabel.delete(key);
  }
  return [...byLabel.values()];
}

const pick = ({ runId, api, baseUrl, kind, label }: LedgerEvent): Outstanding => ({ runId, api, baseUrl, kind, label });

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
