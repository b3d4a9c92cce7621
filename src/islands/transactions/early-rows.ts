/**
 * The transactions list's first rows as HTML, painted from the page's early answer before its island has loaded
 * (docs/decisions.md "Rows before the island"): the default columns of columns.tsx, cell for cell.
 */
import type { Transaction } from '../../shared/api/transactions';
import type { EarlyRows } from '../../lib/early-rows';
import { attrs, escapeHtml } from '../../components/data-list/row-markup';
import { shorten } from '../../lib/shorten';
import { chainName } from '../../shared/chains';
import { projectPath, type Mode } from '../../shared/routes';
import {
  DASH_HTML,
  badgeHtml,
  chainLabelHtml,
  copyTextHtml,
  explorerLinkHtml,
  relativeTimeHtml,
  textHtml,
  userCellHtml,
} from '../shared/cells-html';
import { STATUS_LABEL, STATUS_TONE } from './status';
import { formatUsd } from './format';

/** What a screen reader says of a row (and what Enter opens). */
export function transactionRowLabel(t: Pick<Transaction, 'status' | 'chainId' | 'transactionHash' | 'id'>): string {
  return `${STATUS_LABEL[t.status] ?? t.status} transaction on ${chainName(t.chainId)}, ${t.transactionHash ? shorten(t.transactionHash) : shorten(t.id)}`;
}

function walletHtml(t: Transaction, projectId: string, mode: Mode): string {
  if (!t.accountId) return DASH_HTML;
  return `<a${attrs({
    href: projectPath(projectId, mode, `/wallets?wallet=${t.accountId}`),
    class: 'font-mono text-xs hover:underline',
    title: t.account?.address ?? t.accountId,
  })}>${escapeHtml(t.account ? shorten(t.account.address) : `${shorten(t.accountId)} (deleted)`)}</a>`;
}

function policyHtml(t: Transaction, projectId: string, mode: Mode): string {
  if (!t.policyId) return DASH_HTML;
  return `<a${attrs({
    href: projectPath(projectId, mode, `/policies/${t.policyId}`),
    class: 'block max-w-24 truncate hover:underline',
    title: t.policy?.name ?? t.policyId,
  })}>${escapeHtml(t.policy?.name ?? shorten(t.policyId))}</a>`;
}

function hashHtml(t: Transaction): string {
  if (!t.transactionHash) return DASH_HTML;
  const explorer = explorerLinkHtml(t.chainId, 'tx', t.transactionHash, 'View transaction on explorer');
  return `<span class="inline-flex items-center gap-0.5">${copyTextHtml(t.transactionHash, 'transaction hash')}${explorer}</span>`;
}

export const TRANSACTION_EARLY_ROWS: EarlyRows<Transaction> = {
  listKey: 'transactions',
  columns: ['status', 'chain', 'user', 'wallet', 'policy', 'transactionHash', 'cost', 'createdAt'],
  rowLabel: transactionRowLabel,
  cells: (t, { projectId, mode }) => [
    { html: badgeHtml(STATUS_LABEL[t.status] ?? t.status, STATUS_TONE[t.status]) },
    { html: chainLabelHtml(t.chainId) },
    { html: userCellHtml(t.user, t.userId, projectId, mode) },
    { html: walletHtml(t, projectId, mode) },
    { html: policyHtml(t, projectId, mode) },
    { html: hashHtml(t) },
    { html: textHtml(formatUsd(t.costUsd)), className: 'text-right tabular-nums' },
    { html: relativeTimeHtml(t.createdAt) },
  ],
};
