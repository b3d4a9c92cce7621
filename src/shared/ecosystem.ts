/**
 * The ecosystem's field rules, zod-free: the API's schema (src/shared/api/settings.ts) and the dashboard's form
 * (src/islands/ecosystem/) check the same things with the same messages, and the browser carries no zod for it.
 */

/** The theme a new project starts with (both modes). */
export const ECOSYSTEM_THEME_DEFAULTS = {
  primaryColor: '#4f46e5',
  primaryColorForeground: '#ffffff',
  radius: '0.5rem',
  faviconUrl: null,
} as const;

/** Links an ecosystem shows its users, in the order the form lists them. */
export const ECOSYSTEM_LINKS = ['terms', 'privacy', 'support', 'docs'] as const;
export type EcosystemLink = (typeof ECOSYSTEM_LINKS)[number];

export const MAX_WALLET_DOMAINS = 20;
export const MAX_URL_LENGTH = 2048;

/** Favicon endings the dashboard can give a type (src/shared/theme.ts `faviconType`). */
export const FAVICON_ENDINGS = ['.svg', '.png', '.ico'] as const;

export const ECOSYSTEM_MESSAGES = {
  httpsUrl: 'Expected an https URL such as https://example.com/page',
  hostname: 'Expected a lower-case hostname such as wallet.example.com',
  color: 'Expected a #rrggbb colour',
  radius: 'Expected a length such as 0.5rem or 8px (at most 4rem or 64px)',
  favicon: `The favicon URL must end in ${FAVICON_ENDINGS.join(', ').replace(/, ([^,]*)$/, ' or $1')}`,
  duplicateDomain: 'This domain is listed twice',
} as const;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A lower-case DNS hostname with at least two labels and an alphabetic (or punycode) top-level label. */
export function isHostname(value: string): boolean {
  if (value.length > 253) return false;
  const labels = value.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l)) && TLD.test(labels[labels.length - 1]!);
}

/** An absolute https URL to a named host, without credentials, as typed (no surrounding spaces). */
export function isHttpsUrl(value: string): boolean {
  if (value.length > MAX_URL_LENGTH || value !== value.trim()) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password && isHostname(url.hostname);
}

/** Whether a favicon URL's path ends in a type the dashboard knows (query and fragment ignored). */
export function hasFaviconEnding(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!.toLowerCase();
  return FAVICON_ENDINGS.some((e) => path.endsWith(e));
}

export const isHexColor = (value: string): boolean => /^#[0-9a-fA-F]{6}$/.test(value);

/** A corner radius in px (0–64) or rem (0–4). */
export function isRadius(value: string): boolean {
  const m = /^(\d{1,3}(?:\.\d{1,3})?)(px|rem)$/.exec(value);
  return m !== null && Number(m[1]) <= (m[2] === 'px' ? 64 : 4);
}
