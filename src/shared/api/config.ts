import { z } from 'zod';
import { addressField, chainIdField, modeSchema } from './common.ts';
import { abiSchema } from './contracts.ts';
import { EVENT_TYPES, WEBHOOK_TOPICS } from './collections.ts';

/**
 * A mode's configuration as one versioned JSON document (docs/api.md "Configuration as code"): what
 * `GET …/config` exports and `POST …/config` applies, and what the promotion between a project's two modes compares.
 * Objects carry no ids: they are matched by a stable key (name; chain + address for contracts; URL for webhooks;
 * the kind for settings), and references name the referenced object's key. Secrets never appear: a stored secret is
 * the placeholder `{"$secret": "<name>"}`.
 */
export const CONFIG_SCHEMA_VERSION = 1;

export const CONFIG_KINDS = [
  'contracts',
  'policies',
  'webhooks',
  'eventMonitors',
  'security',
  'providers',
  'emailTemplates',
  'smtp',
  'ecosystem',
] as const;
export type ConfigKind = (typeof CONFIG_KINDS)[number];
/** The settings kinds of the document and their stored kind (`settings.kind`). */
export const SETTINGS_KIND_OF = {
  security: 'security',
  providers: 'providers',
  emailTemplates: 'email_templates',
  smtp: 'smtp',
  ecosystem: 'ecosystem',
} as const;
export type SettingsConfigKind = keyof typeof SETTINGS_KIND_OF;
export const isSettingsKind = (k: string): k is SettingsConfigKind => k in SETTINGS_KIND_OF;

export const KIND_LABELS: Record<ConfigKind, string> = {
  contracts: 'Contracts',
  policies: 'Gas policies',
  webhooks: 'Webhooks',
  eventMonitors: 'Event monitors',
  security: 'Security',
  providers: 'Providers',
  emailTemplates: 'Email templates',
  smtp: 'Custom SMTP',
  ecosystem: 'Ecosystem',
};

/** Where a secret is stored: never its value. */
export const secretPlaceholder = z.strictObject({ $secret: z.string().max(200) }).meta({ id: 'SecretPlaceholder' });
export const isSecretPlaceholder = (v: unknown): v is { $secret: string } =>
  typeof v === 'object' && v !== null && typeof (v as { $secret?: unknown }).$secret === 'string';

/** A contract as a reference: its chain and address. */
export const contractRef = z.strictObject({ chainId: chainIdField, address: addressField });

const contractDoc = z.strictObject({
  name: z.string().max(100),
  chainId: chainIdField,
  address: addressField,
  abi: abiSchema,
  publicVerified: z.boolean(),
});
const ruleDoc = z.strictObject({
  type: z.enum(['contract_functions', 'account_functions', 'rate_limit']),
  contract: contractRef.nullable(),
  functionName: z.string().max(100).nullable(),
  wildcard: z.boolean(),
  limitType: z.enum(['gas_per_transaction', 'gas_per_interval', 'count_per_interval']).nullable(),
  limitValue: z.number().int().nullable(),
  intervalUnit: z.enum(['minute', 'hour', 'day', 'week', 'month']).nullable(),
  intervalValue: z.number().int().nullable(),
});
const policyDoc = z.strictObject({
  name: z.string().max(100),
  chainId: chainIdField,
  enabled: z.boolean(),
  /** As stored, with `tokenContract` a contract reference and `depositor` a backend wallet's `{ address }`. */
  strategy: z.looseObject({
    type: z.string(),
    tokenContract: contractRef.optional(),
    depositor: z.strictObject({ address: addressField }).optional(),
  }),
  rules: z.array(ruleDoc).max(200),
});
const webhookDoc = z.strictObject({
  url: z.string().max(2048),
  description: z.string().max(500).nullable(),
  topics: z.array(z.enum(WEBHOOK_TOPICS)).max(WEBHOOK_TOPICS.length),
  enabled: z.boolean(),
  signingSecret: secretPlaceholder.optional(),
});
const eventMonitorDoc = z.strictObject({
  name: z.string().max(100),
  type: z.enum(EVENT_TYPES),
  topic: z.string().nullable(),
  threshold: z.string().nullable(),
  contract: contractRef.nullable(),
  functionName: z.string().max(300).nullable(),
  functionArgs: z.array(z.string().max(2000)).max(32).nullable(),
  backendWallet: z.strictObject({ address: addressField }).nullable(),
  chainId: chainIdField.nullable(),
  confirmations: z.number().int().nullable(),
  enabled: z.boolean(),
});
const settingsDoc = z.record(z.string(), z.unknown());

/**
 * The document. A kind left out is not managed by it (applying leaves that kind alone); objects of a kind that are
 * only in the target are left alone too (nothing is deleted).
 */
export const configDocumentSchema = z
  .strictObject({
    schemaVersion: z.literal(CONFIG_SCHEMA_VERSION),
    mode: modeSchema.optional(),
    exportedAt: z.string().max(40).optional(),
    contracts: z.array(contractDoc).max(2000).optional(),
    policies: z.array(policyDoc).max(2000).optional(),
    webhooks: z.array(webhookDoc).max(500).optional(),
    eventMonitors: z.array(eventMonitorDoc).max(2000).optional(),
    security: settingsDoc.optional(),
    providers: settingsDoc.optional(),
    emailTemplates: settingsDoc.optional(),
    smtp: settingsDoc.optional(),
    ecosystem: settingsDoc.optional(),
    /** Read-only context: the backend wallets of the mode (by address), which references may name. */
    backendWallets: z.array(z.strictObject({ name: z.string(), address: addressField })).optional(),
  })
  .meta({ id: 'ConfigDocument' });
export type ConfigDocument = z.infer<typeof configDocumentSchema>;
export type ContractDoc = z.infer<typeof contractDoc>;
export type PolicyDoc = z.infer<typeof policyDoc>;
export type WebhookDoc = z.infer<typeof webhookDoc>;
export type EventMonitorDoc = z.infer<typeof eventMonitorDoc>;

/** How an object of the source compares with the target. */
export const COMPARE_STATUSES = ['only_in_source', 'only_in_target', 'differs', 'same'] as const;
/** What applying does with it. */
export const PLAN_ACTIONS = ['create', 'update', 'unchanged', 'refused', 'not_picked'] as const;

export const planItemSchema = z
  .object({
    kind: z.enum(CONFIG_KINDS),
    key: z.string(),
    label: z.string(),
    compare: z.enum(COMPARE_STATUSES),
    /** Field by field, for `differs` (and every field of a created object): `from` is the target's value. */
    changes: z.array(z.object({ path: z.string(), from: z.unknown(), to: z.unknown() })),
    action: z.enum(PLAN_ACTIONS),
    /** Why it is refused (each with the field). */
    reasons: z.array(z.object({ path: z.string(), message: z.string() })),
    /** Secrets that do not travel: the object arrives disabled until the owner sets them. */
    needsSecret: z.array(z.string()),
  })
  .meta({ id: 'ConfigPlanItem' });
export type PlanItem = z.infer<typeof planItemSchema>;

export const planSchema = z
  .object({
    from: z.string(),
    to: modeSchema,
    items: z.array(planItemSchema),
    summary: z.object({
      create: z.number().int(),
      update: z.number().int(),
      unchanged: z.number().int(),
      refused: z.number().int(),
    }),
  })
  .meta({ id: 'ConfigPlan' });
export type Plan = z.infer<typeof planSchema>;

export const applyResultSchema = planSchema
  .extend({
    dryRun: z.boolean(),
    /** Groups the audit entries of this apply (one per object); null for a dry run or when nothing changed. */
    promotionId: z.string().nullable(),
  })
  .meta({ id: 'ConfigApplyResult' });

/** Which objects to promote: a whole kind, or one object of it by key. Omitted: everything. */
export const pickSchema = z
  .array(z.strictObject({ kind: z.enum(CONFIG_KINDS), key: z.string().max(300).optional() }))
  .max(5000);
export const promoteBodySchema = z
  .strictObject({ from: modeSchema, pick: pickSchema.optional() })
  .meta({ id: 'PromoteRequest' });
export const compareQuerySchema = z.object({ from: modeSchema });
export const configApplyQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).default('true'),
});
