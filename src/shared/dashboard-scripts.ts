/**
 * The `<meta>` in which the build lists, on the sign-in page, the SHA-256 hashes (base64, space-separated) of every
 * inline script of the dashboard's pages (scripts/build/dashboard-scripts.ts writes it). The sign-in opens the
 * dashboard through the client router (src/lib/open-after-sign-in.ts), which runs the new page's inline scripts in
 * the sign-in page's document: the edge adds these hashes to that page's policy (functions/_lib/shell-html.ts).
 */
export const DASHBOARD_SCRIPTS_META = 'dashboard-script-hashes';

/** A base64 SHA-256 digest: what a listed hash must look like to reach a policy. */
export const SHA256_BASE64 = /^[A-Za-z0-9+/]{43}=$/;
