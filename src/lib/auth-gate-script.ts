import {
  AUTH_STORAGE_KEY,
  loginPath,
  needsMfaStep,
  readStoredSession,
  type StoredSession,
} from '../shared/auth-storage';

/** Which pages a gate protects: the dashboard wants a signed-in user, /auth/login and /auth/register a signed-out one. */
export type GateKind = 'dashboard' | 'guest';

/**
 * Runs as an inline head script, before first paint, so a signed-out visitor never sees a flash of the dashboard (nor
 * a signed-in one of the sign-in form): when the page is not for this visitor it hides the body (see global.css) and
 * leaves. The module scripts (src/page-scripts/auth-gate.ts) make the same decision with the same functions and then keep
 * watching. Self-contained: everything comes in as arguments.
 */
export function gateBeforePaint(
  kind: GateKind,
  key: string,
  read: (raw: string | null) => StoredSession | null,
  owesMfa: (session: StoredSession) => boolean,
  login: (target: string, mfa?: boolean) => string,
): void {
  let session: StoredSession | null = null;
  try {
    session = read(localStorage.getItem(key));
  } catch {
    // Storage blocked: treat as signed out.
  }
  const signedIn = Boolean(session && !owesMfa(session));
  if (kind === 'dashboard' && !signedIn) {
    document.documentElement.dataset.auth = 'redirecting';
    location.replace(login(location.pathname + location.search + location.hash, Boolean(session)));
  } else if (kind === 'guest' && signedIn) {
    document.documentElement.dataset.auth = 'redirecting';
    location.replace('/');
  }
}

/** Source of the inline head script for `kind` pages (the edge allows it by its SHA-256 hash). */
export function gateScript(kind: GateKind): string {
  return `(${gateBeforePaint.toString()})(${JSON.stringify(kind)},${JSON.stringify(AUTH_STORAGE_KEY)},${readStoredSession.toString()},${needsMfaStep.toString()},${loginPath.toString()});`;
}
