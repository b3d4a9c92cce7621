import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeFunctionData, encodeFunctionResult, erc20Abi, getAddress, type Hex } from 'viem';

/**
 * A local JSON-RPC endpoint for the contract pages' read calls (docs/api.md "RPC URLs and read calls"), so a read
 * works offline: `npm start` runs it and points the demo project's test-mode Sepolia RPC URL at it; the Workers and
 * e2e tests start their own. It answers `eth_chainId`, `eth_blockNumber` and `eth_call` of the ERC-20 read functions
 * for any contract address, every value encoded with viem from the token below; any other call reverts
 * (JSON-RPC error 3, "execution reverted"), any other method is -32601. Requests it answered are kept for tests.
 */
export const DEMO_TOKEN = {
  name: 'Game Token',
  symbol: 'GAME',
  decimals: 18,
  totalSupply: 1_000_000n * 10n ** 18n,
  /** Every holder's balance: 1,234.5 tokens plus the address's last byte in wei (so two holders differ). */
  balanceOf: (holder: string) => 1_234_500_000_000_000_000_000n + BigInt(Number.parseInt(holder.slice(-2), 16)),
  allowance: 0n,
} as const;

export interface RpcServer {
  url: string;
  port: number;
  /** The `eth_call` requests answered, newest last (`to`, `data`). */
  calls: { to: string; data: string }[];
  close: () => Promise<void>;
}

type Rpc = { jsonrpc?: string; id?: unknown; method?: unknown; params?: unknown };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 64 * 1024) req.destroy(new Error('too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** The answer to one eth_call: the ERC-20 read of the demo token, or a revert. */
export function ethCall(data: Hex): { result: Hex } | { error: { code: number; message: string } } {
  try {
    const call = decodeFunctionData({ abi: erc20Abi, data });
    const value = (() => {
      switch (call.functionName) {
        case 'name':
        case 'symbol':
        case 'decimals':
        case 'totalSupply':
          return DEMO_TOKEN[call.functionName];
        case 'balanceOf':
          return DEMO_TOKEN.balanceOf(getAddress(call.args[0]));
        case 'allowance':
          return DEMO_TOKEN.allowance;
        default:
          return undefined;
      }
    })();
    if (value === undefined) throw new Error('not a read function');
    return { result: encodeFunctionResult({ abi: erc20Abi, functionName: call.functionName, result: value } as never) };
  } catch {
    return { error: { code: 3, message: 'execution reverted' } };
  }
}

function answer(rpc: Rpc, chainId: number, calls: RpcServer['calls']) {
  const base = { jsonrpc: '2.0', id: rpc.id ?? null };
  const params = Array.isArray(rpc.params) ? rpc.params : [];
  switch (rpc.method) {
    case 'eth_chainId':
      return { ...base, result: `0x${chainId.toString(16)}` };
    case 'eth_blockNumber':
      return { ...base, result: '0x1' };
    case 'eth_call': {
      const tx = (params[0] ?? {}) as { to?: string; data?: string; input?: string };
      const data = (tx.data ?? tx.input ?? '0x') as Hex;
      calls.push({ to: String(tx.to), data });
      return { ...base, ...ethCall(data) };
    }
    default:
      return { ...base, error: { code: -32601, message: `Method not found: ${String(rpc.method)}` } };
  }
}

/** Starts the server on 127.0.0.1 (`port` 0: any free port). `chainId` is what `eth_chainId` answers. */
export async function startRpcServer({ port = 0, chainId = 11155111 } = {}): Promise<RpcServer> {
  const calls: RpcServer['calls'] = [];
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST') return send(405, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'POST' } });
    readBody(req).then(
      (text) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return send(200, { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
        }
        send(
          200,
          Array.isArray(parsed)
            ? parsed.map((r: Rpc) => answer(r, chainId, calls))
            : answer(parsed as Rpc, chainId, calls),
        );
      },
      () => send(413, { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    calls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// `node dev/rpc-server/server.ts [port]`: run it on its own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const s = await startRpcServer({ port: Number(process.argv[2] ?? process.env.RPC_PORT ?? 8545) });
  console.log(`Local JSON-RPC server on ${s.url}`);
}
