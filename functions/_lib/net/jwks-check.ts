import { createLocalJWKSet, importJWK, type JWK } from 'jose';
import { checkTarget, type Resolver } from './ssrf-guard';

/**
 * "Check configuration" of an OIDC / custom JWT provider: the server (never the browser) fetches the JWKS URL a
 * customer typed and says whether it parses as a JSON Web Key Set with at least one usable public key.
 *
 * The URL passes the SSRF guard first (private, loopback, link-local and local names refused; loopback only when the
 * local development setting allows it), and a host name's DNS addresses must pass too, as the webhook engine checks
 * them (`resolve`: DNS over HTTPS; a lookup that fails is a failed check, never an unchecked fetch). Redirects are not followed (a redirect could lead past the guard), the answer
 * is read up to 512 KB and the whole check gives up after `timeoutMs`.
 */

export interface JwksCheckOptions {
  mode: 'live' | 'test';
  allowLoopback: boolean;
  timeoutMs?: number;
  /** Injected in tests (a server that never answers); the runtime's fetch otherwise. */
  fetch?: typeof fetch;
  /** Resolves a host name to its addresses (the API passes a DNS-over-HTTPS resolver); every address must pass. */
  resolve?: Resolver;
}

/** `refused`: the URL may not be fetched (a 400 at the field); otherwise the check ran and says what it found. */
export type JwksCheckResult =
  | { refused: true; message: string }
  | { refused: false; ok: boolean; message: string; keyCount?: number; algorithms?: string[] };

const MAX_BYTES = 512 * 1024;
export const JWKS_CHECK_TIMEOUT_MS = 5_000;

/** The algorithm a key without `alg` would be used with, from its type and curve. */
function algorithmOf(key: JWK): string | undefined {
  if (typeof key.alg === 'string') return key.alg;
  if (key.kty === 'RSA') return 'RS256';
  if (key.kty === 'EC') return { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' }[key.crv ?? ''];
  if (key.kty === 'OKP' && key.crv === 'Ed25519') return 'EdDSA';
  return undefined;
}

async function readCapped(res: Response): Promise<string | null> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) all.set(c, (at += c.byteLength) - c.byteLength);
  return new TextDecoder().decode(all);
}

export async function checkJwks(raw: string, o: JwksCheckOptions): Promise<JwksCheckResult> {
  let target;
  try {
    target = await checkTarget(raw, { mode: o.mode, allowLoopback: o.allowLoopback, resolve: o.resolve });
  } catch {
    return { refused: false, ok: false, message: 'The host could not be looked up (DNS did not answer): try again' };
  }
  if (!target.ok) return { refused: true, message: target.reason };
  const timeoutMs = o.timeoutMs ?? JWKS_CHECK_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let text: string | null;
  try {
    const res = await (o.fetch ?? fetch)(target.url.toString(), {
      redirect: 'manual',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (res.status >= 300 && res.status < 400)
      return { refused: false, ok: false, message: `The URL redirects (HTTP ${res.status}): give the final JWKS URL` };
    if (!res.ok) return { refused: false, ok: false, message: `The URL answered HTTP ${res.status}` };
    text = await readCapped(res);
  } catch {
    return {
      refused: false,
      ok: false,
      message: controller.signal.aborted
        ? `The URL did not answer within ${timeoutMs / 1000} s`
        : 'The URL could not be reached',
    };
  } finally {
    clearTimeout(timer);
  }
  if (text === null) return { refused: false, ok: false, message: 'The answer is larger than 512 KB' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { refused: false, ok: false, message: 'The answer is not JSON' };
  }
  try {
    createLocalJWKSet(json as never);
  } catch {
    return { refused: false, ok: false, message: 'The answer is not a JSON Web Key Set (expected {"keys": [...]})' };
  }
  const keys = (json as { keys: JWK[] }).keys;
  if (keys.some((k) => 'd' in k))
    return { refused: false, ok: false, message: 'The set contains a private key: publish only public keys' };
  const algorithms = new Set<string>();
  let usable = 0;
  for (const key of keys) {
    const alg = algorithmOf(key);
    if (!alg || (key.use && key.use !== 'sig')) continue;
    try {
      await importJWK(key, alg);
      usable++;
      algorithms.add(alg);
    } catch {
      // A key that does not import is not usable; the count says how many are.
    }
  }
  if (!usable)
    return { refused: false, ok: false, message: 'The set has no public signing key that parses', keyCount: 0 };
  return {
    refused: false,
    ok: true,
    message: `Parses: ${usable} signing key${usable === 1 ? '' : 's'} (${[...algorithms].join(', ')})`,
    keyCount: usable,
    algorithms: [...algorithms],
  };
}
