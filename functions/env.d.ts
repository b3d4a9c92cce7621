/** Bindings and variables every Pages Function sees (wrangler.toml [vars], Pages settings, .dev.vars). */
interface Env {
  ASSETS: Fetcher;
  /** The directory database: projects, members, keys, billing (functions/_lib/db/shards.ts). */
  DB: D1Database;
  /**
   * The shards: each project's data, on the shard `projects.shard` names. Reached only through
   * functions/_lib/db/shards.ts (`c.db` in a handler).
   */
  [shard: `SHARD_${number}`]: D1Database | undefined;
  /** Supabase project URL (local emulator by default). Public: also sent to the browser. */
  PUBLIC_SUPABASE_URL?: string;
  /** Supabase anon (publishable) key. Public. */
  PUBLIC_SUPABASE_ANON_KEY?: string;
  /** PostHog project key; empty turns analytics off. Public. */
  PUBLIC_POSTHOG_KEY?: string;
  /** PostHog API host. Public. */
  PUBLIC_POSTHOG_HOST?: string;
  /** Product documentation base URL (sample apps and playgrounds link into it). Public. */
  PUBLIC_DOCS_URL?: string;
  /** Base URL of the sample repositories, e.g. a GitHub organisation. Public. */
  PUBLIC_SAMPLES_URL?: string;
}

// Appended by the data API (see docs/api.md).
interface Env {
  /** base64 of 32 random bytes: AES-256-GCM key for secrets at rest (webhook secrets, OAuth/SMTP secrets, custodial keys). Secret. */
  DATA_ENCRYPTION_KEY?: string;
  /** Optional: requests per minute per authenticated caller, counted across isolates (default 1200; 0 = off). */
  API_RATE_LIMIT_PER_MINUTE?: string;
  /** Optional: requests per minute per client address before authentication (default 3000; 0 = off). */
  API_RATE_LIMIT_IP_PER_MINUTE?: string;
  /** `true`: webhooks may target loopback (127.0.0.0/8, ::1, localhost). Local development only; off when deployed. */
  WEBHOOK_ALLOW_LOOPBACK?: string;
  /** `true`: the JWKS check of auth providers may fetch loopback URLs (local development only). */
  JWKS_CHECK_ALLOW_LOOPBACK?: string;
  /** The rate-limit counters: Durable Object `RateLimiter` of the companion Worker `workers/rate-limiter`. */
  RATE_LIMITER?: DurableObjectNamespace<import('../workers/rate-limiter/index').RateLimiter>;
}

// Appended for member invites (see docs/api.md "Invites and their email").
interface Env {
  /** Supabase service-role key: the API's admin invite (`POST /auth/v1/invite`). Secret: never sent to the browser. */
  SUPABASE_SERVICE_ROLE_KEY?: string;
}

// Appended for billing (see docs/api.md "Billing").
interface Env {
  /** The payment provider's hosted checkout page, `https://…` on BILLING_PROVIDER_HOST; unset: no plan changes. */
  BILLING_CHECKOUT_URL?: string;
  /** The payment provider's host (e.g. `checkout.example-pay.com`): checkout URLs are only ever built on it. */
  BILLING_PROVIDER_HOST?: string;
  /**
   * Secret: the provider's webhook endpoint secret (`whsec_…`) that signs its events to
   * /api/v1/billing/provider-events; unset: events are refused and plan changes are off.
   */
  BILLING_WEBHOOK_SECRET?: string;
  /**
   * `true`: the checkout may be an http page on a loopback host (the local stand-in, dev/payment-provider), and only
   * while the dashboard itself is served on a loopback host. Local development only; off when deployed.
   */
  BILLING_ALLOW_LOOPBACK?: string;
}

// Appended for custom SMTP (see docs/api.md "Custom SMTP").
interface Env {
  /** `true`: the SMTP host may be a loopback address (the local SMTP inbox). Local development only; off when deployed. */
  SMTP_ALLOW_LOOPBACK?: string;
  /** DNS-over-HTTPS JSON endpoint the test send resolves SMTP hosts with (default Cloudflare's public resolver). */
  SMTP_DNS_URL?: string;
  /** Test sends per project and mode per hour (default 20; `0` = off). */
  SMTP_TEST_PER_HOUR?: string;
}

// Appended for webhook delivery (see docs/api.md "Webhook delivery").
interface Env {
  /** The companion Worker workers/webhook-dispatcher (service binding): enqueues outbox events on its queue. */
  WEBHOOK_DISPATCHER?: Service<import('../workers/webhook-dispatcher/index').default>;
  /** `true` in local stacks only: /api/v1/__dispatcher/… is passed to the dispatcher (its cron, test hooks). */
  WEBHOOK_DISPATCHER_PROXY?: string;
}

// Appended for limits and domain verification (see docs/api.md "Rate limits" and "Ecosystem").
interface Env {
  /** DNS-over-HTTPS JSON endpoint of the JWKS check's name check and the custom-domain TXT proof (default Cloudflare's). */
  DNS_OVER_HTTPS_URL?: string;
  /** Deliveries the test, resend and replay actions of one project may queue per hour (default 3000; `0` = off). */
  WEBHOOK_SENDS_PER_HOUR?: string;
}

// Appended for contract read calls (see docs/api.md "RPC URLs and read calls").
interface Env {
  /** `true`: RPC URLs may be loopback (the local JSON-RPC server of dev/rpc-server). Local development only. */
  RPC_ALLOW_LOOPBACK?: string;
  /** DNS-over-HTTPS JSON endpoint the read calls resolve RPC hosts with (default Cloudflare's public resolver). */
  RPC_DNS_URL?: string;
}

// Appended for the dashboard's own mail (see docs/api.md "Transactional mail").
interface Env {
  /** SMTP server of the dashboard's own mail (invites); unset: none is sent. */
  MAIL_SMTP_HOST?: string;
  /** Its port (default by TLS mode: 587, 465 implicit, 25 none). */
  MAIL_SMTP_PORT?: string;
  /** `starttls` (default), `implicit` or `none` (AUTH without TLS only to the local loopback inbox). */
  MAIL_SMTP_TLS?: string;
  MAIL_SMTP_USER?: string;
  /** A secret. */
  MAIL_SMTP_PASSWORD?: string;
  /** Sender address (required with MAIL_SMTP_HOST) and display name. */
  MAIL_FROM?: string;
  MAIL_FROM_NAME?: string;
}

// Appended for the request log (see docs/api.md "Request logs").
interface Env {
  /** The request log's own D1 database (migrations/logs): read by the logs routes, written by the dispatcher. */
  LOGS?: D1Database;
  /** `off`: the API records no request (the bench measures the API with and without). Default on. */
  REQUEST_LOGS?: string;
  /** Milliseconds the first entry of an isolate's hand-over waits for more (default 250; the Workers tests set 0). */
  REQUEST_LOG_FLUSH_MS?: string;
}
