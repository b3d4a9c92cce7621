import { useEffect, useState } from 'react';
import { Notice, auth } from './form-ui';
import { takeUrlSecrets } from './url-secrets';
import { authErrorMessage } from './errors';
import { ResendForm } from './ResendForm';
import { parseAuthParams } from '../../shared/search-params';
import { inviteDetails, invitedProjectPath, type InviteDetails } from '../../shared/invite';
import { InviteAccepted, InviteLinkBad, inviteTitle } from './invite-accept';
import { useAuthTitle } from './auth-title';

type State =
  | { kind: 'checking' }
  | { kind: 'no-token' }
  | { kind: 'bad-type'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'invite'; next: string; details: InviteDetails | null };

/** The link's query, taken when this module loads; `token_hash` leaves the address bar at once. */
const arrived = typeof window === 'undefined' ? '' : takeUrlSecrets().search;

/**
 * /auth/confirm?token_hash=…&type=signup|invite: verifies the email link and continues. For an invite it is the
 * acceptance page: titled "Join <project>", naming the role and who invited (from the invite's user metadata).
 */
export default function ConfirmPage() {
  const [state, setState] = useState<State>({ kind: 'checking' });
  // Known after hydration only (the server renders the page without the link's query).
  const [isInvite, setIsInvite] = useState(false);
  useAuthTitle(
    state.kind === 'invite'
      ? inviteTitle(state.details)
      : isInvite
        ? state.kind === 'invalid'
          ? 'This invite link does not work'
          : 'Accept your invite'
        : null,
  );

  useEffect(() => {
    const params = parseAuthParams(arrived);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the link's query is read after hydration on purpose
    setIsInvite(params.confirmType === 'invite');
    if (params.typeError) return setState({ kind: 'bad-type', message: params.typeError });
    if (!params.token_hash) return setState({ kind: 'no-token' });
    const type = params.confirmType ?? 'signup';
    void (async () => {
      try {
        const { client, lastRetryAfter } = await auth();
        const { data, error } = await client.auth.verifyOtp({ token_hash: params.token_hash!, type });
        if (error) return setState({ kind: 'invalid', message: authErrorMessage(error, lastRetryAfter()) });
        history.replaceState(null, '', location.pathname);
        if (type === 'invite')
          return setState({
            kind: 'invite',
            next: invitedProjectPath(data.user?.user_metadata),
            details: inviteDetails(data.user?.user_metadata),
          });
        location.replace('/auth/user-info');
      } catch (e) {
        setState({ kind: 'invalid', message: authErrorMessage(e) });
      }
    })();
  }, []);

  switch (state.kind) {
    case 'checking':
      return (
        <div className="mt-4">
          <Notice kind="info">{isInvite ? 'Checking your invite…' : 'Confirming your email…'}</Notice>
        </div>
      );
    case 'invite':
      return <InviteAccepted details={state.details} next={state.next} />;
    case 'invalid':
      if (isInvite) return <InviteLinkBad message={state.message} />;
    // falls through: a confirmation link offers a new one
    default:
      return (
        <div className="mt-4 grid gap-4">
          {state.kind === 'no-token' && (
            <Notice kind="info">Open the link from your confirmation email, or ask for a new one below.</Notice>
          )}
          {state.kind === 'bad-type' && <Notice kind="error">{state.message}</Notice>}
          {state.kind === 'invalid' && (
            <Notice kind="error">{state.message} Enter your email to get a new confirmation link.</Notice>
          )}
          <ResendForm />
          <a href="/auth/login" className="text-center text-sm text-muted-foreground hover:underline">
            Back to sign in
          </a>
        </div>
      );
  }
}
