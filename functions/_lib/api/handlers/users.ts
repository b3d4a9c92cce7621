import { COUNTED_FIELDS } from '../../../../src/shared/api/stored-shapes';
import { newId } from '../../../../src/shared/api/ids';
import { listOf } from '../../../../src/shared/api/common';
import type { ListQuery } from '../../../../src/shared/api/list-params';
import {
  linkedAccountSchema,
  userCreateSchema,
  userListSpec,
  userSchema,
  userUpdateSchema,
} from '../../../../src/shared/api/users';
import { walletListSpec, walletSchema } from '../../../../src/shared/api/wallets';
import { transactionListSpec, transactionSchema } from '../../../../src/shared/api/transactions';
import { asciiLower, insertStmt, isUniqueViolation, listRows, parseJson, type Row } from '../../db/core';
import { ALREADY_EXISTS } from '../../../../src/shared/api/user-import';
import { scopeOf, modeOf, type ApiContext, type ApiRoute, defineRoute } from '../context';
import { ApiError, isoStrict, json } from '../request-response';
import { auditFor, commitCreate } from '../write-commits';
import { Outbox } from '../../webhooks/outbox';
import { deleteRoute, getRoute, listRoute, mustGet, updateRoute } from '../route-builders';
import { WALLET_RELATIONS, WALLETS, walletToApi } from './wallets';
import { attachRelated, type Relation } from '../../db/related';
import { TRANSACTION_RELATIONS, TRANSACTIONS, transactionToApi } from './transactions';

const P = '/projects/:projectId/:mode/users';
const USERS = {
  counted: Object.keys(COUNTED_FIELDS.users),
  table: 'users',
  columns: { createdAt: 'created_at', name: 'name', email: 'email', authenticated: 'authenticated' },
  folded: {
    nameOrEmail: {
      exprs: [
        { expr: 'lower(name)', index: 'users_name_lower' },
        { expr: 'lower(email)', index: 'users_email_lower' },
      ],
    },
  },
};

/** API shape of a user row. */
export function userToApi(r: Row) {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    metadata: parseJson(r.metadata, {}),
    email: r.email,
    emailVerified: r.email_verified === 1,
    phone: r.phone,
    phoneVerified: r.phone_verified === 1,
    anonymous: r.anonymous === 1,
    authenticated: r.authenticated === 1,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

/** Whether a user of the tenant already has this (lower-cased) email: on the index of migration 0025. */
async function emailTaken(c: ApiContext, email: string): Promise<boolean> {
  const s = scopeOf(c);
  const row = await c.db
    .prepare('SELECT 1 FROM users WHERE project_id = ? AND mode = ? AND lower(email) = ? LIMIT 1')
    .bind(s.projectId, s.mode, email)
    .first();
  return row !== null;
}

const emailConflict = () => new ApiError('conflict', ALREADY_EXISTS, [{ path: 'email', message: ALREADY_EXISTS }]);

/** Lists rows of a child collection restricted to one user (after checking the user is the tenant's). */
async function userChildren(
  c: ApiContext<':id', unknown, ListQuery>,
  def: typeof WALLETS | typeof TRANSACTIONS,
  spec: typeof walletListSpec,
  toApi: (r: Row) => unknown,
  relations: readonly Relation[],
) {
  const user = await mustGet(c, 'users', c.params.id, 'User');
  const q = { ...c.query };
  q.filters = [
    ...q.filters.filter((f) => f.field !== 'userId'),
    { field: 'userId', op: 'eq', value: user.id as string },
  ];
  const { rows, total } = await listRows<Row>(c.db, def, spec, scopeOf(c), q);
  await attachRelated(c.db, scopeOf(c), rows, relations, c.principal);
  // One argument: transactionToApi's second parameter is the status history, not map's index.
  return json({ data: rows.map((r) => toApi(r)), page: q.page, limit: q.limit, total });
}

/** Same allow-lists as users, minus `authenticated` (fixed to false). */
const unauthenticatedSpec = {
  ...userListSpec,
  filters: Object.fromEntries(Object.entries(userListSpec.filters).filter(([f]) => f !== 'authenticated')),
};

export const userRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/projects/:projectId/:mode/unauthenticated-users',
    scope: 'mode',
    permission: 'read',
    collection: 'users',
    tag: 'Users',
    summary: 'List unauthenticated users (created through the API, no login identity)',
    list: unauthenticatedSpec,
    table: USERS,
    response: listOf(userSchema),
    handler: async (c) => {
      const q = { ...c.query };
      q.filters = [{ field: 'authenticated', op: 'eq', value: false }, ...q.filters];
      const { rows, total } = await listRows<Row>(c.db, USERS, userListSpec, scopeOf(c), q);
      return json({ data: rows.map(userToApi), page: q.page, limit: q.limit, total });
    },
  }),
  listRoute({
    path: P,
    tag: 'Users',
    summary: 'List users (filter authenticated=false for unauthenticated users)',
    def: USERS,
    spec: userListSpec,
    toApi: userToApi,
    item: userSchema,
  }),
  defineRoute({
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Users',
    summary: 'Create an unauthenticated user (no login identity)',
    body: userCreateSchema,
    response: userSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      const email = b.email ? asciiLower(b.email.trim()) : null;
      if (email && (await emailTaken(c, email))) throw emailConflict();
      const row: Row = {
        id: newId('pla'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        name: b.name ?? null,
        description: b.description ?? null,
        metadata: JSON.stringify(b.metadata ?? {}),
        email,
        email_verified: 0,
        phone: null,
        phone_verified: 0,
        anonymous: 0,
        authenticated: 0,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = userToApi(row);
      const outbox = new Outbox(c.db, scopeOf(c), c.now);
      return commitCreate(c, {
        statements: [insertStmt(c.db, 'users', row), outbox.event('user.created', { id: row.id })],
        outbox,
        audit: auditFor(c, 'user.created', 'users', row.id as string),
        body: response,
        response,
        requestBody: b,
      }).catch((err: unknown) => {
        // Another request created the email between the check and the batch: the unique index (migration 0025) refused it.
        if (email && isUniqueViolation(err)) throw emailConflict();
        throw err;
      });
    },
  }),
  getRoute({
    path: `${P}/:id`,
    tag: 'Users',
    summary: 'Read a user',
    table: 'users',
    what: 'User',
    toApi: userToApi,
    item: userSchema,
  }),
  updateRoute({
    path: `${P}/:id`,
    tag: 'Users',
    summary: 'Update a user',
    table: 'users',
    what: 'User',
    action: 'user.updated',
    event: { topic: 'user.updated', data: (id, fields) => ({ id, changed: fields }) },
    body: userUpdateSchema,
    toApi: userToApi,
    item: userSchema,
    toColumns: (b) => ({
      ...(b.name === undefined ? {} : { name: b.name }),
      ...(b.description === undefined ? {} : { description: b.description }),
      ...(b.metadata === undefined ? {} : { metadata: b.metadata }),
    }),
  }),
  deleteRoute({
    path: `${P}/:id`,
    tag: 'Users',
    summary: 'Delete a user (their wallets and transactions are kept, unlinked)',
    table: 'users',
    what: 'User',
    action: 'user.deleted',
    event: { topic: 'user.deleted', data: (id) => ({ id }) },
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id/wallets`,
    scope: 'mode',
    permission: 'read',
    tag: 'Users',
    summary: "A user's wallets",
    list: walletListSpec,
    response: listOf(walletSchema),
    relations: WALLET_RELATIONS,
    handler: (c) => userChildren(c, WALLETS, walletListSpec, walletToApi, WALLET_RELATIONS),
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id/transactions`,
    scope: 'mode',
    permission: 'read',
    tag: 'Users',
    summary: "A user's transactions",
    list: transactionListSpec,
    response: listOf(transactionSchema),
    relations: TRANSACTION_RELATIONS,
    handler: (c) => userChildren(c, TRANSACTIONS, transactionListSpec, transactionToApi, TRANSACTION_RELATIONS),
  }),
  defineRoute({
    method: 'GET',
    path: `${P}/:id/linked-accounts`,
    scope: 'mode',
    permission: 'read',
    tag: 'Users',
    summary: "A user's linked login identities",
    response: listOf(linkedAccountSchema),
    handler: async (c) => {
      const user = await mustGet(c, 'users', c.params.id, 'User');
      const { results } = await c.db
        .prepare('SELECT * FROM linked_accounts WHERE user_id = ? ORDER BY created_at, id LIMIT 100')
        .bind(user.id)
        .all<Row>();
      const data = results.map((r) => ({
        id: r.id,
        provider: r.provider,
        subject: r.subject,
        email: r.email,
        createdAt: isoStrict(r.created_at as number),
      }));
      return json({ data, page: 1, limit: 100, total: data.length });
    },
  }),
];
