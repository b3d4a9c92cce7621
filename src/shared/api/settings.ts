import { z } from 'zod';
import { timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import type { ListSpec } from './list-params.ts';
import { ECOSYSTEM_DEFAULTS, ecosystemSettingsSchema } from './ecosystem.ts';
import {
  appIdError,
  cidrError,
  DUPLICATE_MESSAGE,
  duplicateIndexes,
  lifetimeErrors,
  NATIVE_PLATFORMS,
  OAUTH_PROVIDERS,
  OTP_LENGTH_BOUNDS,
  originError,
  PASSWORD_MIN_LENGTH_BOUNDS,
  SECRET_MIN_LENGTH,
  SMS_PROVIDERS,
  THIRD_PARTY_FIELDS,
  THIRD_PARTY_PROVIDERS,
  THIRD_PARTY_SECRETS,
  thirdPartyFieldError,
  urlSchemeError,
} from '../auth-settings-rules.ts';
import {
  SMTP_LIMITS,
  SMTP_PORT_MESSAGE,
  SMTP_TLS_MODES,
  smtpFromNameError,
  smtpHostError,
  smtpRequiredErrors,
  smtpUserError,
} from '../smtp-rules.ts';
import {
  EMAIL_TEMPLATE_DEFAULTS,
  EMAIL_TEMPLATE_KINDS,
  emailTemplateErrors,
  type EmailTemplateKind,
} from '../email-templates.ts';

export { OAUTH_PROVIDERS, SECRET_MIN_LENGTH, THIRD_PARTY_PROVIDERS };

/**
 * Per project and mode settings: auth security, providers, email templates, SMTP and the ecosystem theme.
 * Edits are deep-merged partial objects carrying `version`. Secret fields (listed in SETTINGS_SECRETS) are write-only:
 * they are stored encrypted and answered as a sibling `<field>Hint` such as `••••a1b2` (`••••` alone for a secret
 * shorter than 12 characters: its last 4 would be a third of it).
 */
const secret = (min: number) => z.string().min(min, `Must be at least ${min} characters`).max(500);
/** A string checked by one of the zod-free rules of src/shared/auth-settings-rules.ts (its message at the field). */
const ruled = (rule: (v: string) => string | null, max: number) =>
  z
    .string()
    .max(max)
    .superRefine((v, ctx) => {
      const message = rule(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
/** A list without repeats: each repeat is an issue at its own index. */
const uniqueList = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .superRefine((list, ctx) => {
      for (const i of duplicateIndexes(list)) ctx.addIssue({ code: 'custom', message: DUPLICATE_MESSAGE, path: [i] });
    });
const origin = ruled(originError, 200);
const cidr = ruled(cidrError, 50);
const nativeApp = z
  .strictObject({
    platform: z.enum(NATIVE_PLATFORMS),
    bundleId: z.string().max(200),
    urlScheme: z.string().max(64).nullable().default(null),
  })
  .superRefine((a, ctx) => {
    const id = appIdError(a.platform, a.bundleId);
    if (id) ctx.addIssue({ code: 'custom', message: id, path: ['bundleId'] });
    const scheme = a.urlScheme === null ? null : urlSchemeError(a.urlScheme);
    if (scheme) ctx.addIssue({ code: 'custom', message: scheme, path: ['urlScheme'] });
  });
const lifetime = z.number().int('Whole seconds only');
const url = z.url({ protocol: /^https?$/ }).max(2048);

const emailTemplate = z.strictObject({ subject: z.string().max(1_000), body: z.string().max(100_000) });
const oauth = z.strictObject({
  enabled: z.boolean(),
  clientId: z.string().max(300).nullable(),
  clientSecret: secret(SECRET_MIN_LENGTH.clientSecret).optional(),
});

export const SETTINGS_SCHEMAS = {
  security: z
    .strictObject({
      allowedOrigins: uniqueList(origin, 100),
      authorizedNetworks: uniqueList(cidr, 100),
      nativeApps: z
        .array(nativeApp)
        .max(20)
        .superRefine((apps, ctx) => {
          for (const i of duplicateIndexes(apps.map((a) => `${a.platform}:${a.bundleId}`)))
            ctx.addIssue({ code: 'custom', message: DUPLICATE_MESSAGE, path: [i, 'bundleId'] });
        }),
      accessTokenLifetimeSeconds: lifetime,
      refreshTokenLifetimeSeconds: lifetime,
      inactivityTimeoutSeconds: lifetime,
    })
    .superRefine((s, ctx) => {
      for (const [path, message] of Object.entries(lifetimeErrors(s)))
        ctx.addIssue({ code: 'custom', message, path: [path] });
    }),
  providers: z
    .strictObject({
      email: z.strictObject({
        enabled: z.boolean(),
        passwordMinLength: z.number().int().min(PASSWORD_MIN_LENGTH_BOUNDS.min).max(PASSWORD_MIN_LENGTH_BOUNDS.max),
        requireSpecialCharacter: z.boolean(),
        otpLength: z.number().int().min(OTP_LENGTH_BOUNDS.min).max(OTP_LENGTH_BOUNDS.max),
      }),
      phone: z
        .strictObject({ enabled: z.boolean(), smsProvider: z.enum(SMS_PROVIDERS).nullable() })
        .refine((p) => !p.enabled || p.smsProvider !== null, {
          message: 'Choose the SMS provider that sends the codes',
          path: ['smsProvider'],
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
        firebaseProjectId: z.string().max(30).nullable().default(null),
        supabaseUrl: url.nullable().default(null),
        supabaseKey: secret(SECRET_MIN_LENGTH.apiKey).optional(),
        playfabTitleId: z.string().max(10).nullable().default(null),
        accelbyteBaseUrl: url.nullable().default(null),
        accelbyteNamespace: z.string().max(64).nullable().default(null),
        lootlockerServerKey: secret(SECRET_MIN_LENGTH.apiKey).optional(),
      }),
    })
    .superRefine((p, ctx) => {
      // An enabled OAuth provider needs its client id (its secret is checked with the stored ones, in the handler).
      for (const name of OAUTH_PROVIDERS)
        if (p.oauth[name].enabled && !p.oauth[name].clientId?.trim())
          ctx.addIssue({ code: 'custom', message: 'Enter the client ID', path: ['oauth', name, 'clientId'] });
      // The chosen third-party provider's fields, each in its format (secrets: in the handler).
      const t = p.thirdParty as Record<string, unknown>;
      if (!p.thirdParty.provider) return;
      for (const field of THIRD_PARTY_FIELDS[p.thirdParty.provider]) {
        if (field.endsWith('Key')) continue;
        const v = t[field];
        const message =
          typeof v === 'string' && v.trim() ? thirdPartyFieldError(field, v) : 'Required for this provider';
        if (message) ctx.addIssue({ code: 'custom', message, path: ['thirdParty', field] });
      }
    }),
  // Lengths, required and known variables: the rules of src/shared/email-templates.ts, at `<template>.subject|body`.
  email_templates: z
    .strictObject(
      Object.fromEntries(EMAIL_TEMPLATE_KINDS.map((k) => [k, emailTemplate])) as Record<
        EmailTemplateKind,
        typeof emailTemplate
      >,
    )
    .superRefine((t, ctx) => {
      for (const [path, message] of Object.entries(emailTemplateErrors(t)))
        ctx.addIssue({ code: 'custom', message, path: path.split('.') });
    }),
  // Rules of src/shared/smtp-rules.ts; the host also passes the SSRF address checks in the handler.
  smtp: z
    .strictObject({
      enabled: z.boolean(),
      host: ruled(smtpHostError, SMTP_LIMITS.host + 2).nullable(),
      port: z.number(SMTP_PORT_MESSAGE).int(SMTP_PORT_MESSAGE).min(1, SMTP_PORT_MESSAGE).max(65_535, SMTP_PORT_MESSAGE),
      user: ruled(smtpUserError, SMTP_LIMITS.user + 1).nullable(),
      password: secret(SECRET_MIN_LENGTH.smtpPassword).optional(),
      from: z.email('Expected an email address such as no-reply@example.com').max(254).nullable(),
      fromName: ruled(smtpFromNameError, SMTP_LIMITS.fromName + 1)
        .nullable()
        .default(null),
      tlsMode: z.enum(SMTP_TLS_MODES, 'Choose none, STARTTLS or implicit TLS').default('starttls'),
    })
    .superRefine((s, ctx) => {
      for (const [path, message] of Object.entries(smtpRequiredErrors(s)))
        ctx.addIssue({ code: 'custom', message, path: [path] });
    }),
  ecosystem: ecosystemSettingsSchema,
} as const;
export type SettingsKind = keyof typeof SETTINGS_SCHEMAS;

/** Write-only fields per settings kind, as dotted paths. */
export const SETTINGS_SECRETS: Record<SettingsKind, readonly string[]> = {
  security: [],
  providers: [
    ...OAUTH_PROVIDERS.map((p) => `oauth.${p}.clientSecret`),
    ...THIRD_PARTY_SECRETS.map((f) => `thirdParty.${f}`),
  ],
  email_templates: [],
  smtp: ['password'],
  ecosystem: [],
};

const disabledOauth = { enabled: false, clientId: null };
/** Defaults created with every project (both modes). */
export const SETTINGS_DEFAULTS: { [K in SettingsKind]: z.input<(typeof SETTINGS_SCHEMAS)[K]> } = {
  security: {
    allowedOrigins: [],
    authorizedNetworks: [],
    nativeApps: [],
    accessTokenLifetimeSeconds: 3_600,
    refreshTokenLifetimeSeconds: 7 * 86_400,
    inactivityTimeoutSeconds: 0,
  },
  providers: {
    email: { enabled: true, passwordMinLength: 8, requireSpecialCharacter: false, otpLength: 6 },
    phone: { enabled: false, smsProvider: null },
    guest: { enabled: true },
    wallet: { enabled: true },
    oauth: Object.fromEntries(OAUTH_PROVIDERS.map((p) => [p, disabledOauth])) as Record<
      (typeof OAUTH_PROVIDERS)[number],
      typeof disabledOauth
    >,
    thirdParty: {
      provider: null,
      jwksUrl: null,
      audience: null,
      endpoint: null,
      firebaseProjectId: null,
      supabaseUrl: null,
      playfabTitleId: null,
      accelbyteBaseUrl: null,
      accelbyteNamespace: null,
    },
  },
  email_templates: EMAIL_TEMPLATE_DEFAULTS,
  smtp: { enabled: false, host: null, port: 587, user: null, from: null, fromName: null, tlsMode: 'starttls' },
  ecosystem: ECOSYSTEM_DEFAULTS,
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

/** `POST …/auth/providers/check-jwks`: fetch a JWKS URL from the server and say whether it parses. */
export const jwksCheckSchema = z.strictObject({ jwksUrl: z.string().min(1).max(2048) }).meta({ id: 'JwksCheck' });
export const jwksCheckResultSchema = z
  .object({
    ok: z.boolean(),
    message: z.string(),
    keyCount: z.number().int().optional(),
    algorithms: z.array(z.string()).optional(),
  })
  .meta({ id: 'JwksCheckResult' });

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

/** The display name of each kind in the OpenAPI document's component ids (`SecuritySettings`, `SmtpSettingsPatch`). */
const KIND_IDS: Record<SettingsKind, string> = {
  security: 'Security',
  providers: 'Providers',
  email_templates: 'EmailTemplates',
  smtp: 'Smtp',
  ecosystem: 'Ecosystem',
};

/** A schema without its `.default()` / `.optional()` wrapper (the wrapper decides presence, not the value). */
function bare(s: z.ZodType): z.ZodType {
  if (s instanceof z.ZodDefault || s instanceof z.ZodOptional) return bare(s.unwrap() as z.ZodType);
  return s;
}

/**
 * A PATCH body of a settings kind: every object field optional at every depth (the edit is deep-merged into the
 * stored settings), no defaults (a field left out stays as stored), values with their own rules, unknown fields
 * refused; arrays are replaced whole, so their items are complete. Rules across fields run on the merged result.
 */
function deepPartial(s: z.ZodType): z.ZodType {
  const inner = bare(s);
  if (!(inner instanceof z.ZodObject)) return inner;
  return z.strictObject(
    Object.fromEntries(Object.entries(inner.shape).map(([k, v]) => [k, deepPartial(v as z.ZodType).optional()])),
  );
}

/** The stored settings as answered: every field present, a write-only secret replaced by its `<field>Hint`. */
function answered(s: z.ZodType, secrets: readonly string[], at: string[] = []): z.ZodType {
  const inner = bare(s);
  if (!(inner instanceof z.ZodObject)) return inner;
  const shape: Record<string, z.ZodType> = {};
  for (const [k, v] of Object.entries(inner.shape)) {
    const path = [...at, k];
    if (secrets.includes(path.join('.')))
      shape[`${k}Hint`] = z
        .string()
        .nullable()
        .meta({ description: `Write-only \`${k}\`: its hint such as ••••a1b2 (null when none is stored)` });
    else shape[k] = answered(v as z.ZodType, secrets, path);
  }
  return z.object(shape);
}

/** Per kind: its PATCH body (a deep partial plus `version`) and its answer (docs/api.md "Settings"). */
export const SETTINGS_API = Object.fromEntries(
  (Object.keys(SETTINGS_SCHEMAS) as SettingsKind[]).map((kind) => [
    kind,
    {
      patch: (deepPartial(SETTINGS_SCHEMAS[kind]) as z.ZodObject)
        .extend({ version: versionField })
        .meta({ id: `${KIND_IDS[kind]}SettingsPatch` }),
      response: z
        .object({
          kind: z.literal(kind),
          data: answered(SETTINGS_SCHEMAS[kind], SETTINGS_SECRETS[kind]),
          updatedAt: timestamp,
          version: z.number().int().min(1),
        })
        .meta({ id: `${KIND_IDS[kind]}Settings` }),
    },
  ]),
) as unknown as Record<
  SettingsKind,
  { patch: z.ZodType<{ version: number } & Record<string, unknown>>; response: z.ZodType }
>;
