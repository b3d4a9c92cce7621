import { CONFIG_META_NAME, type PublicConfig } from '../../src/shared/public-config';

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

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Puts the public configuration into the page head, where `src/lib/config.ts` reads it. */
export function injectConfig(html: string, config: PublicConfig): string {
  const meta = `<meta name="${CONFIG_META_NAME}" content="${escapeAttr(JSON.stringify(config))}">`;
  const at = html.indexOf('<head>');
  return at === -1 ? meta + html : html.slice(0, at + 6) + meta + html.slice(at + 6);
}
