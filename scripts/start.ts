/**
 * `npm start`: builds the site, prepares the local D1 database and serves everything on http://127.0.0.1:$PORT
 * (default 8788), the auth emulator on $AUTH_EMULATOR_PORT (default 54321), the local SMTP inbox on $SMTP_PORT
 * (default 2525) with its page on $SMTP_INBOX_PORT (default 8025), the payment-provider stand-in (hosted checkout, signed
 * events) on $PAYMENTS_PORT (default 8789), a local JSON-RPC server on $RPC_PORT (default 8545) for contract read
 * calls, a local DNS-over-HTTPS resolver on $DOH_PORT (default 8053). Stops with one line when a port is
 * taken; restarts the Pages server when its Workers runtime stops answering (docs/decisions.md "The local stack
 * fails loudly").
 */
import { ROOT, run, start } from './lib/proc.ts';
import { localEncryptionKey } from './seed/local-secrets.ts';
import { DEMO_ACCOUNTS, LOCAL_AUTH } from '../src/shared/demo-accounts.ts';
import { startSupervisedPagesServer } from './lib/pages-server.ts';
import { startRateLimiter } from './lib/rate-limiter.ts';
import { dispatcherConfig, startLocalCron } from './lib/webhook-dispatcher.ts';
import path from 'node:path';
import { takenPortMessage } from './lib/ports.ts';
import { killTree } from './lib/supervise.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../dev/auth-emulator/config.ts';
import { LOCAL_SMTP, localTransactionalMail } from '../dev/smtp-inbox/config.ts';
import { LOCAL_PAYMENTS, paymentBindings } from '../dev/payment-provider/config.ts';
import { LOCAL_RPC_PORT } from './seed/local-rpc.ts';
import { createDohServer } from '../dev/doh/server.ts';

const port = Number(process.env.PORT ?? 8788);
const authPort = Number(process.env.AUTH_EMULATOR_PORT ?? LOCAL_AUTH.port);
const authUrl = `http://127.0.0.1:${authPort}`;
const smtpPort = Number(process.env.SMTP_PORT ?? LOCAL_SMTP.port);
const smtpInboxPort = Number(process.env.SMTP_INBOX_PORT ?? LOCAL_SMTP.webPort);
const paymentsPort = Number(process.env.PAYMENTS_PORT ?? LOCAL_PAYMENTS.port);
const rpcPort = Number(process.env.RPC_PORT ?? LOCAL_RPC_PORT);
const dohPort = Number(process.env.DOH_PORT ?? 8053);

const taken = await takenPortMessage([
  { port, what: 'the dashboard', variable: 'PORT' },
  { port: authPort, what: 'the auth emulator', variable: 'AUTH_EMULATOR_PORT' },
  { port: smtpPort, what: 'the local SMTP server', variable: 'SMTP_PORT' },
  { port: smtpInboxPort, what: 'the SMTP inbox page', variable: 'SMTP_INBOX_PORT' },
  { port: paymentsPort, what: 'the payment-provider stand-in', variable: 'PAYMENTS_PORT' },
  { port: rpcPort, what: 'the local JSON-RPC server', variable: 'RPC_PORT' },
  { port: dohPort, what: 'the local DNS-over-HTTPS resolver', variable: 'DOH_PORT' },
]);
if (taken) {
  console.error(taken);
  process.exit(1);
}

let stopping = false;
const running: { stop(): void }[] = [];

await run('astro', ['build']);
// Applies the D1 migrations locally and seeds the demo data when it is missing (idempotent); the demo project's custom
// SMTP points at the local SMTP inbox on SMTP_PORT.
await run('node', ['scripts/seed.ts'], {
  env: { ...process.env, SMTP_PORT: String(smtpPort), RPC_PORT: String(rpcPort) },
});
const auth = start('auth', 'node', ['dev/auth-emulator/main.ts'], {
  ...process.env,
  AUTH_EMULATOR_PORT: String(authPort),
  SITE_URL: `http://127.0.0.1:${port}`,
});
running.push({ stop: () => killTree(auth) });
auth.once('exit', (code) => {
  if (code === null || stopping) return;
  console.error(`npm start: the auth emulator stopped (exit code ${code}); sign-in cannot work without it. Stopping.`);
  stop(1);
});
const smtp = start('smtp', 'node', ['dev/smtp-inbox/main.ts'], {
  ...process.env,
  SMTP_PORT: String(smtpPort),
  SMTP_INBOX_PORT: String(smtpInboxPort),
});
running.push({ stop: () => killTree(smtp) });
// The local JSON-RPC server the demo's test-mode Sepolia RPC URL points at (contract read calls, offline).
const rpc = start('rpc', 'node', ['dev/rpc-server/server.ts', String(rpcPort)], process.env);
running.push({ stop: () => killTree(rpc) });
smtp.once('exit', (code) => {
  if (code === null || stopping) return;
  console.error(`npm start: the local SMTP inbox stopped (exit code ${code}). Stopping.`);
  stop(1);
});
// The payment provider's hosted checkout; "Pay" sends its signed events to the dashboard (docs/api.md "Billing").
const payments = start('payments', 'node', ['dev/payment-provider/main.ts'], {
  ...process.env,
  PAYMENTS_PORT: String(paymentsPort),
  DASHBOARD_URL: `http://127.0.0.1:${port}`,
});
running.push({ stop: () => killTree(payments) });
payments.once('exit', (code) => {
  if (code === null || stopping) return;
  console.error(`npm start: the payment-provider stand-in stopped (exit code ${code}). Stopping.`);
  stop(1);
});
const limiter = await startRateLimiter({ quiet: true });
running.push({ stop: () => killTree(limiter.child) });
// DNS over HTTPS for the API (custom-domain TXT proofs, the JWKS check's names) and the webhook dispatcher, offline:
// records are set by hand (`POST /records`, printed below), nothing real is resolved.
const doh = await createDohServer(dohPort);
running.push({ stop: () => void doh.close() });
// The webhook delivery engine (workers/webhook-dispatcher) in the same runtime as the Pages server (same local D1).
const dispatcher = dispatcherConfig(path.join(ROOT, '.wrangler'), {
  DATA_ENCRYPTION_KEY: localEncryptionKey(ROOT),
  // Local only, like the API's: a receiver on this machine may get deliveries.
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  // Host names resolve through the local resolver, as the deployed Worker's do over DNS-over-HTTPS: a name it does
  // not know (the demo's hooks.example.com) is "does not resolve", and no delivery leaves the machine.
  WEBHOOK_DOH_URL: doh.url,
  WEBHOOK_LOCAL_HOOKS: 'true',
});
const pages = await startSupervisedPagesServer({
  port,
  env: limiter.env,
  workers: [dispatcher],
  bindings: {
    PUBLIC_SUPABASE_URL: authUrl,
    DATA_ENCRYPTION_KEY: localEncryptionKey(ROOT),
    // Member invites go through the emulator's admin invite (its local service-role key; a secret when deployed).
    SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY,
    // Local only: webhooks may target a receiver on this machine (never set in the deployed configuration).
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // Local only: /api/v1/__dispatcher/… reaches the webhook dispatcher (its cron, fired below each minute).
    WEBHOOK_DISPATCHER_PROXY: 'true',
    // Local only: the providers' JWKS check may fetch a key set served on this machine.
    JWKS_CHECK_ALLOW_LOOPBACK: 'true',
    // Local only: custom SMTP may send to the local SMTP inbox on this machine.
    SMTP_ALLOW_LOOPBACK: 'true',
    // Local only: plans are bought on the payment-provider stand-in (http on loopback) and change by its signed events.
    ...paymentBindings(`http://127.0.0.1:${paymentsPort}`),
    // Local only: contract read calls may go to the local JSON-RPC server (dev/rpc-server) on this machine.
    RPC_ALLOW_LOOPBACK: 'true',
    // The dashboard's own mail (invites) goes to the local SMTP inbox (docs/api.md "Transactional mail").
    ...localTransactionalMail(smtpPort),
    // Local only: names resolve through the local resolver above.
    DNS_OVER_HTTPS_URL: doh.url,
  },
  giveUp: (error) => {
    console.error(`npm start: the Pages server stopped answering and did not come back (${error.message}). Stopping.`);
    stop(1);
  },
});
running.push(pages);
running.push(startLocalCron(() => pages.url));

function stop(code: number): never {
  stopping = true;
  for (const part of running) part.stop();
  process.exit(code);
}
process.on('SIGINT', () => stop(130));
process.on('SIGTERM', () => stop(143));

console.log(`
  Dashboard:     ${pages.url}
  Demo sign-in:  ${DEMO_ACCOUNTS.demo.email} / ${DEMO_ACCOUNTS.demo.password}
  Auth emulator: ${authUrl}   Inbox: ${authUrl}/inbox
  SMTP inbox:    http://127.0.0.1:${smtpInboxPort}/inbox   (custom SMTP "Send test email"; SMTP on 127.0.0.1:${smtpPort})
  Payments:      http://127.0.0.1:${paymentsPort}/subscriptions   (the hosted checkout of Billing → Change plan)
  DNS (local):   POST http://127.0.0.1:${dohPort}/records {"name":"_dashboard-verify.<domain>","type":"TXT","data":["<token>"]}
                 (the TXT record that proves a custom domain: Ecosystem → Custom domain → Verify)
`);
