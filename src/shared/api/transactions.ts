import { z } from 'zod';
import { addressField, chainIdField, timestamp } from './common.ts';
import { idSchema } from './ids.ts';
import { policySummarySchema, summaryNote, userSummarySchema, walletSummarySchema } from './summaries.ts';
import { TX_STATUSES, ABSTRACTION_TYPES, TIME_FRAMES } from './collections.ts';
import { MAX_BUDGET_USD } from '../usage-alerts.ts';
export {
  TX_STATUSES,
  SUCCESS_STATUSES,
  FAILED_STATUSES,
  ABSTRACTION_TYPES,
  transactionListSpec,
  TIME_FRAMES,
} from './collections.ts';

const interaction = z.strictObject({
  to: addressField.optional(),
  value: z
    .string()
    .regex(/^[0-9]{1,78}$/, 'Expected a wei amount as a decimal string')
    .optional(),
  contract: idSchema('con').optional(),
  functionName: z.string().max(100).optional(),
  functionArgs: z.array(z.unknown()).max(50).optional(),
  data: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2})*$/, 'Expected 0x-prefixed hex data')
    .max(100_000)
    .optional(),
});

export const transactionSchema = z
  .object({
    id: idSchema('tin'),
    chainId: z.number().int(),
    accountId: idSchema('acc').nullable(),
    userId: idSchema('pla').nullable(),
    policyId: idSchema('pol').nullable(),
    /** In list and read answers: summaries of the user, wallet and policy, each when the caller may read its collection. */
    user: userSummarySchema
      .nullable()
      .optional()
      .meta({ description: summaryNote('users') }),
    account: walletSummarySchema
      .nullable()
      .optional()
      .meta({ description: summaryNote('wallets') }),
    policy: policySummarySchema
      .nullable()
      .optional()
      .meta({ description: summaryNote('policies') }),
    interactions: z.array(z.record(z.string(), z.unknown())),
    abstractionType: z.string(),
    status: z.enum(TX_STATUSES),
    statusHistory: z.array(z.object({ status: z.enum(TX_STATUSES), at: timestamp })).optional(),
    userOperationHash: z.string().nullable(),
    transactionHash: z.string().nullable(),
    blockNumber: z.number().int().nullable(),
    gasUsed: z.number().int().nullable(),
    gasFee: z.string().nullable(),
    costUsd: z.number().nullable(),
    /** The most this sponsorship may cost (USD), as given at creation; held against the policy's cap until settled. */
    maxCostUsd: z.number().nullable(),
    error: z.object({ reason: z.string(), explanation: z.string().nullable() }).nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionCreateSchema = z
  .strictObject({
    chainId: chainIdField,
    accountId: idSchema('acc'),
    policyId: idSchema('pol').optional(),
    abstractionType: z.enum(ABSTRACTION_TYPES).default('accountAbstractionV6'),
    interactions: z.array(interaction).min(1).max(20),
    /**
     * The most this sponsorship may cost in USD (the relayer's gas limit × maximum fee × price). Required with a
     * policy that has a monthly spend cap: it is reserved against the cap until the real cost is recorded.
     */
    maxCostUsd: z
      .number({ message: 'Give an amount in USD' })
      .positive('Give an amount above 0')
      .max(MAX_BUDGET_USD, `At most ${MAX_BUDGET_USD.toLocaleString('en-US')} USD`)
      .optional(),
  })
  .meta({ id: 'TransactionCreate' });

/** A status reported by the relayer or the chain indexer (docs/api.md "Transaction status changes"). */
export const transactionStatusChangeSchema = z
  .strictObject({
    status: z.enum(TX_STATUSES).exclude(['new']),
    transactionHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'A 0x-prefixed 32-byte hash')
      .optional(),
    userOperationHash: z
      .string()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'A 0x-prefixed 32-byte hash')
      .optional(),
    blockNumber: z.number().int().min(0).optional(),
    gasUsed: z.number().int().min(0).optional(),
    gasFee: z
      .string()
      .regex(/^[0-9]{1,78}$/, 'Wei as a decimal string')
      .optional(),
    costUsd: z.number().min(0).optional(),
    error: z
      .strictObject({ reason: z.string().min(1).max(200), explanation: z.string().max(1000).optional() })
      .optional(),
  })
  .meta({ id: 'TransactionStatusChange' });

export const analyticsQuerySchema = z.strictObject({ timeFrame: z.enum(TIME_FRAMES).default('month') });
export const transactionSeriesSchema = z
  .object({
    timeFrame: z.enum(TIME_FRAMES),
    bucket: z.enum(['hour', 'day']),
    data: z.array(
      z.object({
        date: z.string(),
        total: z.number().int(),
        successful: z.number().int(),
        failed: z.number().int(),
        gasUsed: z.number(),
        costUsd: z.number(),
      }),
    ),
  })
  .meta({ id: 'TransactionSeries' });
export const walletSeriesSchema = z
  .object({
    timeFrame: z.enum(TIME_FRAMES),
    bucket: z.enum(['hour', 'day']),
    data: z.array(
      z.object({ date: z.string(), chainId: z.number().int(), accountType: z.string(), count: z.number().int() }),
    ),
  })
  .meta({ id: 'WalletSeries' });
