import bcrypt from 'bcryptjs';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_BYTES } from './config.ts';
import { GoTrueError } from './gotrue-http.ts';

/**
 * Enforce the password rules: 8–72 bytes of UTF-8, no composition rules. Too short is GoTrue's `weak_password`
 * (422, with `weak_password.reasons`); too long is `validation_failed`, because bcrypt ignores bytes past 72.
 */
export function assertPasswordAllowed(password: string): void {
  const bytes = Buffer.byteLength(password, 'utf8');
  if (bytes < PASSWORD_MIN_BYTES) {
    throw new GoTrueError(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_BYTES} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (bytes > PASSWORD_MAX_BYTES) {
    throw new GoTrueError(
      400,
      'validation_failed',
      `Password cannot be longer than ${PASSWORD_MAX_BYTES} bytes (UTF-8); use a shorter password.`,
    );
  }
}

/** bcrypt hash of a password. */
export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

/** Compare a password with a stored bcrypt hash (false when the user has no password yet). */
export function checkPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return Promise.resolve(false);
  return bcrypt.compare(password, hash);
}
