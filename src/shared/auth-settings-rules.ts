import ipaddr from 'ipaddr.js';

/**
 * The rules of the authentication settings that both the API (src/shared/api/settings.ts, through zod refinements)
 * and the browser forms (src/islands/security, src/islands/providers) apply, without zod: each returns the message
 * to show at the field, or null when the value is fine. docs/api.md "Authentication settings".
 */

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * An allowed origin: `https://host[:port]` (no path); `http://` only for `http://localhost:<port>` and
 * `http://127.0.0.1:<port>`; a wildcard only as the whole leftmost label of a name with at least two more labels
 * (`https://*.example.com`).
 */
export function originError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter an origin such as https://app.example.com';
  if (v.length > 200) return 'At most 200 characters';
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#:]*)(?::([0-9]*))?$/.exec(v);
  if (!m) return 'Expected an origin such as https://app.example.com (scheme and host, no path)';
  const [, scheme, host, port] = m as unknown as [string, string, string, string | undefined];
  if (host !== host.toLowerCase() || scheme !== scheme.toLowerCase()) return 'Write the origin in lowercase';
  if (port !== undefined && !/^[1-9][0-9]{0,4}$/.test(port)) return 'The port must be a number from 1 to 65535';
  if (port !== undefined && Number(port) > 65_535) return 'The port must be a number from 1 to 65535';
  if (scheme === 'http') {
    if (!LOOPBACK_HOSTS.has(host) || port === undefined)
      return 'Use https (http only for http://localhost:<port> and http://127.0.0.1:<port>)';
    return null;
  }
  if (scheme !== 'https') return 'Use https (http only for http://localhost:<port> and http://127.0.0.1:<port>)';
  const labels = host.split('.');
  if (labels.slice(1).some((l) => l.includes('*')) || (labels[0]!.includes('*') && labels[0] !== '*'))
    return 'A wildcard only as the whole leftmost label, as in https://*.example.com';
  if (labels[0] === '*' && labels.length < 3) return 'A wildcard needs a domain under it, as in https://*.example.com';
  const named = labels[0] === '*' ? labels.slice(1) : labels;
  if (!named.every((l) => LABEL.test(l))) return 'Expected a host name such as app.example.com';
  return null;
}

/**
 * An authorized network in CIDR notation, IPv4 (`203.0.113.0/24`, dotted decimal only) or IPv6 (`2001:db8::/32`),
 * written as its network address (no host bits set).
 */
export function cidrError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter a network such as 203.0.113.0/24';
  if (v.length > 50) return 'At most 50 characters';
  const slash = v.indexOf('/');
  if (slash < 0) return 'Add the prefix length, as in 203.0.113.0/24 or 2001:db8::/32';
  const address = v.slice(0, slash);
  const prefix = v.slice(slash + 1);
  const v4 = ipaddr.IPv4.isValidFourPartDecimal(address);
  const v6 = !v4 && !address.includes('%') && ipaddr.IPv6.isValid(address);
  if (!v4 && !v6) return 'Expected an IPv4 or IPv6 network such as 203.0.113.0/24 or 2001:db8::/32';
  const max = v4 ? 32 : 128;
  if (!/^(0|[1-9][0-9]{0,2})$/.test(prefix) || Number(prefix) > max)
    return `The prefix length must be from 0 to ${max}`;
  const network = (v4 ? ipaddr.IPv4 : ipaddr.IPv6).networkAddressFromCIDR(`${address}/${prefix}`).toString();
  if (ipaddr.parse(network).toString() !== ipaddr.parse(address).toString())
    return `Host bits are set: the network is ${network}/${prefix}`;
  return null;
}

export const NATIVE_PLATFORMS = ['ios', 'android'] as const;
export type NativePlatform = (typeof NATIVE_PLATFORMS)[number];

/** An iOS bundle identifier (`com.example.game`) or an Android package name (`com.example.game`). */
export function appIdError(platform: NativePlatform, value: string): string | null {
  const v = value.trim();
  if (!v) return platform === 'ios' ? 'Enter the bundle identifier' : 'Enter the package name';
  if (v.length > 200) return 'At most 200 characters';
  if (platform === 'ios')
    return /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(v)
      ? null
      : 'Expected a bundle identifier such as com.example.game (letters, digits, hyphens and dots)';
  return /^[a-zA-Z][a-zA-Z0-9_]*(\.[a-zA-Z][a-zA-Z0-9_]*)+$/.test(v)
    ? null
    : 'Expected a package name such as com.example.game (each part starts with a letter)';
}

const RESERVED_SCHEMES = new Set(['http', 'https', 'javascript', 'data', 'file', 'blob', 'about', 'ftp', 'ws', 'wss']);

/** A custom URL scheme the app opens for sign-in callbacks (`mygame`, `com.example.game`), without `://`. */
export function urlSchemeError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter the URL scheme';
  if (v.length > 64) return 'At most 64 characters';
  if (!/^[a-z][a-z0-9+.-]*$/.test(v))
    return 'Expected a scheme such as mygame: lowercase letters, digits, +, . and -, starting with a letter (no ://)';
  if (RESERVED_SCHEMES.has(v)) return `${v} is not a custom scheme`;
  return null;
}

/** Indexes of the entries that repeat an earlier one (compared trimmed and lowercased). */
export function duplicateIndexes(values: readonly string[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  values.forEach((v, i) => {
    const k = v.trim().toLowerCase();
    if (seen.has(k)) out.push(i);
    seen.add(k);
  });
  return out;
}
export const DUPLICATE_MESSAGE = 'Listed twice: remove the repeat';

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;
/** Session lifetimes in seconds. Inactivity 0 = off. */
export const LIFETIME_BOUNDS = {
  accessTokenLifetimeSeconds: { min: 5 * MINUTE, max: DAY },
  refreshTokenLifetimeSeconds: { min: HOUR, max: 365 * DAY },
  inactivityTimeoutSeconds: { min: HOUR, max: 365 * DAY },
} as const;
export type LifetimeField = keyof typeof LIFETIME_BOUNDS;
export interface Lifetimes {
  accessTokenLifetimeSeconds: number;
  refreshTokenLifetimeSeconds: number;
  inactivityTimeoutSeconds: number;
}

function span(seconds: number): string {
  if (seconds % DAY === 0) return `${seconds / DAY} day${seconds === DAY ? '' : 's'}`;
  if (seconds % HOUR === 0) return `${seconds / HOUR} hour${seconds === HOUR ? '' : 's'}`;
  return `${seconds / MINUTE} minutes`;
}

/** Messages per lifetime field: each within its bounds, access < refresh, inactivity (when on) ≤ refresh. */
export function lifetimeErrors(l: Lifetimes): Partial<Record<LifetimeField, string>> {
  const out: Partial<Record<LifetimeField, string>> = {};
  for (const [field, b] of Object.entries(LIFETIME_BOUNDS) as [LifetimeField, { min: number; max: number }][]) {
    const v = l[field];
    if (field === 'inactivityTimeoutSeconds' && v === 0) continue;
    if (!Number.isInteger(v) || v < b.min || v > b.max)
      out[field] =
        field === 'inactivityTimeoutSeconds'
          ? `Between ${span(b.min)} and ${span(b.max)}, or 0 for no timeout`
          : `Between ${span(b.min)} and ${span(b.max)}`;
  }
  if (!out.accessTokenLifetimeSeconds && !out.refreshTokenLifetimeSeconds)
    if (l.accessTokenLifetimeSeconds >= l.refreshTokenLifetimeSeconds)
      out.accessTokenLifetimeSeconds = 'Must be shorter than the refresh token lifetime';
  if (!out.inactivityTimeoutSeconds && !out.refreshTokenLifetimeSeconds && l.inactivityTimeoutSeconds > 0)
    if (l.inactivityTimeoutSeconds > l.refreshTokenLifetimeSeconds)
      out.inactivityTimeoutSeconds = 'Must not be longer than the refresh token lifetime';
  return out;
}

// Providers.
export const OAUTH_PROVIDERS = ['google', 'apple', 'twitter', 'discord', 'facebook', 'epic_games', 'line'] as const;
export type OauthProvider = (typeof OAUTH_PROVIDERS)[number];
export const THIRD_PARTY_PROVIDERS = [
  'firebase',
  'supabase',
  'playfab',
  'accelbyte',
  'lootlocker',
  'custom',
  'oidc',
] as const;
export type ThirdPartyProvider = (typeof THIRD_PARTY_PROVIDERS)[number];
export const SMS_PROVIDERS = ['twilio', 'messagebird', 'vonage'] as const;

/** Secrets shorter than these are refused: a guessable SMTP password or a truncated client secret or key. */
export const SECRET_MIN_LENGTH = { clientSecret: 16, smtpPassword: 8, apiKey: 16 } as const;
export const PASSWORD_MIN_LENGTH_BOUNDS = { min: 6, max: 128 } as const;
export const OTP_LENGTH_BOUNDS = { min: 4, max: 10 } as const;

/** The fields each third-party provider needs (paths under `thirdParty`); secrets end in `Key`. */
export const THIRD_PARTY_FIELDS: Record<ThirdPartyProvider, readonly string[]> = {
  firebase: ['firebaseProjectId'],
  supabase: ['supabaseUrl', 'supabaseKey'],
  playfab: ['playfabTitleId'],
  accelbyte: ['accelbyteBaseUrl', 'accelbyteNamespace'],
  lootlocker: ['lootlockerServerKey'],
  custom: ['endpoint'],
  oidc: ['jwksUrl', 'audience'],
};
/** Write-only third-party fields. */
export const THIRD_PARTY_SECRETS = ['supabaseKey', 'lootlockerServerKey'] as const;

/** Format rules of the third-party text fields (URLs are checked as URLs). */
export function thirdPartyFieldError(field: string, value: string): string | null {
  const v = value.trim();
  switch (field) {
    case 'firebaseProjectId':
      return /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(v)
        ? null
        : 'Expected a Firebase project ID: 6–30 lowercase letters, digits and hyphens, starting with a letter';
    case 'playfabTitleId':
      return /^[A-Za-z0-9]{4,10}$/.test(v)
        ? null
        : 'Expected a PlayFab title ID such as A1B2C (4–10 letters or digits)';
    case 'accelbyteNamespace':
      return /^[a-z0-9][a-z0-9-]{0,63}$/.test(v) ? null : 'Expected a namespace: lowercase letters, digits and hyphens';
    case 'audience':
      return v && v.length <= 300 ? null : 'Enter the audience (aud) your tokens carry';
    case 'supabaseUrl':
    case 'accelbyteBaseUrl':
    case 'endpoint':
    case 'jwksUrl':
      return httpsUrlError(v);
    default:
      return null;
  }
}

/** An https URL (http only on localhost or 127.0.0.1, for local development). */
export function httpsUrlError(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter a URL';
  if (v.length > 2048) return 'At most 2048 characters';
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return 'Expected a URL such as https://example.com/…';
  }
  if (u.username || u.password) return 'URLs with credentials (user:password@) are refused';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname)) return null;
  return 'Use an https URL';
}
