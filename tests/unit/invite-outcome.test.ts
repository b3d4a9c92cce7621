import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/lib/api-client';
import type { Member } from '../../src/shared/api/projects';
import { inviteOutcome, savedWithoutEmail, single, summary } from '../../src/islands/members/invite-outcome';

/** The invite dialog's words (docs/api.md "Invites and their email"): the toast says exactly what happened. */
const at = '2026-11-24T19:00:00.000Z';
const invite = (o: Partial<Member>): Member => ({
  id: 'inv_1',
  userId: null,
  inviteId: 'inv_1',
  email: 'a@example.com',
  name: null,
  role: 'developer',
  status: 'pending',
  createdAt: at,
  expiresAt: at,
  version: 1,
  emailStatus: 'sent',
  emailSentAt: at,
  emailError: null,
  ...o,
});

describe('the toast after one invite', () => {
  it.each([
    ['a new address', invite({}), 'Invite emailed to a@example.com: they choose a password and join'],
    [
      'an existing account, notified now',
      invite({ emailStatus: 'existing_account' }),
      'a@example.com already has an account: we emailed them a link to sign in and join',
    ],
    [
      'an existing account, no sender',
      invite({
        emailStatus: 'existing_account',
        emailSentAt: null,
        emailError: 'This dashboard is not set up to send email',
      }),
      'a@example.com already has an account, but no email could be sent (this dashboard is not set up to send email): the invite is saved and they join when they next sign in within 24 hours',
    ],
    [
      'an existing account renewed, its mail failing now',
      invite({
        emailStatus: 'existing_account',
        emailSentAt: '2026-11-24T18:00:00.000Z',
        emailError: 'The dashboard’s mail server did not take the message.',
      }),
      'a@example.com already has an account, but no email could be sent (the dashboard’s mail server did not take the message): the invite is saved and they join when they next sign in within 24 hours',
    ],
  ])('%s', (_, member, toast) => {
    expect(single(inviteOutcome('a@example.com', member))).toBe(toast);
  });

  it('a 503 that kept the invite says it is saved without email, and why; other errors are not invited', () => {
    const kept = new ApiRequestError(503, 'unavailable', 'No invite email went to a@example.com…', {
      inviteId: 'inv_1',
      emailStatus: 'failed',
      reason: 'The auth server did not answer',
    });
    expect(single(savedWithoutEmail('a@example.com', kept)!)).toBe(
      'a@example.com was invited, but no email could be sent (the auth server did not answer): resend it from the list',
    );
    expect(savedWithoutEmail('a@example.com', new ApiRequestError(503, 'unavailable', 'Down'))).toBeNull();
    expect(savedWithoutEmail('a@example.com', new ApiRequestError(409, 'conflict', 'Already a member'))).toBeNull();
  });
});

describe('the toast after several invites', () => {
  it.each([
    [['sent', 'sent'], '2 new addresses emailed an invite'],
    [['sent', 'notified'], '1 new address emailed an invite; 1 existing account emailed a sign-in link'],
    [
      ['notified', 'notified', 'saved'],
      '2 existing accounts emailed a sign-in link; 1 saved without an email (see the dialog)',
    ],
  ] as const)('%j', (kinds, toast) => {
    expect(summary(kinds.map((kind, i) => ({ email: `${i}@example.com`, kind, message: '' })))).toBe(toast);
  });
});
