import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import type { Policy } from '../../shared/api/policies';
import { CHAINS_BY_MODE } from '../../shared/chains';
import type { Mode } from '../../shared/routes';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Field, inputClass } from '../../components/ui/field';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { StrategyEditor, draftOf, strategyOf } from './strategy-editor';
import { capOf, SpendCapField } from './spend-cap-field';

/** Create a policy: name, chain, strategy and monthly spend cap; the new policy opens on its rules. */
export function CreatePolicyDialog({
  collectionPath,
  mode,
  onCreated,
}: {
  collectionPath: string;
  mode: Mode;
  onCreated: (policy: Policy) => void;
}) {
  const id = useId();
  const chains = CHAINS_BY_MODE[mode];
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [chainId, setChainId] = useState<number>(chains[0]!.id);
  const [draft, setDraft] = useState(() => draftOf(undefined));
  const [cap, setCap] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function create() {
    const { strategy, errors: local } = strategyOf(draft);
    setErrors(local);
    if (!strategy) return;
    setBusy(true);
    try {
      const policy = await apiWrite<Policy>(collectionPath, {
        method: 'POST',
        body: { name: name.trim(), chainId, strategy, monthlySpendCapUsd: capOf(cap) },
        pending: 'Creating policy…',
        done: `Policy “${name.trim()}” created`,
        invalidate: [collectionPath],
      });
      setOpen(false);
      onCreated(policy);
    } catch (e) {
      if (e instanceof ApiRequestError) setErrors(e.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setErrors({});
      }}
      title={`Create a ${mode} policy`}
      description="A policy sponsors the gas of your users’ transactions on one chain, within its rules."
      trigger={
        <Button size="toolbar">
          <Plus className="h-4 w-4" aria-hidden /> Create policy
        </Button>
      }
    >
      <form
        className="grid gap-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <Field
          label="Name"
          value={name}
          maxLength={100}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Sponsor new users"
        />
        <div className="grid gap-1.5">
          <label htmlFor={`${id}-chain`} className="text-sm font-medium">
            Chain
          </label>
          <select
            id={`${id}-chain`}
            className={inputClass}
            value={chainId}
            aria-invalid={errors.chainId ? true : undefined}
            aria-describedby={errors.chainId ? `${id}-chain-error` : undefined}
            onChange={(e) => {
              setChainId(Number(e.target.value));
              setDraft({ ...draft, tokenContract: '' });
            }}
          >
            {chains.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          {errors.chainId && (
            <p id={`${id}-chain-error`} className="text-xs text-destructive">
              {errors.chainId}
            </p>
          )}
        </div>
        <StrategyEditor value={draft} onChange={setDraft} chainId={chainId} errors={errors} />
        <SpendCapField
          value={cap}
          error={errors.monthlySpendCapUsd}
          hint="Optional. Sponsorship past it is refused for the rest of the month."
          onChange={setCap}
        />
        {errors[''] && <p className="text-sm text-destructive">{errors['']}</p>}
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            Create policy
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
