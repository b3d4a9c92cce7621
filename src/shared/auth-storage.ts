/** Where supabase-js keeps the session (local storage), and a network-free reading of it for the route gate. */
export const AUTH_STORAGE_KEY = 'dashboard:auth';

export interface StoredSession {
  userId: string;
  email: string | undefined;
  /** `aal1` or `aal2`, from the access token's claims. */
  aal: string | undefined;
  /** The user has at least one verified MFA factor. */
  hasVerifiedFactor: boolean;
}

/**
 * Reads the session supabase-js stored (no network, no signature check: the API verifies tokens; this only decides
 * which page to show). An expired access token still counts while a refresh token exists: supabase-js refreshes it.
 */
export function readStoredSession(raw: string | null | undefined): StoredSession | null {
  // Self-contained (no module-level helpers): it is also serialised into the pre-paint gate script.
  function jwtClaims(token: string): Record<string, unknown> | null {
    const part = token.split('.')[1];
    if (!part) return null;
    try {
      const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
      const json = decodeURIComponent(
        Array.from(
          atob(b64.padEnd(b64.length + ((4 - (b64.length % 4)) % 4), '=')),
          (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`,
        ).join(''),
      );
      return JSON.parse(json) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const s = value as {
    access_token?: unknown;
    refresh_token?: unknown;
    user?: { id?: unknown; email?: unknown; factors?: unknown };
  };
  if (typeof s.access_token !== 'string' || typeof s.refresh_token !== 'string' || !s.refresh_token) return null;
  const claims = jwtClaims(s.access_token);
  const userId = typeof s.user?.id === 'string' ? s.user.id : typeof claims?.sub === 'string' ? claims.sub : null;
  if (!userId) return null;
  const factors = Array.isArray(s.user?.factors) ? (s.user.factors as { status?: unknown }[]) : [];
  return {
    userId,
    email: typeof s.user?.email === 'string' ? s.user.email : undefined,
    aal: typeof claims?.aal === 'string' ? claims.aal : undefined,
    hasVerifiedFactor: factors.some((f) => f?.status === 'verified'),
  };
}

/** True when the stored session still has to pass the MFA code step (verified factor, aal1 token). */
export function needsMfaStep(session: StoredSession): boolean {
  return session.hasVerifiedFactor && session.aal !== 'aal2';
}

/** The sign-in page that comes back to `target` afterwards (`step=mfa` opens the code step). Self-contained. */
export function loginPath(target: string, mfa = false): string {
  const params = new URLSearchParams();
  if (mfa) params.set('step', 'mfa');
  params.set('redirectTo', target);
  return `/auth/login?${params.toString()}`;
}
