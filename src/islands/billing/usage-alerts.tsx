import { Plus, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { UsageAlerts } from '../../shared/api/usage-alerts';
import { MAX_THRESHOLDS } from '../../shared/usage-alerts';
import { Button } from '../../components/ui/button';
import { Field, inputClass } from '../../components/ui/field';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { CardSection } from '../shared/card-section';
import { focusFirstInvalid, SettingsForm, useDraft } from '../shared/settings-frame';
import { formatCount, formatUsd } from './format';

interface Draft {
  thresholds: string[];
  budget: string;
}

const draftOf = (a: UsageAlerts): Draft => ({
  thresholds: a.thresholds.map(String),
  budget: a.gasBudgetUsd === null ? '' : String(a.gasBudgetUsd),
});

/** A number as the API takes it, or the text itself (so the API's message for it shows at the field). */
function numberOr(text: string): number | string {
  const t = text.trim().replace(/^\$/, '').replace(/%$/, '');
  const n = Number(t);
  return t !== '' && Number.isFinite(n) ? n : text;
}

/** What was crossed this period, in words. */
function Reached({ alerts }: { alerts: UsageAlerts }) {
  const ops = alerts.reached.filter((r) => r.meter === 'operations').map((r) => `${r.threshold} %`);
  const gas = alerts.reached.filter((r) => r.meter === 'gas').map((r) => `${r.threshold} %`);
  if (!ops.length && !gas.length)
    return <p className="text-sm text-muted-foreground">No threshold has been reached this period.</p>;
  return (
    <p className="text-sm" data-testid="alerts-reached">
      Reached this period:{' '}
      {[
        ops.length ? `${ops.join(', ')} of the included operations` : '',
        gas.length ? `${gas.join(', ')} of the gas budget` : '',
      ]
        .filter(Boolean)
        .join('; ')}
      .
    </p>
  );
}

/**
 * Usage alerts of the project (docs/api.md "Usage alerts and spend caps"): thresholds in percent of the plan's
 * included operations and of the monthly gas budget; crossing one notifies owners and admins once a period.
 */
export function UsageAlertsCard({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const path = `/projects/${projectId}/billing/alerts`;
  const { data, error, reload } = useApiQuery<UsageAlerts>(path);
  if (error)
    return (
      <CardSection title="Usage alerts">
        <StatePanel kind="error" title="Could not load the usage alerts" description={error.message} onRetry={reload} />
      </CardSection>
    );
  if (!data)
    return (
      <CardSection title="Usage alerts">
        <Skeleton className="h-32 w-full" aria-label="Loading the usage alerts" />
      </CardSection>
    );
  return (
    <AlertsForm
      key={data.version}
      alerts={data}
      path={path}
      noticesPath={`/projects/${projectId}/notices`}
      canEdit={canEdit}
      reload={reload}
    />
  );
}

function AlertsForm({
  alerts,
  path,
  noticesPath,
  canEdit,
  reload,
}: {
  alerts: UsageAlerts;
  path: string;
  noticesPath: string;
  canEdit: boolean;
  reload: () => void;
}) {
  const { draft, setDraft, dirty, reset } = useDraft(() => draftOf(alerts));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const budget = draft.budget.trim();
      const saved = await apiWrite<UsageAlerts>(path, {
        method: 'PATCH',
        body: {
          thresholds: draft.thresholds.map(numberOr),
          gasBudgetUsd: budget === '' ? null : numberOr(budget),
          version: alerts.version,
        },
        pending: 'Saving usage alerts…',
        done: 'Usage alerts saved',
        invalidate: [path, noticesPath],
      });
      reset(draftOf(saved));
    } catch (e) {
      if (e instanceof ApiRequestError) {
        if (e.status === 409) setStale(true);
        setErrors(e.fieldErrors);
        focusFirstInvalid(form.current);
      }
    } finally {
      setBusy(false);
    }
  }

  const setThreshold = (i: number, v: string) =>
    setDraft({ ...draft, thresholds: draft.thresholds.map((t, j) => (j === i ? v : t)) });
  const { usage } = alerts;
  return (
    <CardSection
      title="Usage alerts"
      description="Owners and admins get a notice, an email and a usage.threshold_reached webhook event once per threshold each month."
    >
      <SettingsForm
        label="Usage alerts"
        formRef={form}
        dirty={dirty}
        busy={busy}
        stale={stale}
        canEdit={canEdit}
        sticky={false}
        saveLabel="Save alerts"
        staleWhat="The usage alerts were"
        readOnly={<p className="text-sm text-muted-foreground">Admins and owners of this project change its alerts.</p>}
        onSave={() => void save()}
        onDiscard={() => (reset(draftOf(alerts)), setErrors({}))}
        onReload={() => (setStale(false), reload())}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">
            Thresholds (% of the included operations and of the gas budget)
          </legend>
          {draft.thresholds.length === 0 && (
            <p className="text-sm text-muted-foreground">No thresholds: no usage alerts are sent.</p>
          )}
          <ul className="flex flex-wrap gap-2">
            {draft.thresholds.map((t, i) => (
              <li key={i} className="grid gap-1">
                <div className="flex items-center gap-1">
                  <div className="w-20 tabular-nums">
                    <input
                      aria-label={`Threshold ${i + 1} (%)`}
                      inputMode="numeric"
                      value={t}
                      disabled={!canEdit}
                      aria-invalid={errors[`thresholds.${i}`] ? true : undefined}
                      aria-describedby={errors[`thresholds.${i}`] ? `${errorId}-${i}` : undefined}
                      className={inputClass}
                      onChange={(e) => setThreshold(i, e.target.value)}
                    />
                  </div>
                  <span className="text-sm text-muted-foreground" aria-hidden>
                    %
                  </span>
                  {canEdit && (
                    <button
                      type="button"
                      aria-label={`Remove threshold ${t || i + 1} %`}
                      className="inline-flex h-7 w-7 items-center justify-center rounded hover:bg-muted focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
                      onClick={() => setDraft({ ...draft, thresholds: draft.thresholds.filter((_, j) => j !== i) })}
                    >
                      <X className="h-4 w-4" aria-hidden />
                    </button>
                  )}
                </div>
                {errors[`thresholds.${i}`] && (
                  <p id={`${errorId}-${i}`} className="max-w-40 text-xs text-destructive">
                    {errors[`thresholds.${i}`]}
                  </p>
                )}
              </li>
            ))}
          </ul>
          {errors.thresholds && <p className="text-xs text-destructive">{errors.thresholds}</p>}
          {canEdit && (
            <Button
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={draft.thresholds.length >= MAX_THRESHOLDS}
              onClick={() => setDraft({ ...draft, thresholds: [...draft.thresholds, ''] })}
            >
              <Plus className="h-4 w-4" aria-hidden /> Add threshold
            </Button>
          )}
        </fieldset>
        <Field
          label="Monthly gas budget (USD)"
          inputMode="decimal"
          placeholder="No budget"
          className="max-w-xs"
          value={draft.budget}
          disabled={!canEdit}
          error={errors.gasBudgetUsd}
          hint="Sponsored gas of the live gas policies this month; empty: no gas alerts."
          onChange={(e) => setDraft({ ...draft, budget: e.target.value })}
        />
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Operations this period</dt>
            <dd className="font-medium tabular-nums">
              {formatCount(usage.operations)} of {formatCount(usage.included)}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Sponsored gas this period</dt>
            <dd className="font-medium tabular-nums" data-testid="gas-spent">
              {formatUsd(usage.gasSpentUsd)}
              {alerts.gasBudgetUsd !== null && ` of ${formatUsd(alerts.gasBudgetUsd)}`}
            </dd>
          </div>
        </dl>
        <Reached alerts={alerts} />
      </SettingsForm>
    </CardSection>
  );
}
