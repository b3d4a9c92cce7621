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

/**
 * What the OpenAPI document says of a summary field: it is there only when the caller may read the collection it comes
 * from (functions/_lib/db/related.ts), so a key scoped to wallets never reads users' names and emails through them.
 */
export const summaryNote = (collection: string) =>
  `In list and read answers, only when the caller may read ${collection} (a member, or a secret key with \`read\`, \`write\`, \`${collection}:read\` or \`${collection}:write\`); absent otherwise. Null when nothing is referenced.`;

export type UserSummary = z.infer<typeof userSummarySchema>;
