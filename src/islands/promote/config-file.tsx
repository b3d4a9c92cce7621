import { Download, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { CardSection } from '../shared/card-section';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { apiWrite } from '../../lib/api-write';
import type { Mode } from '../../shared/api/common';
import { PlanGroups } from './plan-groups';
import type { PlanAnswer } from './plan-format';

/**
 * Configuration as code: download this mode's configuration as one JSON document, upload one to see its dry run
 * here, then apply it (owners and admins). Secrets are never in the file.
 */
export function ConfigFile({
  base,
  mode,
  canDryRun,
  canApply,
}: {
  base: string;
  mode: Mode;
  canDryRun: boolean;
  canApply: boolean;
}) {
  const inputId = useId();
  const [doc, setDoc] = useState<unknown>(null);
  const [plan, setPlan] = useState<PlanAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    const body = await apiRequest<unknown>(`${base}/config`);
    const url = URL.createObjectURL(new Blob([`${JSON.stringify(body, null, 2)}\n`], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `config-${mode}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const send = async (parsed: unknown, dryRun: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const answer = await apiWrite<PlanAnswer>(`${base}/config?dryRun=${dryRun}`, {
        method: 'POST',
        body: parsed,
        pending: dryRun ? 'Checking the file…' : 'Applying the file…',
        done: dryRun ? 'Dry run ready' : 'Configuration applied',
        invalidate: dryRun ? [] : [base],
      });
      setPlan(answer);
    } catch (err) {
      if (err instanceof ApiRequestError) {
        const fields = Object.entries(err.fieldErrors).map(([p, m]) => (p ? `${p}: ${m}` : m));
        setError(fields.length ? `${err.message} — ${fields.slice(0, 3).join('; ')}` : err.message);
      }
    } finally {
      setBusy(false);
    }
  };

  const upload = async (file: File | undefined) => {
    setPlan(null);
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setError('This file is not JSON: download a configuration to see its shape');
      return;
    }
    setDoc(parsed);
    await send(parsed, true);
  };

  return (
    <CardSection
      title="Configuration as code"
      description={`Download ${mode}’s configuration as one JSON file (secrets are never in it), keep it in your repository, and apply it here or from CI with a secret key scoped config:write.`}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void download()}>
            <Download className="h-4 w-4" aria-hidden /> Download
          </Button>
          {canDryRun && (
            <label
              htmlFor={inputId}
              className="inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border border-border bg-background px-3 text-sm font-medium hover:bg-muted focus-within:outline-2 focus-within:outline-ring"
            >
              <Upload className="h-4 w-4" aria-hidden /> Upload
              <input
                id={inputId}
                type="file"
                accept="application/json,.json"
                className="sr-only"
                aria-describedby={error ? `${inputId}-error` : undefined}
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </label>
          )}
        </div>
      }
    >
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {plan && (
        <div className="grid gap-3">
          <p className="text-sm">
            {plan.dryRun ? 'The file would' : 'The file did'}: create {plan.summary.create}, update{' '}
            {plan.summary.update}, leave {plan.summary.unchanged} alone, and {plan.summary.refused}{' '}
            {plan.summary.refused === 1 ? 'is' : 'are'} refused.
          </p>
          <PlanGroups items={plan.items.filter((i) => i.compare !== 'same')} from="document" to={mode} />
          {plan.dryRun && canApply && plan.summary.create + plan.summary.update > 0 && (
            <div>
              <Button disabled={busy} onClick={() => void send(doc, false)}>
                Apply the file to {mode}
              </Button>
            </div>
          )}
        </div>
      )}
    </CardSection>
  );
}
