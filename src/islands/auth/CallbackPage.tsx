import { useEffect, useState } from 'react';
import { Notice, auth } from './form-ui';
import { storedSession } from '../../scripts/auth-gate';

export const CALLBACK_ERRORS = {
  missingTokens: 'No access token or refresh token found in the URL',
  failed: 'Authentication failed. Please try again.',
} as const;

/** Tokens from the URL fragment, taken (and removed from the address bar) as soon as this module loads. */
function takeFragment(): { access_token: string | null; refresh_token: string | null } {
  const fragment = new URLSearchParams(location.hash.slice(1));
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return { access_token: fragment.get('access_token'), refresh_token: fragment.get('refresh_token') };
}

const captured = typeof window === 'undefined' ? null : takeFragment();

const loginWithError = (message: string) => `/auth/login?${new URLSearchParams({ error: message }).toString()}`;

/** /auth/callback: turns the tokens of an email or OAuth redirect into a session. */
export default function CallbackPage() {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void (async () => {
      const tokens = captured ?? takeFragment();
      if (storedSession()) return location.replace('/');
      if (!tokens.access_token || !tokens.refresh_token)
        return location.replace(loginWithError(CALLBACK_ERRORS.missingTokens));
      try {
        const { client } = await auth();
        const { data, error } = await client.auth.setSession({
          access_token: tokens.access_token,
          refresh_token: tokens.refresh_token,
        });
        if (new URLSearchParams(location.search).has('register')) return location.replace('/auth/user-info');
        if (!error && data.user) return location.replace('/');
      } catch {
        // fall through
      }
      setFailed(true);
      location.replace(loginWithError(CALLBACK_ERRORS.failed));
    })();
  }, []);

  return (
    <div className="mt-4">
      {failed ? <Notice kind="error">{CALLBACK_ERRORS.failed}</Notice> : <Notice kind="info">Signing you in…</Notice>}
    </div>
  );
}
