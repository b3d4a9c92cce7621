import { INVITE_ROLE_WORDS, inviteDetails } from '../../src/shared/invite.ts';
import type { EmailMessage, OtpType } from './state.ts';
import { newUuid } from './tokens.ts';

const SUBJECTS: Record<OtpType, string> = {
  signup: 'Confirm your signup',
  invite: 'You have been invited',
  recovery: 'Reset your password',
  email_change: 'Confirm email change',
};

const INTROS: Record<OtpType, { lead: string; action: string }> = {
  signup: { lead: 'Follow this link to confirm your email address:', action: 'Confirm your email' },
  invite: {
    lead: 'You have been invited to create an account. Follow this link to accept the invite:',
    action: 'Accept the invite',
  },
  recovery: { lead: 'Follow this link to reset the password for your account:', action: 'Reset password' },
  email_change: { lead: 'Follow this link to confirm the change of your email address:', action: 'Change email' },
};

/** The dashboard link for a one-time token: `/auth/confirm` for confirmations, `/auth/reset-password` for recovery. */
export function actionLink(siteUrl: string, type: OtpType, tokenHash: string, redirectTo?: string): string {
  const page = type === 'recovery' ? '/auth/reset-password' : '/auth/confirm';
  const params = new URLSearchParams({ token_hash: tokenHash, type });
  if (redirectTo) params.set('redirect_to', redirectTo);
  return `${siteUrl}${page}?${params.toString()}`;
}

/**
 * The invite email as the dashboard's Supabase invite template words it (docs/api.md "Invites and their email":
 * `{{ .Data.invited_by }} invited you to {{ .Data.invited_project_name }}`), when the user metadata names the invite.
 */
function inviteWords(metadata: Record<string, unknown> | undefined) {
  const d = inviteDetails(metadata);
  if (!d) return null;
  return {
    subject: `${d.inviter} invited you to ${d.projectName}`,
    lead: `${d.inviter} invited you to join ${d.projectName} as ${INVITE_ROLE_WORDS[d.role]}. Follow this link to choose a password and accept (the invite is valid for 24 hours):`,
    action: `Join ${d.projectName}`,
  };
}

/** Compose the email GoTrue would send for a one-time token (an invite with the template's `{{ .Data }}` words). */
export function composeEmail(input: {
  to: string;
  type: OtpType;
  link: string;
  tokenHash: string;
  otp: string;
  createdAt: string;
  metadata?: Record<string, unknown>;
}): EmailMessage {
  const words = (input.type === 'invite' && inviteWords(input.metadata)) || null;
  const { lead, action } = words ?? INTROS[input.type];
  const subject = words?.subject ?? SUBJECTS[input.type];
  const html = `<h2>${escapeHtml(subject)}</h2>
<p>${escapeHtml(lead)}</p>
<p><a href="${escapeHtml(input.link)}">${escapeHtml(action)}</a></p>
<p>Alternatively, enter the code: <strong>${input.otp}</strong></p>`;
  const text = `${subject}\n\n${lead}\n${input.link}\n\nAlternatively, enter the code: ${input.otp}\n`;
  return {
    id: newUuid(),
    to: input.to,
    subject,
    type: input.type,
    html,
    text,
    links: [input.link],
    token_hash: input.tokenHash,
    otp: input.otp,
    created_at: input.createdAt,
  };
}

/** Messages newest first, optionally only those sent to one address. */
export function listMessages(emails: EmailMessage[], to?: string | null): EmailMessage[] {
  const wanted = to?.trim().toLowerCase();
  return emails.filter((m) => !wanted || m.to === wanted).toReversed();
}

/** The inbox page: every message, newest first, with its links clickable and its body shown. */
export function renderInboxPage(messages: EmailMessage[], filter: string | null): string {
  const rows = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong> <span class="type">${m.type}</span></header>
  <p class="meta">To <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${m.created_at}">${escapeHtml(new Date(m.created_at).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</time> · code <code>${m.otp}</code></p>
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>
  <details><summary>Message</summary><div class="body">${m.html}</div></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local inbox${filter ? ` · ${escapeHtml(filter)}` : ''}</title>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
  article { border: 1px solid #8884; border-radius: .5rem; padding: .75rem 1rem; margin: .75rem 0; }
  .meta { opacity: .8; margin: .25rem 0; font-size: .9rem; }
  .type { font-size: .75rem; border: 1px solid #8886; border-radius: 1rem; padding: 0 .5rem; }
  ul { margin: .25rem 0; padding-left: 1.25rem; word-break: break-all; }
  .body { border-top: 1px dashed #8886; margin-top: .5rem; }
</style></head>
<body>
<h1>Local inbox</h1>
<p>Emails the local auth emulator would have sent. ${filter ? `Showing mail to ${escapeHtml(filter)} · <a href="?">show all</a>` : 'Newest first.'} JSON: <a href="/inbox/api/messages">/inbox/api/messages</a></p>
${rows || '<p>No messages yet.</p>'}
</body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
