import { CONTROL_CHARACTER, CONTROL_CHARACTER_MESSAGE } from './control-characters.ts';
import ipaddr from 'ipaddr.js';

/**
 * Custom SMTP settings rules, zod-free so the API's schema (src/shared/api/settings.ts) and the dashboard's form apply
 * the same ones (docs/api.md "Custom SMTP"). Messages are shown at their field.
 */

export const SMTP_TLS_MODES = ['none', 'starttls', 'implicit'] as const;
export type SmtpTlsMode = (typeof SMTP_TLS_MODES)[number];

export const SMTP_TLS_LABELS: Record<SmtpTlsMode, string> = {
  none: 'None (plain text)',
  starttls: 'STARTTLS (usually port 587)',
  implicit: 'Implicit TLS (usually port 465)',
};

/** The usual port of each TLS mode (offered when the mode changes and the port was another mode's usual one). */
export const SMTP_USUAL_PORTS: Record<SmtpTlsMode, number> = { none: 25, starttls: 587, implicit: 465 };

export const SMTP_LIMITS = { host: 253, user: 200, fromName: 100 } as const;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/** A host name or an IP address, written alone (no scheme, no port, no path). */
export function smtpHostError(host: string): string | null {
  if (host !== host.trim()) return 'Remove the spaces around the host';
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) return 'Enter the host name only, without smtp:// or https://';
  if (host.length > SMTP_LIMITS.host) return `At most ${SMTP_LIMITS.host} characters`;
  const literal = host.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.IPv4.isValidFourPartDecimal(literal)) return null;
  if (literal.includes(':')) {
    if (ipaddr.IPv6.isValid(literal) && !literal.includes('%')) return null;
    return /^[^:]+:\d+$/.test(host) ? 'Enter the port in its own field' : 'Expected a host name or an IP address';
  }
  if (/[/?#@\s]/.test(host)) return 'Expected a host name such as smtp.example.com (no path or user)';
  const name = host.replace(/\.$/, '');
  if (!name.split('.').every((l) => LABEL.test(l)))
    return 'Expected a host name such as smtp.example.com or an IP address';
  if (/^[\d.]+$/.test(name)) return 'Expected an IPv4 address as four numbers (such as 203.0.113.10)';
  return null;
}

/** Line breaks and the characters that would end a header's display name. */
const HEADER_UNSAFE = /[\r\n"<>\\]/;

export function smtpFromNameError(name: string): string | null {
  if (name.length > SMTP_LIMITS.fromName) return `At most ${SMTP_LIMITS.fromName} characters`;
  if (HEADER_UNSAFE.test(name)) return 'Quotes, angle brackets, backslashes and line breaks are not allowed';
  if (CONTROL_CHARACTER.test(name)) return CONTROL_CHARACTER_MESSAGE;
  return null;
}

export function smtpUserError(user: string): string | null {
  if (user.length > SMTP_LIMITS.user) return `At most ${SMTP_LIMITS.user} characters`;
  if (/[\r\n\0]/.test(user)) return 'Line breaks are not allowed';
  if (CONTROL_CHARACTER.test(user)) return CONTROL_CHARACTER_MESSAGE;
  return null;
}

export const SMTP_PORT_MESSAGE = 'Enter a port from 1 to 65535';
/** A simple address check for the form (the API checks with zod's email rule). */
export const looksLikeEmail = (v: string) => /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v);

/** Fields an enabled custom SMTP server needs, with their messages. */
export function smtpRequiredErrors(s: { enabled: boolean; host: string | null; from: string | null }) {
  const errors: Record<string, string> = {};
  if (!s.enabled) return errors;
  if (!s.host?.trim()) errors.host = 'Enter the SMTP server to turn custom SMTP on';
  if (!s.from?.trim()) errors.from = 'Enter the sender address to turn custom SMTP on';
  return errors;
}
