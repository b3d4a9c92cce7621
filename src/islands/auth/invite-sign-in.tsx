import { useEffect, useState } from 'react';
import type { InvitePreview } from '../../shared/api/projects';
import { INVITE_ROLE_WORDS } from '../../shared/invite';
import { useAuthTitle } from './auth-title';
import { Notice } from './form-ui';

type Preview = { kind: 'found'; invite: InvitePreview } | { kind: 'gone'; message: string } | null;

/**
 * On the sign-in page an existing account's invite link opens (`?invite=<id>`): the page is titled "Join <project>"
 * and says who invited them as what (GET /api/v1/invites/{id}); an expired or revoked invite says so. Without the
 * parameter, or when the API cannot be reached, the page stays a plain sign-in.
 */
export function InviteSignInNotice({ inviteId }: { inviteId: string | null }) {
  const [preview, setPreview] = useState<Preview>(null);
  useEffect(() => {
    if (!inviteId) return;
    void (async () => {
      try {
        const res = await fetch(`/api/v1/invites/${encodeURIComponent(inviteId)}`, {
          headers: { Accept: 'application/json' },
        });
        if (res.ok) return setPreview({ kind: 'found', invite: (await res.json()) as InvitePreview });
        if (res.status === 404 || res.status === 400)
          setPreview({ kind: 'gone', message: 'This invite was accepted or revoked, or its link is not complete.' });
      } catch {
        // Offline: the page stays a plain sign-in.
      }
    })();
  }, [inviteId]);
  const invite = preview?.kind === 'found' ? preview.invite : null;
  useAuthTitle(invite ? `Join ${invite.projectName}` : preview ? 'Sign in' : null);
  if (!preview) return null;
  if (!invite)
    return <Notice kind="error">{preview.kind === 'gone' && preview.message} Sign in to open your projects.</Notice>;
  const who = invite.invitedBy ?? 'A teammate';
  if (invite.status === 'expired')
    return (
      <Notice kind="error">
        {who}’s invite to <strong>{invite.projectName}</strong> has expired (invites last 24 hours): ask them to send it
        again.
      </Notice>
    );
  return (
    <Notice kind="info">
      {who} invited you to join <strong>{invite.projectName}</strong> as {INVITE_ROLE_WORDS[invite.role]}. Sign in to
      accept.
    </Notice>
  );
}
