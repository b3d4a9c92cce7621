/**
 * The chains the dashboard names, from viem's chain registry (never a hand-written table): their names, native
 * currency and block explorers come from viem. Importing each chain by name keeps the bundle small; a chain id not in
 * this list is shown as "Chain <id>" (docs/decisions.md).
 */
import {
  arbitrum,
  arbitrumSepolia,
  avalanche,
  base,
  baseSepolia,
  bsc,
  mainnet,
  optimism,
  optimismSepolia,
  polygon,
  polygonAmoy,
  sepolia,
  type Chain,
} from 'viem/chains';

/** Mainnets for live mode, testnets for test mode (the demo data uses the same lists). */
export const CHAINS_BY_MODE: Record<'live' | 'test', readonly Chain[]> = {
  live: [mainnet, base, polygon, arbitrum, optimism, bsc, avalanche],
  test: [sepolia, baseSepolia, polygonAmoy, arbitrumSepolia, optimismSepolia],
};

const BY_ID = new Map<number, Chain>([...CHAINS_BY_MODE.live, ...CHAINS_BY_MODE.test].map((c) => [c.id, c]));

/** The registry entry of a chain id, if the dashboard knows it. */
export function chainById(id: number): Chain | undefined {
  return BY_ID.get(id);
}

/** A chain's display name ("Chain 12345" when unknown). */
export function chainName(id: number): string {
  return BY_ID.get(id)?.name ?? `Chain ${id}`;
}

/** Block-explorer link of an address, transaction or block on a chain, if the chain has an explorer. */
export function explorerUrl(chainId: number, kind: 'address' | 'tx' | 'block', value: string | number): string | null {
  const base = BY_ID.get(chainId)?.blockExplorers?.default.url;
  return base ? `${base.replace(/\/+$/, '')}/${kind}/${value}` : null;
}
