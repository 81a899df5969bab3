// Progress of a run, on stderr, so a run against a real deployment is not
// silent for a quarter of a minute: on a terminal one live line (redrawn in
// place, cleared before any other line is printed), elsewhere (CI) a plain
// line every few seconds. Only counts, phases and API names are shown, never
// deployment text. A phase's count of planned requests is known once its plan
// is made and does not change while it runs; the run's total is not known
// before its last phase is planned, so it is not shown as a fraction.
import type { RunProgress } from './result.js';
import { present } from '../text/present.js';
import type { ApiName } from '../spec/models.js';

export type ProgressStyle = 'live' | 'lines' | 'off';

export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface ProgressOptions {
  style: ProgressStyle;
  stream: ProgressStream;
  /** Between two plain lines, in ms. */
  intervalMs?: number;
  /** Shortest time between two redraws of the live line, in ms. */
  redrawMs?: number;
  now?: () => number;
  setInterval?: (run: () => void, ms: number) => { unref?: () => unknown };
  clearInterval?: (timer: unknown) => void;
}

export const PROGRESS_INTERVAL_MS = 5000;
const CLEAR_LINE = '\r\u001b[2K';

/** `live` on a terminal, `lines` elsewhere, for `--progress auto`. */
export const progressStyle = (mode: 'auto' | ProgressStyle, stream: ProgressStream): ProgressStyle =>
  mode === 'auto' ? (stream.isTTY ? 'live' : 'lines') : mode;

export class Progress {
  private readonly apis = new Map<ApiName, { sent: number; phase?: RunProgress['phase']; done: boolean }>();
  private readonly started: number;
  private shown = false;
  private lastDraw = 0;
  private timer: unknown;

  constructor(private options: ProgressOptions) {
    this.started = this.now();
    if (options.style === 'lines') {
      const every = options.setInterval ?? ((run, ms) => setInterval(run, ms));
      const timer = every(() => this.line(), options.intervalMs ?? PROGRESS_INTERVAL_MS);
      timer.unref?.();
      this.timer = timer;
    }
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** The counts, e.g. "analytics 120 requests, done · marketplace 45 requests (cases from the spec 40/52)". */
  text(): string {
    const parts = [...this.apis].map(([api, { sent, phase, done }]) => {
      if (done) return `${api} ${sent} requests, done`;
      if (!phase) return `${api} ${sent} requests`;
      const count = phase.planned === undefined ? `${phase.sent}` : `${phase.sent}/${phase.planned}`;
      return `${api} ${sent} requests (${phase.name} ${count})`;
    });
    return `${parts.join(' · ') || 'starting'} · ${Math.round((this.now() - this.started) / 1000)} s`;
  }

  apiStarted(api: ApiName): void {
    for (const entry of this.apis.values()) entry.done = true;
    this.apis.set(api, { sent: 0, done: false });
    this.draw(true);
  }

  update(progress: RunProgress): void {
    this.apis.set(progress.api, { sent: progress.sent, ...present({ phase: progress.phase }), done: false });
    this.draw(false);
  }

  private draw(force: boolean): void {
    if (this.options.style !== 'live') return;
    const now = this.now();
    if (!force && now - this.lastDraw < (this.options.redrawMs ?? 100)) return;
    this.lastDraw = now;
    this.options.stream.write(`${CLEAR_LINE}tallyport-contract: ${this.text()}`);
    this.shown = true;
  }

  private line(): void {
    this.options.stream.write(`progress: ${this.text()}\n`);
  }

  /** Around a line printed on the same terminal: the live line is cleared first and drawn again after. */
  around(print: () => void): void {
    const shown = this.shown;
    if (shown) this.options.stream.write(CLEAR_LINE);
    this.shown = false;
    print();
    if (shown) this.draw(true);
  }

  stop(): void {
    if (this.timer !== undefined) (this.options.clearInterval ?? clearInterval)(this.timer as NodeJS.Timeout);
    this.timer = undefined;
    if (this.shown) this.options.stream.write(CLEAR_LINE);
    this.shown = false;
    this.options = { ...this.options, style: 'off' };
  }
}
