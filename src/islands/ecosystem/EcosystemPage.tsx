import { useApiQuery } from '../../lib/use-api-query';
import { useCan, useModePath, useProjectRoute } from '../../lib/use-project';
import { EcosystemForm, type EcosystemAnswer } from './ecosystem-form';
import { EcosystemReadOnly } from './read-only';
import { CustomDomain } from './custom-domain';
import { SettingsLoad } from '../shared/settings-frame';

/** The ecosystem of the page's project and mode: identity, links, wallet domains and the theme. */
export function EcosystemPage() {
  const route = useProjectRoute();
  const base = useModePath();
  const path = base ? `${base}/ecosystem` : null;
  const { data, error, reload } = useApiQuery<EcosystemAnswer>(path);
  const canEdit = useCan('manage_project');
  const roleKnown = useCan('read');

  return (
    <SettingsLoad error={error} ready={!!data && !!path && !!route && roleKnown} reload={reload} what="ecosystem">
      {() => (
        <div className="grid gap-6">
          <p className="text-sm text-muted-foreground">
            The {route!.mode === 'live' ? 'live' : 'test'} mode&apos;s ecosystem: each mode has its own.
          </p>
          {canEdit ? (
            <EcosystemForm path={path!} answer={data!} reload={reload} />
          ) : (
            <EcosystemReadOnly data={data!.data} />
          )}
          <CustomDomain path={path!} canEdit={canEdit} onVerified={reload} />
        </div>
      )}
    </SettingsLoad>
  );
}

export default EcosystemPage;
