import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * The local-only DATA_ENCRYPTION_KEY: read from the environment or `.dev.vars`, else created once under
 * `.wrangler/state/` (git-ignored) so the seed and `wrangler pages dev` (`--binding DATA_ENCRYPTION_KEY=…`) agree.
 */
export function localEncryptionKey(root: string): string {
  if (process.env.DATA_ENCRYPTION_KEY) return process.env.DATA_ENCRYPTION_KEY;
  const devVars = path.join(root, '.dev.vars');
  if (existsSync(devVars)) {
    const m = /^DATA_ENCRYPTION_KEY\s*=\s*"?([A-Za-z0-9+/=_-]+)"?\s*$/m.exec(readFileSync(devVars, 'utf8'));
    if (m) return m[1]!;
  }
  const file = path.join(root, '.wrangler', 'state', 'dev-encryption-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url');

/** Same format as functions/_lib/api/crypto.ts encryptSecret: `v1.<iv>.<ciphertext>` with AES-256-GCM and AAD. */
export async function encryptLocal(keyB64: string, plaintext: string, aad: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', Buffer.from(keyB64, 'base64'), 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(aad) },
    key,
    new TextEncoder().encode(plaintext),
  );
  return `v1.${b64url(iv)}.${b64url(new Uint8Array(ct))}`;
}
