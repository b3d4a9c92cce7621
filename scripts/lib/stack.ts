import { mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { run } from './proc.ts';
import { startPagesServer, startSupervisedPagesServer } from './pages-server.ts';
import { startRateLimiter } from './rate-limiter.ts';
import { dispatcherConfig, runDispatcherCron, startLocalCron } from './webhook-dispatcher.ts';
import { killTree } from './supervise.ts';
import { freePort } from './free-port.ts';
import { startCaptureServer } from '../../dev/capture-server.ts';
import { createAuthEmulator } from '../../dev/auth-emulator/server.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../../dev/auth-emulator/config.ts';
import { createSmtpInbox } from '../../dev/smtp-inbox/server.ts';
import { LOCAL_SMTP, localTransactionalMail } from '../../dev/smtp-inbox/config.ts';
import { createPaymentProvider } from '../../dev/payment-provider/server.ts';
import { LOCAL_PAYMENTS, paymentBindings } from '../../dev/payment-provider/config.ts';
import { createDohServer } from '../../dev/doh/server.ts';

export interface StackOptions {
  port: number;
  /**
   * The port the browser uses when a proxy fronts the Pages server (the e2e asset cache, scripts/e2e-server.ts); the
   * site's own links (auth emails, the checkout's return) name it. Unset: `port`.
   */
  publicPort?: number;
  authPort: number;
  /** Start the loopback analytics capture server on this port and point the site at it. */
  capturePort?: number;
  posthogKey?: string;
  /** The local SMTP inbox's SMTP and web ports (dev/smtp-inbox); unset: any free ones. */
  smtpPort?: number;
  smtpInboxPort?: number;
  /** The payment-provider stand-in's port (dev/payment-provider); unset: any free one. */
  paymentsPort?: number;
  /** Restart the Pages server when it stops answering, probing this often (ms); unset: no supervision. */
  superviseEveryMs?: number;
  /** Variables of the webhook dispatcher over the stack's (e.g. WEBHOOK_ALLOW_LOOPBACK=false for SSRF tests). */
  dispatcherVars?: Record<string, string>;
  /** The local DNS-over-HTTPS stand-in's port (dev/doh: custom-domain proofs); unset: any free one. */
  dohPort?: number;
}

/**
 * A throw-away local stack for tests and benchmarks: fresh D1 state with migrations applied and the demo data, the auth emulator
 * (no rate limits), optionally the analytics capture server, and the built site through `wrangler pages dev`.
 */
export async function startStack(options: StackOptions) {
  const state = mkdtempSync(path.join(os.tmpdir(), 'dashboard-stack-'));
  const capture = options.capturePort ? await startCaptureServer(options.capturePort) : null;
  const siteUrl = `http://127.0.0.1:${options.publicPort ?? options.port}`;
  const auth = await createAuthEmulator({
    port: options.authPort,
    siteUrl,
    stateFile: path.join(state, 'auth-emulator.json'),
    rateLimits: false,
    emailFrequencySeconds: 0,
    bcryptCost: 4,
  });
  // The local SMTP inbox the seeded custom SMTP settings point at ("Send test email").
  const smtp = await createSmtpInbox({
    port: options.smtpPort ?? 0,
    webPort: options.smtpInboxPort ?? 0,
    user: LOCAL_SMTP.user,
    password: LOCAL_SMTP.password,
  });
  // The payment provider's hosted checkout and signed events (docs/api.md "Provider events").
  const payments = await createPaymentProvider({
    port: options.paymentsPort ?? 0,
    dashboardUrl: siteUrl,
    webhookSecret: LOCAL_PAYMENTS.webhookSecret,
    eventDelayMs: LOCAL_PAYMENTS.eventDelayMs,
    // A test may hold a payment's events to look at the pending state (POST /__test/hold, /__test/release).
    testHooks: true,
  });
  // DNS over HTTPS for the API (custom-domain TXT proofs, the JWKS check's names): offline, records set by tests.
  const doh = await createDohServer(options.dohPort ?? 0);
  const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' };
  const encryptionKey = randomBytes(32).toString('base64');
  // The migrations of the directory and the shards, and the demo data (idempotent), encrypted with the key the
  // server gets.
  await run('node', ['scripts/seed.ts', '--persist-to', state, '--quiet'], {
    env: { ...env, DATA_ENCRYPTION_KEY: encryptionKey, SMTP_PORT: String(smtp.smtpPort) },
    stdio: 'ignore',
  });
  const bindings: Record<string, string> = {
    PUBLIC_SUPABASE_URL: auth.url,
    DATA_ENCRYPTION_KEY: encryptionKey,
    // Member invites: the API calls the emulator's admin invite with its local service-role key (server side only).
    SUPABASE_SERVICE_ROLE_KEY: LOCAL_SERVICE_ROLE_KEY,
    // Plan changes through the payment-provider stand-in (docs/api.md "Billing"): its checkout (http on loopback,
    // BILLING_ALLOW_LOOPBACK) and the endpoint secret its events are signed with.
    ...paymentBindings(payments.url),
    // The providers' JWKS check may fetch the local auth emulator's key set (loopback; never set when deployed).
    JWKS_CHECK_ALLOW_LOOPBACK: 'true',
    // Custom SMTP may send to the local SMTP inbox (loopback; never set when deployed).
    SMTP_ALLOW_LOOPBACK: 'true',
    // Contract read calls may go to a local JSON-RPC server (dev/rpc-server; loopback; never set when deployed).
    RPC_ALLOW_LOOPBACK: 'true',
    // The dashboard's own mail (invites) goes to the local SMTP inbox too (docs/api.md "Transactional mail").
    ...localTransactionalMail(smtp.smtpPort),
    // Webhooks may target receivers on this machine, as with `npm start` (never set when deployed).
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // /api/v1/__dispatcher/… reaches the webhook dispatcher (its cron; test hooks): local stacks only.
    WEBHOOK_DISPATCHER_PROXY: 'true',
    DNS_OVER_HTTPS_URL: doh.url,
    // `REQUEST_LOGS=off` in the environment: the API records no request (the bench compares; docs/api.md "Request logs").
    ...(process.env.REQUEST_LOGS ? { REQUEST_LOGS: process.env.REQUEST_LOGS } : {}),
  };
  if (capture && options.posthogKey) {
    bindings.PUBLIC_POSTHOG_KEY = options.posthogKey;
    bindings.PUBLIC_POSTHOG_HOST = `http://127.0.0.1:${options.capturePort}`;
  }
  // The API's rate limits count in the companion Worker's Durable Object; the browser tests stay far below them.
  const limiter = await startRateLimiter({ quiet: true });
  // The webhook delivery engine in the same runtime (same D1); its test hooks (the schedule's clock, a sweep now)
  // are on in test stacks only; the cron fires every minute.
  const dispatcher = dispatcherConfig(state, {
    DATA_ENCRYPTION_KEY: encryptionKey,
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // Names resolve through the local resolver (nothing real): no delivery leaves the machine.
    WEBHOOK_DOH_URL: doh.url,
    WEBHOOK_LOCAL_HOOKS: 'true',
    WEBHOOK_TEST_HOOKS: 'true',
    ...options.dispatcherVars,
  });
  const serverOptions = {
    port: options.port,
    persistTo: state,
    quiet: true,
    bindings,
    env: limiter.env,
    workers: [dispatcher],
  };
  const startPages = () =>
    options.superviseEveryMs
      ? startSupervisedPagesServer({
          ...serverOptions,
          probeIntervalMs: options.superviseEveryMs,
          giveUp: (error) => console.error(`stack: the Pages server did not come back: ${error.message}`),
        })
      : startPagesServer(serverOptions).then((s) => ({
          url: s.url,
          child: () => s.child,
          stop: () => killTree(s.child),
        }));
  let pages: Awaited<ReturnType<typeof startPages>>;
  try {
    pages = await startPages();
  } catch (error) {
    // What started before it stops too: a failed start left the rate limiter's wrangler running after the test run.
    killTree(limiter.child);
    capture?.close();
    await Promise.allSettled([smtp.close(), payments.close(), doh.close(), auth.close()]);
    throw error;
  }
  const cron = startLocalCron(() => pages.url);
  return {
    url: pages.url,
    /** The dispatcher's cron work once now (the real scheduled sweep, through the local proxy). */
    runDispatcherCron: () => runDispatcherCron(pages.url),
    auth,
    smtp,
    payments,
    doh,
    state,
    /** The wrangler process of the moment (a supervised server replaces it when it restarts). */
    pagesChild: pages.child,
    children: [pages.child(), limiter.child],
    close: async () => {
      // What a stopping wrangler prints (e.g. its esbuild service's dump when its pipe closes) is not news.
      for (const child of [pages.child(), limiter.child]) child.stderr?.removeAllListeners('data');
      cron.stop();
      pages.stop();
      killTree(limiter.child);
      capture?.close();
      await smtp.close();
      await payments.close();
      await doh.close();
      await auth.close();
    },
  };
}

/** A running local stack (startStack's answer). */
export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Whether an error is `wrangler pages dev` finding its port taken (scripts/lib/pages-server.ts). */
export const isPortTaken = (error: unknown) => error instanceof Error && /address already in use/i.test(error.message);

/**
 * Runs `attempt` again (up to `tries` times in all) while it fails because a port it was given was taken meanwhile.
 * A port checked free can still be bound by another process in the seconds before `wrangler` binds it (another stack
 * of this run, or another suite on a shared machine): run 32 of the clean-clone checks lost a stack test that way.
 */
export async function retryOnPortTaken<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= tries || !isPortTaken(error)) throw error;
      console.error(`stack: ${(error as Error).message}; starting again on other ports (${n + 1} of ${tries})`);
    }
  }
}

/** `startStack` on free ports of its own (the site's and the auth emulator's), chosen again if one is taken. */
export function startStackOnFreePorts(options: Omit<StackOptions, 'port' | 'authPort'> = {}): Promise<Stack> {
  return retryOnPortTaken(async () => startStack({ ...options, port: await freePort(), authPort: await freePort() }));
}
