/**
 * The wallets list's first rows as HTML, painted from the page's early answer before its island has loaded
 * (docs/decisions.md "Rows before the island"): the default columns of columns.tsx, cell for cell.
 */
import type { Wallet } from '../../shared/api/wallets';
import type { EarlyRows } from '../../lib/early-rows';
import {
  addressCellHtml,
  badgeHtml,
  chainLabelHtml,
  relativeTimeHtml,
  textHtml,
  userCellHtml,
} from '../shared/cells-html';

/** What a screen reader says of a row (and what Enter opens). */
export function walletRowLabel(w: Pick<Wallet, 'address' | 'chainId'>): string {
  return `Wallet ${w.address} on chain ${w.chainId}`;
}

export const WALLET_EARLY_ROWS: EarlyRows<Wallet> = {
  listKey: 'wallets',
  columns: ['address', 'chain', 'accountType', 'user', 'custody', 'deployed', 'createdAt'],
  rowLabel: walletRowLabel,
  cells: (w, { projectId, mode }) => [
    { html: addressCellHtml(w.address, w.chainId) },
    { html: chainLabelHtml(w.chainId) },
    { html: textHtml(w.accountType) },
    { html: userCellHtml(w.user, w.userId, projectId, mode) },
    { html: textHtml(w.custody) },
    { html: w.deployed ? badgeHtml('Deployed', 'success') : badgeHtml('Not deployed') },
    { html: relativeTimeHtml(w.createdAt) },
  ],
};
