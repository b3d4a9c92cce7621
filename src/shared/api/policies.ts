import { z } from 'zod';
import { addressField, chainIdField, nameField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { usdAmount } from './usage-alerts.ts';
import { RULE_TYPES, LIMIT_TYPES, INTERVAL_UNITS } from './collections.ts';
export { STRATEGIES, RULE_TYPES, LIMIT_TYPES, INTERVAL_UNITS, policyListSpec } from './collections.ts';

const strategy = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('pay_for_user'), depositor: idSchema('dac').optional() }),
  z.strictObject({
    type: z.literal('charge_custom_token'),
    tokenContract: idSchema('con'),
    exchangeRate: z.string().regex(/^[0-9]+(\.[0-9]+)?$/),
    depositor: idSchema('dac').optional(),
  }),
  z.strictObject({
    type: z.literal('fixed_rate'),
    tokenContract: idSchema('con'),
    tokenAmount: z.string().regex(/^[0-9]{1,78}$/),
    depositor: idSchema('dac').optional(),
  }),
]);

export const policyRuleSchema = z
  .object({
    id: idSchema('afu'),
    policyId: idSchema('pol'),
    type: z.enum(RULE_TYPES),
    contractId: idSchema('con').nullable(),
    functionName: z.string().nullable(),
    wildcard: z.boolean(),
    limitType: z.enum(LIMIT_TYPES).nullable(),
    limitValue: z.number().int().nullable(),
    intervalUnit: z.enum(INTERVAL_UNITS).nullable(),
    intervalValue: z.number().int().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'PolicyRule' });

export const policySchema = z
  .object({
    id: idSchema('pol'),
    name: z.string(),
    chainId: z.number().int(),
    enabled: z.boolean(),
    strategy: z.record(z.string(), z.unknown()),
    rules: z.array(policyRuleSchema).optional(),
    /** Lists only: sponsored transactions and their cost over the last 30 days. */
    spend30d: z.object({ transactions: z.number().int(), costUsd: z.number() }).optional(),
    /** Hard monthly spend cap in USD (the spend report's cost, this UTC month); null: none. Past it, sponsorship is refused. */
    monthlySpendCapUsd: z.number().nullable(),
    /**
     * Reads of one policy only: sponsored transactions and their recorded cost this UTC calendar month, and the
     * maximum cost held by those in flight (`reservedUsd`): against the cap, cost + reserved counts.
     */
    spendThisMonth: z
      .object({ transactions: z.number().int(), costUsd: z.number(), reservedUsd: z.number() })
      .optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Policy' });

export const policyCreateSchema = z
  .strictObject({
    name: nameField,
    chainId: chainIdField,
    enabled: z.boolean().default(true),
    strategy: strategy.default({ type: 'pay_for_user' }),
    monthlySpendCapUsd: usdAmount.nullable().default(null),
  })
  .meta({ id: 'PolicyCreate' });
export const policyUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    enabled: z.boolean().optional(),
    strategy: strategy.optional(),
    monthlySpendCapUsd: usdAmount.nullable().optional(),
    version: versionField,
  })
  .meta({ id: 'PolicyUpdate' });

const ruleBase = {
  type: z.enum(RULE_TYPES),
  contractId: idSchema('con').optional(),
  functionName: z.string().min(1).max(100).optional(),
  wildcard: z.boolean().default(false),
  limitType: z.enum(LIMIT_TYPES).optional(),
  limitValue: z
    .number()
    .int()
    .min(1)
    .max(2 ** 53 - 1)
    .optional(),
  intervalUnit: z.enum(INTERVAL_UNITS).optional(),
  intervalValue: z.number().int().min(1).max(1000).optional(),
};
export const policyRuleCreateSchema = z
  .strictObject(ruleBase)
  .superRefine((r, ctx) => {
    if (r.type === 'contract_functions' && !r.contractId)
      ctx.addIssue({ code: 'custom', path: ['contractId'], message: 'Required for contract_functions rules' });
    if (r.type !== 'rate_limit' && !r.wildcard && !r.functionName)
      ctx.addIssue({ code: 'custom', path: ['functionName'], message: 'Give a function name or set wildcard' });
    if (r.type === 'rate_limit') {
      if (!r.limitType || !r.limitValue)
        ctx.addIssue({ code: 'custom', path: ['limitType'], message: 'Rate limits need limitType and limitValue' });
      if (r.limitType && r.limitType !== 'gas_per_transaction' && (!r.intervalUnit || !r.intervalValue))
        ctx.addIssue({
          code: 'custom',
          path: ['intervalUnit'],
          message: 'Interval limits need intervalUnit and intervalValue',
        });
    }
  })
  .meta({ id: 'PolicyRuleCreate' });
export const policyRuleUpdateSchema = z
  .strictObject({
    functionName: z.string().min(1).max(100).nullable().optional(),
    wildcard: z.boolean().optional(),
    limitValue: z
      .number()
      .int()
      .min(1)
      .max(2 ** 53 - 1)
      .optional(),
    intervalUnit: z.enum(INTERVAL_UNITS).optional(),
    intervalValue: z.number().int().min(1).max(1000).optional(),
    version: versionField,
  })
  .meta({ id: 'PolicyRuleUpdate' });

/** `days`: the report's period, ending now (default 30). */
export const policySpendQuerySchema = z.strictObject({ days: z.coerce.number().int().min(1).max(365).default(30) });

export const policySpendSchema = z
  .object({
    policyId: idSchema('pol'),
    days: z.number().int(),
    totals: z.object({ transactions: z.number().int(), gasUsed: z.number(), costUsd: z.number() }),
    daily: z.array(
      z.object({ date: z.string(), transactions: z.number().int(), gasUsed: z.number(), costUsd: z.number() }),
    ),
  })
  .meta({ id: 'PolicySpend' });

export { addressField };

export type Policy = z.infer<typeof policySchema>;
export type PolicyRule = z.infer<typeof policyRuleSchema>;
export type PolicySpend = z.infer<typeof policySpendSchema>;
