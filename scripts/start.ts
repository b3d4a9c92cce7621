/**
 * `npm start`: builds the site, prepares the local D1 database and serves everything on http://127.0.0.1:$PORT.
 */
import { ROOT, run, start, stopOnExit } from './lib/proc.ts';
import { localEncryptionKey } from './seed/local-secrets.ts';
import { DEMO_ACCOUNTS, LOCAL_AUTH } from '../src/shared/demo-accounts.ts';
import { startPagesServer } from './lib/pages-server.ts';
import { startRateLimiter } from './lib/rate-limiter.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../dev/auth-emulator/config.ts';

const port = Number(process.env.PORT ?? 8788);

await run('astro', ['build']);
// Applies the D1 migrations locally and seeds the demo data when it is missing (idempotent).
await run('node', ['scripts/seed.ts']);
const auth = start('auth', 'node', ['dev/auth-emulator/main.ts'], {
  ...process.env,
  AUTH_EMULATOR_PORT: String(LOCAL_AUTH.port),
  SITE_URL: `http://127.0.0.1:${port}`,
});
const limiter = await startRateLimiter({ quiet: true });
const pages = await startPagesServer({
  port,
  env: limiter.env,
  bindings: {
    DATA_ENCRYPTION_KEY: localEncryptionKey(ROOT),
    // Member invites go through the emulator's admin invite (its local service-role key; a secret when deployed).
    SUPABASE_SERVICE_ROLE_KEY: process.env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY,
    // Local only: webhooks may target a receiver on this machine (never set in the deployed configuration).
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    // Local only: the providers' JWKS check may fetch a key set served on this machine.
    JWKS_CHECK_ALLOW_LOOPBACK: 'true',
  },
});
stopOnExit([pages.child, limiter.child, auth]);

console.log(`
  Dashboard:     ${pages.url}
  Demo sign-in:  ${DEMO_ACCOUNTS.demo.email} / ${DEMO_ACCOUNTS.demo.password}
  Auth emulator: ${LOCAL_AUTH.url}   Inbox: ${LOCAL_AUTH.url}/inbox
`);
