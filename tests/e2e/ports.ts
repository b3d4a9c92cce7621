/**
 * Loopback ports of the end-to-end stack (npm start uses 8788, so the two can run side by side).
 * `E2E_PORT_OFFSET` shifts them all, so that two checkouts (or two people on one machine) can run e2e at once.
 */
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;
const port = 8799 + offset;
const sitePort = 8786 + offset;
const capturePort = 8798 + offset;
const authPort = 8797 + offset;
const smtpPort = 8794 + offset;
const smtpInboxPort = 8793 + offset;
const paymentsPort = 8790 + offset;
const dohPort = 8792 + offset;

export const E2E = {
  /** What the browser opens: the asset cache (scripts/lib/asset-cache-proxy.ts) in front of the Pages server. */
  port,
  /** The Pages server itself, behind the asset cache. */
  sitePort,
  baseURL: `http://127.0.0.1:${port}`,
  capturePort,
  captureURL: `http://127.0.0.1:${capturePort}`,
  authPort,
  authURL: `http://127.0.0.1:${authPort}`,
  posthogKey: 'phc_e2e_test_key',
  /** The local SMTP inbox (dev/smtp-inbox): SMTP, and its web page and JSON. */
  smtpPort,
  smtpInboxPort,
  smtpInboxURL: `http://127.0.0.1:${smtpInboxPort}`,
  /** The payment-provider stand-in (dev/payment-provider): the hosted checkout and its signed events. */
  paymentsPort,
  paymentsURL: `http://127.0.0.1:${paymentsPort}`,
  /** The local DNS-over-HTTPS stand-in (dev/doh): tests set the TXT record that proves a custom domain. */
  dohPort,
  dohURL: `http://127.0.0.1:${dohPort}`,
} as const;
