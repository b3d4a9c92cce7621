import { z } from 'zod';
import { addressField, chainIdField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { summaryNote, userSummarySchema } from './summaries.ts';
import { ACCOUNT_TYPES, CHAIN_TYPES, CUSTODY, RECOVERY_METHODS, IMPLEMENTATIONS } from './collections.ts';
export {
  ACCOUNT_TYPES,
  CHAIN_TYPES,
  CUSTODY,
  RECOVERY_METHODS,
  IMPLEMENTATIONS,
  walletListSpec,
} from './collections.ts';

export const walletSchema = z
  .object({
    id: idSchema('acc'),
    address: z.string(),
    ownerAddress: z.string().nullable(),
    chainId: z.number().int(),
    chainType: z.enum(CHAIN_TYPES),
    accountType: z.enum(ACCOUNT_TYPES),
    implementation: z.string().nullable(),
    deployed: z.boolean(),
    custody: z.enum(CUSTODY),
    recoveryMethod: z.enum(RECOVERY_METHODS).nullable(),
    userId: idSchema('pla').nullable(),
    /** In list and read answers: the user's name and email, when the caller may read users. */
    user: userSummarySchema
      .nullable()
      .optional()
      .meta({ description: summaryNote('users') }),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Wallet' });
export type Wallet = z.infer<typeof walletSchema>;

export const walletCreateSchema = z
  .strictObject({
    address: addressField,
    ownerAddress: addressField.optional(),
    chainId: chainIdField,
    chainType: z.enum(CHAIN_TYPES).default('EVM'),
    accountType: z.enum(ACCOUNT_TYPES),
    implementation: z.enum(IMPLEMENTATIONS).optional(),
    deployed: z.boolean().default(false),
    custody: z.enum(CUSTODY).default('User'),
    recoveryMethod: z.enum(RECOVERY_METHODS).optional(),
    userId: idSchema('pla').optional(),
  })
  .meta({ id: 'WalletCreate' });
export const walletUpdateSchema = z
  .strictObject({
    deployed: z.boolean().optional(),
    recoveryMethod: z.enum(RECOVERY_METHODS).nullable().optional(),
    userId: idSchema('pla').nullable().optional(),
    version: versionField,
  })
  .meta({ id: 'WalletUpdate' });
