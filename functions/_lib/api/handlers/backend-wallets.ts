import { getAddress, verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { newId } from '../../../../src/shared/api/ids';
import {
  backendWalletChallengeCreateSchema,
  backendWalletChallengeSchema,
  backendWalletCreateSchema,
  backendWalletListSpec,
  backendWalletSchema,
  backendWalletUpdateSchema,
  CHALLENGE_TTL_MS,
  ownershipMessage,
} from '../../../../src/shared/api/backend-wallets';
import { insertStmt, isUniqueViolation, type Row } from '../../db/core';
import { modeOf, type ApiContext, type ApiRoute, defineRoute } from '../context';
import { encryptSecret, randomToken } from '../crypto';
import { ApiError, isoStrict, json } from '../request-response';
import { auditFor, commitCreate, idempotentReplay } from '../write-commits';
import { deleteRoute, getRoute, listRoute, updateRoute } from '../route-builders';
import { strategyUser } from '../strategy-refs';

const P = '/projects/:projectId/:mode/backend-wallets';

/** Recorded balances (migration 0013: `[{chainId, wei, recordedAt: ms}]`) in the API's shape; a bad value reads as none. */
export function balancesOf(raw: unknown) {
  let list: unknown;
  try {
    list = JSON.parse(typeof raw === 'string' ? raw : '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return (list as { chainId: number; wei: string; recordedAt: number }[]).map((b) => ({
    chainId: b.chainId,
    wei: String(b.wei),
    recordedAt: isoStrict(b.recordedAt),
  }));
}

/** API shape: never the private key. */
export function backendWalletToApi(r: Row) {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    custody: r.custody,
    chainId: r.chain_id,
    balances: balancesOf(r.balances),
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

const refuse = (path: string, message: string) =>
  new ApiError('bad_request', `${message}: request a new challenge and sign its message`, [{ path, message }]);

/**
 * Proves ownership of an added wallet: the challenge `nonce` must have been issued for this project, mode and address
 * and not have expired, the signature must be the address's over its message (viem), and the nonce is then used up
 * (deleted; of two concurrent uses one wins). A bad signature leaves the challenge usable until it expires.
 */
async function proveOwnership(c: ApiContext, nonce: string, address: `0x${string}`, signature: `0x${string}`) {
  const db = c.db;
  const row = await db
    .prepare(
      'SELECT address, expires_at FROM backend_wallet_challenges WHERE nonce = ? AND project_id = ? AND mode = ?',
    )
    .bind(nonce, c.access!.projectId, modeOf(c))
    .first<{ address: string; expires_at: number }>();
  if (!row) throw refuse('nonce', 'Unknown or already used nonce');
  if (row.expires_at <= c.now) throw refuse('nonce', 'The challenge has expired');
  if (row.address !== address) throw refuse('address', 'The challenge was issued for another address');
  const message = ownershipMessage({
    projectId: c.access!.projectId,
    mode: modeOf(c),
    address,
    nonce,
    expiresAt: isoStrict(row.expires_at),
  });
  const ok = await verifyMessage({ address, message, signature }).catch(() => false);
  if (!ok)
    throw new ApiError(
      'bad_request',
      `Signature does not prove ownership: sign exactly the challenge message with ${address}`,
      [{ path: 'signature', message: 'Invalid signature' }],
    );
  const used = await db
    .prepare('DELETE FROM backend_wallet_challenges WHERE nonce = ? RETURNING nonce')
    .bind(nonce)
    .first();
  if (!used) throw refuse('nonce', 'Unknown or already used nonce');
}

export const backendWalletRoutes: ApiRoute[] = [
  defineRoute({
    method: 'POST',
    path: `${P}/challenge`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Backend wallets',
    summary:
      'Issue an ownership challenge for an address: sign its `message` (EIP-191) and send it with the `nonce` to add the wallet (10 minutes, single use)',
    body: backendWalletChallengeCreateSchema,
    response: backendWalletChallengeSchema,
    status: 201,
    handler: async (c) => {
      const b = c.body;
      const address = getAddress(b.address);
      const nonce = randomToken(16);
      const expiresAt = c.now + CHALLENGE_TTL_MS;
      const db = c.db;
      await db.batch([
        // Expired challenges go first, a bounded number at a time (on the expires_at index).
        db
          .prepare(
            'DELETE FROM backend_wallet_challenges WHERE nonce IN (SELECT nonce FROM backend_wallet_challenges WHERE expires_at <= ? ORDER BY expires_at LIMIT 100)',
          )
          .bind(c.now),
        insertStmt(db, 'backend_wallet_challenges', {
          nonce,
          project_id: c.access!.projectId,
          mode: modeOf(c),
          address,
          actor_id: c.actor.id,
          created_at: c.now,
          expires_at: expiresAt,
        }),
      ]);
      const message = ownershipMessage({
        projectId: c.access!.projectId,
        mode: modeOf(c),
        address,
        nonce,
        expiresAt: isoStrict(expiresAt),
      });
      return json({ message, nonce, expiresAt: isoStrict(expiresAt) }, 201);
    },
  }),
  listRoute({
    path: P,
    tag: 'Backend wallets',
    summary: 'List backend wallets',
    def: {
      table: 'backend_wallets',
      columns: { createdAt: 'created_at', custody: 'custody', name: 'name', address: 'address' },
    },
    spec: backendWalletListSpec,
    toApi: backendWalletToApi,
    item: backendWalletSchema,
  }),
  defineRoute({
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Backend wallets',
    summary:
      'Create a custodial wallet (key generated and encrypted server-side) or add your own (prove ownership: sign the message of `POST …/challenge` and send its nonce)',
    body: backendWalletCreateSchema,
    response: backendWalletSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      const id = newId('dac');
      let address: `0x${string}`;
      let encrypted: string | null = null;
      if (b.custody === 'custodial') {
        const pk = generatePrivateKey();
        address = privateKeyToAccount(pk).address;
        encrypted = await encryptSecret(c.env, pk, `backend_wallets:${id}`);
      } else {
        address = getAddress(b.address) as `0x${string}`;
        // A repeated request with its Idempotency-Key replays before the nonce (already used) is looked at.
        const replay = await idempotentReplay(c, b);
        if (replay) return replay;
        await proveOwnership(c, b.nonce, address, b.signature as `0x${string}`);
      }
      const row: Row = {
        id,
        project_id: c.access!.projectId,
        mode: modeOf(c),
        name: b.name,
        address,
        custody: b.custody,
        chain_id: b.chainId ?? null,
        encrypted_private_key: encrypted,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = backendWalletToApi(row);
      try {
        return await commitCreate(c, {
          statements: [insertStmt(c.db, 'backend_wallets', row)],
          audit: auditFor(c, 'backend_wallet.created', 'backend_wallets', id, { custody: b.custody }),
          body: response,
          response,
          requestBody: b,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ApiError('conflict', 'This address is already a backend wallet');
        throw err;
      }
    },
  }),
  getRoute({
    path: `${P}/:id`,
    tag: 'Backend wallets',
    summary: 'Read a backend wallet',
    table: 'backend_wallets',
    what: 'Backend wallet',
    toApi: backendWalletToApi,
    item: backendWalletSchema,
  }),
  updateRoute({
    path: `${P}/:id`,
    tag: 'Backend wallets',
    summary: 'Rename a backend wallet',
    table: 'backend_wallets',
    what: 'Backend wallet',
    action: 'backend_wallet.renamed',
    body: backendWalletUpdateSchema,
    toColumns: (b) => ({ name: b.name }),
    toApi: backendWalletToApi,
    item: backendWalletSchema,
  }),
  deleteRoute({
    path: `${P}/:id`,
    tag: 'Backend wallets',
    summary: 'Delete a backend wallet (its encrypted key is destroyed)',
    table: 'backend_wallets',
    what: 'Backend wallet',
    action: 'backend_wallet.deleted',
    inUse: (c, id) => strategyUser(c, 'depositor', id, 'backend wallet'),
  }),
];
