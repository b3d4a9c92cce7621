import { useEffect, useState } from 'react';
import { Notice, auth } from './form-ui';
import { takeUrlSecrets } from './url-secrets';
import { storedSession } from '../../page-scripts/auth-gate';
import { LOGIN_NOTICES, loginPathWithNotice } from '../../shared/login-notices';

export const CALLBACK_ERRORS = {
  missingTokens: LOGIN_NOTICES.callback_missing_tokens.text,
  failed: LOGIN_NOTICES.callback_failed.text,
} as const;

/**
 * Tokens from the URL fragment, taken as soon as this module loads; the fragment and any secret query parameter
 * (`code`, …) leave the address bar at once.
 */
function takeFragment(): { access_token: string | null; refresh_token: string | null } {
  const fragment = new URLSearchParams(takeUrlSecrets().hash.slice(1));
  return { access_token: fragment.get('access_token'), refresh_token: fragment.get('refresh_token') };
}

const captured = typeof window === 'undefined' ? null : takeFragment();

/** /auth/callback: turns the tokens of an email or OAuth redirect into a session. */
export default function CallbackPage() {
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    void (async () => {
      const tokens = captured ?? takeFragment();
      if (storedSession()) return location.replace('/');
      if (!tokens.access_token || !tokens.refresh_token)
        return location.replace(loginPathWithNotice('callback_missing_tokens'));
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
      location.replace(loginPathWithNotice('callback_failed'));
    })();
  }, []);

  return (
    <div className="mt-4">
      {failed ? <Notice kind="error">{CALLBACK_ERRORS.failed}</Notice> : <Notice kind="info">Signing you in…</Notice>}
    </div>
  );
}
