import type { InboxMessage } from './server.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111;background:#fff}
main{max-width:860px;margin:0 auto;padding:24px 16px}h1{font-size:22px;margin:0 0 4px}
p.note{color:#555;margin:0 0 16px}table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px;border-bottom:1px solid #ddd;vertical-align:top}
a{color:#0b57d0}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}dt{color:#555}
iframe{width:100%;height:480px;border:1px solid #ddd;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;background:#f5f5f5;padding:12px;border-radius:8px}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}p.note,dt{color:#aaa}th,td{border-color:#333}a{color:#8ab4f8}pre{background:#222}}`;

const layout = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

/** The list of received messages, newest first. */
export function inboxPage(messages: InboxMessage[], smtpPort: number): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td><a href="/inbox/${m.id}">${esc(m.subject || '(no subject)')}</a></td><td>${esc(m.from)}</td><td>${esc(m.rcptTo.join(', '))}</td><td><time datetime="${m.receivedAt}">${esc(m.receivedAt.replace('T', ' ').slice(0, 19))} UTC</time></td></tr>`,
    )
    .join('');
  return layout(
    'SMTP inbox',
    `<h1>Local SMTP inbox</h1><p class="note">Every email sent to the local SMTP server (127.0.0.1:${smtpPort}, the Custom SMTP page's default) lands here. Newest first; kept in memory until the server stops. Reload to see new ones.</p>` +
      (messages.length
        ? `<table><thead><tr><th>Subject</th><th>From</th><th>To</th><th>Received</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>No messages yet. Press "Send test email" on the Custom SMTP page.</p>'),
  );
}

/** One message: its headers, the HTML body in a sandboxed iframe (nothing in it runs) and the text part. */
export function messagePage(m: InboxMessage): string {
  return layout(
    m.subject || 'Message',
    `<p><a href="/inbox">Back to the inbox</a></p><h1>${esc(m.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${esc(m.from)}</dd><dt>To</dt><dd>${esc(m.to)}</dd><dt>Envelope</dt><dd>${esc(m.mailFrom)} → ${esc(m.rcptTo.join(', '))}</dd><dt>Received</dt><dd>${esc(m.receivedAt)}</dd></dl>` +
      (m.html ? `<h2>HTML</h2><iframe title="HTML body" sandbox srcdoc="${esc(m.html)}"></iframe>` : '') +
      (m.text ? `<h2>Text</h2><pre>${esc(m.text)}</pre>` : ''),
  );
}
