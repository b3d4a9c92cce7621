import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import {
  SignJWT,
  calculateJwkThumbprint,
  errors as joseErrors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
} from 'jose';
import type { CryptoKey, JWK, JWTPayload } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, AUDIENCE } from './config.ts';
import { GoTrueError } from './gotrue-http.ts';
import type { AmrEntry, SigningKey } from './state.ts';

/** Claims of an emulator access token (a subset of what Supabase Auth issues). */
export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  role: string;
  aal: 'aal1' | 'aal2';
  amr: AmrEntry[];
  session_id: string;
}

/** Create a fresh ES256 signing key; the kid is the JWK thumbprint. */
export async function createSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(publicJwk);
  return { kid, privateJwk: await exportJWK(privateKey), publicJwk };
}

/** The public key as served in the JWKS. */
export function publicJwks(key: SigningKey): { keys: JWK[] } {
  return { keys: [{ ...key.publicJwk, kid: key.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }] };
}

/** Signs and verifies access tokens with the persisted key. */
export class TokenSigner {
  private readonly key: SigningKey;
  private readonly issuer: string;
  private readonly now: () => number;
  private privateKey: CryptoKey | Uint8Array | undefined;
  private publicKey: CryptoKey | Uint8Array | undefined;

  constructor(key: SigningKey, issuer: string, now: () => number) {
    this.key = key;
    this.issuer = issuer;
    this.now = now;
  }

  /** Sign an access token valid for one hour from the emulator clock. */
  async sign(claims: Omit<AccessTokenClaims, 'iss' | 'aud' | 'iat' | 'exp'> & Record<string, unknown>) {
    this.privateKey ??= await importJWK(this.key.privateJwk, 'ES256');
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: this.key.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.privateKey);
    return { token, expiresAt: exp };
  }

  /** Verify an access token (signature, iss, aud, exp against the emulator clock) or throw GoTrue's `bad_jwt`. */
  async verify(token: string): Promise<AccessTokenClaims> {
    this.publicKey ??= await importJWK(this.key.publicJwk, 'ES256');
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        algorithms: ['ES256'],
        issuer: this.issuer,
        audience: AUDIENCE,
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') {
        throw new GoTrueError(403, 'bad_jwt', 'invalid JWT: missing sub or session_id claim');
      }
      return payload as AccessTokenClaims;
    } catch (error) {
      if (error instanceof GoTrueError) throw error;
      const reason =
        error instanceof joseErrors.JWTExpired
          ? 'token has invalid claims: token is expired'
          : 'unable to parse or verify signature';
      throw new GoTrueError(403, 'bad_jwt', `invalid JWT: ${reason}`);
    }
  }
}

/** An opaque refresh token. */
export function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

/** The hash-like value sent in email links (`token_hash`). */
export function newTokenHash(): string {
  return randomBytes(28).toString('hex');
}

/** A 6-digit email OTP. */
export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A v4 uuid for users, sessions, factors and challenges. */
export function newUuid(): string {
  return randomUUID();
}
