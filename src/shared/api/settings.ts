import { z } from 'zod';
import { timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import type { ListSpec } from './list-params.ts';

/**
 * Per project and mode settings: auth security, providers, email templates, SMTP and the ecosystem theme.
 * Edits are deep-merged partial objects carrying `version`. Secret fields (listed in SETTINGS_SECRETS) are write-only:
 * they are stored encrypted and answered as a sibling `<field>Hint` such as `••••a1b2` (`••••` alone for a secret
 * shorter than 12 characters: its last 4 would be a third of it).
 */
export const OAUTH_PROVIDERS = ['google', 'apple', 'twitter', 'discord', 'facebook', 'epic_games', 'line'] as const;
export const THIRD_PARTY_PROVIDERS = [
  'firebase',
  'supabase',
  'playfab',
  'accelbyte',
  'lootlocker',
  'custom',
  'oidc',
] as const;

/** Secrets shorter than these are refused: a guessable SMTP password or a truncated OAuth client secret. */
export const SECRET_MIN_LENGTH = { clientSecret: 16, smtpPassword: 8 } as const;
const secret = (min: number) => z.string().min(min, `Must be at least ${min} characters`).max(500);
const origin = z
  .string()
  .max(200)
  .regex(/^(https?:\/\/[a-zA-Z0-9.*-]+(:[0-9]{1,5})?|\*)$/, 'Expected an origin such as https://app.example.com');
const cidr = z
  .string()
  .max(50)
  .regex(/^[0-9a-fA-F:.]+\/[0-9]{1,3}$/, 'Expected a CIDR such as 203.0.113.0/24');
const url = z.url({ protocol: /^https?$/ }).max(2048);
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Expected a #rrggbb colour');

const oauth = z.strictObject({
  enabled: z.boolean(),
  clientId: z.string().max(300).nullable(),
  clientSecret: secret(SECRET_MIN_LENGTH.clientSecret).optional(),
});

export const SETTINGS_SCHEMAS = {
  security: z.strictObject({
    allowedOrigins: z.array(origin).max(100),
    authorizedNetworks: z.array(cidr).max(100),
    nativeApps: z
      .array(z.strictObject({ platform: z.enum(['ios', 'android']), bundleId: z.string().min(1).max(200) }))
      .max(20),
    sessionLifetimeSeconds: z
      .number()
      .int()
      .min(300)
      .max(365 * 86_400),
  }),
  providers: z.strictObject({
    email: z.strictObject({
      enabled: z.boolean(),
      passwordMinLength: z.number().int().min(6).max(128),
      requireSpecialCharacter: z.boolean(),
      otpLength: z.number().int().min(4).max(10),
    }),
    phone: z.strictObject({
      enabled: z.boolean(),
      smsProvider: z.enum(['twilio', 'messagebird', 'vonage']).nullable(),
    }),
    guest: z.strictObject({ enabled: z.boolean() }),
    wallet: z.strictObject({ enabled: z.boolean() }),
    oauth: z.strictObject(
      Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, oauth])) as Record<
        (typeof OAUTH_PROVIDERS)[number],
        typeof oauth
      >,
    ),
    thirdParty: z.strictObject({
      provider: z.enum(THIRD_PARTY_PROVIDERS).nullable(),
      jwksUrl: url.nullable(),
      audience: z.string().max(300).nullable(),
      endpoint: url.nullable(),
    }),
  }),
  email_templates: z.strictObject({
    emailVerification: z.strictObject({ subject: z.string().min(1).max(200), body: z.string().min(1).max(50_000) }),
    passwordReset: z.strictObject({ subject: z.string().min(1).max(200), body: z.string().min(1).max(50_000) }),
  }),
  smtp: z.strictObject({
    enabled: z.boolean(),
    host: z.string().max(253).nullable(),
    port: z.number().int().min(1).max(65_535),
    user: z.string().max(200).nullable(),
    password: secret(SECRET_MIN_LENGTH.smtpPassword).optional(),
    from: z.email().max(254).nullable(),
    tls: z.boolean(),
  }),
  ecosystem: z.strictObject({
    name: z.string().max(100).nullable(),
    customDomain: z
      .string()
      .max(253)
      .regex(/^[a-z0-9.-]+$/)
      .nullable(),
    logoUrl: url.nullable(),
    theme: z.strictObject({
      primaryColor: color,
      primaryColorForeground: color,
      radius: z.string().regex(/^[0-9.]+(px|rem)$/),
      faviconUrl: url.nullable(),
    }),
    walletDomains: z.array(z.string().max(253)).max(20),
    links: z.strictObject({
      terms: url.nullable(),
      privacy: url.nullable(),
      support: url.nullable(),
      docs: url.nullable(),
    }),
  }),
} as const;
export type SettingsKind = keyof typeof SETTINGS_SCHEMAS;

/** Write-only fields per settings kind, as dotted paths. */
export const SETTINGS_SECRETS: Record<SettingsKind, readonly string[]> = {
  security: [],
  providers: OAUTH_PROVIDERS.map((p) => `oauth.${p}.clientSecret`),
  email_templates: [],
  smtp: ['password'],
  ecosystem: [],
};

const disabledOauth = { enabled: false, clientId: null };
/** Defaults created with every project (both modes). */
export const SETTINGS_DEFAULTS: { [K in SettingsKind]: z.input<(typeof SETTINGS_SCHEMAS)[K]> } = {
  security: { allowedOrigins: [], authorizedNetworks: [], nativeApps: [], sessionLifetimeSeconds: 7 * 86_400 },
  providers: {
    email: { enabled: true, passwordMinLength: 8, requireSpecialCharacter: false, otpLength: 6 },
    phone: { enabled: false, smsProvider: null },
    guest: { enabled: true },
    wallet: { enabled: true },
    oauth: Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, disabledOauth])) as Record<
      (typeof OAUTH_PROVIDERS)[number],
      typeof disabledOauth
    >,
    thirdParty: { provider: null, jwksUrl: null, audience: null, endpoint: null },
  },
  email_templates: {
    emailVerification: { subject: 'Confirm your email', body: '<p>Your verification code is {{code}}.</p>' },
    passwordReset: { subject: 'Reset your password', body: '<p>Reset your password: {{link}}</p>' },
  },
  smtp: { enabled: false, host: null, port: 587, user: null, from: null, tls: true },
  ecosystem: {
    name: null,
    customDomain: null,
    logoUrl: null,
    theme: { primaryColor: '#4f46e5', primaryColorForeground: '#ffffff', radius: '0.5rem', faviconUrl: null },
    walletDomains: [],
    links: { terms: null, privacy: null, support: null, docs: null },
  },
};

/** Route segment (`auth/security`, `ecosystem`, …) → settings kind. */
export const SETTINGS_ROUTES: Record<string, SettingsKind> = {
  'auth/security': 'security',
  'auth/providers': 'providers',
  'auth/email-templates': 'email_templates',
  'auth/smtp': 'smtp',
  ecosystem: 'ecosystem',
};

/** Any partial of the settings object plus `version`; validated against the full schema after merging. */
export const settingsPatchSchema = z.looseObject({ version: versionField }).meta({ id: 'SettingsPatch' });
export const settingsResponseSchema = z
  .object({
    kind: z.string(),
    data: z.record(z.string(), z.unknown()),
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Settings' });

export const MIGRATION_STATUSES = ['created', 'running', 'paused', 'completed', 'failed', 'canceled'] as const;
export const authMigrationSchema = z
  .object({
    id: idSchema('amg'),
    sourceProvider: z.string(),
    mappingStrategy: z.string(),
    status: z.enum(MIGRATION_STATUSES),
    totalCount: z.number().int(),
    importedCount: z.number().int(),
    failedCount: z.number().int(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'AuthMigration' });
export const authMigrationCreateSchema = z
  .strictObject({
    sourceProvider: z.enum(['auth0', 'firebase', 'supabase', 'cognito', 'clerk', 'csv']),
    mappingStrategy: z.enum(['email', 'external_id', 'phone']),
    totalCount: z.number().int().min(0).max(10_000_000).default(0),
  })
  .meta({ id: 'AuthMigrationCreate' });
export const authMigrationUpdateSchema = z
  .strictObject({ status: z.enum(['running', 'paused', 'canceled']), version: versionField })
  .meta({ id: 'AuthMigrationUpdate' });
export const authMigrationListSpec: ListSpec = {
  filters: { status: { type: 'enum', ops: ['eq', 'in'], values: MIGRATION_STATUSES } },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};
