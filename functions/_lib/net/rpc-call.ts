import { checkTarget, type Resolver } from './ssrf-guard';

/**
 * One JSON-RPC `eth_call` from the server to an RPC URL a project configured (docs/api.md "RPC URLs and read calls").
 * The URL passes the SSRF guard again at call time, with its host name's addresses (DNS over HTTPS) when a resolver
 * is given; redirects are not followed (one could lead past the guard), the answer is read up to 256 KB and the call
 * gives up after `timeoutMs`.
 */
export interface RpcCallOptions {
  mode: 'live' | 'test';
  allowLoopback: boolean;
  resolve?: Resolver;
  timeoutMs?: number;
}

export type RpcCallResult =
  | { ok: true; result: string }
  /** `refused`: the URL may not be called; `unavailable`: no usable answer; `error`: the node's JSON-RPC error. */
  | { ok: false; kind: 'refused' | 'unavailable' | 'error'; message: string };

const MAX_BYTES = 256 * 1024;
export const RPC_CALL_TIMEOUT_MS = 5_000;

export async function ethCall(url: string, to: string, data: string, o: RpcCallOptions): Promise<RpcCallResult> {
  const target = await checkTarget(url, { mode: o.mode, allowLoopback: o.allowLoopback, resolve: o.resolve });
  if (!target.ok) return { ok: false, kind: 'refused', message: target.reason };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), o.timeoutMs ?? RPC_CALL_TIMEOUT_MS);
  try {
    const res = await fetch(target.url.toString(), {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to, data }, 'latest'] }),
      signal: controller.signal,
    });
    if (res.status >= 300 && res.status < 400)
      return {
        ok: false,
        kind: 'unavailable',
        message: `The RPC URL redirects (HTTP ${res.status}): set the final URL`,
      };
    const text = await res.text();
    if (text.length > MAX_BYTES) return { ok: false, kind: 'unavailable', message: 'The RPC answer is too large' };
    let body: { result?: unknown; error?: { message?: unknown } };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return { ok: false, kind: 'unavailable', message: `The RPC URL answered HTTP ${res.status} without JSON-RPC` };
    }
    if (body.error)
      return { ok: false, kind: 'error', message: String(body.error.message ?? 'JSON-RPC error').slice(0, 300) };
    if (typeof body.result !== 'string' || !/^0x[0-9a-fA-F]*$/.test(body.result))
      return { ok: false, kind: 'unavailable', message: 'The RPC answer has no hex result' };
    return { ok: true, result: body.result };
  } catch {
    return {
      ok: false,
      kind: 'unavailable',
      message: controller.signal.aborted ? 'The RPC URL did not answer in time' : 'The RPC URL could not be reached',
    };
  } finally {
    clearTimeout(timer);
  }
}
