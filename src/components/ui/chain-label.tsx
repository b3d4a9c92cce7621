import { ExternalLink } from 'lucide-react';
import { chainName, explorerUrl } from '../../shared/chains';

/** A chain's name from viem's registry, with its id for people who think in ids. */
export function ChainLabel({ chainId }: { chainId: number }) {
  return (
    <span className="whitespace-nowrap" title={`Chain id ${chainId}`}>
      {chainName(chainId)}
    </span>
  );
}

/** A link to the block explorer of the chain (opens a new tab), or nothing when the chain has none. */
export function ExplorerLink({
  chainId,
  kind,
  value,
  label = 'View on explorer',
}: {
  chainId: number;
  kind: 'address' | 'tx' | 'block';
  value: string | number;
  label?: string;
}) {
  const href = explorerUrl(chainId, kind, value);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      aria-label={label}
      title={label}
      onClick={(e) => e.stopPropagation()}
      className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted hover:text-foreground"
    >
      <ExternalLink className="h-3.5 w-3.5" aria-hidden />
    </a>
  );
}
