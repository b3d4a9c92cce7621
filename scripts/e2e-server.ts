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

const state = mkdtempSync(path.join(os.tmpdir(), 'dashboard-e2e-'));
const capture = await startCaptureServer(E2E.capturePort);
const env = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' };
await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], { env, stdio: 'ignore' });
const pages = await startPagesServer({
  port: E2E.port,
  persistTo: state,
  quiet: true,
  bindings: { PUBLIC_POSTHOG_KEY: E2E.posthogKey, PUBLIC_POSTHOG_HOST: E2E.captureURL },
});
stopOnExit([pages.child]);
process.on('exit', () => capture.close());
console.log(`e2e stack ready on ${pages.url} (analytics capture on ${E2E.captureURL})`);
