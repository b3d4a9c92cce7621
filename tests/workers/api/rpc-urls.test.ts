import { decodeFunctionResult, encodeFunctionData, erc20Abi, erc721Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import { handleApi } from '../../../functions/_lib/api/api-routes';
import { addr } from './fixtures';
import { addMember, api, newProject, testEnv, token } from './helpers';

/**
 * RPC URLs per chain and read calls through them (docs/api.md "RPC URLs and read calls"): the URL is checked by the
 * SSRF guard, kept write-only, set by developers and up; a read call goes from the server to the node (the local
 * JSON-RPC server of dev/rpc-server, allowed as loopback only where RPC_ALLOW_LOOPBACK is set) and only for a read
 * function of the contract's ABI.
 */
const rpcUrl = (testEnv as unknown as Record<string, string>).TEST_RPC_URL!;
const SEPOLIA = 11155111;

/** The API with loopback RPC URLs allowed, as `npm start` runs it. */
async function localApi(method: string, path: string, auth: string, body?: unknown) {
  const res = await handleApi(
    new Request(`https://dash.test/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${auth}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }),
    { ...testEnv, RPC_ALLOW_LOOPBACK: 'true' },
    () => {},
  );
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

async function tokenContract(base: string, t: string, abi: readonly unknown[] = erc20Abi, n = 4242) {
  const c = await api('POST', `${base}/contracts`, t, { name: 'Game Token', chainId: SEPOLIA, address: addr(n), abi });
  expect(c.status, c.text).toBe(201);
  return c.body.id as string;
}

describe('RPC URLs', () => {
  it.each([
    ['live', 'http://rpc.example.com', 'Live mode requires https'],
    ['test', 'http://127.0.0.1:8545', 'loopback'],
    ['test', 'https://10.0.0.8/rpc', 'private address'],
    ['test', 'https://169.254.169.254/latest', 'link-local'],
    ['test', 'https://user:pw@rpc.example.com', 'credentials'],
    ['test', 'https://rpc.internal/x', 'internal name'],
    ['test', 'not a url', 'Not a valid URL'],
  ] as const)('%s mode refuses %s at the field (%s), nothing stored', async (mode, url, why) => {
    const p = await newProject('rpc-ssrf-owner');
    const chain = mode === 'live' ? 1 : SEPOLIA;
    const res = await api('PUT', `/projects/${p.id}/${mode}/rpc-urls/${chain}`, p.ownerToken, { url });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: 'url', message: expect.stringContaining(why) });
    expect((await api('GET', `/projects/${p.id}/${mode}/rpc-urls`, p.ownerToken)).body.data).toEqual([]);
  });

  it('a chain of the other mode or an unknown chain is refused', async () => {
    const p = await newProject('rpc-chain-owner');
    for (const [mode, chain] of [
      ['test', 1],
      ['live', SEPOLIA],
      ['test', 999999],
    ] as const) {
      const res = await api('PUT', `/projects/${p.id}/${mode}/rpc-urls/${chain}`, p.ownerToken, {
        url: 'https://rpc.example.com/v2/key',
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.details[0].path).toBe('chainId');
    }
  });

  it('developers set and remove it, viewers read only its host and hint; the URL itself is never answered', async () => {
    const p = await newProject('rpc-role-owner');
    const base = `/projects/${p.id}/live`;
    await addMember(p.id, 'rpc-dev', 'developer');
    await addMember(p.id, 'rpc-viewer', 'viewer');
    const dev = await token('rpc-dev');
    const viewer = await token('rpc-viewer');
    const url = 'https://eth-mainnet.example.com/v2/secret-provider-key-9f3a';
    expect((await api('PUT', `${base}/rpc-urls/1`, viewer, { url })).status).toBe(403);
    const set = await api('PUT', `${base}/rpc-urls/1`, dev, { url });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({ chainId: 1, host: 'eth-mainnet.example.com', hint: '••••9f3a' });
    const read = await api('GET', `${base}/rpc-urls`, viewer);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual([expect.objectContaining({ chainId: 1, host: 'eth-mainnet.example.com' })]);
    expect(read.text).not.toContain('secret-provider-key');
    const stored = await testEnv.DB.prepare('SELECT url_encrypted FROM rpc_urls WHERE project_id = ?')
      .bind(p.id)
      .first();
    expect(JSON.stringify(stored)).not.toContain('secret-provider-key');
    expect((await api('DELETE', `${base}/rpc-urls/1`, viewer)).status).toBe(403);
    expect((await api('DELETE', `${base}/rpc-urls/1`, dev)).status).toBe(204);
    expect((await api('DELETE', `${base}/rpc-urls/1`, dev)).status).toBe(404);
    const audit = await api('GET', `/projects/${p.id}/audit-log?limit=10`, p.ownerToken);
    const actions = (audit.body?.data ?? []).map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['rpc_url.set', 'rpc_url.removed']));
  });
});

describe('read calls of a contract', () => {
  it('without an RPC URL for the chain: 409 that says so', async () => {
    const p = await newProject('rpc-none-owner');
    const base = `/projects/${p.id}/test`;
    const id = await tokenContract(base, p.secretTest);
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' });
    const res = await api('GET', `${base}/contracts/${id}/call?data=${data}`, p.ownerToken);
    expect(res.status, res.text).toBe(409);
    expect(res.body.error.message).toBe(
      'No RPC URL is set for Sepolia in test mode: set one under Contracts → RPC URLs',
    );
  });

  it('through the local JSON-RPC server: values decoded with viem; a write function or a revert is refused', async () => {
    const p = await newProject('rpc-call-owner');
    const base = `/projects/${p.id}/test`;
    const id = await tokenContract(base, p.secretTest);
    const set = await localApi('PUT', `${base}/rpc-urls/${SEPOLIA}`, p.ownerToken, { url: rpcUrl });
    expect(set.status, set.text).toBe(200);

    const supply = encodeFunctionData({ abi: erc20Abi, functionName: 'totalSupply' });
    const called = await localApi('GET', `${base}/contracts/${id}/call?data=${supply}`, p.ownerToken);
    expect(called.status, called.text).toBe(200);
    expect(called.body.function).toBe('totalSupply()');
    expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'totalSupply', data: called.body.result })).toBe(
      1_000_000n * 10n ** 18n,
    );
    const balance = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [addr(0xab) as `0x${string}`],
    });
    const held = await localApi('GET', `${base}/contracts/${id}/call?data=${balance}`, p.ownerToken);
    expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: held.body.result })).toBe(
      1_234_500_000_000_000_000_000n + 0xabn,
    );

    // A write function's calldata is never sent: only read functions of the contract's ABI.
    const transfer = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [addr(1) as `0x${string}`, 1n],
    });
    const refused = await localApi('GET', `${base}/contracts/${id}/call?data=${transfer}`, p.ownerToken);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0].path).toBe('data');

    // A read the node reverts (an ERC-721 `ownerOf` on the demo token): the node's message.
    const nft = await tokenContract(base, p.secretTest, erc721Abi, 4243);
    const owner = encodeFunctionData({ abi: erc721Abi, functionName: 'ownerOf', args: [1n] });
    const reverted = await localApi('GET', `${base}/contracts/${nft}/call?data=${owner}`, p.ownerToken);
    expect(reverted.status, reverted.text).toBe(400);
    expect(reverted.body.error.message).toBe('The node answered: execution reverted');

    // Without the local-development setting, the stored loopback URL is refused at call time too.
    const guarded = await api('GET', `${base}/contracts/${id}/call?data=${supply}`, p.ownerToken);
    expect(guarded.status).toBe(409);
    expect(guarded.body.error.message).toMatch(/^The RPC URL is refused: .*loopback/);
  });

  it('bad calldata is a 400 at `data`', async () => {
    const p = await newProject('rpc-bad-owner');
    const base = `/projects/${p.id}/test`;
    const id = await tokenContract(base, p.secretTest);
    for (const data of ['0x12', 'abcdef12', '0xzzzzzzzz', `0x${'00'.repeat(5000)}`]) {
      const res = await api('GET', `${base}/contracts/${id}/call?data=${data}`, p.ownerToken);
      expect(res.status, data).toBe(400);
    }
  });
});
