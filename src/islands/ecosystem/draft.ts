import type { EcosystemSettings } from '../../shared/api/ecosystem';
import {
  ECOSYSTEM_LINKS,
  ECOSYSTEM_MESSAGES,
  hasFaviconEnding,
  isHexColor,
  isHostname,
  isHttpsUrl,
  isRadius,
  type EcosystemLink,
} from '../../shared/ecosystem';
import type { EcosystemTheme } from '../../shared/theme';
import { contrastError } from '../../shared/contrast';

/** The form's state: every field as typed (empty for "not set"). */
export interface Draft {
  name: string;
  customDomain: string;
  logoUrl: string;
  links: Record<EcosystemLink, string>;
  walletDomains: string[];
  theme: { primaryColor: string; primaryColorForeground: string; radius: string; faviconUrl: string };
}

export type ThemeField = keyof Draft['theme'];

export function draftOf(s: EcosystemSettings): Draft {
  return {
    name: s.name ?? '',
    customDomain: s.customDomain ?? '',
    logoUrl: s.logoUrl ?? '',
    links: Object.fromEntries(ECOSYSTEM_LINKS.map((l) => [l, s.links[l] ?? ''])) as Draft['links'],
    walletDomains: [...s.walletDomains],
    theme: { ...s.theme, faviconUrl: s.theme.faviconUrl ?? '' },
  };
}

export const sameDraft = (a: Draft, b: Draft): boolean => JSON.stringify(a) === JSON.stringify(b);

const host = (v: string) => v.trim().toLowerCase();
const text = (v: string) => v.trim() || null;

/** Whether one theme field, as typed, is valid (the same rules as the API's, src/shared/ecosystem.ts). */
export function themeFieldError(field: ThemeField, value: string): string | undefined {
  const v = value.trim();
  if (field === 'primaryColor' || field === 'primaryColorForeground')
    return isHexColor(v) ? undefined : ECOSYSTEM_MESSAGES.color;
  if (field === 'radius') return isRadius(v) ? undefined : ECOSYSTEM_MESSAGES.radius;
  if (!v) return undefined;
  if (!isHttpsUrl(v)) return ECOSYSTEM_MESSAGES.httpsUrl;
  return hasFaviconEnding(v) ? undefined : ECOSYSTEM_MESSAGES.favicon;
}

/**
 * Checks the draft with the API's rules and messages; errors are keyed by the API's field paths (`links.terms`,
 * `walletDomains.2`, `theme.radius`), so the API's own answer lands at the same fields. Blank wallet domain rows
 * are dropped; hostnames are sent in lower case.
 */
export function validate(d: Draft): { errors: Record<string, string>; body: EcosystemSettings | null } {
  const errors: Record<string, string> = {};
  const url = (path: string, v: string) => {
    if (v.trim() && !isHttpsUrl(v.trim())) errors[path] = ECOSYSTEM_MESSAGES.httpsUrl;
  };
  if (d.customDomain.trim() && !isHostname(host(d.customDomain))) errors.customDomain = ECOSYSTEM_MESSAGES.hostname;
  url('logoUrl', d.logoUrl);
  for (const l of ECOSYSTEM_LINKS) url(`links.${l}`, d.links[l]);
  const domains = d.walletDomains.map(host);
  domains.forEach((v, i) => {
    if (!v) return;
    if (!isHostname(v)) errors[`walletDomains.${i}`] = ECOSYSTEM_MESSAGES.hostname;
    else if (domains.indexOf(v) < i) errors[`walletDomains.${i}`] = ECOSYSTEM_MESSAGES.duplicateDomain;
  });
  for (const f of Object.keys(d.theme) as ThemeField[]) {
    const e = themeFieldError(f, d.theme[f]);
    if (e) errors[`theme.${f}`] = e;
  }
  const [primary, foreground] = [d.theme.primaryColor.trim(), d.theme.primaryColorForeground.trim()];
  const readable = isHexColor(primary) && isHexColor(foreground) ? contrastError(primary, foreground) : undefined;
  if (readable) errors['theme.primaryColorForeground'] ??= readable;
  if (Object.keys(errors).length) return { errors, body: null };
  return {
    errors,
    body: {
      name: text(d.name),
      customDomain: text(host(d.customDomain)),
      logoUrl: text(d.logoUrl),
      links: Object.fromEntries(ECOSYSTEM_LINKS.map((l) => [l, text(d.links[l])])) as EcosystemSettings['links'],
      walletDomains: domains.filter(Boolean),
      theme: {
        primaryColor: d.theme.primaryColor.trim(),
        primaryColorForeground: d.theme.primaryColorForeground.trim(),
        radius: d.theme.radius.trim(),
        faviconUrl: text(d.theme.faviconUrl),
      },
    },
  };
}

/**
 * The dashboard theme a draft shows: each valid field as typed, an invalid one as `fallback` has it (the theme
 * the form started from), so the preview never applies a broken value.
 */
export function previewOf(d: Draft, fallback: EcosystemSettings['theme']): EcosystemTheme {
  const pick = (f: ThemeField) => (themeFieldError(f, d.theme[f]) ? (fallback[f] ?? '') : d.theme[f].trim());
  const favicon = pick('faviconUrl');
  return {
    primaryColor: pick('primaryColor'),
    primaryColorForeground: pick('primaryColorForeground'),
    radius: pick('radius'),
    ...(favicon ? { faviconUrl: favicon } : {}),
  };
}

/** The stored form of a saved theme (`dashboard:ecosystemTheme`), read by the head script before first paint. */
export function storedThemeOf(theme: EcosystemSettings['theme']): EcosystemTheme {
  return {
    primaryColor: theme.primaryColor,
    primaryColorForeground: theme.primaryColorForeground,
    radius: theme.radius,
    ...(theme.faviconUrl ? { faviconUrl: theme.faviconUrl } : {}),
  };
}
