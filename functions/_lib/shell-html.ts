import { CONFIG_META_NAME, type PublicConfig } from '../../src/shared/public-config';
import { DASHBOARD_SCRIPTS_META, SHA256_BASE64 } from '../../src/shared/dashboard-scripts';

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Base64 SHA-256 of every inline (no `src`) script in an HTML document, in document order. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const hashes: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attrs) || body.length === 0) continue;
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body));
    hashes.push(btoa(String.fromCharCode(...new Uint8Array(digest))));
  }
  return [...new Set(hashes)];
}

/**
 * The script hashes a page's policy allows: its own inline scripts', and on the sign-in page those the build lists for
 * the dashboard pages it opens through the client router (src/shared/dashboard-scripts.ts).
 */
export async function pageScriptHashes(html: string): Promise<string[]> {
  const listed = new RegExp(`<meta name="${DASHBOARD_SCRIPTS_META}" content="([^"]*)">`).exec(html)?.[1] ?? '';
  const dashboard = listed.split(' ').filter((hash) => SHA256_BASE64.test(hash));
  return [...new Set([...(await inlineScriptHashes(html)), ...dashboard])];
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Puts the public configuration into the page head, where `src/lib/config.ts` reads it. */
export function injectConfig(html: string, config: PublicConfig): string {
  const meta = `<meta name="${CONFIG_META_NAME}" content="${escapeAttr(JSON.stringify(config))}">`;
  const at = html.indexOf('<head>');
  return at === -1 ? meta + html : html.slice(0, at + 6) + meta + html.slice(at + 6);
}
