import { LOCAL_AUTH } from '../../src/shared/demo-accounts.ts';
import { DEFAULT_PUBLIC_CONFIG } from '../../src/shared/public-config.ts';

/** Local-only service role key: `Authorization: Bearer <key>` unlocks admin endpoints such as `POST /auth/v1/invite`. */
export const LOCAL_SERVICE_ROLE_KEY = 'local-service-role-key';

/** The anon (publishable) key the emulator accepts; the same default the edge hands to the browser. */
export const LOCAL_ANON_KEY = DEFAULT_PUBLIC_CONFIG.supabaseAnonKey;

/** Where the dashboard runs locally (`npm start`); email links point there. */
export const DEFAULT_SITE_URL = 'http://127.0.0.1:8788';

/** Default JSON state file, inside the git-ignored `.wrangler/` folder. */
export const DEFAULT_STATE_FILE = '.wrangler/auth-emulator/state.json';

/** Supabase's API version header: auth-js reads error codes from `code` when the response carries it. */
export const API_VERSION = '2024-01-01';

export const AUDIENCE = LOCAL_AUTH.audience;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
/** A rotated refresh token may be reused this long after its rotation (GoTrue's `refresh_token_reuse_interval`). */
export const REFRESH_REUSE_INTERVAL_SECONDS = 10;
export const MFA_CHALLENGE_TTL_SECONDS = 300;
export const MAX_ENROLLED_FACTORS = 10;
export const OTP_TTL_SECONDS = { signup: 86_400, invite: 86_400, recovery: 3600, email_change: 86_400 } as const;
export const PASSWORD_MIN_BYTES = 8;
export const PASSWORD_MAX_BYTES = 72;

export type RateLimitBucket = 'signUp' | 'signIn' | 'recover' | 'verify' | 'resend' | 'tokenRefresh' | 'mfa';

/** `max` requests per `windowSeconds` per client IP; `false` disables the bucket. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export type RateLimits = Record<RateLimitBucket, RateLimit | false>;

/** Supabase's per-IP defaults (sign-in is not limited by default so local e2e runs do not trip it). */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  signUp: { max: 30, windowSeconds: 300 },
  signIn: false,
  recover: { max: 30, windowSeconds: 300 },
  verify: { max: 30, windowSeconds: 300 },
  resend: { max: 30, windowSeconds: 300 },
  tokenRefresh: { max: 150, windowSeconds: 300 },
  mfa: { max: 15, windowSeconds: 60 },
};

export interface AuthEmulatorOptions {
  /** TCP port; 0 picks a free one. Default 54321. */
  port?: number;
  /** Interface to bind. Default 127.0.0.1. */
  host?: string;
  /** Dashboard origin used in email links and as the default redirect. Default http://127.0.0.1:8788. */
  siteUrl?: string;
  /** JSON file holding keys, users, sessions, factors and emails. Default `.wrangler/auth-emulator/state.json`. */
  stateFile?: string;
  /** Per-bucket overrides, or `false` to disable every rate limit. */
  rateLimits?: Partial<RateLimits> | false;
  /** Minimum seconds between two emails of the same kind to one user (GoTrue's SMTP max frequency). Default 60. */
  emailFrequencySeconds?: number;
  /** Injectable clock in epoch milliseconds, so tests can move time instead of sleeping. */
  now?: () => number;
  /** bcrypt cost. Default 10, as GoTrue. */
  bcryptCost?: number;
  /** Accepted anon key (the service role key is always accepted). Default `local-anon-key`. */
  anonKey?: string;
  /** Create the demo accounts at start. Default true. */
  seedDemoAccounts?: boolean;
}

/** Options with every default applied. */
export interface ResolvedOptions {
  port: number;
  host: string;
  siteUrl: string;
  stateFile: string;
  rateLimits: RateLimits;
  emailFrequencySeconds: number;
  now: () => number;
  bcryptCost: number;
  anonKey: string;
  seedDemoAccounts: boolean;
}

/** Fill in defaults for every option. */
export function resolveOptions(options: AuthEmulatorOptions = {}): ResolvedOptions {
  const rateLimits: RateLimits =
    options.rateLimits === false
      ? { signUp: false, signIn: false, recover: false, verify: false, resend: false, tokenRefresh: false, mfa: false }
      : { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  return {
    port: options.port ?? LOCAL_AUTH.port,
    host: options.host ?? '127.0.0.1',
    siteUrl: (options.siteUrl ?? DEFAULT_SITE_URL).replace(/\/+$/, ''),
    stateFile: options.stateFile ?? DEFAULT_STATE_FILE,
    rateLimits,
    emailFrequencySeconds: options.emailFrequencySeconds ?? 60,
    now: options.now ?? Date.now,
    bcryptCost: options.bcryptCost ?? 10,
    anonKey: options.anonKey ?? LOCAL_ANON_KEY,
    seedDemoAccounts: options.seedDemoAccounts ?? true,
  };
}
