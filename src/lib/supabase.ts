import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { publicConfig } from './config';
import { AUTH_STORAGE_KEY } from '../shared/auth-storage';

let client: SupabaseClient | undefined;
let retryAfterSeconds: number | undefined;

/** Seconds from the last 429 answer's `Retry-After` header (auth-js errors do not carry headers). */
export function lastRetryAfter(): number | undefined {
  return retryAfterSeconds;
}

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 429) {
    const value = Number(response.headers.get('Retry-After'));
    retryAfterSeconds = Number.isFinite(value) && value > 0 ? value : undefined;
  }
  return response;
};

/** The one supabase-js client, created on first use from the edge-injected public config. */
export function supabase(): SupabaseClient {
  if (client) return client;
  const { supabaseUrl, supabaseAnonKey } = publicConfig();
  client = createClient(supabaseUrl, supabaseAnonKey, {
    global: { fetch: recordingFetch },
    auth: {
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      // Email links use token hashes and /auth/callback reads the fragment itself.
      detectSessionInUrl: false,
      flowType: 'implicit',
    },
  });
  return client;
}
