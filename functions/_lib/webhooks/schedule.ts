/**
 * The retry schedule and how an answer is judged (docs/api.md "Webhook delivery"). Pure: the dispatcher and the
 * Workers tests share it.
 */

const S = 1000;
const M = 60 * S;
const H = 60 * M;

/** Delay before attempt n (index n - 1): 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
export const RETRY_DELAYS_MS = [0, 5 * S, 5 * M, 30 * M, 2 * H, 5 * H, 10 * H, 10 * H] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length;
/** ± this share of a delay, so retries of many events do not arrive together. */
export const JITTER = 0.1;
/** A webhook that failed every attempt for this long (and never succeeded since) is turned off. */
export const DISABLE_AFTER_MS = 5 * 24 * H;
/**
 * An attempt whose send-time DNS lookup fails on our side (the DNS-over-HTTPS resolver down or not answering) is held,
 * not failed: it stays pending, says why, and is due again after this long the first time. The receiver is not
 * counted as failing.
 */
export const DNS_HOLD_MS = M;
/** The longest hold: each one waits twice the one before (1, 2, 4, 8, 16 min), then every 30 min. */
export const DNS_HOLD_MAX_MS = 30 * M;

/** How long an attempt held `holds` times before waits this time (`holds` 0: the first hold). */
export function dnsHoldMs(holds: number): number {
  return Math.min(DNS_HOLD_MAX_MS, DNS_HOLD_MS * 2 ** Math.min(Math.max(0, holds), 16));
}
/** An attempt succeeds only on a 2xx within this time. */
export const TIMEOUT_MS = 15 * S;
/** Cloudflare Queues delay messages by at most 12 hours: a longer Retry-After is capped there. */
export const MAX_DELAY_MS = 12 * H;
/** First 1 KB of a receiver's answer is kept. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/** Seconds (or an HTTP date) of a Retry-After header in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text) * S;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The delay before the attempt after `attempt` (1-based) failed, or null when none is left. Jittered by ±10 %;
 * a Retry-After longer than the schedule's step wins (capped at 12 h).
 */
export function nextDelayMs(attempt: number, retryAfter: number | null, random: () => number): number | null {
  const base = RETRY_DELAYS_MS[attempt];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 + JITTER * (2 * random() - 1)));
  return Math.min(MAX_DELAY_MS, Math.max(jittered, retryAfter ?? 0));
}

export type Verdict =
  { status: 'succeeded' } | { status: 'failed'; error: string | null; retry: boolean; disable: 'gone' | null };

/** What an answer's status code means: 2xx success; 3xx a failure (redirects are not followed); 410 gone. */
export function judge(code: number): Verdict {
  if (code >= 200 && code < 300) return { status: 'succeeded' };
  if (code >= 300 && code < 400)
    return { status: 'failed', error: `Redirects are not followed (${code})`, retry: true, disable: null };
  if (code === 410)
    return {
      status: 'failed',
      error: 'The receiver answered 410 Gone: webhook disabled',
      retry: false,
      disable: 'gone',
    };
  return { status: 'failed', error: null, retry: true, disable: null };
}

/**
 * What a failed connection is called on the deliveries screen, by what the runtime's fetch error says (table below).
 * The runtime's own text never reaches the screen: Workers' fetch errors are terse or internal ("internal error;
 * reference = …", a resolver's message), so anything not recognised reads as the endpoint not being reachable.
 */
const CONNECTION_ERRORS: [RegExp, string][] = [
  [/refused|ECONNREFUSED/i, 'Connection refused'],
  [/reset|ECONNRESET|connection lost|disconnected/i, 'Connection reset'],
  [/lookup|ENOTFOUND|EAI_AGAIN|EAI_NONAME|not known|resolv|\bDNS\b/i, "The endpoint's host name could not be resolved"],
  [/certificate|\bTLS\b|\bSSL\b|handshake/i, "The TLS handshake failed (check the endpoint's certificate)"],
];

/** A readable reason for a failed connection (see `CONNECTION_ERRORS`). */
export function connectionError(err: unknown, timeoutMs: number, timedOut: boolean): string {
  if (timedOut) return `Timed out after ${Math.round(timeoutMs / 1000)} s`;
  const text = err instanceof Error ? err.message : String(err);
  return CONNECTION_ERRORS.find(([pattern]) => pattern.test(text))?.[1] ?? 'The endpoint could not be reached';
}
