import { ArrowRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { TabBar } from '../../components/ui/tab-bar';
import { apiWrite } from '../../lib/api-write';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import type { Mode } from '../../shared/api/common';
import { projectPath } from '../../shared/routes';
import { ConfigFile } from './config-file';
import { itemId, type PlanAnswer } from './plan-format';
import { PlanGroups } from './plan-groups';
import { ResultPanel } from './result-panel';

const DIRECTIONS = [
  { id: 'live', label: 'Test → live' },
  { id: 'test', label: 'Live → test' },
] as const;

/**
 * Test to live (`/{projectId}/{mode}/promote`): the two modes' configuration compared by kind; pick what to promote,
 * run the dry run (developers too), then apply exactly that (owners and admins). Viewers see the compare.
 */
export function PromotePage() {
  const route = useProjectRoute();
  const base = useModePath();
  const canDryRun = useCan('write_data');
  const canApply = useCan('manage_project');
  const [to, setTo] = useState<Mode>('live');
  const from: Mode = to === 'live' ? 'test' : 'live';
  const promote = route && `/projects/${route.projectId}/${to}/promote`;
  const compare = useApiQuery<PlanAnswer>(promote && `${promote}?from=${from}`);
  const [picked, setPicked] = useState<Set<string> | null>(null);
  const [answer, setAnswer] = useState<PlanAnswer | null>(null);
  const [applied, setApplied] = useState<PlanAnswer | null>(null);
  const [busy, setBusy] = useState(false);

  const pickable = useMemo(
    () =>
      (compare.data?.items ?? []).filter((i) => i.compare === 'only_in_source' || i.compare === 'differs').map(itemId),
    [compare.data],
  );
  const selected = picked ?? new Set(pickable);
  const selection = [...selected].sort().join('\n');
  // The apply button runs what the last dry run showed: it waits for a dry run of the current selection.
  const dryRunCurrent =
    answer?.dryRun === true && answer.items && selection === (answer as { selection?: string }).selection;

  const switchTo = (mode: Mode) => {
    setTo(mode);
    setPicked(null);
    setAnswer(null);
    setApplied(null);
  };
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids)
      if (on) next.add(id);
      else next.delete(id);
    setPicked(next);
    setAnswer(null);
  };
  const pick = () =>
    [...selected].map((id) => {
      const [kind, key] = id.split('\u0000');
      return { kind, key };
    });
  const run = async (dryRun: boolean) => {
    if (!promote || !route) return;
    setBusy(true);
    try {
      const result = await apiWrite<PlanAnswer>(dryRun ? `${promote}/dry-run` : promote, {
        method: 'POST',
        body: { from, pick: pick() },
        pending: dryRun ? 'Running the dry run…' : `Promoting to ${to}…`,
        done: dryRun ? 'Dry run ready' : `Promoted to ${to}`,
        invalidate: dryRun ? [] : [`/projects/${route.projectId}/${to}`],
      });
      if (dryRun) setAnswer({ ...result, selection } as PlanAnswer);
      else {
        setApplied(result);
        setAnswer(null);
        setPicked(null);
        compare.reload();
      }
    } catch {
      // apiWrite has said why in its toast; the page keeps the selection.
    } finally {
      setBusy(false);
    }
  };

  const shown = answer ?? compare.data;
  return (
    <div className="grid gap-6">
      <p className="max-w-3xl text-sm text-muted-foreground">
        Compare the configuration of your two modes and copy what you configured in one to the other: policies,
        contracts, webhooks, event monitors and your sign-in settings. Secrets never travel: what needs one arrives
        disabled until you set it.
      </p>
      <TabBar label="Direction" tabs={DIRECTIONS} selected={to} onSelect={(id) => switchTo(id as Mode)} />
      <div role="tabpanel" id={`panel-${to}`} aria-labelledby={`tab-${to}`} className="grid gap-6">
        {applied && route && <ResultPanel answer={applied} projectId={route.projectId} to={to} />}
        {compare.error ? (
          compare.error.notFound ? (
            <StatePanel
              kind="not-found"
              title="Project not found"
              description="It does not exist, or you are not a member of it."
              action={
                <a className="text-sm font-medium text-primary hover:underline" href="/">
                  All projects
                </a>
              }
            />
          ) : (
            <StatePanel
              kind="error"
              title="The comparison could not load"
              description={compare.error.message}
              onRetry={compare.reload}
            />
          )
        ) : compare.loading || !shown ? (
          <div className="grid gap-3" aria-busy="true" aria-label="Loading the comparison">
            <Skeleton className="h-6 w-64" />
            <Skeleton className="h-32 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : shown.items.length === 0 ? (
          <StatePanel
            kind="empty"
            title="Nothing configured yet"
            description={`Neither mode has policies, contracts, webhooks or settings to compare. Configure ${from} first.`}
            action={
              route && (
                <a
                  className="text-sm font-medium text-primary hover:underline"
                  href={projectPath(route.projectId, from, '/policies')}
                >
                  Go to {from} policies
                </a>
              )
            }
          />
        ) : (
          <>
            <div
              role="region"
              aria-label="Summary"
              className="sticky top-16 z-10 flex flex-wrap items-center gap-3 rounded-xl border border-border bg-card p-3 text-sm"
            >
              <span className="inline-flex items-center gap-1 font-medium">
                {from} <ArrowRight className="h-4 w-4" aria-hidden /> {to}
              </span>
              <span className="text-muted-foreground">
                {answer ? 'Dry run: ' : ''}
                {shown.summary.create} to create, {shown.summary.update} to change, {shown.summary.refused} refused,{' '}
                {shown.summary.unchanged} left alone · {selected.size} picked
              </span>
              <div className="ms-auto flex flex-wrap gap-2">
                {canDryRun && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={busy || selected.size === 0}
                    onClick={() => void run(true)}
                  >
                    Dry run
                  </Button>
                )}
                {canApply && (
                  <Button
                    size="sm"
                    disabled={
                      busy || !dryRunCurrent || (answer?.summary.create ?? 0) + (answer?.summary.update ?? 0) === 0
                    }
                    title={dryRunCurrent ? undefined : 'Run the dry run of this selection first'}
                    onClick={() => void run(false)}
                  >
                    Apply to {to}
                  </Button>
                )}
              </div>
            </div>
            <PlanGroups
              items={shown.items}
              from={from}
              to={to}
              selected={canDryRun ? selected : undefined}
              onToggle={canDryRun ? toggle : undefined}
            />
          </>
        )}
      </div>
      {base && route && <ConfigFile base={base} mode={route.mode} canDryRun={canDryRun} canApply={canApply} />}
    </div>
  );
}

export default PromotePage;
