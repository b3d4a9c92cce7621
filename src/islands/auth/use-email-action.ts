import { useState } from 'react';
import type { AuthError } from '@supabase/supabase-js';
import type { DashboardSupabase } from '../../lib/supabase';
import { auth } from './form-ui';
import { authErrorMessage } from './errors';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * State and submit logic shared by the forms that send an email (register, forgot password, resend): validates
 * the address, runs `send` with the auth client, and turns failures into a readable message.
 */
export function useEmailAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(email: string, send: (client: DashboardSupabase) => Promise<{ error: AuthError | null }>) {
    setError(null);
    if (!EMAIL.test(email)) return setError('Enter a valid email address.');
    setBusy(true);
    try {
      const { client, lastRetryAfter } = await auth();
      const { error: sendError } = await send(client);
      if (sendError) return setError(authErrorMessage(sendError, lastRetryAfter()));
      setSentTo(email);
    } catch (e) {
      setError(authErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, sentTo, submit };
}
