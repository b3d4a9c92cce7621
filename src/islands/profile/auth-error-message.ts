import { lastRetryAfter } from '../../lib/supabase';
import { authErrorMessage } from '../auth/errors';

/** A readable message for a failed auth call on the profile page (with "try again in …" after a 429). */
export const fail = (e: unknown) => authErrorMessage(e, lastRetryAfter());
