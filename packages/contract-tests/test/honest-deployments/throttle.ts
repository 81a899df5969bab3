// A per-key rate limit like Laravel's `throttle` middleware with `Limit::perSecond(n)`: a fixed one-second window
// per key, `X-RateLimit-Limit` / `X-RateLimit-Remaining` on every answer, and 429 with `Retry-After` and
// `X-RateLimit-Reset` once the window is used up (SILENCES.md 51; the source documentation shows no rate limit).

export interface ThrottleVerdict {
  allowed: boolean;
  headers: Record<string, string>;
}

export class Throttle {
  private readonly windows = new Map<string, { start: number; used: number }>();

  constructor(private readonly perSecond: number) {}

  take(key: string): ThrottleVerdict {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= 1000) {
      window = { start: now, used: 0 };
      this.windows.set(key, window);
    }
    const limit = String(this.perSecond);
    if (window.used >= this.perSecond) {
      const reset = Math.ceil((window.start + 1000) / 1000);
      return {
        allowed: false,
        headers: {
          'X-RateLimit-Limit': limit,
          'X-RateLimit-Remaining': '0',
          'Retry-After': '1',
          'X-RateLimit-Reset': String(reset),
        },
      };
    }
    window.used += 1;
    return {
      allowed: true,
      headers: { 'X-RateLimit-Limit': limit, 'X-RateLimit-Remaining': String(this.perSecond - window.used) },
    };
  }
}
