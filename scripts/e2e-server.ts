/**
 * The end-to-end stack: the built site with its Functions (wrangler pages dev, fresh local D1) and the loopback
 * analytics capture server. Playwright starts it; it expects `npm run build` to have run.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run, stopOnExit } from './lib/proc.ts';
import { startPagesServer } from './lib/pages-server.ts';
import { startCaptureServer } from '../dev/capture-server.ts';
import { E2E } from '../tests/e2e/ports.ts';
import { createAuthEmulator } from '../dev/auth-emulator/server.ts';

const state = mkdtempSync(path.join(os.tmpdir(), 'dashboard-e2e-'));
const capture = await startCaptureServer(E2E.capturePort);
// A fresh emulator with the demo accounts; no rate or email-frequency limits so tests can repeat flows.
const auth = await createAuthEmulator({
  port: E2E.authPort,
  siteUrl: E2E.baseURL,
  stateFile: path.join(state, 'auth-emulator.json'),
  rateLimits: false,
  emailFrequencySeconds: 0,
  bcryptCost: 4,
});
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' };
await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { env, stdio: 'ignore' });
const pages = await startPagesServer({
  port: E2E.port,
  persistTo: state,
  quiet: true,
  bindings: { PUBLIC_POSTHOG_KEY: E2E.posthogKey, PUBLIC_POSTHOG_HOST: E2E.captureURL, PUBLIC_SUPABASE_URL: auth.url },
});
stopOnExit([pages.child]);
process.on('exit', () => (capture.close(), void auth.close()));
console.log(
  `e2e stack ready on ${pages.url} (auth emulator ${auth.url}, inbox ${auth.inboxUrl}, analytics capture ${E2E.captureURL})`,
);
