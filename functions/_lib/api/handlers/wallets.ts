import { COUNTED_FIELDS } from '../../../../src/shared/api/stored-shapes';
import { getAddress } from 'viem';
import { newId } from '../../../../src/shared/api/ids';
import {
  walletCreateSchema,
  walletListSpec,
  walletSchema,
  walletUpdateSchema,
} from '../../../../src/shared/api/wallets';
import { getRow, insertStmt, type Row } from '../../db/core';
import { scopeOf, modeOf, type ApiContext, type ApiRoute, defineRoute } from '../context';
import { ApiError, isoStrict } from '../request-response';
import { auditFor, commitCreate } from '../write-commits';
import { Outbox } from '../../webhooks/outbox';
import { deleteRoute, getRoute, listRoute, updateRoute } from '../route-builders';
import type { Relation } from '../../db/related';

const P = '/projects/:projectId/:mode/wallets';
export const WALLETS = {
  counted: Object.keys(COUNTED_FIELDS.wallets),
  table: 'wallets',
  columns: {
    createdAt: 'created_at',
    chainId: 'chain_id',
    accountType: 'account_type',
    custody: 'custody',
    deployed: 'deployed',
    address: 'address',
    userId: 'user_id',
  },
  folded: {
    address: { exprs: [{ expr: 'lower(address)', index: 'wallets_address_lower' }] },
    user: {
      exprs: [
        { expr: 'lower(name)', index: 'users_name_lower' },
        { expr: 'lower(email)', index: 'users_email_lower' },
      ],
      via: { column: 'user_id', table: 'users', index: 'wallets_user' },
    },
  },
};

/** The user summary wallet lists and reads carry when the caller may read users (docs/api.md "Summaries"). */
export const WALLET_RELATIONS: readonly Relation[] = [
  {
    column: 'user_id',
    table: 'users',
    fields: ['name', 'email'],
    field: 'user',
    collection: 'users',
    csv: { userEmail: 'email' },
  },
];

/** API shape of a wallet row. */
export function walletToApi(r: Row) {
  return {
    id: r.id,
    address: r.address,
    ownerAddress: r.owner_address,
    chainId: r.chain_id,
    chainType: r.chain_type,
    accountType: r.account_type,
    implementation: r.implementation,
    deployed: r.deployed === 1,
    custody: r.custody,
    recoveryMethod: r.recovery_method,
    userId: r.user_id,
    ...(r._user === undefined ? {} : { user: r._user }),
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

/** A referenced row must belong to the same project and mode (another tenant's id is a 400, never linked). */
export async function mustReference(c: ApiContext, table: string, id: string | null | undefined, field: string) {
  if (!id) return;
  if (!(await getRow(c.db, table, scopeOf(c), id)))
    throw new ApiError('bad_request', `\`${field}\` does not exist in this project and mode`, [
      { path: field, message: 'Not found' },
    ]);
}

export const walletRoutes: ApiRoute[] = [
  listRoute({
    path: P,
    tag: 'Wallets',
    summary: 'List wallets',
    def: WALLETS,
    spec: walletListSpec,
    toApi: walletToApi,
    item: walletSchema,
    relations: WALLET_RELATIONS,
  }),
  defineRoute({
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Wallets',
    summary: 'Register a wallet',
    body: walletCreateSchema,
    response: walletSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      await mustReference(c, 'users', b.userId, 'userId');
      const row: Row = {
        id: newId('acc'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        user_id: b.userId ?? null,
        address: getAddress(b.address),
        owner_address: b.ownerAddress ? getAddress(b.ownerAddress) : null,
        chain_id: b.chainId,
        chain_type: b.chainType,
        account_type: b.accountType,
        implementation: b.implementation ?? null,
        deployed: b.deployed ? 1 : 0,
        custody: b.custody,
        recovery_method: b.recoveryMethod ?? null,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = walletToApi(row);
      const outbox = new Outbox(c.db, scopeOf(c), c.now);
      const created = { id: row.id, userId: row.user_id, chainId: row.chain_id, address: row.address };
      return commitCreate(c, {
        statements: [insertStmt(c.db, 'wallets', row), outbox.event('account.created', created)],
        outbox,
        audit: auditFor(c, 'wallet.created', 'wallets', row.id as string),
        body: response,
        response,
        requestBody: b,
      });
    },
  }),
  getRoute({
    path: `${P}/:id`,
    tag: 'Wallets',
    summary: 'Read a wallet',
    table: 'wallets',
    what: 'Wallet',
    toApi: walletToApi,
    item: walletSchema,
    relations: WALLET_RELATIONS,
  }),
  updateRoute({
    path: `${P}/:id`,
    tag: 'Wallets',
    summary: 'Update a wallet',
    table: 'wallets',
    what: 'Wallet',
    action: 'wallet.updated',
    body: walletUpdateSchema,
    toApi: walletToApi,
    item: walletSchema,
    toColumns: async (b, c) => {
      await mustReference(c, 'users', b.userId, 'userId');
      return {
        ...(b.deployed === undefined ? {} : { deployed: b.deployed }),
        ...(b.recoveryMethod === undefined ? {} : { recovery_method: b.recoveryMethod }),
        ...(b.userId === undefined ? {} : { user_id: b.userId }),
      };
    },
  }),
  deleteRoute({
    path: `${P}/:id`,
    tag: 'Wallets',
    summary: 'Delete a wallet',
    table: 'wallets',
    what: 'Wallet',
    action: 'wallet.deleted',
  }),
];
