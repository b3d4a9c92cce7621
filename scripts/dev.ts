/**
 * `npm run dev`: Astro's hot-reloading dev server behind the same Pages Functions (wrangler proxies to it), with
 * local D1 and the auth emulator, on http://127.0.0.1:$PORT.
 */
import { ROOT, run, start, stopOnExit, waitForHttp } from './lib/proc.ts';
import { localEncryptionKey } from './seed/local-secrets.ts';
import { LOCAL_AUTH } from '../src/shared/demo-accounts.ts';
import { startRateLimiter } from './lib/rate-limiter.ts';
import { dispatcherConfig, startLocalCron } from './lib/webhook-dispatcher.ts';
import path from 'node:path';
import { LOCAL_SERVICE_ROLE_KEY } from '../dev/auth-emulator/config.ts';
import { LOCAL_SMTP, localTransactionalMail } from '../dev/smtp-inbox/config.ts';
import { takenPortMessage } from './lib/ports.ts';
import { createDohServer } from '../dev/doh/server.ts';

const port = Number(process.env.PORT ?? 8788);
const astroPort = Number(process.env.ASTRO_PORT ?? 4321);
const authPort = Number(process.env.AUTH_EMULATOR_PORT ?? LOCAL_AUTH.port);
const smtpPort = Number(process.env.SMTP_PORT ?? LOCAL_SMTP.port);
const smtpInboxPort = Number(process.env.SMTP_INBOX_PORT ?? LOCAL_SMTP.webPort);
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' };

const taken = await takenPortMessage(
  [
    { port, what: 'the dashboard', variable: 'PORT' },
    { port: astroPort, what: "Astro's dev server", variable: 'ASTRO_PORT' },
    { port: authPort, what: 'the auth emulator', variable: 'AUTH_EMULATOR_PORT' },
    { port: smtpPort, what: 'the local SMTP server', variable: 'SMTP_PORT' },
    { port: smtpInboxPort, what: 'the SMTP inbox page', variable: 'SMTP_INBOX_PORT' },
  ],
  'npm run dev',
);
if (taken) {
  console.error(taken);
  process.exit(1);
}

await run('node', ['scripts/seed.ts'], { env: { ...process.env, SMTP_PORT: String(smtpPort) } });
const smtp = start('smtp', 'node', ['dev/smtp-inbox/main.ts'], {
  ...process.env,
  SMTP_PORT: String(smtpPort),
  SMTP_INBOX_PORT: String(smtpInboxPort),
});
const auth = start('auth', 'node', ['dev/auth-emulator/main.ts'], {
  ...process.env,
  AUTH_EMULATOR_PORT: String(authPort),
  SITE_URL: `http://127.0.0.1:${port}`,
});
const astro = start('astro', 'astro', ['dev', '--host', '127.0.0.1', '--port', String(astroPort)]);
await waitForHttp(`http://127.0.0.1:${astroPort}/`);
const limiter = await startRateLimiter({ quiet: true });
// DNS over HTTPS for the API and the webhook dispatcher, offline, as with `npm start` (on any free port here).
const doh = await createDohServer(0);
// The webhook delivery engine in the same runtime (same local D1), as with `npm start`.
const dispatcher = dispatcherConfig(path.join(ROOT, '.wrangler'), {
  DATA_ENCRYPTION_KEY: localEncryptionKey(ROOT),
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  WEBHOOK_DOH_URL: doh.url,
  WEBHOOK_LOCAL_HOOKS: 'true',
});
const pages = start(
  'pages',
  'wrangler',
  [
    'pages',
    'dev',
    '--proxy',
    String(astroPort),
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--binding',
    `DATA_ENCRYPTION_KEY=${localEncryptionKey(ROOT)}`,
    '--binding',
    `PUBLIC_SUPABASE_URL=http://127.0.0.1:${authPort}`,
    '--binding',
    'WEBHOOK_ALLOW_LOOPBACK=true',
    '--binding',
    'JWKS_CHECK_ALLOW_LOOPBACK=true',
    '--binding',
    'SMTP_ALLOW_LOOPBACK=true',
    '--binding',
    'WEBHOOK_DISPATCHER_PROXY=true',
    '--binding',
    `DNS_OVER_HTTPS_URL=${doh.url}`,
    '-c',
    'wrangler.toml',
    '-c',
    dispatcher,
    // Member invites go through the emulator's admin invite (its local service-role key; a secret when deployed).
    '--binding',
    `SUPABASE_SERVICE_ROLE_KEY=${process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY}`,
    // The dashboard's own mail (invites to existing accounts) goes to the local SMTP inbox, as with `npm start`.
    ...Object.entries(localTransactionalMail(smtpPort)).flatMap(([k, v]) => ['--binding', `${k}=${v}`]),
  ],
  { ...env, ...limiter.env },
);
stopOnExit([auth, smtp, astro, pages, limiter.child]);
startLocalCron(() => `http://127.0.0.1:${port}`);
console.log(
  `\n  Dashboard (hot reload): http://127.0.0.1:${port}\n  SMTP inbox: http://127.0.0.1:${smtpInboxPort}/inbox\n`,
);
