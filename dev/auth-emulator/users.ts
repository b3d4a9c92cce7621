import type { Emulator } from './context.ts';
import { nowIso } from './context.ts';
import { GoTrueError } from './gotrue-http.ts';
import type { UserRecord } from './state.ts';
import { normalizeEmail } from './state.ts';
import { newUuid } from './tokens.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validate and normalise an email address, or throw GoTrue's `validation_failed`. */
export function parseEmail(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new GoTrueError(400, 'validation_failed', 'An email address is required');
  }
  const email = normalizeEmail(value);
  if (!EMAIL_PATTERN.test(email) || email.length > 255) {
    throw new GoTrueError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

/** A new, unconfirmed user record. */
export function newUser(emu: Emulator, email: string, fields: Partial<UserRecord> = {}): UserRecord {
  const now = nowIso(emu);
  return {
    id: newUuid(),
    email,
    password_hash: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_sent_at: null,
    recovery_sent_at: null,
    email_change_sent_at: null,
    new_email: null,
    last_sign_in_at: null,
    user_metadata: {},
    created_at: now,
    updated_at: now,
    factors: [],
    ...fields,
  };
}

/** The user object exactly as Supabase Auth returns it (secrets such as TOTP seeds and hashes stripped). */
export function serializeUser(user: UserRecord) {
  const identityData = {
    email: user.email,
    email_verified: Boolean(user.email_confirmed_at),
    phone_verified: false,
    sub: user.id,
  };
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    ...(user.email_confirmed_at
      ? { email_confirmed_at: user.email_confirmed_at, confirmed_at: user.email_confirmed_at }
      : {}),
    phone: '',
    ...(user.confirmation_sent_at ? { confirmation_sent_at: user.confirmation_sent_at } : {}),
    ...(user.recovery_sent_at ? { recovery_sent_at: user.recovery_sent_at } : {}),
    ...(user.new_email ? { new_email: user.new_email, email_change_sent_at: user.email_change_sent_at } : {}),
    ...(user.invited_at ? { invited_at: user.invited_at } : {}),
    ...(user.last_sign_in_at ? { last_sign_in_at: user.last_sign_in_at } : {}),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: user.user_metadata,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: user.last_sign_in_at ?? user.created_at,
        created_at: user.created_at,
        updated_at: user.updated_at,
        email: user.email,
      },
    ],
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: false,
    ...(user.factors.length
      ? {
          factors: user.factors.map((f) => ({
            id: f.id,
            friendly_name: f.friendly_name,
            factor_type: f.factor_type,
            status: f.status,
            created_at: f.created_at,
            updated_at: f.updated_at,
            ...(f.last_challenged_at ? { last_challenged_at: f.last_challenged_at } : {}),
          })),
        }
      : {}),
  };
}

/**
 * What sign-up answers for an address that already has a confirmed account: a look-alike user with no identities,
 * so the response does not reveal that the account exists (GoTrue's behaviour with email confirmation on).
 */
export function obfuscatedUser(emu: Emulator, email: string, data: Record<string, unknown>) {
  const now = nowIso(emu);
  return {
    ...serializeUser(newUser(emu, email, { user_metadata: data, confirmation_sent_at: now })),
    identities: [],
  };
}

/** Merge `data` into user_metadata the way GoTrue does: top-level keys replaced, `null` removes a key. */
export function mergeMetadata(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...current };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
