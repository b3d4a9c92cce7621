import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** TOTP parameters Supabase Auth uses: SHA1, 6 digits, 30 s period. */
function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
}

/** A new random base32 TOTP secret (160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URI and its QR code as an SVG string (auth-js turns it into a data URL). */
export async function totpEnrollment(secret: string, issuer: string, accountName: string) {
  const uri = totpFor(secret, issuer, accountName).toString();
  const qr_code = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  return { uri, qr_code, secret };
}

/** Check a TOTP code at the given time, allowing one period of skew either way (as GoTrue). */
export function isValidTotp(secret: string, code: string, nowMs: number): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret, 'check', 'check').validate({ token: code, timestamp: nowMs, window: 1 }) !== null;
}
