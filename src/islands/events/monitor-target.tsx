import type { z } from 'zod';
import type { backendWalletSchema } from '../../shared/api/backend-wallets';
import type { contractSchema } from '../../shared/api/contracts';
import type { eventSchema } from '../../shared/api/webhooks';
import { chainName } from '../../shared/chains';
import { shorten } from '../../components/ui/copy-button';
import { useApiQuery } from '../../lib/use-api-query';
import { useModePath } from '../../lib/use-project';
import { BALANCE_TOPICS, formatUnits18, symbolOf } from './monitor-format';

export type Monitor = z.infer<typeof eventSchema>;
type Contract = z.infer<typeof contractSchema>;
type BackendWallet = z.infer<typeof backendWalletSchema>;

/** A contract's name (read from the API; the short id while it loads, "deleted" when it is gone). */
export function ContractName({ id }: { id: string }) {
  const base = useModePath();
  const { data, error } = useApiQuery<Contract>(base && `${base}/contracts/${id}`);
  return <span title={id}>{data ? data.name : error?.notFound ? `${shorten(id)} (deleted)` : shorten(id)}</span>;
}

/** A backend wallet's name (read from the API, like ContractName). */
export function WalletName({ id }: { id: string }) {
  const base = useModePath();
  const { data, error } = useApiQuery<BackendWallet>(base && `${base}/backend-wallets/${id}`);
  return (
    <span title={data?.address ?? id}>
      {data ? data.name : error?.notFound ? `${shorten(id)} (deleted)` : shorten(id)}
    </span>
  );
}

/**
 * A watched call: `mint()` for any call of `mint`, `transfer(0x5aAe…eAed, any)` with arguments (long values shortened,
 * in full on hover), the signature as stored for an overload, "any function" without one.
 */
function FunctionCall({ name, args }: { name: string | null; args: string[] | null }) {
  if (!name) return <>any function</>;
  const base = name.replace(/\(.*$/, '');
  const call = args
    ? `${base}(${args.map((a) => (a === '' ? 'any' : a.length > 16 ? shorten(a) : a)).join(', ')})`
    : name.includes('(')
      ? name
      : `${name}()`;
  const full = args ? `${name.includes('(') ? name : base} with ${args.map((a) => a || 'any').join(', ')}` : undefined;
  return (
    <span className="font-mono text-xs" title={full}>
      {call}
    </span>
  );
}

/** What a monitor watches, in words with names: "Gas tank below 0.1 ETH", "mint() on Game Items on Sepolia". */
export function MonitorTarget({ monitor: m }: { monitor: Monitor }) {
  const on = m.chainId ? <> on {chainName(m.chainId)}</> : null;
  switch (m.type) {
    case 'balance_threshold': {
      const whose =
        m.topic === 'balance.contract' && m.contractId ? (
          <ContractName id={m.contractId} />
        ) : m.topic === 'balance.dev_account' && m.backendWalletId ? (
          <WalletName id={m.backendWalletId} />
        ) : (
          (BALANCE_TOPICS.find((t) => t.value === m.topic)?.label ?? 'Balance')
        );
      const symbol = symbolOf(m.chainId);
      return (
        <span>
          {whose} below{' '}
          <span className="font-medium tabular-nums">
            {m.threshold ? formatUnits18(m.threshold) : '—'} {symbol ?? '(native token)'}
          </span>
          {on}
        </span>
      );
    }
    case 'contract_function':
      return (
        <span>
          <FunctionCall name={m.functionName} args={m.functionArgs} /> on{' '}
          {m.contractId ? <ContractName id={m.contractId} /> : 'a contract'}
          {on}
        </span>
      );
    case 'backend_wallet':
      return (
        <span>
          {m.backendWalletId ? <WalletName id={m.backendWalletId} /> : 'A backend wallet'}
          {on ?? ' on every chain'}
        </span>
      );
    case 'confirmations':
      return (
        <span>
          <span className="tabular-nums">{m.confirmations ?? '—'}</span> confirmations{on}
        </span>
      );
  }
}
