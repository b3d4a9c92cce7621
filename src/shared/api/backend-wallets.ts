import { z } from 'zod';
import { addressField, chainIdField, nameField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
import { BACKEND_WALLET_CUSTODY } from './collections.ts';
export { backendWalletListSpec } from './collections.ts';

/** A native-currency balance of a backend wallet on one chain, as last recorded (not read from the chain live). */
export const backendWalletBalanceSchema = z
  .object({
    chainId: z.number().int(),
    /** In wei (the chain's smallest unit), as decimal digits: beyond what a JSON number holds exactly. */
    wei: z.string().regex(/^[0-9]+$/),
    recordedAt: timestamp,
  })
  .meta({ id: 'BackendWalletBalance' });

export const backendWalletSchema = z
  .object({
    id: idSchema('dac'),
    name: z.string(),
    address: z.string(),
    custody: z.enum(BACKEND_WALLET_CUSTODY),
    chainId: z.number().int().nullable(),
    /** As last recorded, one entry per chain it was seen on; empty until a balance is recorded. */
    balances: z.array(backendWalletBalanceSchema),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'BackendWallet' });

/** A balance reported by the balance indexer (docs/api.md "Balance records and balance events"). */
export const backendWalletBalanceRecordSchema = z
  .strictObject({
    wei: z.string().regex(/^(0|[1-9][0-9]{0,77})$/, 'Wei as decimal digits, without leading zeros'),
  })
  .meta({ id: 'BackendWalletBalanceRecord' });

/** How long an ownership challenge may be signed and used. */
export const CHALLENGE_TTL_MS = 10 * 60_000;

/**
 * The message a developer signs (EIP-191 `personal_sign`) to prove they own an added wallet: the address, project,
 * mode, a server-issued single-use nonce and its expiry, so a signature cannot be replayed anywhere else or later.
 */
export function ownershipMessage(c: {
  projectId: string;
  mode: string;
  address: string;
  nonce: string;
  expiresAt: string;
}): string {
  return [
    `I own ${c.address} and add it as a backend wallet to project ${c.projectId} (${c.mode} mode).`,
    `Nonce: ${c.nonce}`,
    `Expires: ${c.expiresAt}`,
  ].join('\n');
}

export const backendWalletChallengeCreateSchema = z
  .strictObject({ address: addressField })
  .meta({ id: 'BackendWalletChallengeCreate' });
export const backendWalletChallengeSchema = z
  .object({
    message: z.string(),
    nonce: z.string(),
    expiresAt: timestamp,
  })
  .meta({ id: 'BackendWalletChallenge' });

export const backendWalletCreateSchema = z
  .discriminatedUnion('custody', [
    z.strictObject({ custody: z.literal('custodial'), name: nameField, chainId: chainIdField.optional() }),
    z.strictObject({
      custody: z.literal('added'),
      name: nameField,
      chainId: chainIdField.optional(),
      address: addressField,
      /** From `POST …/backend-wallets/challenge` for this address; single use. */
      nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Expected the nonce of a challenge'),
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'Expected a 65-byte hex signature'),
    }),
  ])
  .meta({ id: 'BackendWalletCreate' });
export const backendWalletUpdateSchema = z
  .strictObject({ name: nameField, version: versionField })
  .meta({ id: 'BackendWalletUpdate' });
