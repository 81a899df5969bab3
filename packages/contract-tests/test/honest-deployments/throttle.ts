// A per-key rate limit like Laravel's `throttle` middleware with `Limit::perSecond(n)` or `perMinute(n)`: a fixed
// window per key, `X-RateLimit-Limit` / `X-RateLimit-Remaining` on every answer, and 429 with `Retry-After` and
// `X-RateLimit-Reset` once the window is used up; or the IETF draft's `RateLimit-*` fields with `Retry-After` in
// seconds or as an HTTP-date (SILENCES.md 51, 91, 99; the source documentation shows no rate limit).

export interface ThrottleVerdict {
  allowed: boolean;
  headers: Record<string, string>;
}

export class Throttle {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly style: { rateLimitHeaders: 'x-ratelimit' | 'ietf-draft'; retryAfter: 'seconds' | 'http-date' } = {
      rateLimitHeaders: 'x-ratelimit',
      retryAfter: 'seconds',
    },
  ) {}

  /** The IETF draft's fields (draft-ietf-httpapi-ratelimit-headers-06, as express-rate-limit writes them). */
  private draft(remaining: number, resetSeconds: number): Record<string, string> {
    return {
      'RateLimit-Policy': `${this.limit};w=${this.windowMs / 1000}`,
      'RateLimit-Limit': String(this.limit),
      'RateLimit-Remaining': String(remaining),
      'RateLimit-Reset': String(resetSeconds),
    };
  }

  take(key: string): ThrottleVerdict {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      window = { start: now, used: 0 };
      this.windows.set(key, window);
    }
    const limit = String(this.limit);
    const draft = this.style.rateLimitHeaders === 'ietf-draft';
    if (window.used >= this.limit && draft) {
      // An HTTP-date has whole seconds: the first whole second at or after the window's end.
      const end = window.start + this.windowMs;
      const retryAfter =
        this.style.retryAfter === 'http-date'
          ? new Date(Math.ceil(end / 1000) * 1000).toUTCString()
          : String(Math.max(1, Math.ceil((end - now) / 1000)));
      return {
        allowed: false,
        headers: { ...this.draft(0, Math.max(1, Math.ceil((end - now) / 1000))), 'Retry-After': retryAfter },
      };
    }
    if (window.used >= this.limit) {
      const reset = Math.ceil((window.start + this.windowMs) / 1000);
      return {
        allowed: false,
        headers: {
          'X-RateLimit-Limit': limit,
          'X-RateLimit-Remaining': '0',
          // Laravel: the seconds left in the window (1 for a one-second window).
          'Retry-After': this.windowMs === 1000 ? '1' : String(Math.max(1, reset - Math.floor(now / 1000))),
          'X-RateLimit-Reset': String(reset),
        },
      };
    }
    window.used += 1;
    if (draft) {
      const left = Math.max(1, Math.ceil((window.start + this.windowMs - now) / 1000));
      return { allowed: true, headers: this.draft(this.limit - window.used, left) };
    }
    return {
      allowed: true,
      headers: { 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': String(this.limit - window.used) },
    };
  }
}

/** Whether a variant limits the rate of requests at all (its runs then take the tester's default pace). */
/** A deployment that limits requests in any way (per second, per minute, creates per minute): its runs wait. */
export function isThrottled(choices: {
  rateLimitPerSecond: number;
  rateLimitPerMinute: number;
  createsPerMinute?: number;
}): boolean {
  return choices.rateLimitPerSecond > 0 || choices.rateLimitPerMinute > 0 || (choices.createsPerMinute ?? 0) > 0;
}

export function throttleFor(choices: {
  rateLimitPerSecond: number;
  rateLimitPerMinute: number;
  rateLimitHeaders: 'x-ratelimit' | 'ietf-draft';
  retryAfter: 'seconds' | 'http-date';
}): Throttle | undefined {
  if (choices.rateLimitPerSecond > 0) return new Throttle(choices.rateLimitPerSecond, 1000, choices);
  if (choices.rateLimitPerMinute > 0) return new Throttle(choices.rateLimitPerMinute, 60_000, choices);
  return undefined;
}
