import { z } from 'zod';

/** Id prefixes of every stored object (docs/api.md "Database"): ids are `prefix_` + a UUIDv7 (time-ordered, so inserts append). */
export const ID_PREFIX = {
  project: 'pro',
  user: 'pla',
  linkedAccount: 'lac',
  wallet: 'acc',
  transaction: 'tin',
  policy: 'pol',
  policyRule: 'afu',
  contract: 'con',
  backendWallet: 'dac',
  apiKey: 'key',
  webhook: 'whk',
  webhookDelivery: 'whd',
  event: 'eve',
  invite: 'inv',
  audit: 'aud',
  authMigration: 'amg',
  invoice: 'ivc',
  /** An event of the webhook outbox (the event log): the `webhook-id` of every delivery of it. */
  webhookEvent: 'evt',
  notice: 'ntc',
  /** An /api/v1 request (the request log, X-Request-Id). */
  request: 'req',
} as const;
export type IdPrefix = (typeof ID_PREFIX)[keyof typeof ID_PREFIX];

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** A UUIDv7 string whose first 48 bits are `time` in milliseconds. */
export function uuidv7(time = Date.now()): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  let t = Math.max(0, Math.floor(time));
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x70;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A new id such as `pro_0190…`. */
export function newId(prefix: IdPrefix, time?: number): string {
  return `${prefix}_${uuidv7(time)}`;
}

/** Zod schema of an id with the given prefix. */
export function idSchema(prefix: IdPrefix) {
  return z
    .string()
    .regex(
      new RegExp(`^${prefix}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`),
      `Expected a ${prefix}_ id`,
    );
}
