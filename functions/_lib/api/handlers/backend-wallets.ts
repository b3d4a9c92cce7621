import { getAddress, verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { newId } from '../../../../src/shared/api/ids';
import {
  backendWalletCreateSchema,
  backendWalletListSpec,
  backendWalletSchema,
  backendWalletUpdateSchema,
  ownershipMessage,
} from '../../../../src/shared/api/backend-wallets';
import { insertStmt, isUniqueViolation, type Row } from '../../db/core';
import { modeOf, type RouteDef } from '../context';
import { encryptSecret } from '../crypto';
import { ApiError, isoStrict, readJson } from '../http';
import { auditFor, commitCreate } from '../writes';
import { deleteRoute, getRoute, listRoute, updateRoute } from '../crud';

const P = '/projects/:projectId/:mode/backend-wallets';

/** API shape: never the private key. */
function toApi(r: Row) {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    custody: r.custody,
    chainId: r.chain_id,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

export const backendWalletRoutes: RouteDef[] = [
  listRoute({
    path: P,
    tag: 'Backend wallets',
    summary: 'List backend wallets',
    def: { table: 'backend_wallets', columns: { createdAt: 'created_at', custody: 'custody' } },
    spec: backendWalletListSpec,
    toApi,
    item: backendWalletSchema,
  }),
  {
    method: 'POST',
    path: P,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Backend wallets',
    summary:
      'Create a custodial wallet (key generated and encrypted server-side) or add your own (prove ownership with a signature of the ownership message)',
    body: backendWalletCreateSchema,
    response: backendWalletSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = await readJson(c.request, backendWalletCreateSchema);
      const id = newId('dac');
      let address: `0x${string}`;
      let encrypted: string | null = null;
      if (b.custody === 'custodial') {
        const pk = generatePrivateKey();
        address = privateKeyToAccount(pk).address;
        encrypted = await encryptSecret(c.env, pk, `backend_wallets:${id}`);
      } else {
        address = getAddress(b.address) as `0x${string}`;
        const message = ownershipMessage(c.access!.projectId, address);
        const ok = await verifyMessage({ address, message, signature: b.signature as `0x${string}` }).catch(
          () => false,
        );
        if (!ok)
          throw new ApiError(
            'bad_request',
            `Signature does not prove ownership: sign exactly "${message}" with ${address}`,
            [{ path: 'signature', message: 'Invalid signature' }],
          );
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
      const response = toApi(row);
      try {
        return await commitCreate(c, {
          statements: [insertStmt(c.env.DB, 'backend_wallets', row)],
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
  },
  getRoute({
    path: `${P}/:id`,
    tag: 'Backend wallets',
    summary: 'Read a backend wallet',
    table: 'backend_wallets',
    what: 'Backend wallet',
    toApi,
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
    toApi,
    item: backendWalletSchema,
  }),
  deleteRoute({
    path: `${P}/:id`,
    tag: 'Backend wallets',
    summary: 'Delete a backend wallet (its encrypted key is destroyed)',
    table: 'backend_wallets',
    what: 'Backend wallet',
    action: 'backend_wallet.deleted',
  }),
];
