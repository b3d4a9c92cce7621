import {
  AUTH_STORAGE_KEY,
  loginPath,
  needsMfaStep,
  readStoredSession,
  type StoredSession,
} from '../shared/auth-storage';

export { loginPath };

/** The stored session, read synchronously from supabase-js's storage (no network). */
export function storedSession(): StoredSession | null {
  try {
    return readStoredSession(localStorage.getItem(AUTH_STORAGE_KEY));
  } catch {
    return null;
  }
}

/**
 * The dashboard's route gate. Returns false (and leaves the page) when there is no signed-in user or the user still
 * owes the MFA code. Otherwise keeps watching: a sign-out (here or in another tab) sends to the sign-in page.
 */
export function gateDashboard(): boolean {
  const here = location.pathname + location.search + location.hash;
  const session = storedSession();
  if (!session || needsMfaStep(session)) {
    document.documentElement.dataset.auth = 'redirecting';
    location.replace(loginPath(here, Boolean(session)));
    return false;
  }
  document.documentElement.dataset.auth = 'ok';
  // supabase-js loads when the page is idle, not while it renders its first rows: the API client reads the stored
  // token itself and loads it only to refresh (docs/decisions.md "Chunks").
  const watch = () =>
    void import('../stores/session').then(({ startSession, $session }) => {
      startSession();
      $session.listen((value) => {
        if (value === null) location.replace(loginPath(location.pathname + location.search + location.hash));
      });
    });
  if ('requestIdleCallback' in window) requestIdleCallback(watch, { timeout: 2000 });
  else setTimeout(watch, 200);
  return true;
}

/** On /auth/login and /auth/register: a signed-in user (who owes no MFA code) goes to `/`. */
export function redirectSignedIn(): void {
  const session = storedSession();
  if (session && !needsMfaStep(session)) location.replace('/');
}
