import { Skeleton, StatePanel } from '../../components/ui/state-panel';
import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { EcosystemForm, type EcosystemAnswer } from './ecosystem-form';
import { EcosystemReadOnly } from './read-only';
import { CustomDomain } from './custom-domain';

/** The ecosystem of the page's project and mode: identity, links, wallet domains and the theme. */
export function EcosystemPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const path = base ? `${base}/ecosystem` : null;
  const { data, error, reload } = useApiQuery<EcosystemAnswer>(path);
  const canEdit = useCan('manage_project');
  const roleKnown = useCan('read');

  if (error)
    return error.notFound ? (
      <StatePanel kind="not-found" title="No such project" description="It does not exist, or you are not a member." />
    ) : (
      <StatePanel kind="error" title="Could not load the ecosystem" description={error.message} onRetry={reload} />
    );
  if (!data || !path || !route || !roleKnown)
    return (
      <div className="grid gap-6" aria-busy="true">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  return (
    <div className="grid gap-6">
      <p className="text-sm text-muted-foreground">
        The {route.mode === 'live' ? 'live' : 'test'} mode&apos;s ecosystem: each mode has its own.
      </p>
      {canEdit ? <EcosystemForm path={path} answer={data} reload={reload} /> : <EcosystemReadOnly data={data.data} />}
      <CustomDomain path={path} canEdit={canEdit} onVerified={reload} />
    </div>
  );
}

export default EcosystemPage;
