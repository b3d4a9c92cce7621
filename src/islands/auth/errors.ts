/** Friendly messages for auth-js errors. */

interface AuthLikeError {
  message?: string;
  status?: number;
  code?: string;
}

/** "in 42 seconds" / "in 3 minutes". */
export function retryIn(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The message to show for an auth error; `retryAfter` is the last 429's Retry-After in seconds. */
export function authErrorMessage(error: unknown, retryAfter?: number): string {
  const e = (error ?? {}) as AuthLikeError;
  const message = e.message ?? '';
  if (e.status === 429 || e.code === 'over_request_rate_limit' || e.code === 'over_email_send_rate_limit') {
    const fromMessage = /after (\d+) seconds?/i.exec(message)?.[1];
    const seconds = retryAfter ?? (fromMessage ? Number(fromMessage) : undefined);
    return seconds
      ? `Too many attempts. Please try again in ${retryIn(seconds)}.`
      : 'Too many attempts. Please try again in a few minutes.';
  }
  switch (e.code) {
    case 'invalid_credentials':
      return 'Wrong email or password.';
    case 'email_not_confirmed':
      return 'Please confirm your email first: open the link we sent to your inbox.';
    case 'weak_password':
      return 'Use a password of at least 8 characters.';
    case 'same_password':
      return 'The new password must be different from the current one.';
    case 'otp_expired':
      return 'This link is invalid or has expired.';
    case 'mfa_verification_failed':
      return 'That code is not correct. Check your authenticator app and try again.';
    case 'mfa_challenge_expired':
      return 'The code request expired. Please enter a new code.';
    case 'user_already_exists':
    case 'email_exists':
      return 'An account with this email already exists.';
    case 'insufficient_aal':
      return 'Enter your authenticator code first (sign out and sign in again with your code).';
  }
  if (e.status === 0 || /fetch|network/i.test(message))
    return 'We could not reach the sign-in service. Check your connection and try again.';
  return message || 'Something went wrong. Please try again.';
}

/** Password rule shared by the forms: 8–72 bytes of UTF-8, no composition rules. Null when fine. */
export function passwordProblem(password: string): string | null {
  const bytes = new TextEncoder().encode(password).length;
  if (password.length < 8) return 'Use at least 8 characters.';
  if (bytes > 72) return 'Use at most 72 bytes (72 plain letters; accents and emoji count for more).';
  return null;
}
