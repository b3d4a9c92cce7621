import { DurableObject } from 'cloudflare:workers';

/** What one counted request learns: whether it is within the limit, and when the current window ends. */
export interface RateLimitResult {
  allowed: boolean;
  /** Requests left in the current window (0 when over). */
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * One counter per key (`idFromName("ip:203.0.113.7")`, `idFromName("caller:usr_…")`): a Durable Object is a single
 * instance worldwide, so every isolate of the Pages Functions counts into the same window. Fixed window starting at
 * the key's first request; the limit and period come with each call, so the Pages settings stay the one source.
 * The count lives in memory: an idle object is evicted only after its window has long ended.
 */
export class RateLimiter extends DurableObject {
  private windowStart = 0;
  private count = 0;

  /** Counts one request against `limit` requests per `periodMs`. */
  hit(limit: number, periodMs: number): RateLimitResult {
    const now = Date.now();
    if (now - this.windowStart >= periodMs) {
      this.windowStart = now;
      this.count = 0;
    }
    this.count++;
    const retryAfterSeconds = Math.max(1, Math.ceil((this.windowStart + periodMs - now) / 1000));
    return { allowed: this.count <= limit, remaining: Math.max(0, limit - this.count), retryAfterSeconds };
  }
}

/** The Worker itself serves nothing: the Pages project binds the Durable Object class directly (`script_name`). */
export default {
  fetch: () => new Response('dashboard-rate-limiter: bound by the dashboard Pages project only', { status: 404 }),
} satisfies ExportedHandler;
