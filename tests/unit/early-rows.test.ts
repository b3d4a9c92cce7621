/**
 * The first rows a list page paints before its island (src/lib/early-rows.ts) are the rows the island renders: for
 * each list with early rows, React's own rows (DataRow with the list's default columns, rendered to HTML) and the
 * early rows' HTML are compared character for character, over rows that take every branch of the cells (docs/
 * decisions.md "Rows before the island"). A change to a cell that is not made to its HTML twin fails here.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataRow } from '../../src/components/data-list/data-row';
import { skeletonRowsHtml } from '../../src/components/data-list/row-markup';
import { Skeleton } from '../../src/components/ui/state-panel';
import type { Column } from '../../src/components/data-list/data-list';
import { earlyRowsHtml, type EarlyRows } from '../../src/lib/early-rows';
import type { Mode } from '../../src/shared/routes';
import type { Wallet } from '../../src/shared/api/wallets';
import type { Transaction } from '../../src/shared/api/transactions';
import type { User } from '../../src/shared/api/users';
import { walletColumns } from '../../src/islands/wallets/columns';
import { WALLET_EARLY_ROWS } from '../../src/islands/wallets/early-rows';
import { transactionColumns } from '../../src/islands/transactions/columns';
import { TRANSACTION_EARLY_ROWS } from '../../src/islands/transactions/early-rows';
import { userColumns } from '../../src/islands/users/list-bits';
import { USER_EARLY_ROWS } from '../../src/islands/users/early-rows';

const NOW = new Date('2026-12-07T12:00:00Z');
const route = { projectId: 'pro_01900000-0000-7000-8000-00000000de00', mode: 'test' as Mode };
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

beforeAll(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterAll(() => vi.useRealTimers());

/** React's rows: DataRow for each row with the list's default columns, as the list renders them. */
function reactRows<T extends { id: string }>(columns: Column<T>[], rows: T[], label: (row: T) => string): string {
  const shown = columns.filter((c) => !c.optional);
  return renderToStaticMarkup(
    createElement(
      'tbody',
      null,
      rows.map((row) =>
        createElement(DataRow<T>, {
          key: row.id,
          row,
          columns: shown,
          label: label(row),
          refreshing: false,
          onOpen: () => {},
          onKeyDown: () => {},
        }),
      ),
    ),
  );
}

function expectSameRows<T extends { id: string }>(early: EarlyRows<T>, columns: Column<T>[], rows: T[]) {
  expect(early.columns).toEqual(columns.filter((c) => !c.optional).map((c) => c.id));
  const html = earlyRowsHtml(early, { data: rows, page: 1, limit: 25, total: rows.length }, route);
  expect(`<tbody>${html}</tbody>`).toBe(reactRows(columns, rows, early.rowLabel));
}

const wallet = (over: Partial<Wallet>): Wallet => ({
  id: 'acc_01900000-0000-7000-8000-000000000001',
  address: '0x1234567890abcdef1234567890abcdef12345678',
  ownerAddress: null,
  chainId: 11155111,
  chainType: 'EVM',
  accountType: 'Smart Account',
  implementation: null,
  deployed: true,
  custody: 'User',
  recoveryMethod: null,
  userId: 'pla_01900000-0000-7000-8000-000000000001',
  user: { id: 'pla_01900000-0000-7000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com' },
  createdAt: ago(3 * 3600_000),
  updatedAt: ago(3600_000),
  version: 1,
  ...over,
});

describe('the wallets list: early rows are its rows', () => {
  const cases: [string, Wallet][] = [
    ['a deployed wallet of a named user', wallet({})],
    ['not deployed, on a chain without an explorer', wallet({ deployed: false, chainId: 999_999 })],
    ['a user with an email and no name', wallet({ user: { id: 'pla_x', name: null, email: 'b@example.com' } })],
    ['no user', wallet({ userId: null, user: null })],
    ['a user the key may not read', wallet({ user: undefined })],
    ['markup in a name', wallet({ user: { id: 'pla_x', name: `<b>"O'Brien" & co</b>`, email: null } })],
    ['created seconds ago', wallet({ createdAt: ago(5_000) })],
  ];
  it.each(cases)('%s', (_, row) => {
    expectSameRows(WALLET_EARLY_ROWS, walletColumns(route.projectId, route.mode), [row]);
  });
  it('a page of them', () => {
    expectSameRows(
      WALLET_EARLY_ROWS,
      walletColumns(route.projectId, route.mode),
      cases.map(([, w], i) => ({ ...w, id: `${w.id.slice(0, -1)}${i}` })),
    );
  });
});

const user = (over: Partial<User>): User => ({
  id: 'pla_01900000-0000-7000-8000-000000000002',
  name: 'Grace Hopper',
  description: null,
  metadata: {},
  email: 'grace@example.com',
  emailVerified: true,
  phone: null,
  phoneVerified: false,
  anonymous: false,
  authenticated: true,
  createdAt: ago(26 * 3600_000),
  updatedAt: ago(3600_000),
  version: 1,
  ...over,
});

describe('the users list: early rows are its rows', () => {
  const cases: [string, User][] = [
    ['a signed-in user with a verified email', user({})],
    ['an unverified email', user({ emailVerified: false })],
    ['no name', user({ name: null })],
    ['no email (a guest)', user({ email: null, anonymous: true })],
    ['created through the API', user({ authenticated: false, email: null, name: 'Import 7' })],
    ['markup in a name and an email', user({ name: '<i>x</i> & "y"', email: "o'hara@example.com" })],
  ];
  it.each(cases)('%s', (_, row) => {
    expectSameRows(USER_EARLY_ROWS, userColumns(true), [row]);
  });
});

const tx = (over: Partial<Transaction>): Transaction =>
  ({
    id: 'tin_01900000-0000-7000-8000-000000000003',
    status: 'confirmed',
    chainId: 84532,
    userId: 'pla_01900000-0000-7000-8000-000000000001',
    user: { id: 'pla_01900000-0000-7000-8000-000000000001', name: 'Ada Lovelace', email: 'ada@example.com' },
    accountId: 'acc_01900000-0000-7000-8000-000000000001',
    account: { id: 'acc_01900000-0000-7000-8000-000000000001', address: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd' },
    policyId: 'pol_01900000-0000-7000-8000-000000000004',
    policy: { id: 'pol_01900000-0000-7000-8000-000000000004', name: 'Free mints' },
    transactionHash: `0x${'ab'.repeat(32)}`,
    costUsd: 0.0123,
    abstractionType: 'accountAbstractionV6',
    createdAt: ago(40 * 60_000),
    ...over,
  }) as Transaction;

describe('the transactions list: early rows are its rows', () => {
  const cases: [string, Transaction][] = [
    ['confirmed, with wallet, policy and hash', tx({})],
    ['new: no hash, no cost yet', tx({ status: 'new', transactionHash: null, costUsd: null })],
    ['reverted on a chain without an explorer', tx({ status: 'reverted', chainId: 999_999 })],
    ['a deleted wallet', tx({ account: null })],
    [
      'no wallet, no policy, no user',
      tx({ accountId: null, account: null, policyId: null, policy: null, userId: null, user: null }),
    ],
    ['a policy the key may not read', tx({ policy: undefined })],
    ['a cost above a dollar', tx({ costUsd: 12.5, status: 'replaced' })],
    ['a cost below a hundredth of a cent', tx({ costUsd: 0.00001, status: 'sent' })],
  ];
  it.each(cases)('%s', (_, row) => {
    expectSameRows(TRANSACTION_EARLY_ROWS, transactionColumns(route.projectId, route.mode), [row]);
  });
});

describe('what is not painted', () => {
  it.each([
    ['no answer', undefined],
    ['an error', { error: { code: 'forbidden', message: 'No' } }],
    ['no rows', { data: [], page: 1, limit: 25, total: 0 }],
    ['rows of another shape', { data: [{ id: 'acc_x' }], page: 1, limit: 25, total: 1 }],
  ])('%s: nothing (the island renders it)', (_, answer) => {
    expect(earlyRowsHtml(WALLET_EARLY_ROWS, answer, route)).toBeNull();
  });
});

describe('the skeleton the early rows replace', () => {
  it('is rows of the still Skeleton blocks, one per column', () => {
    const cell = renderToStaticMarkup(
      createElement('td', { className: 'px-3' }, createElement(Skeleton, { still: true, className: 'h-4 w-24' })),
    );
    const row = `<tr data-skeleton="" class="h-12 border-b border-border last:border-0">${cell.repeat(3)}</tr>`;
    expect(skeletonRowsHtml(2, 3)).toBe(row.repeat(2));
  });
});
