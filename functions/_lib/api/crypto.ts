import { ApiError } from './request-response';

const enc = new TextEncoder();

/** Lowercase hex SHA-256 of a string. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', enc.encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** base64url without padding. */
export function base64url(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** A random token of `bytes` random bytes, base64url. */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

// Secret hints are written by the seed too: one definition (src/shared/api/stored-shapes.ts).
export { HINT_MIN_LENGTH, secretHint } from '../../../src/shared/api/stored-shapes';

/** Byte length of the plaintext sealed by encryptSecret (AES-GCM adds a 16-byte tag), without decrypting it. */
export function sealedLength(sealed: string): number {
  const ct = sealed.split('.')[2] ?? '';
  return Math.floor((ct.length * 3) / 4) - 16;
}

const keyCache = new Map<string, Promise<CryptoKey>>();

/** The AES-256-GCM key from DATA_ENCRYPTION_KEY (base64 of 32 bytes); fails closed when missing or malformed. */
function dataKey(env: Env): Promise<CryptoKey> {
  const raw = env.DATA_ENCRYPTION_KEY;
  if (!raw) throw new ApiError('internal', 'Server encryption key is not configured');
  let cached = keyCache.get(raw);
  if (!cached) {
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(raw.trim());
    } catch {
      throw new ApiError('internal', 'Server encryption key is not configured');
    }
    if (bytes.byteLength !== 32) throw new ApiError('internal', 'Server encryption key is not configured');
    cached = crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keyCache.set(raw, cached);
  }
  return cached;
}

/** Encrypts a secret as `v1.<iv>.<ciphertext>` (AES-256-GCM, random 96-bit IV, `aad` bound to its owner). */
export async function encryptSecret(env: Env, plaintext: string, aad: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: enc.encode(aad) },
    await dataKey(env),
    enc.encode(plaintext),
  );
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(ct))}`;
}

/** Decrypts a value made by encryptSecret with the same `aad`. */
export async function decryptSecret(env: Env, sealed: string, aad: string): Promise<string> {
  const [v, iv, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !ct) throw new Error('bad ciphertext');
  const pt = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: fromBase64(iv), additionalData: enc.encode(aad) },
    await dataKey(env),
    fromBase64(ct),
  );
  return new TextDecoder().decode(pt);
}
