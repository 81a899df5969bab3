// Every request of a run goes through here: the safety guard, a request
// budget, a pace that adapts to the deployment's rate limit (pacer.ts), a
// concurrency limit, a per-request timeout, a cap on the size of each answer,
// retries after a 429 (any request: it was not served) and after a 502, 503
// or 504 or a connection closed before any answer (requests that may arrive
// twice only: a gateway or a deployment that cannot serve now, or a kept-alive
// connection the server closed as the request went out, which says nothing of
// the request; a balancer answers one of them now and then),
// and a watch on silences (silence.ts) that stops sending to an operation
// that stopped answering and stops the run when the deployment does. A 500
// is never retried: it is what not_a_server_error judges.
// It is also the only place where a secret is put into a real request.
import {
  adviceWaitMs,
  BodyTooLarge,
  backoffMs,
  rateLimitAdvice,
  readCappedText,
  shouldRetryJudging,
  sleep,
  UNAVAILABLE_STATUSES,
} from '@tallyport/http-policy';
import type { RequestCase } from '../cases/types.js';
import { bodyJson } from './json.js';
import { Pacer, type PaceReport } from './pacer.js';
import { jsonBody, type RequestTemplate } from './request.js';
import { filled, type SecretName } from '../spec/secrets.js';
import type { SafetyGuard } from './safety.js';
import { type Heard, SilenceWatch, type StalledOperation } from './silence.js';

export type { StalledOperation } from './silence.js';

export interface ResponseRecord {
  status: number;
  contentType: string | null;
  headers: Record<string, string>;
  text: string;
  /** Parsed body when it is JSON; `undefined` when empty or not JSON. */
  json?: unknown;
  jsonError?: string;
}

export interface Exchange {
  id: number;
  template: RequestTemplate;
  /** The case this request sends, with the tags checks judge it by. */
  case?: RequestCase;
  response?: ResponseRecord;
  /** Why no (complete) response came: connection refused, timeout, too large, interrupted. */
  error?: string;
  /** The answer never completed because the run was interrupted: not judged. */
  interrupted?: boolean;
  /** No answer came within the timeout (the connection was made, or is still being made). */
  timedOut?: boolean;
  /** The connection closed before any answer (a reset, not a timeout), as a server ends a kept-alive connection. */
  connectionClosed?: boolean;
  /** Attempts made (more than one after a 429, or after a 502, 503, 504 or closed connection to a repeatable one). */
  attempts: number;
  /** When the first attempt started (ms since the epoch). */
  startedAt: number;
  durationMs: number;
}

export interface TransportLimits {
  maxRequests: number;
  /** The most requests per second; the pace drops below it when the deployment throttles (0: no ceiling). */
  maxRequestsPerSecond: number;
  concurrency: number;
  timeoutMs: number;
  /** Largest decompressed answer read, in bytes. */
  maxResponseBytes: number;
  /** Longest pause a deployment may ask for (Retry-After, a rate-limit reset) that the run honours, in ms. */
  maxRetryAfterMs: number;
  /** Retries of a read answered 502, 503 or 504; a request answered 429 is retried up to four times as often. */
  maxRetries: number;
  /** Requests in a row unanswered, or answered 429, 502, 503 or 504, before the deployment counts as unavailable. */
  maxConsecutiveFailures: number;
}

/**
 * Why the transport refused a request before sending it: `budget`, the request cap was reached; `interrupted`, the
 * run was interrupted (a signal or --max-duration) and no new request starts, except cleanup; `unavailable`, the
 * deployment stopped answering (timeouts, refused connections, a 429 storm); `stalled`, one operation stopped
 * answering, so its requests are not sent (the run reports the operation, see silence.ts).
 */
export type NotSentReason = 'budget' | 'interrupted' | 'unavailable' | 'stalled';

/** A request the transport refused before sending it, and why. */
export class NotSent extends Error {
  override name = 'NotSent';
  constructor(
    readonly reason: NotSentReason,
    message: string,
  ) {
    super(message);
  }
}

export interface SendOptions {
  /** Cleanup may exceed the budget and runs after an interrupt. */
  cleanup?: boolean;
  /** Safe to repeat (reads, and PUT and DELETE, idempotent in HTTP): retried after 502, 503 and 504. */
  idempotent?: boolean;
  /** Changes nothing (reads): cut short by an interrupt. */
  interruptible?: boolean;
  testCase?: RequestCase;
}

export class Transport {
  readonly exchanges: Exchange[] = [];
  /** Called with each exchange once it is recorded. */
  onExchange: ((exchange: Exchange) => void) | undefined;
  private sent = 0;
  private active = 0;
  private unavailable: string | undefined;
  private readonly silences: SilenceWatch;
  private readonly waiting: Array<() => void> = [];

  private readonly pacer: Pacer;

  constructor(
    private readonly secrets: Partial<Record<SecretName, string>>,
    private readonly limits: TransportLimits,
    private readonly guard: SafetyGuard,
    private readonly signal?: AbortSignal,
  ) {
    this.pacer = new Pacer(limits.maxRequestsPerSecond, limits.maxRetryAfterMs);
    this.silences = new SilenceWatch(limits.maxConsecutiveFailures);
  }

  /** Operations that stopped answering: their requests after the first few were not sent. */
  get stalledOperations(): StalledOperation[] {
    return this.silences.stalledOperations();
  }

  /** How the deployment's rate limit shaped the run. */
  get pace(): PaceReport {
    return this.pacer.summary();
  }

  get requestCount(): number {
    return this.sent;
  }

  /** Why the deployment counts as unavailable, once it does. */
  get unavailableReason(): string | undefined {
    return this.unavailable;
  }

  private async acquire(): Promise<void> {
    if (this.active >= this.limits.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  private admit(options: SendOptions): void {
    if (options.cleanup) return;
    if (this.signal?.aborted) throw new NotSent('interrupted', 'the run was interrupted');
    if (this.unavailable) throw new NotSent('unavailable', this.unavailable);
    if (this.sent >= this.limits.maxRequests)
      throw new NotSent('budget', `the request cap of ${this.limits.maxRequests} was reached`);
  }

  /** Refuses a request of an operation that stopped answering (cleanup is always sent). */
  private refuseStalled(template: RequestTemplate, options: SendOptions): void {
    if (options.cleanup) return;
    const stall = this.silences.refuse(template.operationId);
    if (stall)
      throw new NotSent('stalled', `${template.operationId} stopped answering (last: ${stall.lastError}); not sent`);
  }

  /** Sends one request; refuses (throws) before sending when the guard, the budget or an interrupt says no. */
  async send(template: RequestTemplate, options: SendOptions = {}): Promise<Exchange> {
    this.guard.assertAllowed(template);
    this.admit(options);
    this.refuseStalled(template, options);
    const exchange: Exchange = {
      id: 0,
      template,
      ...(options.testCase ? { case: options.testCase } : {}),
      attempts: 0,
      startedAt: Date.now(),
      durationMs: 0,
    };
    const started = exchange.startedAt;
    await this.acquire();
    let completed = false;
    try {
      // The deployment may have stopped answering, the cap been reached or the operation stalled while this
      // request waited for its turn.
      this.refuseStalled(template, options);
      for (;;) {
        this.admit(options);
        await this.pacer.slot(options.cleanup ? undefined : this.signal);
        this.sent++;
        exchange.attempts++;
        exchange.id = this.sent;
        delete exchange.response;
        delete exchange.error;
        delete exchange.timedOut;
        delete exchange.connectionClosed;
        await this.attempt(template, exchange, options);
        const answer = exchange.response as ResponseRecord | undefined;
        const status = answer?.status;
        this.pacer.observe(status, answer?.headers ?? {});
        if (this.signal?.aborted && !options.cleanup) break;
        if (this.pacer.unheededThrottles >= this.limits.maxConsecutiveFailures && !this.unavailable)
          this.unavailable =
            `the deployment answered 429 (too many requests) ${this.pacer.unheededThrottles} times in a row, ` +
            'though every pause it asked for was kept; lower --max-requests-per-second';
        if (this.unavailable && !options.cleanup) break;
        const question = {
          status,
          idempotent: !!options.idempotent,
          attempt: exchange.attempts,
          maxRetries: this.limits.maxRetries,
          closedBeforeAnswer: exchange.connectionClosed === true,
        };
        if (!shouldRetryJudging(question)) break;
        // A 429's pause is the pacer's to keep (it has observed the answer).
        if (status === 429) continue;
        const advised = adviceWaitMs(rateLimitAdvice(answer?.headers ?? {}));
        const wait = advised ?? backoffMs(exchange.attempts, { baseMs: 500, maxMs: 8000 });
        await sleep(Math.min(wait, this.limits.maxRetryAfterMs), this.signal);
      }
      completed = true;
    } finally {
      exchange.durationMs = Date.now() - started;
      // Weighed before the turn passes on, so a request waiting for it knows whether the deployment still answers.
      if (completed) this.track(exchange);
      this.release();
    }
    this.exchanges.push(exchange);
    this.onExchange?.(exchange);
    return exchange;
  }

  private track(exchange: Exchange): void {
    const reason = this.silences.heard(exchange.template.operationId, heardOf(exchange));
    if (reason && !this.unavailable) this.unavailable = reason;
  }

  private async attempt(template: RequestTemplate, exchange: Exchange, options: SendOptions): Promise<void> {
    const url = new URL(template.baseUrl.replace(/\/$/, '') + template.path);
    for (const [name, value] of template.query) url.searchParams.append(name, filled(value, this.secrets));
    this.guard.assertUrl(template, url);
    const headers = new Headers();
    for (const [name, value] of template.headers) headers.set(name, filled(value, this.secrets));
    let body: string | undefined;
    if (template.form && template.json) {
      body = jsonBody(template, (value) => filled(value, this.secrets));
      headers.set('Content-Type', 'application/json');
    } else if (template.form) {
      const form = new URLSearchParams();
      for (const [name, value] of template.form) form.append(name, filled(value, this.secrets));
      body = form.toString();
      headers.set('Content-Type', 'application/x-www-form-urlencoded');
    }
    const timeout = AbortSignal.timeout(this.limits.timeoutMs);
    // A write in flight is let finish (within its timeout) even on an
    // interrupt: cut short, it could create a record whose id the run never learns.
    const interruptible = !options.cleanup && options.interruptible;
    const signal = this.signal && interruptible ? AbortSignal.any([timeout, this.signal]) : timeout;
    try {
      const response = await fetch(url, {
        method: template.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal,
        redirect: 'manual',
      });
      const record: ResponseRecord = {
        status: response.status,
        contentType: response.headers.get('content-type'),
        headers: headerRecord(response.headers),
        text: '',
      };
      exchange.response = record;
      record.text = await readCappedText(response, this.limits.maxResponseBytes);
      Object.assign(record, bodyJson(record.text));
    } catch (error) {
      if (this.signal?.aborted && interruptible && !timeout.aborted) exchange.interrupted = true;
      else if (timeout.aborted) exchange.timedOut = true;
      exchange.error = describeFetchError(error, this.limits.timeoutMs);
      // A status without its whole body is not an answer to judge.
      if (exchange.response && !(error instanceof BodyTooLarge)) delete exchange.response;
      if (exchange.response) exchange.response.text = '';
      if (!exchange.response && !exchange.timedOut && !exchange.interrupted && connectionClosed(error))
        exchange.connectionClosed = true;
    }
  }
}

/**
 * What one exchange says of the deployment. A 429 is the pacer's to weigh (only one that ignores the pauses kept is
 * a storm), so here it counts as an answer.
 */
function heardOf(exchange: Exchange): Heard {
  if (exchange.interrupted) return { kind: 'interrupted' };
  const status = exchange.response?.status;
  if (status === undefined) return { kind: 'silence', error: exchange.error ?? 'no answer' };
  // The deployment (or a gateway before it) cannot serve now, whatever was asked; a storm of these ends the run as
  // a connectivity problem. A 500 is not among them: it belongs to the request and is judged.
  if (status !== 429 && UNAVAILABLE_STATUSES.has(status)) return { kind: 'unavailable', status };
  return { kind: 'answer' };
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

/** The codes of a connection that closed under a request (undici's "other side closed" among them). */
const CONNECTION_CLOSED_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

function connectionClosed(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return typeof code === 'string' && CONNECTION_CLOSED_CODES.has(code);
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (error instanceof BodyTooLarge) return error.message;
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return `no response within ${timeoutMs} ms`;
    if (error.name === 'AbortError') return 'the run was interrupted';
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return cause?.code
      ? `${error.message}: ${cause.code}`
      : cause?.message
        ? `${error.message}: ${cause.message}`
        : error.message;
  }
  return String(error);
}
