import type { z } from 'zod';
import type { policySchema } from '../../shared/api/policies';
import type { Wallet } from '../../shared/api/wallets';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath } from '../../lib/use-project';
import { shorten } from '../../components/ui/copy-button';

type Policy = z.infer<typeof policySchema>;

/** "Wallet: 0x1234…abcd" for an `accountId` filter (the address is read from the API; the id while it loads). */
export function WalletFilterLabel({ accountId }: { accountId: string }) {
  const base = useModePath();
  const { data, error } = useApiQuery<Wallet>(base && `${base}/wallets/${accountId}`);
  return (
    <span title={data?.address ?? accountId}>
      <span className="font-medium">Wallet</span>:{' '}
      <span className="font-mono text-xs">
        {data ? shorten(data.address) : error?.notFound ? `${shorten(accountId)} (deleted)` : shorten(accountId)}
      </span>
    </span>
  );
}

/** "Policy: Sponsor everything" for a `policyId` filter (the name is read from the API; the id while it loads). */
export function PolicyFilterLabel({ policyId }: { policyId: string }) {
  const base = useModePath();
  const { data, error } = useApiQuery<Policy>(base && `${base}/policies/${policyId}`);
  return (
    <span title={policyId}>
      <span className="font-medium">Policy</span>:{' '}
      {data ? data.name : error?.notFound ? `${shorten(policyId)} (deleted)` : shorten(policyId)}
    </span>
  );
}
