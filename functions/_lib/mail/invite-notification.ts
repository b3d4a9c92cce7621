import { INVITE_ROLE_WORDS } from '../../../src/shared/invite';
import { escapeHtml } from './transactional';

/**
 * The invite notification of an existing account (docs/api.md "Invites and their email"): who invited them, to which
 * project, as what, and the link that signs them in and opens the project, where the invite becomes their membership.
 */
export function inviteNotification(o: { projectName: string; role: string; inviter: string; link: string }) {
  const role = INVITE_ROLE_WORDS[o.role] ?? o.role;
  const subject = `${o.inviter} invited you to ${o.projectName}`;
  const text = [
    `${o.inviter} invited you to join ${o.projectName} as ${role}.`,
    'You already have an account: sign in to accept (the invite is valid for 24 hours).',
    o.link,
  ].join('\n\n');
  const html =
    `<p>${escapeHtml(o.inviter)} invited you to join <strong>${escapeHtml(o.projectName)}</strong> as ${escapeHtml(role)}.</p>` +
    `<p>You already have an account: sign in to accept (the invite is valid for 24 hours).</p>` +
    `<p><a href="${escapeHtml(o.link)}">Sign in and join ${escapeHtml(o.projectName)}</a></p>`;
  return { subject, html, text };
}
