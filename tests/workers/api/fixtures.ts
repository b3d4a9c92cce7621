import { erc20Abi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** Distinct checksummable addresses for tests. */
export const addr = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;

/** The ERC-20 interface, from viem. */
export const ERC20_ABI = erc20Abi;

let counter = 1;
/** A valid create body per mode-scoped collection. */
export const CREATE: Record<string, () => unknown> = {
  wallets: () => ({ address: addr(counter++), chainId: 1, accountType: 'Smart Account' }),
  users: () => ({ name: `User ${counter++}` }),
  policies: () => ({ name: `Policy ${counter++}`, chainId: 1 }),
  contracts: () => ({ name: `Token ${counter}`, chainId: 1, address: addr(1_000_000 + counter++), abi: ERC20_ABI }),
  'backend-wallets': () => ({ custody: 'custodial', name: `Treasury ${counter++}` }),
  'api-keys': () => ({ type: 'secret', name: `Key ${counter++}` }),
  webhooks: () => ({ url: 'https://hooks.example.com/x', topics: ['test'] }),
  events: () => ({ name: `Monitor ${counter++}`, type: 'confirmations', confirmations: 3 }),
  'auth/migrations': () => ({ sourceProvider: 'auth0', mappingStrategy: 'email' }),
};

/** A valid PATCH body (without version) per collection; null when the collection has no PATCH. */
export const PATCH: Record<string, Record<string, unknown> | null> = {
  wallets: { deployed: true },
  users: { name: 'Renamed' },
  policies: { name: 'Renamed policy' },
  contracts: { name: 'Renamed token' },
  'backend-wallets': { name: 'Renamed wallet' },
  'api-keys': { name: 'Renamed key' },
  webhooks: { enabled: false },
  events: { enabled: false },
  'auth/migrations': { status: 'running' },
};

export const DEV_ACCOUNT = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
