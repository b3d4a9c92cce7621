import { z } from 'zod';
import { plainText } from './common.ts';
import {
  ECOSYSTEM_MESSAGES,
  ECOSYSTEM_THEME_DEFAULTS,
  MAX_URL_LENGTH,
  MAX_WALLET_DOMAINS,
  hasFaviconEnding,
  isHexColor,
  isHostname,
  isHttpsUrl,
  isRadius,
} from '../ecosystem.ts';
import { contrastError } from '../contrast.ts';

// The rules are zod-free in src/shared/ecosystem.ts, so the dashboard's form checks the same with the same messages.
const httpsUrl = z.string().max(MAX_URL_LENGTH).refine(isHttpsUrl, ECOSYSTEM_MESSAGES.httpsUrl);
const hostname = z.string().refine(isHostname, ECOSYSTEM_MESSAGES.hostname);
const color = z.string().refine(isHexColor, ECOSYSTEM_MESSAGES.color);

/** The ecosystem settings of a project and mode (`GET`/`PATCH …/{mode}/ecosystem`, docs/api.md "Ecosystem"). */
export const ecosystemSettingsSchema = z.strictObject({
  name: plainText().trim().max(100).nullable(),
  customDomain: hostname.nullable(),
  logoUrl: httpsUrl.nullable(),
  theme: z
    .strictObject({
      primaryColor: color,
      primaryColorForeground: color,
      radius: z.string().refine(isRadius, ECOSYSTEM_MESSAGES.radius),
      faviconUrl: httpsUrl.refine(hasFaviconEnding, ECOSYSTEM_MESSAGES.favicon).nullable(),
    })
    // Text on the primary colour must stay readable: refused at the foreground, with the nearest colour that passes.
    .superRefine((t, ctx) => {
      const message =
        isHexColor(t.primaryColor) && isHexColor(t.primaryColorForeground)
          ? contrastError(t.primaryColor, t.primaryColorForeground)
          : undefined;
      if (message) ctx.addIssue({ code: 'custom', path: ['primaryColorForeground'], message });
    }),
  walletDomains: z
    .array(hostname)
    .max(MAX_WALLET_DOMAINS)
    .superRefine((domains, ctx) =>
      domains.forEach((d, i) => {
        if (domains.indexOf(d) < i)
          ctx.addIssue({ code: 'custom', path: [i], message: ECOSYSTEM_MESSAGES.duplicateDomain });
      }),
    ),
  links: z.strictObject({
    terms: httpsUrl.nullable(),
    privacy: httpsUrl.nullable(),
    support: httpsUrl.nullable(),
    docs: httpsUrl.nullable(),
  }),
});
export type EcosystemSettings = z.infer<typeof ecosystemSettingsSchema>;

/** What a new project's modes start with. */
export const ECOSYSTEM_DEFAULTS: EcosystemSettings = {
  name: null,
  customDomain: null,
  logoUrl: null,
  theme: { ...ECOSYSTEM_THEME_DEFAULTS },
  walletDomains: [],
  links: { terms: null, privacy: null, support: null, docs: null },
};

/** The TXT record that proves a custom domain: `_dashboard-verify.<domain>` = the claim's token. */
export const DOMAIN_VERIFY_PREFIX = '_dashboard-verify';
/** An unverified claim lapses this long after it was made. */
export const DOMAIN_CLAIM_TTL_HOURS = 72;

/** `POST …/{mode}/ecosystem/domain`: claim a custom domain (it becomes the ecosystem's after the DNS proof). */
export const domainClaimCreateSchema = z.strictObject({ domain: hostname }).meta({ id: 'DomainClaimCreate' });

/** The ecosystem's custom-domain claim (`GET`/`POST …/ecosystem/domain`, `POST …/ecosystem/domain/verify`). */
export const domainClaimSchema = z
  .object({
    domain: z.string().nullable(),
    /** `none`: no claim; `pending`: waiting for the TXT record; `expired`: pending past 72 h (claim again). */
    status: z.enum(['none', 'pending', 'verified', 'expired']),
    /** The TXT record's name to set (`_dashboard-verify.<domain>`). */
    recordName: z.string().nullable(),
    /** The TXT record's value: only in the answer of the claim itself (shown once). */
    token: z.string().nullable(),
    createdAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable(),
    verifiedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DomainClaim' });
export type DomainClaim = z.infer<typeof domainClaimSchema>;
