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
 * How long after the gate lets a page in its session watch (supabase-js) may start, at the next idle moment then. A
 * sign-out meanwhile is still seen: supabase-js reads the stored session when it starts (docs/decisions.md "The first
 * page after sign-in", tenth session: 468 against 501 and 452 against 513 ms in A/B of the bench's first page).
 */
export const SESSION_WATCH_AFTER_MS = 1500;

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
  // supabase-js loads once the page has settled, not while it renders its first rows: the API client reads the stored
  // token itself and loads it only to refresh (docs/decisions.md "Chunks"). Not at the first idle moment either: a
  // page waiting for its data is idle early, and then paid supabase-js's compile (~25 ms of main thread and as much of
  // background parse) in the middle of its load, as did every other tab of the dashboard loading at the same time.
  const watch = () =>
    void import('../stores/session').then(({ startSession, $session }) => {
      startSession();
      $session.listen((value) => {
        if (value === null) location.replace(loginPath(location.pathname + location.search + location.hash));
      });
    });
  setTimeout(
    () => ('requestIdleCallback' in window ? requestIdleCallback(watch, { timeout: 2000 }) : watch()),
    SESSION_WATCH_AFTER_MS,
  );
  return true;
}

/** On /auth/login and /auth/register: a signed-in user (who owes no MFA code) goes to `/`. */
export function redirectSignedIn(): void {
  const session = storedSession();
  if (session && !needsMfaStep(session)) location.replace('/');
}
