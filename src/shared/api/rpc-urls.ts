import { z } from 'zod';
import { timestamp } from './common.ts';

/**
 * RPC URLs (per project, mode and chain) and the read calls of contracts made through them (docs/api.md "RPC URLs
 * and read calls"). The URL is write-only: answers carry its host and a hint.
 */
export const rpcUrlSchema = z
  .object({
    chainId: z.number().int(),
    /** The URL's host, and its last 4 characters (the URL often carries a provider key: it is never shown). */
    host: z.string(),
    hint: z.string(),
    updatedAt: timestamp,
  })
  .meta({ id: 'RpcUrl' });

export const rpcUrlListSchema = z.object({ data: z.array(rpcUrlSchema) }).meta({ id: 'RpcUrlList' });

export const rpcUrlWriteSchema = z
  .strictObject({
    /** https (live mode); http only for loopback in local development. Checked by the SSRF guard. */
    url: z.string().trim().min(1, 'Enter the RPC URL').max(2000),
  })
  .meta({ id: 'RpcUrlWrite' });

/** `?data=0x…`: the calldata of a read (view or pure) function of the contract's ABI, at most 4 KB. */
export const contractCallQuerySchema = z.strictObject({
  data: z
    .string()
    .regex(/^0x([0-9a-fA-F]{2}){4,4096}$/, 'Calldata: 0x and an even number of hex digits, a 4-byte selector first'),
});

export const contractCallResultSchema = z
  .object({
    /** The raw return data of `eth_call` (decode it with the function's outputs). */
    result: z.string(),
    /** The read function the selector named (its signature). */
    function: z.string(),
  })
  .meta({ id: 'ContractCallResult' });
