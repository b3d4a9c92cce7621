import { atom } from 'nanostores';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { supabase } from '../lib/supabase';
import { identify, resetAnalytics } from '../lib/analytics';

/** The current Supabase session (null when signed out; undefined until supabase-js has reported). */
export const $session = atom<Session | null | undefined>(undefined);
/** The signed-in user. */
export const $user = atom<User | null | undefined>(undefined);

let started = false;
let lastIdentified: string | null = null;

/** Applies one auth event to the stores (exported for tests). */
export function applyAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  switch (event) {
    case 'SIGNED_OUT':
      $session.set(null);
      $user.set(null);
      if (lastIdentified) resetAnalytics();
      lastIdentified = null;
      return;
    case 'PASSWORD_RECOVERY':
      $session.set(session);
      $user.set(session?.user ?? null);
      if (!location.pathname.startsWith('/auth/reset-password')) location.assign('/auth/reset-password');
      return;
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
    case 'MFA_CHALLENGE_VERIFIED':
    default:
      $session.set(session);
      $user.set(session?.user ?? null);
      if (
        session?.user &&
        session.user.id !== lastIdentified &&
        (event === 'SIGNED_IN' || event === 'INITIAL_SESSION')
      ) {
        lastIdentified = session.user.id;
        identify(session.user.id, { email: session.user.email });
      }
  }
}

/** Subscribes the stores to supabase-js once (idempotent). */
export function startSession(): void {
  if (started) return;
  started = true;
  supabase().auth.onAuthStateChange((event, session) => {
    // Callbacks must not await supabase calls (auth-js holds a lock while it runs them).
    applyAuthEvent(event, session);
  });
}
