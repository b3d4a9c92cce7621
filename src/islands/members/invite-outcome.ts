import type { Member } from '../../shared/api/projects';
import type { ApiRequestError } from '../../lib/api-client';

/**
 * What became of each invite of the invite dialog, in the words its toast and list use (docs/api.md "Invites and their
 * email"): emailed to a new address, emailed to an existing account, saved without an email (and why), not invited.
 */
export interface Outcome {
  email: string;
  /** `sent`: the invite email went to a new address; `notified`: an existing account got the dashboard's email;
   * `saved`: the invite is kept but no email went out; `failed`: not invited. */
  kind: 'sent' | 'notified' | 'saved' | 'failed';
  message: string;
}

/** A reason as the end of a sentence: lower-case start, no closing full stop. */
const clause = (reason: string) => reason.charAt(0).toLowerCase() + reason.slice(1).replace(/\.$/, '');

/** What happened to one invite, in the words the toast and the dialog use (docs/api.md "Invites and their email"). */
export function inviteOutcome(email: string, m: Member): Outcome {
  if (m.emailStatus !== 'existing_account') return { email, kind: 'sent', message: 'was emailed an invite' };
  // Sent now: the row's send time is this invite's (a renewal keeps an older one otherwise).
  if (m.emailSentAt && m.emailSentAt === m.createdAt)
    return { email, kind: 'notified', message: 'already has an account: we emailed them a link to sign in and join' };
  return {
    email,
    kind: 'saved',
    message: `already has an account, but no email could be sent (${clause(m.emailError ?? 'the email did not go out')}): the invite is saved and they join when they next sign in within 24 hours`,
  };
}

/** An invite the API kept although its email failed (503 with the invite's id): saved, not sent, and why. */
export function savedWithoutEmail(email: string, e: ApiRequestError): Outcome | null {
  const d = e.details as { inviteId?: unknown; reason?: unknown } | undefined;
  if (e.status !== 503 || !d || typeof d.inviteId !== 'string') return null;
  const why = typeof d.reason === 'string' ? ` (${clause(d.reason)})` : '';
  return {
    email,
    kind: 'saved',
    message: `was invited, but no email could be sent${why}: resend it from the list`,
  };
}

/** One invite, as the toast says it. */
export function single(o: Outcome): string {
  if (o.kind === 'sent') return `Invite emailed to ${o.email}: they choose a password and join`;
  if (o.kind === 'notified') return `${o.email} already has an account: we emailed them a link to sign in and join`;
  return `${o.email} ${o.message}`;
}

/** Several invites: how many were emailed, how many existing accounts were told, how many are saved unsent. */
export function summary(results: Outcome[]): string {
  const n = (kind: Outcome['kind']) => results.filter((r) => r.kind === kind).length;
  const [sent, notified, saved] = [n('sent'), n('notified'), n('saved')];
  return [
    sent ? `${sent} new address${sent === 1 ? '' : 'es'} emailed an invite` : null,
    notified ? `${notified} existing account${notified === 1 ? '' : 's'} emailed a sign-in link` : null,
    saved ? `${saved} saved without an email (see the dialog)` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
