import type { DatabaseSync } from 'node:sqlite';
import { encryptLocal } from './local-secrets.ts';

/** The chain whose RPC URL the demo points at the local JSON-RPC server (dev/rpc-server): Sepolia, in test mode. */
export const LOCAL_RPC_CHAIN = 11155111;
export const LOCAL_RPC_PORT = 8545;

/**
 * Points the demo project's test-mode Sepolia RPC URL at the local JSON-RPC server on 127.0.0.1:`port`, so a read
 * function of a contract can be called on a fresh `npm start`, offline. A URL someone set is left alone. Returns
 * whether it set one.
 */
export async function pointRpcAtLocalServer(
  db: DatabaseSync,
  projectId: string,
  encryptionKey: string,
  port: number,
  now = Date.now(),
): Promise<boolean> {
  const url = `http://127.0.0.1:${port}/`;
  // The same sealing and hint as the API's `PUT …/rpc-urls/{chainId}` (functions/_lib/api/handlers/rpc-urls.ts).
  const sealed = await encryptLocal(encryptionKey, url, `rpc_urls:${projectId}:test:${LOCAL_RPC_CHAIN}`);
  const r = db
    .prepare(
      `INSERT OR IGNORE INTO rpc_urls (project_id, mode, chain_id, url_encrypted, url_hint, created_at, updated_at)
       VALUES (?, 'test', ?, ?, ?, ?, ?)`,
    )
    .run(projectId, LOCAL_RPC_CHAIN, sealed, `127.0.0.1:${port} ••••${url.slice(-4)}`, now, now);
  return Number(r.changes) > 0;
}
