import { z } from 'zod';
import { addressField, chainIdField, nameField, timestamp, versionField } from './common.ts';
import { idSchema } from './ids.ts';
export { contractListSpec } from './collections.ts';

const param: z.ZodType<Record<string, unknown>> = z
  .lazy(() =>
    z.looseObject({
      name: z.string().max(100).optional(),
      type: z.string().min(1).max(100),
      internalType: z.string().max(200).optional(),
      indexed: z.boolean().optional(),
      components: z.array(param).max(100).optional(),
    }),
  )
  .meta({ id: 'AbiParameter' }); // named: a recursive schema is a $ref to itself in the OpenAPI document
/** Structural check of a JSON ABI; the API also round-trips every item through viem. */
export const abiItemSchema = z.looseObject({
  type: z.enum(['function', 'event', 'error', 'constructor', 'fallback', 'receive']),
  name: z.string().max(100).optional(),
  inputs: z.array(param).max(100).optional(),
  outputs: z.array(param).max(100).optional(),
  stateMutability: z.enum(['pure', 'view', 'nonpayable', 'payable']).optional(),
  anonymous: z.boolean().optional(),
});
export const abiSchema = z.array(abiItemSchema).max(2000);

export const contractSchema = z
  .object({
    id: idSchema('con'),
    name: z.string(),
    chainId: z.number().int(),
    address: z.string(),
    abi: z.array(z.record(z.string(), z.unknown())).optional(),
    functions: z.array(z.string()).optional(),
    publicVerified: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
    version: z.number().int(),
  })
  .meta({ id: 'Contract' });

export const contractCreateSchema = z
  .strictObject({
    name: nameField,
    chainId: chainIdField,
    address: addressField,
    abi: abiSchema.default([]),
    publicVerified: z.boolean().default(false),
  })
  .meta({ id: 'ContractCreate' });
export const contractUpdateSchema = z
  .strictObject({
    name: nameField.optional(),
    abi: abiSchema.optional(),
    publicVerified: z.boolean().optional(),
    version: versionField,
  })
  .meta({ id: 'ContractUpdate' });
