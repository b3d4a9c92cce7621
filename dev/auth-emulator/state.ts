import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { JWK } from 'jose';

export type OtpType = 'signup' | 'invite' | 'recovery' | 'email_change';

export interface FactorRecord {
  id: string;
  friendly_name: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  secret: string;
  created_at: string;
  updated_at: string;
  last_challenged_at?: string;
}

export interface UserRecord {
  id: string;
  email: string;
  password_hash: string | null;
  email_confirmed_at: string | null;
  invited_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change_sent_at: string | null;
  new_email: string | null;
  last_sign_in_at: string | null;
  user_metadata: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  factors: FactorRecord[];
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionRecord {
  id: string;
  user_id: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  factor_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface RefreshTokenRecord {
  token: string;
  session_id: string;
  user_id: string;
  parent: string | null;
  revoked: boolean;
  /** Epoch ms of the rotation that revoked it; the reuse window starts here. */
  revoked_at: number | null;
  created_at: string;
}

export interface ChallengeRecord {
  id: string;
  factor_id: string;
  user_id: string;
  ip: string;
  /** Epoch ms. */
  created_at: number;
  verified: boolean;
}

export interface OneTimeTokenRecord {
  token_hash: string;
  /** The 6-digit code printed in the email, usable with `verifyOtp({ email, token, type })`. */
  otp: string;
  type: OtpType;
  user_id: string;
  /** The address the email went to (the new address for email changes). */
  email: string;
  /** Epoch ms. */
  created_at: number;
  expires_at: number;
}

export interface EmailMessage {
  id: string;
  to: string;
  subject: string;
  type: OtpType;
  html: string;
  text: string;
  links: string[];
  token_hash: string;
  otp: string;
  created_at: string;
}

export interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface StateData {
  version: 1;
  signingKey: SigningKey | null;
  users: UserRecord[];
  sessions: SessionRecord[];
  refreshTokens: RefreshTokenRecord[];
  challenges: ChallengeRecord[];
  oneTimeTokens: OneTimeTokenRecord[];
  emails: EmailMessage[];
}

function emptyState(): StateData {
  return {
    version: 1,
    signingKey: null,
    users: [],
    sessions: [],
    refreshTokens: [],
    challenges: [],
    oneTimeTokens: [],
    emails: [],
  };
}

/** In-memory state persisted as one JSON file (written atomically after each change). */
export class Store {
  readonly file: string;
  data: StateData;

  constructor(file: string) {
    this.file = path.resolve(file);
    this.data = existsSync(this.file) ? { ...emptyState(), ...readState(this.file) } : emptyState();
  }

  /** Write the whole state to disk (temp file + rename, so a crash never leaves half a file). */
  save(): void {
    mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data, null, 2));
    renameSync(tmp, this.file);
  }

  userById(id: string): UserRecord | undefined {
    return this.data.users.find((u) => u.id === id);
  }

  userByEmail(email: string): UserRecord | undefined {
    const wanted = normalizeEmail(email);
    return this.data.users.find((u) => u.email === wanted);
  }

  session(id: string): SessionRecord | undefined {
    return this.data.sessions.find((s) => s.id === id);
  }

  /** Delete sessions (and their refresh tokens and nothing else) matching the predicate. */
  deleteSessions(predicate: (s: SessionRecord) => boolean): void {
    const doomed = new Set(this.data.sessions.filter(predicate).map((s) => s.id));
    this.data.sessions = this.data.sessions.filter((s) => !doomed.has(s.id));
    this.data.refreshTokens = this.data.refreshTokens.filter((t) => !doomed.has(t.session_id));
  }
}

function readState(file: string): Partial<StateData> {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!parsed || typeof parsed !== 'object' || (parsed as { version?: unknown }).version !== 1) {
    throw new Error(`Unrecognised auth emulator state file ${file}; delete it to start fresh.`);
  }
  return parsed as Partial<StateData>;
}

/** Emails compare case-insensitively, as in GoTrue. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
