// `AuthClient` is the class behind `createClient(...).auth`, re-exported by supabase-js. The dashboard reads and writes
// its data through its own /api/v1 (with the session's access token), so it needs supabase-js's auth client only;
// importing just that leaves PostgREST, Realtime, Storage and Functions out of the bundle (51 KB → 21 KB gzipped).
import { AuthClient } from '@supabase/supabase-js';
import { publicConfig } from './config';
import { AUTH_STORAGE_KEY } from '../shared/auth-storage';

/** The part of a supabase-js client the dashboard uses: `supabase().auth` works as with `createClient`. */
export interface DashboardSupabase {
  auth: InstanceType<typeof AuthClient>;
}

let client: DashboardSupabase | undefined;
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

/** The one auth client, created on first use from the edge-injected public config (as `createClient` would). */
export function supabase(): DashboardSupabase {
  if (client) return client;
  const { supabaseUrl, supabaseAnonKey } = publicConfig();
  client = {
    auth: new AuthClient({
      url: `${supabaseUrl.replace(/\/+$/, '')}/auth/v1`,
      headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${supabaseAnonKey}` },
      fetch: recordingFetch,
      storageKey: AUTH_STORAGE_KEY,
      persistSession: true,
      autoRefreshToken: true,
      // Email links use token hashes and /auth/callback reads the fragment itself.
      detectSessionInUrl: false,
      flowType: 'implicit',
    }),
  };
  return client;
}
