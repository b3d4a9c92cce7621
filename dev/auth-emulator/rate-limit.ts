import type { RateLimitBucket, RateLimits } from './config.ts';
import { GoTrueError } from './gotrue-http.ts';

interface Window {
  startedAt: number;
  count: number;
}

/** Fixed-window per-IP request counters, one per bucket, on the emulator clock. */
export class RateLimiter {
  private readonly limits: RateLimits;
  private readonly now: () => number;
  private readonly windows = new Map<string, Window>();

  constructor(limits: RateLimits, now: () => number) {
    this.limits = limits;
    this.now = now;
  }

  /** Count one request; throw 429 `over_request_rate_limit` with `Retry-After` when over the limit. */
  hit(bucket: RateLimitBucket, ip: string): void {
    const limit = this.limits[bucket];
    if (!limit) return;
    const key = `${bucket}:${ip}`;
    const now = this.now();
    const windowMs = limit.windowSeconds * 1000;
    let window = this.windows.get(key);
    // A window that starts in the future means the (injectable) clock went backwards: start over.
    if (!window || now - window.startedAt >= windowMs || now < window.startedAt) {
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count > limit.max) {
      const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - now) / 1000));
      throw new GoTrueError(
        429,
        'over_request_rate_limit',
        `Request rate limit reached: at most ${limit.max} requests per ${limit.windowSeconds} seconds. Try again in ${retryAfter} seconds.`,
        {},
        { 'Retry-After': String(retryAfter) },
      );
    }
  }
}
