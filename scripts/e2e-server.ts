/**
 * The end-to-end stack (started by Playwright): the built site with its Functions, a fresh local D1, the auth
 * emulator and the loopback analytics capture server. Expects `npm run build` to have run.
 */
import { stopOnExit } from './lib/proc.ts';
import { startStack } from './lib/stack.ts';
import { startAssetCacheProxy } from './lib/asset-cache-proxy.ts';
import { E2E } from '../tests/e2e/ports.ts';

const stack = await startStack({
  port: E2E.sitePort,
  publicPort: E2E.port,
  authPort: E2E.authPort,
  capturePort: E2E.capturePort,
  posthogKey: E2E.posthogKey,
  smtpPort: E2E.smtpPort,
  smtpInboxPort: E2E.smtpInboxPort,
  paymentsPort: E2E.paymentsPort,
  dohPort: E2E.dohPort,
});
stopOnExit(stack.children);
// The browser reaches the site through the asset cache: immutable assets come from memory after their first load.
const front = await startAssetCacheProxy({ port: E2E.port, target: E2E.sitePort });
process.on('exit', () => void front.close());
process.on('exit', () => void stack.close());
console.log(
  `e2e stack on ${E2E.baseURL} (Pages server ${stack.url} behind the asset cache; auth ${stack.auth.url}, inbox ${stack.auth.inboxUrl}, capture ${E2E.captureURL}, SMTP inbox ${stack.smtp.inboxUrl}, payments ${stack.payments.url})`,
);
