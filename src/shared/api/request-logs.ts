import { z } from 'zod';
import type { ListSpec } from './list-params.ts';
import { timestamp } from './common.ts';
import { idSchema } from './ids.ts';

/**
 * The request log (docs/api.md "Request logs"): one entry per /api/v1 request of a project, what the list, the detail
 * and the CSV export answer. Runtime-neutral: the API validates with it and the logs screen builds its filters from it.
 */

export const LOG_STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export const LOG_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;
/** Days an entry is kept: the dispatcher's cron deletes older ones. */
export const LOG_RETENTION_DAYS = 30;

export const requestLogListSpec: ListSpec = {
  filters: {
    statusClass: { type: 'enum', ops: ['eq', 'in'], values: LOG_STATUS_CLASSES },
    method: { type: 'enum', ops: ['eq', 'in'], values: LOG_METHODS },
    route: { type: 'string', ops: ['eq'] },
    keyId: { type: 'id', ops: ['eq'] },
    id: { type: 'id', ops: ['eq'] },
    path: { type: 'string', ops: ['prefix'] },
    createdAt: { type: 'time', ops: ['gte', 'lte', 'gt', 'lt'] },
  },
  sorts: ['createdAt'],
  defaultOrder: { field: 'createdAt', dir: 'desc' },
};

export const requestLogSchema = z
  .object({
    id: idSchema('req'),
    createdAt: timestamp,
    method: z.string(),
    /** The matched route pattern (`/api/v1/projects/:projectId/:mode/wallets`); null when no route matched. */
    route: z.string().nullable(),
    path: z.string(),
    /** The path after `/api/v1/projects/{projectId}/{mode}` (`/wallets/acc_…`): what the `path` filter matches. */
    shortPath: z.string(),
    /** The query string with the values of secret-like names replaced by `[redacted]`; null without one. */
    query: z.string().nullable(),
    status: z.number().int(),
    errorCode: z.string().nullable(),
    latencyMs: z.number().int(),
    caller: z
      .object({
        type: z.enum(['key', 'member']),
        id: z.string(),
        /** The key's or the member's name now (null when deleted since). */
        name: z.string().nullable(),
      })
      .nullable(),
    /** IPv4 to its /24, IPv6 to its /48 (`203.0.113.0/24`); the rest of the address is never stored. */
    clientAddress: z.string().nullable(),
    userAgent: z.string().nullable(),
    requestBytes: z.number().int().nullable(),
    responseBytes: z.number().int().nullable(),
  })
  .meta({ id: 'RequestLog' });
export type RequestLog = z.infer<typeof requestLogSchema>;

export const requestLogStatsQuery = z.object({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});

export const requestLogStatsSchema = z
  .object({
    /** Width of each bucket in seconds (60 for ranges up to 6 hours, wider beyond: at most 360 buckets). */
    bucketSeconds: z.number().int(),
    points: z.array(z.object({ t: timestamp, requests: z.number().int(), errors: z.number().int() })),
  })
  .meta({ id: 'RequestLogStats' });
export type RequestLogStats = z.infer<typeof requestLogStatsSchema>;
