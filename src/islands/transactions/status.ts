import type { BadgeTone } from '../../components/ui/badge';
import type { Transaction } from '../../shared/api/transactions';

type Status = Transaction['status'];

/** The badge tone of each status: done green, failed red, on its way blue, superseded amber. */
export const STATUS_TONE: Readonly<Record<Status, BadgeTone>> = {
  new: 'info',
  sent: 'info',
  indexed: 'success',
  confirmed: 'success',
  reverted: 'danger',
  dropped: 'danger',
  notfound: 'danger',
  expired: 'danger',
  replaced: 'warning',
};

/** What a status is called on screen. */
export const STATUS_LABEL: Readonly<Record<Status, string>> = {
  new: 'New',
  sent: 'Sent',
  indexed: 'Indexed',
  confirmed: 'Confirmed',
  reverted: 'Reverted',
  dropped: 'Dropped',
  notfound: 'Not found',
  expired: 'Expired',
  replaced: 'Replaced',
};

/** What each status means, for the timeline. */
export const STATUS_MEANING: Readonly<Record<Status, string>> = {
  new: 'Received and waiting to be sent.',
  sent: 'Sent to the network, waiting for a block.',
  confirmed: 'Included in a block.',
  indexed: 'Included in a block and its events indexed.',
  reverted: 'Included in a block, but the call reverted.',
  dropped: 'Dropped by the network before it was included.',
  notfound: 'The network no longer knows the transaction.',
  expired: 'Not included before it expired.',
  replaced: 'Replaced by another transaction with the same nonce.',
};
