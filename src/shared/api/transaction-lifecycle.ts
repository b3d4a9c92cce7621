/**
 * How a transaction intent's status may move, and which webhook topic each move produces (docs/api.md "Transaction
 * status changes"). Zod-free: the API checks moves with it and the screens may show what comes next.
 */
import type { TX_STATUSES } from './collections.ts';

export type TxStatus = (typeof TX_STATUSES)[number];

/** The statuses a transaction may move to from each status; a status without moves is final. */
export const TX_NEXT: Readonly<Record<TxStatus, readonly TxStatus[]>> = {
  new: ['sent', 'dropped', 'expired'],
  sent: ['indexed', 'confirmed', 'reverted', 'notfound', 'replaced', 'dropped', 'expired'],
  // Seen in a block, not yet final: confirmed, or reverted by a reorganisation.
  indexed: ['confirmed', 'reverted'],
  // Not found by the relayer for a while: it may still show up, or be given up.
  notfound: ['sent', 'indexed', 'confirmed', 'dropped', 'expired'],
  confirmed: [],
  reverted: [],
  dropped: [],
  replaced: [],
  expired: [],
};

const SUCCESS: readonly TxStatus[] = ['indexed', 'confirmed'];

/**
 * The `transaction_intent.*` topic of a move, or null: `broadcast` when sent, `successful` the first time it is in a
 * block (indexed, or confirmed without an indexed before), `failed` when reverted or not found, `cancelled` when
 * dropped, replaced or expired.
 */
export function txTopic(from: TxStatus, to: TxStatus): string | null {
  if (to === 'sent') return 'transaction_intent.broadcast';
  if (SUCCESS.includes(to)) return SUCCESS.includes(from) ? null : 'transaction_intent.successful';
  if (to === 'reverted' || to === 'notfound') return 'transaction_intent.failed';
  if (to === 'dropped' || to === 'replaced' || to === 'expired') return 'transaction_intent.cancelled';
  return null;
}
