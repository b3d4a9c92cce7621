import { useEffect, useState } from 'react';
import { Notice, auth } from './form-ui';
import { takeUrlSecrets } from './url-secrets';
import { authErrorMessage } from './errors';
import { NewPasswordForm } from './NewPasswordForm';
import { parseAuthParams } from '../../shared/search-params';

type State = { kind: 'checking' } | { kind: 'ready' } | { kind: 'invalid'; message: string };

/** The link's query, taken when this module loads; `token_hash` leaves the address bar at once. */
const arrived = typeof window === 'undefined' ? '' : takeUrlSecrets().search;

/** /auth/reset-password?token_hash=…&type=recovery: verifies the link (signs in), then sets the new password. */
export default function ResetPasswordForm() {
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    void (async () => {
      const params = parseAuthParams(arrived);
      try {
        const { client, lastRetryAfter } = await auth();
        if (params.token_hash) {
          if (params.type && params.type !== 'recovery')
            return setState({
              kind: 'invalid',
              message: `This is not a password reset link (type "${params.type.slice(0, 40)}").`,
            });
          const { error } = await client.auth.verifyOtp({ token_hash: params.token_hash, type: 'recovery' });
          if (error) return setState({ kind: 'invalid', message: authErrorMessage(error, lastRetryAfter()) });
          history.replaceState(null, '', location.pathname);
          return setState({ kind: 'ready' });
        }
        // Arrived here after a PASSWORD_RECOVERY event: the recovery session is already stored.
        const { data } = await client.auth.getSession();
        setState(
          data.session
            ? { kind: 'ready' }
            : { kind: 'invalid', message: 'This page needs the link from your password reset email.' },
        );
      } catch (e) {
        setState({ kind: 'invalid', message: authErrorMessage(e) });
      }
    })();
  }, []);

  return (
    <div className="mt-4 grid gap-4">
      {state.kind === 'invalid' && (
        <>
          <Notice kind="error">{state.message}</Notice>
          <a href="/auth/forgot-password" className="text-center text-sm font-medium hover:underline">
            Request a new link
          </a>
        </>
      )}
      {state.kind !== 'invalid' && (
        <NewPasswordForm pending={state.kind === 'checking'} onDone={() => location.assign('/')} />
      )}
    </div>
  );
}
