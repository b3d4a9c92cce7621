import { toFunctionSelector, type AbiFunction } from 'viem';
import {
  contractCallQuerySchema,
  contractCallResultSchema,
  rpcUrlListSchema,
  rpcUrlSchema,
  rpcUrlWriteSchema,
} from '../../../../src/shared/api/rpc-urls';
import { CHAINS_BY_MODE, chainById, chainName } from '../../../../src/shared/chains';
import { groupAbi, signatureOf, type AbiItem } from '../../../../src/shared/abi';
import { parseJson, type Row } from '../../db/core';
import { dohResolver } from '../../net/doh';
import { ethCall } from '../../net/rpc-call';
import { checkTarget } from '../../net/ssrf-guard';
import { DEFAULT_DNS_URL } from '../../net/smtp-host';
import { defineRoute, modeOf, scopeOf, type ApiContext, type ApiRoute } from '../context';
import { decryptSecret, encryptSecret } from '../crypto';
import { ApiError, isoStrict, json } from '../request-response';
import { mustGet } from '../route-builders';
import { auditFor } from '../write-commits';
import { auditStmt } from '../../db/audit';

/**
 * RPC URLs per chain of a project's mode, and read calls of its contracts through them (docs/api.md "RPC URLs and
 * read calls"): the server calls the node (never the browser: the page's CSP stays as it is and the URL, often with
 * a provider key, never leaves the server), behind the SSRF guard at save time and again at call time.
 */
const P = '/projects/:projectId/:mode/rpc-urls';
const aad = (c: ApiContext, chainId: number) => `rpc_urls:${c.access!.projectId}:${modeOf(c)}:${chainId}`;
const allowLoopback = (env: Env) => env.RPC_ALLOW_LOOPBACK === 'true';

/** `:chainId` as a chain of this mode (a live chain's RPC URL is a live-mode setting). */
function chainOf(c: ApiContext<`${string}:chainId`>): number {
  const raw = c.params.chainId;
  const id = Number(raw);
  const chain = /^[1-9][0-9]{0,15}$/.test(raw) ? chainById(id) : undefined;
  if (!chain)
    throw new ApiError('bad_request', 'Unknown chain', [{ path: 'chainId', message: 'Not a supported chain id' }]);
  if (!CHAINS_BY_MODE[modeOf(c)].some((x) => x.id === id))
    throw new ApiError('bad_request', `${chain.name} is not a chain of ${modeOf(c)} mode`, [
      { path: 'chainId', message: `Not a ${modeOf(c)}-mode chain` },
    ]);
  return id;
}

function toApi(r: Row) {
  const [host, hint] = String(r.url_hint).split(' ');
  return { chainId: r.chain_id, host: host ?? '', hint: hint ?? '', updatedAt: isoStrict(r.updated_at as number) };
}

/** What is shown of a URL: its host and its last 4 characters (`rpc.example.com ••••ab12`). */
function urlHint(url: URL): string {
  const text = url.toString();
  return `${url.host} ••••${text.slice(-4)}`;
}

export const rpcUrlRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: P,
    scope: 'mode',
    permission: 'read',
    collection: 'contracts',
    tag: 'Contracts',
    summary: 'RPC URLs of this mode, per chain (host and hint only: the URL is write-only)',
    response: rpcUrlListSchema,
    handler: async (c) => {
      const s = scopeOf(c);
      const { results } = await c.db
        .prepare(
          'SELECT chain_id, url_hint, updated_at FROM rpc_urls WHERE project_id = ? AND mode = ? ORDER BY chain_id LIMIT 100',
        )
        .bind(s.projectId, s.mode)
        .all<Row>();
      return json({ data: results.map(toApi) });
    },
  }),
  defineRoute({
    method: 'PUT',
    path: `${P}/:chainId`,
    scope: 'mode',
    permission: 'write_data',
    collection: 'contracts',
    tag: 'Contracts',
    summary: 'Set the RPC URL of a chain (https; checked by the SSRF guard)',
    body: rpcUrlWriteSchema,
    response: rpcUrlSchema,
    handler: async (c) => {
      const chainId = chainOf(c);
      const target = await checkTarget(c.body.url, { mode: modeOf(c), allowLoopback: allowLoopback(c.env) });
      if (!target.ok) throw new ApiError('bad_request', target.reason, [{ path: 'url', message: target.reason }]);
      const s = scopeOf(c);
      const sealed = await encryptSecret(c.env, target.url.toString(), aad(c, chainId));
      const hint = urlHint(target.url);
      const row = await c.db.batch([
        c.db
          .prepare(
            `INSERT INTO rpc_urls (project_id, mode, chain_id, url_encrypted, url_hint, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (project_id, mode, chain_id) DO UPDATE SET url_encrypted = excluded.url_encrypted,
             url_hint = excluded.url_hint, updated_at = excluded.updated_at, version = version + 1
           RETURNING chain_id, url_hint, updated_at`,
          )
          .bind(s.projectId, s.mode, chainId, sealed, hint, c.now, c.now),
        auditStmt(
          c.db,
          auditFor(c, 'rpc_url.set', 'rpc_url', String(chainId), { chain: chainName(chainId), host: target.url.host }),
        ),
      ]);
      return json(toApi(row[0]!.results[0] as Row));
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: `${P}/:chainId`,
    scope: 'mode',
    permission: 'write_data',
    collection: 'contracts',
    tag: 'Contracts',
    summary: 'Remove the RPC URL of a chain',
    status: 204,
    handler: async (c) => {
      const chainId = chainOf(c);
      const s = scopeOf(c);
      const [deleted] = await c.db.batch([
        c.db
          .prepare('DELETE FROM rpc_urls WHERE project_id = ? AND mode = ? AND chain_id = ?')
          .bind(s.projectId, s.mode, chainId),
        auditStmt(
          c.db,
          auditFor(c, 'rpc_url.removed', 'rpc_url', String(chainId), { chain: chainName(chainId) }),
          true,
        ),
      ]);
      if (!deleted!.meta.changes) throw new ApiError('not_found', `No RPC URL is set for ${chainName(chainId)}`);
      return new Response(null, { status: 204 });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/projects/:projectId/:mode/contracts/:id/call',
    scope: 'mode',
    permission: 'read',
    tag: 'Contracts',
    summary: 'Call a read (view or pure) function of the contract through its chain’s RPC URL (eth_call)',
    query: contractCallQuerySchema,
    response: contractCallResultSchema,
    handler: async (c) => {
      const contract = await mustGet(c, 'contracts', c.params.id, 'Contract');
      const data = c.query.data.toLowerCase();
      // Only a read function of the contract's own ABI: this endpoint never sends a write's calldata anywhere.
      const reads = groupAbi(parseJson<AbiItem[]>(contract.abi, [])).read;
      const fn = reads.find((f) => toFunctionSelector(f as unknown as AbiFunction) === data.slice(0, 10));
      if (!fn)
        throw new ApiError(
          'bad_request',
          'The calldata does not call a read (view or pure) function of this contract',
          [{ path: 'data', message: 'Not the selector of a read function of the ABI' }],
        );
      const chainId = contract.chain_id as number;
      const s = scopeOf(c);
      const stored = await c.db
        .prepare('SELECT url_encrypted FROM rpc_urls WHERE project_id = ? AND mode = ? AND chain_id = ?')
        .bind(s.projectId, s.mode, chainId)
        .first<{ url_encrypted: string }>();
      if (!stored)
        throw new ApiError(
          'conflict',
          `No RPC URL is set for ${chainName(chainId)} in ${modeOf(c)} mode: set one under Contracts → RPC URLs`,
          [{ path: 'chainId', message: 'No RPC URL for this chain' }],
        );
      const url = await decryptSecret(c.env, stored.url_encrypted, aad(c, chainId));
      const r = await ethCall(url, String(contract.address), data, {
        mode: modeOf(c),
        allowLoopback: allowLoopback(c.env),
        resolve: dohResolver(c.env.RPC_DNS_URL || DEFAULT_DNS_URL),
      });
      if (!r.ok) {
        if (r.kind === 'error') throw new ApiError('bad_request', `The node answered: ${r.message}`);
        if (r.kind === 'refused') throw new ApiError('conflict', `The RPC URL is refused: ${r.message}`);
        throw new ApiError('unavailable', r.message);
      }
      return json({ result: r.result, function: signatureOf(fn) });
    },
  }),
];
