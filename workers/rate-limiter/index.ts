import { DurableObject } from 'cloudflare:workers';

/** What one counted request learns: whether it is within the limit, and when the current window ends. */
export interface RateLimitResult {
  allowed: boolean;
  /** Requests left in the current window (0 when over). */
  remaining: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/** What a lock request learns: the token to renew and release it with, or how long the holder keeps it at most. */
export interface LockResult {
  acquired: boolean;
  /** The holder's token (null when not acquired). */
  token: string | null;
  /** Seconds until the current holder's lock lapses at the latest (0 when acquired). */
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

  /**
   * A budget: spends `cost` of `limit` per `periodMs` when it fits, else spends nothing (a refused replay of 1,000
   * events does not use up the budget of the small ones after it).
   */
  spend(limit: number, periodMs: number, cost: number): RateLimitResult {
    const now = Date.now();
    if (now - this.windowStart >= periodMs) {
      this.windowStart = now;
      this.count = 0;
    }
    const allowed = this.count + cost <= limit;
    if (allowed) this.count += cost;
    const retryAfterSeconds = Math.max(1, Math.ceil((this.windowStart + periodMs - now) / 1000));
    return { allowed, remaining: Math.max(0, limit - this.count), retryAfterSeconds };
  }

  private lockToken: string | null = null;
  private lockUntil = 0;

  /** One holder at a time (a CSV export per project and caller); the lock lapses `ttlMs` after its last renewal. */
  acquire(ttlMs: number): LockResult {
    const now = Date.now();
    if (this.lockToken && now < this.lockUntil)
      return {
        acquired: false,
        token: null,
        retryAfterSeconds: Math.max(1, Math.ceil((this.lockUntil - now) / 1000)),
      };
    this.lockToken = crypto.randomUUID();
    this.lockUntil = now + ttlMs;
    return { acquired: true, token: this.lockToken, retryAfterSeconds: 0 };
  }

  /** Keeps a held lock for another `ttlMs`; false when it lapsed (and someone else may hold it now). */
  renew(token: string, ttlMs: number): boolean {
    if (token !== this.lockToken || Date.now() >= this.lockUntil) return false;
    this.lockUntil = Date.now() + ttlMs;
    return true;
  }

  /** Lets go of the lock (only its holder can). */
  release(token: string): void {
    if (token === this.lockToken) {
      this.lockToken = null;
      this.lockUntil = 0;
    }
  }
}

/** The Worker itself serves nothing: the Pages project binds the Durable Object class directly (`script_name`). */
export default {
  fetch: () => new Response('dashboard-rate-limiter: bound by the dashboard Pages project only', { status: 404 }),
} satisfies ExportedHandler;
