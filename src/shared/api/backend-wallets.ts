import { z } from 'zod';
import { addressField, chainIdField, nameField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
export { backendWalletListSpec } from './collections.ts';

export const backendWalletSchema = z
  .object({
    id: idSchema('dac'),
    name: z.string(),
    address: z.string(),
    custody: z.enum(['custodial', 'added']),
    chainId: z.number().int().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'BackendWallet' });

/** The message a developer signs to prove they own an added wallet. */
export function ownershipMessage(projectId: string, address: string): string {
  return `I own ${address} and add it to project ${projectId}`;
}

export const backendWalletCreateSchema = z
  .discriminatedUnion('custody', [
    z.strictObject({ custody: z.literal('custodial'), name: nameField, chainId: chainIdField.optional() }),
    z.strictObject({
      custody: z.literal('added'),
      name: nameField,
      chainId: chainIdField.optional(),
      address: addressField,
      signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'Expected a 65-byte hex signature'),
    }),
  ])
  .meta({ id: 'BackendWalletCreate' });
export const backendWalletUpdateSchema = z
  .strictObject({ name: nameField, version: versionField })
  .meta({ id: 'BackendWalletUpdate' });
