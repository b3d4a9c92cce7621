import type { EmailVariable } from '../../shared/email-templates';

/** What the preview puts in place of each variable. */
export function sampleValues(projectName: string | undefined): Record<EmailVariable, string> {
  return {
    link: 'https://auth.example.com/verify?token_hash=5f2b8c1e9d&type=email',
    code: '482913',
    email: 'user@example.com',
    projectName: projectName || 'Your project',
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The text with each known `{{variable}}` replaced by its sample (HTML-escaped when `html`); others are left. */
export function fillVariables(text: string, values: Record<string, string>, html: boolean): string {
  return text.replace(/\{\{\s*([^{}]*?)\s*\}\}/g, (whole, name: string) => {
    const v = Object.hasOwn(values, name) ? values[name]! : null;
    return v === null ? whole : html ? escapeHtml(v) : v;
  });
}

/**
 * The policy of the preview's document, on top of the sandbox (no scripts, opaque origin) and of the dashboard's own
 * policy, which an about:srcdoc document inherits: nothing is fetched (only data: images and inline styles), no
 * form is sent, and no nested frame loads.
 */
export const PREVIEW_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; form-action 'none'";

/**
 * The `srcdoc` of the preview: the body with sample values, after the policy and a `<base target="_blank">` (the
 * first base wins, and a sandbox without allow-popups opens nothing, so a clicked link leaves the preview in place).
 */
export function previewDocument(body: string, values: Record<string, string>): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`,
    '<meta name="referrer" content="no-referrer"><base target="_blank">',
    '<style>body{margin:16px;font:14px/1.5 system-ui,sans-serif;color:#111;background:#fff;word-break:break-word}</style>',
    '</head><body>',
    fillVariables(body, values, true),
    '</body></html>',
  ].join('');
}
