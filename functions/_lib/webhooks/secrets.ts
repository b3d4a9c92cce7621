/**
 * Webhook signing secrets as Standard Webhooks defines them: `whsec_` + standard base64 (with `+`, `/`, `=`) of
 * 24 random bytes. Secrets made before the delivery engine were `whsec_` + base64url of the same kind of bytes: the
 * key is the bytes, so {@link standardSecret} respells an old one when it is read (docs/decisions.md "Webhook
 * secrets in standard base64").
 */

const PREFIX = 'whsec_';

/** Standard base64 (padded) of bytes. */
export function base64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

/** A new signing secret: `whsec_` + standard base64 of 24 random bytes. */
export function newWebhookSecret(): string {
  return PREFIX + base64(crypto.getRandomValues(new Uint8Array(24)));
}

/** The same secret in the Standard Webhooks spelling (a base64url one is respelled; a standard one is unchanged). */
export function standardSecret(secret: string): string {
  const body = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  const std = body.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  return PREFIX + std + '='.repeat((4 - (std.length % 4)) % 4);
}
