// Every request of a run goes through here: the safety guard, a request
// budget, a rate limit, a concurrency limit and a per-request timeout. It is
// also the only place where a secret is put into a real request.
import { isSecretRef, type RequestTemplate, type SecretName, type TemplateValue } from './request.js';
import type { SafetyGuard } from './safety.js';
import { isSuccessStatus } from '@tallyport/spec-model/query';

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
  response?: ResponseRecord;
  /** Why no response came (connection refused, timeout, ...). */
  error?: string;
  durationMs: number;
}

export interface TransportLimits {
  maxRequests: number;
  maxRequestsPerSecond: number;
  concurrency: number;
  timeoutMs: number;
}

export class RequestBudgetExceeded extends Error {
  override name = 'RequestBudgetExceeded';
}

export class Transport {
  readonly exchanges: Exchange[] = [];
  private sent = 0;
  private nextSlot = 0;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly secrets: Partial<Record<SecretName, string>>,
    private readonly limits: TransportLimits,
    private readonly guard: SafetyGuard,
    private readonly signal?: AbortSignal,
  ) {}

  get requestCount(): number {
    return this.sent;
  }

  private fill(value: TemplateValue): string {
    if (!isSecretRef(value)) return value;
    return `${value.prefix ?? ''}${this.secrets[value.secret] ?? ''}`;
  }

  private async acquire(): Promise<void> {
    if (this.active >= this.limits.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    if (this.limits.maxRequestsPerSecond > 0) {
      const interval = 1000 / this.limits.maxRequestsPerSecond;
      const now = Date.now();
      const slot = Math.max(now, this.nextSlot);
      this.nextSlot = slot + interval;
      if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
    }
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }

  /**
   * Sends one request. `cleanup` requests ignore the run's interruption so a
   * Ctrl-C still lets the run delete what it created.
   */
  async send(template: RequestTemplate, options: { cleanup?: boolean } = {}): Promise<Exchange> {
    this.guard.assertAllowed(template);
    // Cleanup may exceed the cap: leaving a created website behind is worse.
    if (this.sent >= this.limits.maxRequests && !options.cleanup) {
      throw new RequestBudgetExceeded(`the request cap of ${this.limits.maxRequests} was reached`);
    }
    this.sent++;
    await this.acquire();
    const started = Date.now();
    const exchange: Exchange = { id: this.sent, template, durationMs: 0 };
    try {
      const url = new URL(template.baseUrl.replace(/\/$/, '') + template.path);
      for (const [name, value] of template.query) url.searchParams.append(name, this.fill(value));
      const headers = new Headers();
      for (const [name, value] of template.headers) headers.set(name, this.fill(value));
      let body: string | undefined;
      if (template.form) {
        const form = new URLSearchParams();
        for (const [name, value] of template.form) form.append(name, this.fill(value));
        body = form.toString();
        headers.set('Content-Type', 'application/x-www-form-urlencoded');
      }
      const timeout = AbortSignal.timeout(this.limits.timeoutMs);
      // A write in flight is let finish (within its timeout) even on Ctrl-C:
      // cut short, it could create a website whose id the run never learns.
      const interruptible = !options.cleanup && template.method === 'GET';
      const signal = this.signal && interruptible ? AbortSignal.any([timeout, this.signal]) : timeout;
      const response = await fetch(url, {
        method: template.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal,
        redirect: 'manual',
      });
      const text = await response.text();
      const record: ResponseRecord = {
        status: response.status,
        contentType: response.headers.get('content-type'),
        headers: headerRecord(response.headers),
        text,
      };
      if (text.trim() !== '') {
        try {
          record.json = JSON.parse(text);
        } catch (error) {
          record.jsonError = error instanceof Error ? error.message : String(error);
        }
      }
      exchange.response = record;
    } catch (error) {
      exchange.error = describeFetchError(error, this.limits.timeoutMs);
    } finally {
      exchange.durationMs = Date.now() - started;
      this.release();
    }
    this.exchanges.push(exchange);
    return exchange;
  }
}

function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}

function describeFetchError(error: unknown, timeoutMs: number): string {
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

/** Whether the exchange got an answer with a 2XX status. */
export const is2xx = (exchange: Exchange): boolean => !!exchange.response && isSuccessStatus(exchange.response.status);
