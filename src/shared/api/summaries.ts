import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * Short summaries of referenced objects that list and read answers carry next to the bare id, so screens show names
 * (a wallet's user, a transaction's wallet and policy) without a request per row.
 */
export const userSummarySchema = z
  .object({ id: idSchema('pla'), name: z.string().nullable(), email: z.string().nullable() })
  .meta({ id: 'UserSummary' });
export const walletSummarySchema = z.object({ id: idSchema('acc'), address: z.string() }).meta({ id: 'WalletSummary' });
export const policySummarySchema = z.object({ id: idSchema('pol'), name: z.string() }).meta({ id: 'PolicySummary' });

export type UserSummary = z.infer<typeof userSummarySchema>;
