import { CopyButton } from '../../components/ui/copy-button';
import { ExplorerLink } from '../../components/ui/chain-label';

/** A whole address or hash (wrapped, never cut) with copy and, when `explorer` is given, the block-explorer link. */
export function LongValue({
  value,
  label,
  chainId,
  explorer,
}: {
  value: string;
  label: string;
  chainId?: number;
  explorer?: 'address' | 'tx';
}) {
  return (
    <span className="inline-flex max-w-full items-center gap-0.5">
      <span className="font-mono text-xs break-all">{value}</span>
      <CopyButton value={value} label={label} />
      {explorer && chainId !== undefined && (
        <ExplorerLink
          chainId={chainId}
          kind={explorer}
          value={value}
          label={explorer === 'tx' ? 'View transaction on explorer' : 'View address on explorer'}
        />
      )}
    </span>
  );
}
