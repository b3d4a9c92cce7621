import { Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { Policy } from '../../shared/api/policies';
import { projectPath } from '../../shared/routes';
import { chainName } from '../../shared/chains';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { CopyText } from '../../components/ui/copy-button';
import { Field } from '../../components/ui/field';
import { exactTime } from '../../components/ui/relative-time';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { toastOnNextPage } from '../../lib/toast';
import { useModePath, useProjectRoute } from '../../lib/use-project';
import { StrategyEditor, draftOf, strategyOf } from './strategy-editor';
import type { Strategy } from './model';
import { capOf, SpendCapField } from './spend-cap-field';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2.5 text-sm last:border-0 sm:grid-cols-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 sm:col-span-3">{children}</dd>
    </div>
  );
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** What the policy sponsored this month, against its cap (sponsorship is refused once the cap is reached). */
function SpendAgainstCap({ policy }: { policy: Policy }) {
  const spent = policy.spendThisMonth;
  const cap = policy.monthlySpendCapUsd;
  if (!spent) return <>Sponsorship stops for the rest of the month once this is spent.</>;
  return (
    <span data-testid="policy-spend-this-month">
      {usd.format(spent.costUsd)} spent this month{cap === null ? '' : ` of ${usd.format(cap)}`} (
      {spent.transactions === 1 ? '1 transaction' : `${spent.transactions.toLocaleString('en-US')} transactions`})
      {spent.reservedUsd > 0 ? `, up to ${usd.format(spent.reservedUsd)} more held by transactions in flight` : ''}.
      {cap !== null && spent.costUsd >= cap
        ? ' The cap is reached: new sponsored transactions are refused until next month or a higher cap.'
        : ' A sponsorship is accepted only while its maximum cost fits under the cap beside those in flight.'}
    </span>
  );
}

/** Name, strategy and spend cap (saved together with the version read), the policy's facts, and delete. */
export function SettingsTab({ policy, path, canWrite }: { policy: Policy; path: string; canWrite: boolean }) {
  const route = useProjectRoute();
  const base = useModePath();
  const [name, setName] = useState(policy.name);
  const [cap, setCap] = useState(policy.monthlySpendCapUsd === null ? '' : String(policy.monthlySpendCapUsd));
  const [draft, setDraft] = useState(() => draftOf(policy.strategy as Partial<Strategy>));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function save() {
    const { strategy, errors: local } = strategyOf(draft);
    setErrors(local);
    if (!strategy) return;
    setBusy(true);
    try {
      await apiWrite<Policy>(path, {
        method: 'PATCH',
        body: { name: name.trim(), strategy, monthlySpendCapUsd: capOf(cap), version: policy.version },
        pending: 'Saving policy…',
        done: 'Policy saved',
        invalidate: [path, `${base}/policies`],
      });
    } catch (e) {
      if (e instanceof ApiRequestError) setErrors(e.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-5">
      <form
        className="grid content-start gap-4 rounded-xl border border-border bg-card p-4 lg:col-span-3"
        noValidate
        aria-label="Policy settings"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Field
          label="Name"
          value={name}
          maxLength={100}
          disabled={!canWrite}
          error={errors.name}
          onChange={(e) => setName(e.target.value)}
        />
        <StrategyEditor
          value={draft}
          onChange={setDraft}
          chainId={policy.chainId}
          errors={errors}
          disabled={!canWrite}
        />
        <SpendCapField
          value={cap}
          disabled={!canWrite}
          error={errors.monthlySpendCapUsd}
          hint={<SpendAgainstCap policy={policy} />}
          onChange={setCap}
        />
        {errors[''] && <p className="text-sm text-destructive">{errors['']}</p>}
        {canWrite && (
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              Save changes
            </Button>
          </div>
        )}
      </form>
      <div className="grid content-start gap-4 lg:col-span-2">
        <dl className="rounded-xl border border-border bg-card px-4">
          <Row label="Policy id">
            <CopyText value={policy.id} label="policy id" />
          </Row>
          <Row label="Chain">
            {chainName(policy.chainId)} <span className="text-muted-foreground">({policy.chainId})</span>
          </Row>
          <Row label="Created">{exactTime(policy.createdAt)}</Row>
          <Row label="Updated">{exactTime(policy.updatedAt)}</Row>
        </dl>
        {canWrite && route && (
          <ConfirmDialog
            destructive
            title="Delete this policy?"
            description="The policy and its rules leave this project; transactions it sponsored keep their record."
            confirmLabel="Delete policy"
            trigger={
              <Button variant="outline" size="sm" className="justify-self-start">
                <Trash2 className="h-4 w-4" aria-hidden /> Delete policy
              </Button>
            }
            onConfirm={async () => {
              await apiWrite(path, {
                method: 'DELETE',
                pending: 'Deleting policy…',
                done: 'Policy deleted',
                invalidate: [`${base}/policies`],
              });
              toastOnNextPage('success', `Policy “${policy.name}” deleted`);
              location.assign(projectPath(route.projectId, route.mode, '/policies'));
            }}
          />
        )}
      </div>
    </div>
  );
}
