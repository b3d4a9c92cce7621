import { erc721Abi } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { addr, ERC20_ABI } from './fixtures';
import { api, newProject } from './helpers';

/**
 * Contract-function monitors (docs/api.md "Event monitors"): the contract of the project, a function of its ABI, and
 * one argument per input checked against its Solidity type, each refusal at its field.
 */
type Project = Awaited<ReturnType<typeof newProject>>;
let p: Project;
let token: string;
let nft: string;
let bare: string;
const base = () => `/projects/${p.id}/test`;
const create = (body: Record<string, unknown>) =>
  api('POST', `${base()}/events`, p.secretTest, { name: 'Watch', type: 'contract_function', ...body });

// A checksummed address and the same one with a wrong checksum (one letter's case flipped).
const GOOD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BAD = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';

beforeAll(async () => {
  p = await newProject('event-monitors');
  const contract = async (name: string, abi: unknown, n: number) => {
    const res = await api('POST', `${base()}/contracts`, p.secretTest, {
      name,
      chainId: 11155111,
      address: addr(n),
      ...(abi ? { abi } : {}),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  token = await contract('Token', ERC20_ABI, 71);
  nft = await contract('Heroes', erc721Abi, 72);
  bare = await contract('No ABI', null, 73);
});

describe('contract-function monitors accept', () => {
  const cases: [
    string,
    () => Record<string, unknown>,
    { functionName: string | null; functionArgs: string[] | null },
  ][] = [
    ['any call of the contract', () => ({ contractId: token }), { functionName: null, functionArgs: null }],
    [
      'a function by name',
      () => ({ contractId: token, functionName: 'transfer' }),
      { functionName: 'transfer', functionArgs: null },
    ],
    [
      'arguments: a checksummed address and "" for any amount',
      () => ({ contractId: token, functionName: 'transfer', functionArgs: [GOOD, ''] }),
      { functionName: 'transfer', functionArgs: [GOOD, ''] },
    ],
    [
      'an all-lower-case address (no checksum to check) and a hex amount, trimmed',
      () => ({ contractId: token, functionName: 'transfer', functionArgs: [` ${GOOD.toLowerCase()} `, '0x10'] }),
      { functionName: 'transfer', functionArgs: [GOOD.toLowerCase(), '0x10'] },
    ],
    [
      'an overloaded name without arguments: every overload',
      () => ({ contractId: nft, functionName: 'safeTransferFrom' }),
      { functionName: 'safeTransferFrom', functionArgs: null },
    ],
    [
      'an overload by its signature, kept as the signature',
      () => ({
        contractId: nft,
        functionName: 'safeTransferFrom(address, address, uint256, bytes)',
        functionArgs: ['', GOOD, '7', '0x'],
      }),
      { functionName: 'safeTransferFrom(address,address,uint256,bytes)', functionArgs: ['', GOOD, '7', '0x'] },
    ],
    [
      'a unique function by signature, kept as its name',
      () => ({ contractId: token, functionName: 'approve(address,uint256)', functionArgs: ['', '1'] }),
      { functionName: 'approve', functionArgs: ['', '1'] },
    ],
    [
      'a function name on a contract without ABI (no arguments)',
      () => ({ contractId: bare, functionName: 'mint' }),
      { functionName: 'mint', functionArgs: null },
    ],
  ];
  it.each(cases)('%s', async (_, body, stored) => {
    const res = await create(body());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject(stored);
    const read = await api('GET', `${base()}/events/${res.body.id}`, p.secretTest);
    expect(read.body).toMatchObject(stored);
  });
});

describe('contract-function monitors refuse, at the field', () => {
  const cases: [string, () => Record<string, unknown>, string, RegExp][] = [
    ['no contract', () => ({ functionName: 'transfer' }), 'contractId', /Choose the contract/],
    [
      'a contract of no one',
      () => ({ contractId: 'con_01900000-0000-7000-8000-000000000000' }),
      'contractId',
      /Not found/,
    ],
    [
      'a function not in the ABI',
      () => ({ contractId: token, functionName: 'mint' }),
      'functionName',
      /Not a function/,
    ],
    [
      'arguments without a function',
      () => ({ contractId: token, functionArgs: ['', ''] }),
      'functionName',
      /Choose the function/,
    ],
    [
      'the wrong number of arguments',
      () => ({ contractId: token, functionName: 'transfer', functionArgs: [GOOD] }),
      'functionArgs',
      /transfer\(address,uint256\) takes 2 arguments, got 1/,
    ],
    [
      'an address with a wrong checksum',
      () => ({ contractId: token, functionName: 'transfer', functionArgs: [BAD, ''] }),
      'functionArgs.0',
      /checksum/,
    ],
    [
      'not an address',
      () => ({ contractId: token, functionName: 'transfer', functionArgs: ['0x12', ''] }),
      'functionArgs.0',
      /40 hex digits/,
    ],
    [
      'a negative uint256',
      () => ({ contractId: token, functionName: 'transfer', functionArgs: ['', '-1'] }),
      'functionArgs.1',
      /Out of range for uint256/,
    ],
    [
      'a uint256 that is not a number',
      () => ({ contractId: token, functionName: 'transfer', functionArgs: ['', '1.5'] }),
      'functionArgs.1',
      /whole number/,
    ],
    [
      'bytes that are not whole bytes',
      () => ({
        contractId: nft,
        functionName: 'safeTransferFrom(address,address,uint256,bytes)',
        functionArgs: ['', '', '', '0xabc'],
      }),
      'functionArgs.3',
      /whole bytes/,
    ],
    [
      'arguments for an overloaded name',
      () => ({ contractId: nft, functionName: 'safeTransferFrom', functionArgs: ['', '', ''] }),
      'functionName',
      /2 overloads: give its signature/,
    ],
    [
      'arguments on a contract without ABI',
      () => ({ contractId: bare, functionName: 'mint', functionArgs: ['1'] }),
      'functionArgs',
      /no ABI/,
    ],
    [
      'a function on another type of monitor',
      () => ({ type: 'confirmations', confirmations: 3, chainId: 11155111, functionName: 'transfer' }),
      'functionName',
      /Only a contract-function monitor/,
    ],
    [
      'arguments on another type of monitor',
      () => ({ type: 'backend_wallet', functionArgs: ['1'] }),
      'functionArgs',
      /Only a contract-function monitor/,
    ],
  ];
  it.each(cases)('%s → %s', async (_, body, path, message) => {
    const res = await create(body());
    expect(res.status, res.text).toBe(400);
    const detail = (res.body.error.details as { path: string; message: string }[]).find((d) => d.path === path);
    expect(detail?.message, res.text).toMatch(message);
  });

  it('stores nothing when refused', async () => {
    const before = await api('GET', `${base()}/events?limit=100`, p.secretTest);
    await create({ contractId: token, functionName: 'transfer', functionArgs: [BAD, ''] });
    const after = await api('GET', `${base()}/events?limit=100`, p.secretTest);
    expect(after.body.total).toBe(before.body.total);
  });
});
