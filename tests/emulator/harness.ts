import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY, createAuthEmulator } from '../../dev/auth-emulator/server.ts';
import type { AuthEmulator, AuthEmulatorOptions } from '../../dev/auth-emulator/server.ts';
import type { EmailMessage } from '../../dev/auth-emulator/state.ts';

/** A movable clock: tests shift `offset` instead of sleeping. */
export interface TestClock {
  offset: number;
  now: () => number;
  advance: (ms: number) => void;
  reset: () => void;
}

/** An emulator on a free port with a temp state file and a movable clock. */
export interface Harness {
  emulator: AuthEmulator;
  url: string;
  clock: TestClock;
  stateFile: string;
  /** A fresh supabase-js client, configured like the dashboard but without persistence or auto refresh. */
  client: () => SupabaseClient;
  /** A supabase-js client holding the service role key (admin API). */
  admin: () => SupabaseClient;
  /** Inbox messages, newest first. */
  inbox: (to?: string) => Promise<EmailMessage[]>;
  /** The newest message to `to`, failing when there is none. */
  lastEmail: (to: string) => Promise<EmailMessage>;
  /** Raw request to the emulator with the anon key. */
  api: (pathname: string, init?: RequestInit) => Promise<Response>;
  /** Sign up, confirm through the inbox link's token hash and sign in; returns the signed-in client. */
  confirmedUser: (password?: string) => Promise<{ client: SupabaseClient; email: string; password: string }>;
  stop: () => Promise<void>;
}

/** A unique address per test so tests never share users. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Start an emulator for one test file. */
export async function startHarness(options: AuthEmulatorOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'auth-emulator-'));
  const stateFile = path.join(dir, 'state.json');
  const clock: TestClock = {
    offset: 0,
    now: () => Date.now() + clock.offset,
    advance: (ms) => {
      clock.offset += ms;
    },
    reset: () => {
      clock.offset = 0;
    },
  };
  const emulator = await createAuthEmulator({ port: 0, stateFile, now: clock.now, bcryptCost: 4, ...options });
  const url = emulator.url;
  const makeClient = (key: string) =>
    createClient(url, key, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
  const inbox = async (to?: string) => {
    const res = await fetch(`${url}/inbox/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`);
    return (await res.json()) as EmailMessage[];
  };
  const lastEmail = async (to: string) => {
    const [message] = await inbox(to);
    if (!message) throw new Error(`no email for ${to}`);
    return message;
  };
  const harness: Harness = {
    emulator,
    url,
    clock,
    stateFile,
    client: () => makeClient(LOCAL_ANON_KEY),
    admin: () => makeClient(LOCAL_SERVICE_ROLE_KEY),
    inbox,
    lastEmail,
    api: (pathname, init = {}) =>
      fetch(`${url}${pathname}`, {
        ...init,
        headers: { apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', ...init.headers },
      }),
    confirmedUser: async (password = 'correct-horse') => {
      const client = makeClient(LOCAL_ANON_KEY);
      const email = uniqueEmail();
      const signUp = await client.auth.signUp({ email, password });
      if (signUp.error) throw signUp.error;
      const message = await lastEmail(email);
      const verified = await client.auth.verifyOtp({ token_hash: message.token_hash, type: 'signup' });
      if (verified.error) throw verified.error;
      return { client, email, password };
    },
    stop: async () => {
      await emulator.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return harness;
}
